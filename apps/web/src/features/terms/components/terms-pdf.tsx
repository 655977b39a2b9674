import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Tos } from '@portal/contract';
import { IconWifiOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { LazyPdfViewer } from '../../../components/pdf-viewer-lazy';
import { t } from '../../../i18n/i18n';

/**
 * The terms document in the PDF viewer, or why it is not there: still loading, waiting for the
 * connection (said at once, not after a long spinner), or failed with a way to try again. `onShown`
 * fires once a page is drawn: terms may be accepted only after they have been shown.
 */
export function TermsPdf({
  record,
  document,
  shown,
  onShown,
}: {
  record: UseQueryResult<Tos>;
  document: UseQueryResult<ArrayBuffer>;
  shown: boolean;
  onShown: () => void;
}) {
  const error = record.error ?? document.error;
  const waitingForNetwork = record.fetchStatus === 'paused' || document.fetchStatus === 'paused';
  let body;
  if (document.data && record.data) {
    body = (
      <Suspense fallback={<PageLoader />}>
        <LazyPdfViewer data={document.data} title={record.data.title} onShown={onShown} />
      </Suspense>
    );
  } else if (error) {
    // What failed is said once, by the error modal (SPEC §8, TermsModal); here only the way to try again.
    body = (
      <Group>
        <Button
          size="xs"
          variant="default"
          aria-describedby={TERMS_NOT_SHOWN_ID}
          loading={record.isFetching || document.isFetching}
          onClick={() => void (record.error ? record.refetch() : document.refetch())}
        >
          {t('terms.retry')}
        </Button>
      </Group>
    );
  } else if (waitingForNetwork) {
    body = (
      <Alert color="yellow" variant="light" c="dark.8" icon={<IconWifiOff size={18} aria-hidden="true" />} title={t('offline.title')}>
        {t('terms.offline')}
      </Alert>
    );
  } else body = <PageLoader />;
  return (
    <Stack gap="xs">
      {body}
      {!shown && (
        <Text size="sm" c="gray.8" id={TERMS_NOT_SHOWN_ID}>
          {t('terms.acceptAfterShown')}
        </Text>
      )}
    </Stack>
  );
}

/** The id of the line saying why Accept is still off, for the button's description. */
export const TERMS_NOT_SHOWN_ID = 'terms-not-shown';
