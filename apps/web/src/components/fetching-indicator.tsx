import { Loader } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { t } from '../i18n/i18n';

/** A small spinner in the corner while any request is in flight (SPEC §2). */
export function FetchingIndicator() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  if (fetching + mutating === 0) return null;
  return <Loader size="sm" role="status" aria-label={t('common.loading')} style={{ position: 'fixed', top: 12, right: 12, zIndex: 1000 }} />;
}
