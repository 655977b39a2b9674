import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLink } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** The terms document itself, as bytes, from the record's tosURI (a link the API answered). */
export function getTosDocument(uri: string) {
  return fetchLink(uri);
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
