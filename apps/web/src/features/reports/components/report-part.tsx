import { Stack, Title } from '@mantine/core';
import { errorText } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';
import { reportsText } from '../messages';

/** A titled part of a report view that shows one query's answer: the loader while it loads, LoadFailed (Try again) once it failed. */
export function ReportPart<T>({ id, title, query, children }: { id: string; title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadFailed title={reportsText('reports.loadFailed')} message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
