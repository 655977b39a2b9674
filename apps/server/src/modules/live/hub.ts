import type { FastifyBaseLogger } from 'fastify';
import { LIVE_EVENT_KINDS, LIVE_HEARTBEAT_MS, type LiveEndReason, type LiveEvent, type LiveEventKind } from '@portal/contract';
import type { Database } from '../../db/client';

/** The channels the database triggers of migration 0011 notify on. */
export const EVENTS_CHANNEL = 'portal_events';
export const AUTH_CHANNEL = 'portal_auth';

/** One open stream: whose it is and how to write to it. */
export interface LiveStream {
  userId: string;
  /** The sign-on session it stands on: signing out of it ends the stream. */
  authSessionId: string;
  /** null for a user with no practitioner profile yet: nothing is ever announced to them. */
  practitionerId: string | null;
  send(event: LiveEvent): void;
  /** A comment line that keeps proxies from closing a quiet stream. */
  heartbeat(): void;
  end(reason: LiveEndReason): void;
}

export interface LiveHub {
  /** Counts a stream in; the function returned counts it out (it does not end it). */
  add(stream: LiveStream): () => void;
  /** How many streams a user holds in this process. */
  countOf(userId: string): number;
  size(): number;
  /** Told (with no detail) whenever something changed for any practitioner; returns the unsubscribe. */
  onEvent(listener: () => void): () => void;
  /** Ends every stream ('reconnect': another process will take it) and stops listening. */
  close(): Promise<void>;
}

const KINDS = new Set<string>(LIVE_EVENT_KINDS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `{"p":…,"k":…,"s":…}` from the triggers, or null for anything else (never trusted blindly). */
export function parseEvent(payload: string): { practitionerId: string; event: LiveEvent } | null {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return null;
  }
  const { p, k, s } = (v ?? {}) as { p?: unknown; k?: unknown; s?: unknown };
  if (typeof p !== 'string' || !UUID.test(p) || typeof k !== 'string' || !KINDS.has(k)) return null;
  if (s !== null && (typeof s !== 'string' || !UUID.test(s))) return null;
  return { practitionerId: p, event: { kind: k as LiveEventKind, sessionId: s } };
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(stream);
}
function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

/**
 * This process's open streams, indexed by practitioner, sign-on session and user, fed by one LISTEN
 * (decision 011). An event goes only to the streams of the practitioner the trigger named; a sign-on
 * session revoked or deleted ends its streams, a user deactivated or deleted ends all of theirs.
 */
export async function createLiveHub(database: Database, log: FastifyBaseLogger): Promise<LiveHub> {
  const byPractitioner = new Map<string, Set<LiveStream>>();
  const bySession = new Map<string, Set<LiveStream>>();
  const byUser = new Map<string, Set<LiveStream>>();
  const eventListeners = new Set<() => void>();

  const endAll = (set: Set<LiveStream> | undefined, reason: LiveEndReason) => {
    for (const stream of [...(set ?? [])]) stream.end(reason);
  };

  const unlisten = await database.listen([EVENTS_CHANNEL, AUTH_CHANNEL], {
    onNotify(channel, payload) {
      if (channel === AUTH_CHANNEL) {
        const [what, id] = payload.split(':');
        if (what === 's') endAll(bySession.get(id ?? ''), 'signed out');
        else if (what === 'u') endAll(byUser.get(id ?? ''), 'deactivated');
        return;
      }
      const parsed = parseEvent(payload);
      if (!parsed) return;
      for (const listener of eventListeners) listener();
      for (const stream of byPractitioner.get(parsed.practitionerId) ?? []) stream.send(parsed.event);
    },
    onGap() {
      log.warn({ streams: bySession.size }, 'live updates: listening again after the database connection dropped; streams told to read again');
      for (const set of byUser.values()) for (const stream of set) stream.send({ kind: 'resync', sessionId: null });
    },
    onError(err) {
      log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'live updates: the listening connection failed');
    },
  });

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const stream of set) stream.heartbeat();
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    add(stream) {
      if (stream.practitionerId) addTo(byPractitioner, stream.practitionerId, stream);
      addTo(bySession, stream.authSessionId, stream);
      addTo(byUser, stream.userId, stream);
      return () => {
        if (stream.practitionerId) removeFrom(byPractitioner, stream.practitionerId, stream);
        removeFrom(bySession, stream.authSessionId, stream);
        removeFrom(byUser, stream.userId, stream);
      };
    },
    countOf: (userId) => byUser.get(userId)?.size ?? 0,
    size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    async close() {
      clearInterval(heartbeat);
      for (const set of [...byUser.values()]) endAll(set, 'reconnect');
      await unlisten();
    },
  };
}
