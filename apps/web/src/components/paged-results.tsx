import { Box, Group, Pagination, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '@portal/contract';
import type { ReactNode } from 'react';
import { translator } from '../i18n/i18n';
import { LoadFailed } from './load-failed';
import { PageLoader } from './page-loader';

/** The shared list texts: they load with the list pages, not with the portal's first download. */
const pagedMessagesEn = {
  'paged.loadFailed': 'The list could not be loaded.',
  'paged.range': '{from}–{to} of {count}',
  'paged.pages': 'Pages',
  'paged.page': 'Page {page}',
  'paged.control.first': 'First page',
  'paged.control.previous': 'Previous page',
  'paged.control.next': 'Next page',
  'paged.control.last': 'Last page',
} as const;
const pagedResultsText = translator(pagedMessagesEn);

export interface PageOf<T> {
  results: T[];
  count: number;
  limit: number;
  offset: number;
}

/**
 * One way every paged list behaves: a spinner while the first page loads, the error with a retry,
 * the empty text, then the rows (`children`) with the range and the pager.
 */
export function PagedResults<T>({
  query,
  page,
  pageSize,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<PageOf<T>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Shown when there are no rows (worded for the filters in force). */
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <LoadFailed title={pagedResultsText('paged.loadFailed')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  const { results, count } = query.data;
  if (results.length === 0) return <Text c="gray.9">{empty}</Text>;
  const offset = (page - 1) * pageSize;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack gap="sm">
      {children(results)}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.9" aria-live="polite">
          {pagedResultsText('paged.range', { from: offset + 1, to: offset + results.length, count })}
        </Text>
        {pages > 1 && <Pager pages={pages} page={page} onPage={onPage} />}
      </Group>
    </Stack>
  );
}

/** The pager of a list: a named group, every page and control named for a screen reader. */
export function Pager({
  pages,
  page,
  onPage,
  compact = false,
  label = pagedResultsText('paged.pages'),
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
  compact?: boolean;
  label?: string;
}) {
  return (
    <Box role="group" aria-label={label}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        siblings={compact ? 0 : 1}
        getItemProps={(p) => ({ 'aria-label': pagedResultsText('paged.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': pagedResultsText(`paged.control.${control}`) })}
      />
    </Box>
  );
}
