import { randomUUID } from 'node:crypto';
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import type { Harness } from '../harness';
import { BODY_IDS, FILTER_IDS, ID_ROUTES, type RouteFixture } from './fixtures';
import { apiRoutes, fillPath, ID_NAME, openApi, paramType, type ApiRoute, type ParamType } from './routes';
import { ADMIN_TOKEN, auditCount, buildPractice, createSecurityApp, NOT_FOUND_BODY, tableDigest, type Practice } from './world';

/**
 * Access control, proven route by route: every route with an id answers the same 404 to six
 * classes of forged ids and changes nothing; patient-data routes write exactly one denial row.
 */
let h: Harness;
let A: Practice;
let B: Practice;
let api: Awaited<ReturnType<typeof openApi>>;

beforeAll(async () => {
  h = await createSecurityApp();
  A = await buildPractice(h, 'A');
  B = await buildPractice(h, 'B');
  api = await openApi(h);
}, 120_000);
afterAll(() => h?.close());

const RANDOM: Record<ParamType, () => string> = {
  uuid: () => randomUUID(),
  int: () => '987654',
  text: () => 'zz-unknown-0',
};
const MALFORMED: Record<ParamType, string[]> = {
  uuid: ['not-a-uuid', `${randomUUID()}0`, '1'.repeat(400), "' or 1=1 --", '../../etc/passwd', '%00', '00000000-0000-0000-0000-00000000000g'],
  int: ['-1', 'abc', '1.5', '9'.repeat(40), '1'.repeat(300)],
  text: ['A'.repeat(300), '../../etc/passwd', '<script>'],
};

interface Attempt {
  cls: 'foreign' | 'random' | 'malformed' | 'body-id' | 'filter' | 'mixed';
  route: ApiRoute;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  wellFormed: boolean;
  audited: boolean;
}

function callerHeaders(f: RouteFixture, p: Practice): Record<string, string> {
  if (f.kind === 'patient') return p.patient.auth;
  if (f.kind === 'admin') return { authorization: `Bearer ${ADMIN_TOKEN}` };
  if (f.kind === 'public') return {};
  return p.doc.auth;
}

const withQuery = (url: string, q?: Record<string, string>) => (q ? `${url}?${new URLSearchParams(q)}` : url);

/** Every forged request for one route, by class. */
function attemptsFor(route: ApiRoute, f: RouteFixture): Attempt[] {
  const out: Attempt[] = [];
  const headers = callerHeaders(f, A);
  const own = f.params?.(A) ?? {};
  const foreign = f.params?.(B) ?? {};
  const body = f.body?.(A);
  const audited = !!f.audited;
  const make = (cls: Attempt['cls'], params: Record<string, string>, wellFormed: boolean, extra: Partial<Attempt> = {}): Attempt => ({
    cls,
    route,
    url: withQuery(fillPath(route.url, params), f.query),
    body,
    headers,
    wellFormed,
    audited,
    ...extra,
  });
  const types = Object.fromEntries(route.params.map((n) => [n, paramType(api.paramSchema(route, n), own[n])])) as Record<string, ParamType>;
  const ownedParams = route.params.filter((n) => !(f.shared ?? []).includes(n));
  const base = (n: string) => own[n] ?? RANDOM[types[n]!]();

  // 1. Another practitioner's real id (every owned param from B).
  if (f.kind === 'owned' || f.kind === 'patient')
    out.push(
      make(
        'foreign',
        {
          ...own,
          ...Object.fromEntries(ownedParams.map((n) => [n, foreign[n]!])),
        },
        true,
      ),
    );
  // 2. A random well-formed id, and 3. malformed or overlong ids, in each param in turn.
  for (const n of route.params) {
    const rest = Object.fromEntries(route.params.map((m) => [m, base(m)]));
    out.push(make('random', { ...rest, [n]: RANDOM[types[n]!]() }, true));
    for (const bad of MALFORMED[types[n]!]) out.push(make('malformed', { ...rest, [n]: bad }, false));
  }
  // 6. One's own parent with another's child.
  if ((f.kind === 'owned' || f.kind === 'patient') && ownedParams.length > 1) {
    for (const child of ownedParams.slice(1)) out.push(make('mixed', { ...own, [child]: foreign[child]! }, true));
  }
  // 4. A path id that differs from an id the body carries.
  if (f.kind === 'owned' || f.kind === 'patient') {
    for (const prop of api.bodyProperties(route).filter((p) => ID_NAME.test(p))) {
      const of = BODY_IDS[prop];
      if (!of) throw new Error(`${route.key}: the body carries "${prop}" and fixtures.ts has no BODY_IDS entry for it`);
      out.push(
        make('body-id', own, true, {
          body: { ...(body as object), [prop]: of(B) },
        }),
      );
    }
  }
  return out;
}

async function send(a: Attempt) {
  const headers = { ...a.headers, 'x-forwarded-for': '203.0.113.9' };
  return h.app.inject({
    method: a.route.method,
    url: a.url,
    headers,
    ...(a.body === undefined ? {} : { payload: a.body as object }),
  });
}

const figures = {
  routes: 0,
  idRoutes: 0,
  forged: 0,
  leaks: 0,
  byClass: {} as Record<string, number>,
  denialRows: 0,
};

