import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { PGX_ATTRIBUTION } from '@portal/contract';
import { NewTabHint } from '../../../components/new-tab-hint';
import { useDocumentTitle } from '../../../components/page';
import { t } from '../../../i18n/i18n';
import { reportsText } from '../messages';

function External({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" c="blue.8">
      {children}
      <NewTabHint />
    </Anchor>
  );
}

/** The public attribution page: the pharmacogenomic knowledge's sources, licences and the credit they ask for. */
export function AttributionsView() {
  useDocumentTitle(t('title.attributions'));
  const { cpic, pharmcat } = PGX_ATTRIBUTION;
  return (
    <Stack gap="md" component="article" maw={760}>
      <Title order={1}>{t('title.attributions')}</Title>
      <Text>{reportsText('attributions.intro')}</Text>
      <section>
        <Title order={2} size="h3" mb="xs">
          {cpic.name}
        </Title>
        <Stack gap="xs">
          <Text>{reportsText('attributions.licence', { licence: cpic.licence })}</Text>
          <Text>{reportsText('attributions.release', { release: cpic.release })}</Text>
          <Text>{cpic.note}</Text>
          <List>
            <List.Item>
              {reportsText('attributions.primarySource')}: <External href={cpic.primarySource}>{cpic.primarySource}</External>
            </List.Item>
            <List.Item>
              {reportsText('attributions.guidelines')}: <External href={cpic.guidelinesUrl}>{cpic.guidelinesUrl}</External>
            </List.Item>
            <List.Item>
              <External href={cpic.publicationsUrl}>{reportsText('attributions.publications')}</External>
            </List.Item>
          </List>
        </Stack>
      </section>
      <section>
        <Title order={2} size="h3" mb="xs">
          {pharmcat.name}
        </Title>
        <Stack gap="xs">
          <Text>{reportsText('attributions.licence', { licence: pharmcat.licence })}</Text>
          <Text>{reportsText('attributions.release', { release: pharmcat.release })}</Text>
          <Text>{pharmcat.note}</Text>
          <List>
            <List.Item>
              {reportsText('attributions.source')}: <External href={pharmcat.sourceUrl}>{pharmcat.sourceUrl}</External>
            </List.Item>
            <List.Item>
              <External href={pharmcat.licenceUrl}>{reportsText('attributions.licenceText')}</External>
            </List.Item>
          </List>
        </Stack>
      </section>
      <Text size="sm">{reportsText('attributions.brands')}</Text>
    </Stack>
  );
}
