import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportKeys } from '../reports/api/keys';
import { sessionKeys } from '../sessions/api/keys';
import { FALLBACK_DELAYS_MS, startLiveUpdates, type LiveUpdates } from './live-updates';

const SESSION = '00000000-0000-4000-8000-000000000001';

/** A text/event-stream response the test writes to. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** fetch answering the stream's address with what `next` hands out, one per call; anything else fails the test. */
function mockEvents(next: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      calls.push(path);
      if (path !== '/api/portal/events') throw new Error(`unexpected request ${path}`);
      return next();
    }),
  );
  return calls;
}

const invalidated = (spy: ReturnType<typeof vi.spyOn>) => (spy.mock.calls as unknown[][]).map((c) => JSON.stringify((c[0] as { queryKey: unknown }).queryKey));

let queryClient: QueryClient;
let live: LiveUpdates | null = null;
let spy: ReturnType<typeof vi.spyOn>;

// The event check is a chunk of its own, loaded when the stream opens: in for every test, as it would be long before an event.
beforeAll(() => import('./live-event'));
beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  spy = vi.spyOn(queryClient, 'invalidateQueries');
});
afterEach(() => {
  live?.stop();
  live = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('reads again exactly the queries an event concerns', async () => {
    const stream = eventStream();
    mockEvents(async () => stream.response);
    live = startLiveUpdates(queryClient);
    stream.write('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status()).toBe('open');
    expect(spy).not.toHaveBeenCalled();

    stream.write(`data: {"kind":"session","sessionId":"${SESSION}"}\n\n`);
    await vi.advanceTimersByTimeAsync(0);
    expect(invalidated(spy)).toEqual(
      [sessionKeys.lists(), sessionKeys.counts(), sessionKeys.detail(SESSION), ['kits', 'assignable-sessions']].map((k) => JSON.stringify(k)),
    );

    spy.mockClear();
    // An event split across two chunks, with a heartbeat comment before it.
    stream.write(':\n\ndata: {"kind":"report",');
    stream.write(`"sessionId":"${SESSION}"}\n\n`);
    await vi.advanceTimersByTimeAsync(0);
    expect(invalidated(spy)).toEqual([reportKeys.session(SESSION), sessionKeys.detail(SESSION)].map((k) => JSON.stringify(k)));
  });

  it('an idle page with the stream open sends no request at all', async () => {
    const stream = eventStream();
    const calls = mockEvents(async () => stream.response);
    live = startLiveUpdates(queryClient);
    stream.write('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(calls).toEqual(['/api/portal/events']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('while the stream is down, polls the live queries on a backoff and tries the stream again; stops once it is back', async () => {
    let attempt = 0;
    const back = eventStream();
    const calls = mockEvents(async () => {
      attempt += 1;
      if (attempt <= 2) throw new TypeError('Failed to fetch');
      return back.response;
    });
    live = startLiveUpdates(queryClient);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status()).toBe('down');
    expect(spy).not.toHaveBeenCalled();

    // First wait: 5 s, then the live queries are read again and the stream tried again.
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAYS_MS[0]! - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(invalidated(spy)).toContain(JSON.stringify(sessionKeys.counts()));
    expect(invalidated(spy)).toContain(JSON.stringify(sessionKeys.lists()));

    // Second wait is longer (10 s): nothing at 5 s.
    spy.mockClear();
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAYS_MS[0]!);
    expect(calls).toHaveLength(2);
    expect(spy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAYS_MS[1]! - FALLBACK_DELAYS_MS[0]!);
    expect(calls).toHaveLength(3);

    // Back: what was missed is read once more, then no more polling.
    spy.mockClear();
    back.write('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status()).toBe('open');
    expect(invalidated(spy)).toContain(JSON.stringify(sessionKeys.counts()));
    spy.mockClear();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(3);
    expect(spy).not.toHaveBeenCalled();
  });

  it('a stream that drops is tried again after the first wait, with a poll', async () => {
    const first = eventStream();
    const second = eventStream();
    const streams = [first, second];
    const calls = mockEvents(async () => streams.shift()!.response);
    live = startLiveUpdates(queryClient);
    first.write('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    first.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status()).toBe('down');
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAYS_MS[0]!);
    expect(calls).toHaveLength(2);
    expect(invalidated(spy)).toContain(JSON.stringify(sessionKeys.counts()));
  });

  it('after the server ends the stream because the session ended, neither reconnects nor polls', async () => {
    const stream = eventStream();
    const calls = mockEvents(async () => stream.response);
    live = startLiveUpdates(queryClient);
    stream.write('event: ready\ndata: {}\n\n');
    stream.write('event: end\ndata: {"reason":"signed out"}\n\n');
    stream.close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(live.status()).toBe('ended');
    expect(calls).toHaveLength(1);
    expect(spy).not.toHaveBeenCalled();
  });
});
