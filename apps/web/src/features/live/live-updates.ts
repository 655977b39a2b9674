import { LIVE_END_REASONS, type LiveEndReason, type LiveEvent } from '@portal/contract';
import { liveApi } from '@portal/contract/addresses';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { call, isApiError } from '../../lib/api-client';
import { kitKeys } from '../kits/api/keys';
import { reportKeys } from '../reports/api/keys';
import { sessionKeys } from '../sessions/api/keys';
import { warehouseKeys } from '../warehouse/api/keys';

/**
 * While the stream is down: wait, read the live queries again (the polling fallback), try the
 * stream again; each wait longer than the one before, up to a minute.
 */
export const FALLBACK_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

export type LiveStatus = 'connecting' | 'open' | 'down' | 'ended';

/** The queries one event concerns: only those are read again (and only where they are on screen). */
export function keysFor(event: LiveEvent): QueryKey[] {
  const id = event.sessionId;
  switch (event.kind) {
    case 'session':
      return [sessionKeys.lists(), sessionKeys.counts(), ...(id ? [sessionKeys.detail(id)] : []), [...kitKeys.all, 'assignable-sessions']];
    case 'dataRequest':
      return id ? [sessionKeys.detail(id), sessionKeys.data(id)] : [];
    case 'kit':
      return [kitKeys.all, warehouseKeys.all, ...(id ? [sessionKeys.detail(id), sessionKeys.data(id)] : [])];
    case 'report':
      return id ? [reportKeys.session(id), sessionKeys.detail(id)] : [];
    case 'resync':
      return LIVE_QUERIES;
  }
}

/** What the polling fallback reads again, and everything after a gap: what the events would have announced. */
const LIVE_QUERIES: QueryKey[] = [sessionKeys.counts(), sessionKeys.lists(), sessionKeys.details(), kitKeys.all];

const FINAL = new Set<LiveEndReason>(LIVE_END_REASONS.filter((r) => r !== 'reconnect'));

function invalidate(queryClient: QueryClient, keys: QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

let liveEventCheck: Promise<typeof LiveEvent> | undefined;

/**
 * The contract's LiveEvent schema, loaded when the stream is first opened rather than with the page:
 * it is the only zod a signed-in page without a form would download, and no event can come before
 * the stream is open (issue 35). Should it fail to load, an event reads every live query again.
 */
function loadLiveEventCheck(): Promise<typeof LiveEvent> {
  liveEventCheck ??= import('./live-event').then(
    (m) => m.LiveEvent,
    (error: unknown) => {
      liveEventCheck = undefined;
      throw error;
    },
  );
  return liveEventCheck;
}

/** Each event of a text/event-stream (parsed by eventsource-parser), one callback per event. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (name: string, data: string) => void): Promise<void> {
  const parser = createParser({ onEvent: (e) => onEvent(e.event ?? 'message', e.data) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

export interface LiveUpdates {
  stop(): void;
  status(): LiveStatus;
}

/**
 * The signed-in portal's live updates (decision 011): one stream (GET /api/portal/events, read with
 * fetch so it carries the bearer token and refreshes it on a 401 like every call), each event
 * reading again exactly the queries it concerns. While the stream is down the live queries are read
 * again on a backoff (FALLBACK_DELAYS_MS) and the stream is tried again; once it is back they are read
 * once more, for what was missed. An idle page with the stream open sends nothing at all.
 */
export function startLiveUpdates(queryClient: QueryClient, opts: { onStatus?: (s: LiveStatus) => void } = {}): LiveUpdates {
  let status: LiveStatus = 'connecting';
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let stopped = false;
  let missed = false;

  const setStatus = (s: LiveStatus) => {
    status = s;
    opts.onStatus?.(s);
  };

  function down() {
    if (stopped || status === 'ended') return;
    setStatus('down');
    missed = true;
    const delay = FALLBACK_DELAYS_MS[Math.min(failures++, FALLBACK_DELAYS_MS.length - 1)]!;
    timer = setTimeout(() => {
      timer = null;
      invalidate(queryClient, LIVE_QUERIES);
      void connect();
    }, delay);
  }

  function end() {
    setStatus('ended');
    controller?.abort();
  }

  async function connect() {
    if (stopped) return;
    setStatus('connecting');
    controller = new AbortController();
    // Loaded beside the request; each event waits for it, in the order the events came.
    const check = loadLiveEventCheck();
    check.catch(() => {}); // a failed load is answered per event, below
    let response: Response;
    try {
      response = await call(liveApi.events, { query: {}, headers: { Accept: 'text/event-stream' }, signal: controller.signal });
    } catch (error) {
      if (stopped) return;
      // Not signed in any more (the API client has already sent an ended session to the sign-on).
      if (isApiError(error) && (error.status === 401 || error.status === 403)) return end();
      return down();
    }
    try {
      await readEvents(response.body!, (name, data) => {
        if (name === 'ready') {
          failures = 0;
          setStatus('open');
          if (missed) invalidate(queryClient, LIVE_QUERIES);
          missed = false;
        } else if (name === 'end') {
          const reason = (JSON.parse(data) as { reason?: LiveEndReason }).reason;
          if (reason && FINAL.has(reason)) end();
        } else {
          const event: unknown = JSON.parse(data);
          check.then(
            (liveEvent) => {
              const parsed = liveEvent.safeParse(event);
              if (parsed.success) invalidate(queryClient, keysFor(parsed.data));
            },
            // Without the check the event cannot be read: read everything live again, as after a gap.
            () => invalidate(queryClient, LIVE_QUERIES),
          );
        }
      });
    } catch {
      // The connection broke (network, server restart) or was aborted: below.
    }
    if (!stopped) down();
  }

  void connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
    status: () => status,
  };
}
