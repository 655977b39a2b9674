import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { LiveEvent } from '@portal/contract';
import { authSessions, practitioners, users } from '../../db/schema';
import { createTestApp, createUser, type Harness } from '../../test/harness';
import { parseEvent } from './hub';
import { MAX_STREAMS_PER_USER } from './routes';

interface Received {
  events: LiveEvent[];
  ended: string | null;
  closed: boolean;
}

/** An open stream read as the portal reads it (fetch with the bearer header), its events collected. */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/portal/events`, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  const got: Received = { events: [], ended: null, closed: false };
  let ready = false;
  if (res.ok) {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name === 'ready') ready = true;
            else if (name === 'end') got.ended = (JSON.parse(data!) as { reason: string }).reason;
            else if (data) got.events.push(JSON.parse(data) as LiveEvent);
          }
        }
      } catch {
        // aborted by the test
      }
      got.closed = true;
    })();
    await until(() => ready, 'the ready event');
  }
  return { res, got, close: () => controller.abort() };
}

async function until(check: () => boolean, what: string, ms = 5_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let h: Harness;
let base: string;

beforeAll(async () => {
  // Idle limit of one minute, so a session about to time out can be made by moving its last use back.
  h = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(() => h?.close());

async function patientRequests(practitionerUserId: string) {
  const patient = await createUser(h, { role: 'patient' });
  const [practitioner] = await h.db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, practitionerUserId));
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/patient/sessions/',
    headers: patient.auth,
    payload: { practitionerId: practitioner!.id, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return { patient, sessionId: (res.json() as { id: string }).id };
}

describe('live updates stream', () => {
  it('needs a practitioner’s bearer token, like every portal route', async () => {
    expect((await fetch(`${base}/api/portal/events`)).status).toBe(401);
    const patient = await createUser(h, { role: 'patient' });
    const res = await fetch(`${base}/api/portal/events`, { headers: patient.auth });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('400401');
  });

  it('announces a new request to its practitioner only: ids and a kind, no patient data', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const b = await createUser(h, { practitionerStatus: 2 });
    const sa = await openStream(base, a.auth);
    const sb = await openStream(base, b.auth);
    expect(sa.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sa.res.headers.get('cache-control')).toBe('no-store');

    const { sessionId } = await patientRequests(a.user.id);
    await until(() => sa.got.events.length > 0, 'A’s event');
    expect(sa.got.events).toEqual([{ kind: 'session', sessionId }]);

    // B's own event arrives after A's was sent: had A's gone to B too, it would be here first.
    const own = await patientRequests(b.user.id);
    await until(() => sb.got.events.length > 0, 'B’s event');
    expect(sb.got.events).toEqual([{ kind: 'session', sessionId: own.sessionId }]);
    expect(sa.got.events.map((e) => e.sessionId)).not.toContain(own.sessionId);
    sa.close();
    sb.close();
  });

  it('announces a data request answered by the patient', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const { patient, sessionId } = await patientRequests(a.user.id);
    expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${sessionId}/accept`, headers: a.auth })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${sessionId}/data-request`, headers: a.auth })).statusCode).toBe(201);
    const s = await openStream(base, a.auth);
    expect((await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${sessionId}/data-request/confirm`, headers: patient.auth })).statusCode).toBe(
      200,
    );
    await until(() => s.got.events.length > 0, 'the data request event');
    expect(s.got.events).toEqual([{ kind: 'dataRequest', sessionId }]);
    s.close();
  });

  it('ends when the sign-on session is signed out, and only that session’s stream', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const other = await h.app.ctx.tokens.startSession(a.user);
    const mine = await openStream(base, a.auth);
    const otherDevice = await openStream(base, { authorization: `Bearer ${other.accessToken}` });
    const res = await h.app.inject({ method: 'POST', url: '/api/account/logout', payload: { token: a.tokens.refreshToken } });
    expect(res.statusCode).toBe(200);
    await until(() => mine.got.closed, 'the stream to close');
    expect(mine.got.ended).toBe('signed out');
    // After sign-out nothing more arrives on it, and the other device's stream is still served.
    await patientRequests(a.user.id);
    await until(() => otherDevice.got.events.length > 0, 'the other device’s event');
    expect(mine.got.events).toEqual([]);
    expect(otherDevice.got.ended).toBeNull();
    otherDevice.close();
    // The signed-out token opens no new stream.
    expect((await fetch(`${base}/api/portal/events`, { headers: a.auth })).status).toBe(401);
  });

  it('ends when the user is deactivated', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const s = await openStream(base, a.auth);
    await h.db.update(users).set({ isActive: false }).where(eq(users.id, a.user.id));
    await until(() => s.got.closed, 'the stream to close');
    expect(s.got.ended).toBe('deactivated');
  });

  it('ends when the session goes idle past its limit: the stream itself is no use of the session', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    // 58 s since the last use of a one-minute limit: not touched by the open (that happens from 60 s), 2 s left.
    await h.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 58_000) })
      .where(eq(authSessions.id, sessionIdOf(a.tokens.accessToken)));
    const s = await openStream(base, a.auth);
    await until(() => s.got.closed, 'the stream to close', 6_000);
    expect(s.got.ended).toBe('session expired');
  });

  it('stays open past the idle deadline when the session was used meanwhile', async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const sid = sessionIdOf(a.tokens.accessToken);
    await h.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 58_500) })
      .where(eq(authSessions.id, sid));
    const s = await openStream(base, a.auth);
    await h.db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, sid));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(s.got.closed).toBe(false);
    await patientRequests(a.user.id);
    await until(() => s.got.events.length > 0, 'an event after the deadline');
    s.close();
  });

  it('opens only for an account that uses the portal: a fresh sign-up without a practice gets the 404 and holds nothing', async () => {
    const fresh = await createUser(h, { practitionerStatus: null });
    const res = await fetch(`${base}/api/portal/events`, { headers: fresh.auth });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('400404');
    expect(h.app.ctx.live.countOf(fresh.user.id)).toBe(0);
  });

  it('holds at most LIVE_STREAM_LIMIT streams in one process, however many accounts ask: then 503 with Retry-After', async () => {
    const small = await createTestApp({ LIVE_STREAM_LIMIT: '3' });
    try {
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const address = small.app.server.address();
      const base3 = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const open = [];
      for (let i = 0; i < 3; i++) open.push(await openStream(base3, (await createUser(small, { practitionerStatus: 2 })).auth));
      expect(open.map((s) => s.res.status)).toEqual([200, 200, 200]);
      const refused = await fetch(`${base3}/api/portal/events`, { headers: (await createUser(small, { practitionerStatus: 2 })).auth });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(small.app.ctx.live.size()).toBe(3);
      open[0]!.close();
      await until(() => small.app.ctx.live.size() === 2, 'the closed stream counted out');
      const again = await openStream(base3, (await createUser(small, { practitionerStatus: 2 })).auth);
      expect(again.res.status).toBe(200);
      for (const s of [...open, again]) s.close();
    } finally {
      await small.close();
    }
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user in one process`, async () => {
    const a = await createUser(h, { practitionerStatus: 2 });
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(base, a.auth));
    const res = await fetch(`${base}/api/portal/events`, { headers: a.auth });
    expect(res.status).toBe(429);
    for (const s of open) s.close();
  });

  it.skipIf(!inject('databaseUrl'))('two server processes on one PostgreSQL: an event raised through one reaches a stream held by the other', async () => {
    const second = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
    try {
      await second.app.listen({ host: '127.0.0.1', port: 0 });
      const address = second.app.server.address();
      const base2 = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const a = await createUser(h, { practitionerStatus: 2 });
      const s = await openStream(base2, a.auth);
      const { sessionId } = await patientRequests(a.user.id);
      await until(() => s.got.events.length > 0, 'the event on the other process');
      expect(s.got.events).toEqual([{ kind: 'session', sessionId }]);
      s.close();
    } finally {
      await second.close();
    }
  });

  it('reads only well-formed trigger payloads', () => {
    const id = '0a2b1c3d-1111-4222-8333-444455556666';
    expect(parseEvent(JSON.stringify({ p: id, k: 'kit', s: null }))).toEqual({ practitionerId: id, event: { kind: 'kit', sessionId: null } });
    expect(parseEvent(JSON.stringify({ p: id, k: 'nope', s: null }))).toBeNull();
    expect(parseEvent(JSON.stringify({ p: 'x', k: 'kit', s: null }))).toBeNull();
    expect(parseEvent(JSON.stringify({ p: id, k: 'kit', s: 'name' }))).toBeNull();
    expect(parseEvent('not json')).toBeNull();
  });
});

function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}
