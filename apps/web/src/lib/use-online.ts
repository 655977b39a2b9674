import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a connection, as TanStack Query sees it (the browser's online and offline
 * events): the same signal that pauses its queries, so what the page says and what it does agree.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onlineManager.subscribe.bind(onlineManager),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** The id of the shell's offline notice: controls held while offline point to it for their reason. */
export const OFFLINE_NOTICE_ID = 'offline-notice';
