import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { LEGAL_DOCUMENTS, type LegalSlug } from '@portal/contract/legal';
import { NewTabHint } from '../../../components/new-tab-hint';
import { useDocumentTitle } from '../../../components/page';
import { legalPdfUrl } from '../../../config/paths';
import { formatDate, t } from '../../../i18n/i18n';

/** A legal document as HTML, from the same text the server renders to PDF. */
export function LegalDocumentView({ slug }: { slug: LegalSlug }) {
  const doc = LEGAL_DOCUMENTS[slug];
  useDocumentTitle(doc.title);
  return (
    <Stack gap="md" component="article" maw={760}>
      <Title order={1}>{doc.title}</Title>
      <Text c="gray.7" size="sm">
        {t('legal.version', { version: doc.version })} · {t('legal.effective', { date: formatDate(doc.effectiveDate) })}
      </Text>
      <Anchor href={legalPdfUrl(slug)} target="_blank" rel="noopener noreferrer" c="blue.8">
        <IconFileTypePdf size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('legal.pdf')}
        <NewTabHint />
      </Anchor>
      <Text fw={500}>{doc.summary}</Text>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <Title order={2} size="h3" mb="xs">
            {section.heading}
          </Title>
          <Stack gap="sm">
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