describe('every route with an id param is proven', () => {
  it('has a fixture (a new unproven route fails here)', () => {
    const routes = apiRoutes(h);
    figures.routes = routes.length;
    const missing = routes.filter((r) => r.params.length > 0 && !ID_ROUTES[r.key]).map((r) => r.key);
    expect(missing, `routes with an id param and no fixture in test/security/fixtures.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it('the fixtures name real objects: the owner reads them (200), so a forged 404 is no broken fixture', async () => {
    for (const r of apiRoutes(h)) {
      const f = ID_ROUTES[r.key];
      if (!f?.ownerReads) continue;
      for (const p of [A, B]) {
        const res = await h.app.inject({
          url: withQuery(fillPath(r.url, f.params!(p)), f.query),
          headers: callerHeaders(f, p),
        });
        expect(res.statusCode, `${r.key} as its owner ${p.label}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('six forged-id classes answer the same 404, change nothing, and write exactly one denial per patient-data attempt', async () => {
    const failures: string[] = [];
    const routes = apiRoutes(h).filter((r) => r.params.length > 0 && ID_ROUTES[r.key]);
    figures.idRoutes = routes.length;
    for (const route of routes) {
      const before = await tableDigest(h);
      for (const a of attemptsFor(route, ID_ROUTES[route.key]!)) {
        const rowsBefore = await auditCount(h);
        const lastId = (await h.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;
        const res = await send(a);
        figures.forged += 1;
        figures.byClass[a.cls] = (figures.byClass[a.cls] ?? 0) + 1;
        const where = `${a.cls} ${a.route.method} ${a.url.slice(0, 160)}`;
        if (res.statusCode !== 404 || res.body !== NOT_FOUND_BODY) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const added = await h.db.select().from(auditEvents).where(gt(auditEvents.id, lastId));
        const expected = a.audited && a.wellFormed ? 1 : 0;
        if (added.length !== expected || (await auditCount(h)) - rowsBefore !== expected)
          failures.push(`${where}: ${added.length} audit rows, expected ${expected}`);
        if (added.some((row) => row.outcome !== 'denied')) failures.push(`${where}: an audit row says ${added.map((x) => x.outcome).join(',')}`);
        figures.denialRows += added.length;
      }
      const after = await tableDigest(h);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length) failures.push(`${route.key}: forged requests changed ${changed.join(', ')}`);
    }
    figures.leaks = failures.length;
    expect(failures).toEqual([]);
  }, 300_000);

  it('a foreign id used as a list filter answers the same 404', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const r of apiRoutes(h).filter((x) => x.method === 'GET')) {
      for (const q of api.queryNames(r).filter((n) => ID_NAME.test(n))) {
        const of = FILTER_IDS[q];
        if (!of) throw new Error(`${r.key}: the query filter "${q}" has no FILTER_IDS entry in fixtures.ts`);
        const f = ID_ROUTES[r.key];
        const params = f?.params?.(A) ?? {};
        const headers = r.url.startsWith('/api/patient/') ? A.patient.auth : A.doc.auth;
        const before = await tableDigest(h);
        const res = await h.app.inject({
          url: `${fillPath(r.url, params)}?${new URLSearchParams({ ...(f?.query ?? {}), [q]: of(B) })}`,
          headers,
        });
        tried += 1;
        if (res.statusCode !== 404 || res.body !== NOT_FOUND_BODY) failures.push(`${r.key}?${q}=B's: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const after = await tableDigest(h);
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${r.key}?${q}: changed data`);
      }
    }
    figures.forged += tried;
    figures.byClass.filter = tried;
    figures.leaks += failures.length;
    expect(failures).toEqual([]);
  });

  afterAll(() => {
    console.info(`[security:access] ${JSON.stringify(figures)}`);
  });
});

describe('once a session is completed', () => {
  it('every Ask AI route of that session answers the same 404, as its results and answers do (the typed questions included)', async () => {
    const C = await buildPractice(h, 'C');
    const submitted = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${C.sessionId}/journal/submit`,
      headers: C.doc.auth,
      payload: { description: 'The final note for the patient, long enough to be valid.' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const aiRoutes = apiRoutes(h).filter((r) => r.url.startsWith('/api/portal/sessions/:id/ai/'));
    expect(aiRoutes.length).toBeGreaterThanOrEqual(4);
    const answers: string[] = [];
    for (const r of [...aiRoutes, { method: 'GET', url: '/api/portal/sessions/:id/results', key: 'GET results', params: ['id'] } as ApiRoute]) {
      const res = await h.app.inject({
        method: r.method,
        url: fillPath(r.url, { id: C.sessionId, answerId: C.answerId }),
        headers: C.doc.auth,
        ...(r.method === 'POST' && r.url.endsWith('/ask') ? { payload: { preset: 'summary' } } : {}),
        ...(r.method === 'POST' && r.url.endsWith('/journal-draft') ? { payload: { statements: [0] } } : {}),
      });
      answers.push(`${r.key} → ${res.statusCode}`);
      expect(res.body, r.key).toBe(NOT_FOUND_BODY);
    }
    console.info(`[security:completed] ${JSON.stringify({ routes: answers.length, answers })}`);
  });
});
