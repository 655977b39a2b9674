import { ErrorCode } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** After a session changed: the lists, the counts and the session itself. Not awaited by callers. */
export function refreshSession(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.counts() }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.detail(id) }),
  ]);
}

/**
 * Another tab or device decided first (400414), or the session is gone (404): what is on screen
 * is out of date.
 */
export function isOutdated(error: unknown): boolean {
  return isApiError(error) && (error.code === ErrorCode.BAD_STATUS_TRANSITION || error.status === 404);
}
