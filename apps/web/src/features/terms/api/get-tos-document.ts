import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** The terms document itself, as bytes, from the record's tosURI. */
export function getTosDocument(uri: string): Promise<ArrayBuffer> {
  return apiRequest<ArrayBuffer>(uri, { responseType: 'arrayBuffer' });
}

export const tosDocumentQueryOptions = (uri: string) =>
  queryOptions({
    queryKey: termsKeys.document(uri),
    queryFn: () => getTosDocument(uri),
    // A published version never changes: the URI names it.
    staleTime: Infinity,
  });

export function useTosDocument(uri: string | undefined) {
  return useQuery({ ...tosDocumentQueryOptions(uri ?? ''), enabled: Boolean(uri) });
}
