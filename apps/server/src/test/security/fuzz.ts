import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../harness';
import { ID_ROUTES } from './fixtures';
import { apiRoutes, fillPath, openApi, paramType, STREAM_ROUTES, type ApiRoute } from './routes';
import { ADMIN_TOKEN, buildPractice, createSecurityApp, tableDigest, type Practice } from './world';

/**
 * Generated hostile input at every route's params, query and body, authenticated as a real
 * practitioner (a patient on /api/patient, the staff token on /api/admin): no 5xx, and no table
 * changes. Bodies always carry a defect (a wrong top-level type, a prototype-pollution or unknown
 * key), so a strict schema must refuse them; mutating routes that take no body are only ever
 * called on ids the caller does not own, so any change to data is a failure.
 */
const TOTAL = Number(process.env.SECURITY_FUZZ_RUNS ?? 10_000);
const BASE_SEED = Number(process.env.SECURITY_FUZZ_SEED ?? 20261121);
const BATCHES = 5;

/**
 * The suite split into parts (one test file each, so vitest runs them side by side on their own
 * app and database); together they send TOTAL payloads.
 */
export function fuzzSuite(part: number, parts: number) {
  const RUNS = Math.ceil(TOTAL / parts);
  const SEED = BASE_SEED + part;

  let h: Harness;
  let A: Practice;
  let B: Practice;
  let api: Awaited<ReturnType<typeof openApi>>;
  let targets: Array<{
    route: ApiRoute;
    hasBody: boolean;
    queryNames: string[];
    bodyProps: string[];
    mutating: boolean;
  }>;

  beforeAll(async () => {
    h = await createSecurityApp();
    A = await buildPractice(h, 'A');
    B = await buildPractice(h, 'B');
    api = await openApi(h);
    targets = apiRoutes(h)
      .map((route) => ({
        route,
        hasBody: !!api.bodySchema(route),
        queryNames: api.queryNames(route),
        bodyProps: api.bodyProperties(route),
        mutating: route.method !== 'GET',
      }))
      // A change with no input at all (accept the terms) has nothing to fuzz and changes data by design.
      .filter((t) => !(t.mutating && !t.hasBody && t.route.params.length === 0))
      .filter((t) => !STREAM_ROUTES.has(t.route.key));
  }, 120_000);
  afterAll(() => h?.close());

  const POLLUTION = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString', 'hasOwnProperty'];
  const hostileString = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\u202e\u0041',
      '𝕏'.repeat(50),
      "' or 1=1 --",
      '"; drop table users; --',
      '${7*7}',
      '{{7*7}}',
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '%00',
      '\ud800',
    ),
    fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  );
  const hostileNumber = fc.oneof(
    fc.constantFrom(
      0,
      -0,
      -1,
      1,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      -Number.MAX_SAFE_INTEGER,
      1e308,
      -1e308,
      5e-324,
      0.1,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString,
      hostileNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTION)), tie('value'), { maxKeys: 4 }),
    ),
  })).value;
  const deepNesting = fc.integer({ min: 50, max: 2000 }).map((d) => JSON.parse('['.repeat(d) + ']'.repeat(d)) as unknown);

  /** Serialises with own `__proto__` keys kept (JSON.parse makes them own properties). */
  function withKey(base: unknown, key: string, value: unknown): string {
    const o = (typeof base === 'object' && base !== null && !Array.isArray(base) ? JSON.parse(JSON.stringify(base)) : {}) as Record<string, unknown>;
    Object.defineProperty(o, key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return JSON.stringify(o);
  }

  const payload = fc.record({
    target: fc.nat(),
    useOwnIds: fc.boolean(),
    paramValues: fc.array(fc.oneof(hostileString, fc.uuid().map(String), fc.constantFrom('1', '0', '-1', '999999999999')), { minLength: 3, maxLength: 3 }),
    query: fc.dictionary(
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...POLLUTION, 'limit', 'offset', 'status', 'search', 'view', 'sessionID')),
      fc.oneof(hostileString, hostileNumber.map(String), fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 })),
      { maxKeys: 4 },
    ),
    bodyKind: fc.constantFrom('top-level', 'pollution', 'unknown-key', 'wrong-type', 'deep'),
    topLevel: fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.array(hostileValue, { maxLength: 5 }), deepNesting),
    pollutionKey: fc.constantFrom(...POLLUTION),
    value: hostileValue,
    propIndex: fc.nat(),
  });

  type Sample = typeof payload extends fc.Arbitrary<infer T> ? T : never;

  function requestOf(s: Sample) {
    const t = targets[s.target % targets.length]!;
    const f = ID_ROUTES[t.route.key];
    // Own ids only where the body's defect (or a GET) keeps the request from changing anything.
    const own = s.useOwnIds && (!t.mutating || t.hasBody) && f?.params ? f.params(A) : null;
    const foreign = f?.params ? f.params(B) : {};
    const params = Object.fromEntries(
      t.route.params.map((n, k) => {
        if (own?.[n]) return [n, own[n]!];
        const v = s.paramValues[k % 3]!;
        // On a mutating route without a body, never a value that could name one's own object.
        return [n, t.mutating && !t.hasBody && paramType(api.paramSchema(t.route, n), foreign[n]) === 'int' && /^\d+$/.test(v) ? '987654' : v];
      }),
    );
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...(f?.query ?? {}), ...s.query })) for (const x of [v].flat()) search.append(k, String(x));
    let body: string | undefined;
    if (t.mutating) {
      const base = f?.body?.(A) ?? {};
      const prop = t.bodyProps.length ? t.bodyProps[s.propIndex % t.bodyProps.length]! : 'zz';
      switch (s.bodyKind) {
        case 'top-level':
          body = JSON.stringify(s.topLevel === undefined ? null : s.topLevel);
          if (body.startsWith('{')) body = '[]';
          break;
        case 'deep':
          body = withKey(base, prop, JSON.parse('{"a":'.repeat(300) + '1' + '}'.repeat(300)));
          break;
        case 'pollution':
          body = withKey({ ...(base as object), [prop]: s.value }, s.pollutionKey, { isAdmin: true, polluted: s.value });
          break;
        case 'unknown-key':
          body = withKey(base, `zz_${s.propIndex % 997}`, s.value);
          break;
        default:
          // A known field with a hostile value, plus an unknown key so a strict schema must refuse it.
          body = withKey({ ...(base as object), [prop]: s.value }, '__proto__', { polluted: true });
      }
    }
    const headers: Record<string, string> = t.route.url.startsWith('/api/patient/')
      ? { ...A.patient.auth }
      : t.route.url.startsWith('/api/admin/')
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : { ...A.doc.auth };
    let url: string;
    try {
      url = fillPath(t.route.url, params);
    } catch {
      url = t.route.url.replace(/:(\w+)/g, 'x');
    }
    const qs = search.toString();
    return {
      t,
      url: qs ? `${url}?${qs}` : url,
      body,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    };
  }

  /** NUL, the other control characters and a lone surrogate half: no text field can hold any of them. */
  const UNSTORABLE = ['\u0000', 'Nomsa\u0000Secret', 'a\u0001b', '\u0008', 'tab\u000bbed', '\u001b[2J', 'x\u007f', '\u0085', 'half \ud800'];
  /** Three samples per field, NUL always among them, the others in turn. */
  const samplesFor = (i: number) => [UNSTORABLE[i % 2], UNSTORABLE[2 + (i % 7)], UNSTORABLE[2 + ((i + 3) % 7)]] as string[];

  /** Dotted paths of the string leaves of a valid body (its nested fields too). */
  function stringLeaves(value: unknown, at = ''): string[] {
    if (typeof value === 'string') return at ? [at] : [];
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, at ? `${at}.${k}` : k));
    return [];
  }
  function withPath(base: unknown, dotted: string, value: string): unknown {
    const copy = JSON.parse(JSON.stringify(base ?? {})) as Record<string, unknown>;
    const keys = dotted.split('.');
    let o: Record<string, unknown> = copy;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[keys.at(-1)!] = value;
    return copy;
  }

  describe(`fuzz, part ${part + 1} of ${parts}`, () => {
    it('NUL and control characters in every field of every JSON route and every list query: 400 naming the field, no 5xx, no change to data', async () => {
      const mine = targets.filter((_t, i) => i % parts === part);
      const before = await tableDigest(h);
      const wrong: string[] = [];
      let sent = 0;
      let fivexx = 0;
      const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
        let body: { error?: { code?: string; message?: string; fieldErrors?: Record<string, string[]> } };
        try {
          body = res.json() as typeof body;
        } catch {
          return false;
        }
        return (
          res.statusCode === 400 &&
          body.error?.code === '400400' &&
          body.error.message === 'Bad request' &&
          body.error.fieldErrors?.[field]?.[0] === 'Value is not valid.'
        );
      };
      for (const t of mine) {
        const f = ID_ROUTES[t.route.key];
        // Own ids: only the control characters stand between the request and a change.
        const params = Object.fromEntries(t.route.params.map((n) => [n, f?.params?.(A)[n] ?? '00000000-0000-4000-8000-000000000000']));
        let path: string;
        try {
          path = fillPath(t.route.url, params);
        } catch {
          continue;
        }
        const headers: Record<string, string> = t.route.url.startsWith('/api/patient/')
          ? { ...A.patient.auth }
          : t.route.url.startsWith('/api/admin/')
            ? { authorization: `Bearer ${ADMIN_TOKEN}` }
            : { ...A.doc.auth };
        const fixtureQuery = new URLSearchParams(f?.query ?? {});
        const qs = fixtureQuery.toString();
        if (t.hasBody) {
          const base = f?.body?.(A) ?? {};
          const fields = [...new Set([...t.bodyProps, ...stringLeaves(base)])];
          for (const [i, field] of fields.entries()) {
            for (const sample of samplesFor(i)) {
              const res = await h.app.inject({
                method: t.route.method,
                url: qs ? `${path}?${qs}` : path,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(withPath(base, field, sample)),
              });
              sent++;
              if (res.statusCode >= 500) fivexx++;
              if (!refused(res, field)) wrong.push(`${t.route.key} body.${field}=${JSON.stringify(sample)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
          }
        }
        for (const [i, name] of t.queryNames.entries()) {
          // A URL cannot carry a lone surrogate half (percent-encoding writes U+FFFD for it).
          for (const sample of samplesFor(i).map((x) => (x.startsWith('half') ? '\u0000\u0000' : x))) {
            const q = new URLSearchParams(fixtureQuery);
            q.set(name, sample);
            const res = await h.app.inject({ method: t.route.method, url: `${path}?${q}`, headers });
            sent++;
            if (res.statusCode >= 500) fivexx++;
            if (!refused(res, name)) wrong.push(`${t.route.key} ?${name}=${JSON.stringify(sample)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
      const after = await tableDigest(h);
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      console.info(
        `[security:fuzz-control] ${JSON.stringify({ part: part + 1, parts, routes: mine.length, requests: sent, fivexx, notRefused: wrong.length, tablesChanged: changed })}`,
      );
      expect(fivexx).toBe(0);
      expect(wrong.slice(0, 20)).toEqual([]);
      expect(changed).toEqual([]);
    }, 600_000);

    it(`${RUNS} generated payloads at params, queries and bodies: no 5xx, no change to data`, async () => {
      const samples = fc.sample(payload, { numRuns: RUNS, seed: SEED });
      const started = Date.now();
      const fivexx: string[] = [];
      const changes: string[] = [];
      const status: Record<string, number> = {};
      const perBatch = Math.ceil(samples.length / BATCHES);
      for (let b = 0; b < BATCHES; b++) {
        const before = await tableDigest(h);
        const hit = new Set<string>();
        for (const s of samples.slice(b * perBatch, (b + 1) * perBatch)) {
          const r = requestOf(s);
          hit.add(r.t.route.key);
          const res = await h.app.inject({
            method: r.t.route.method,
            url: r.url,
            headers: r.headers,
            ...(r.body === undefined ? {} : { payload: r.body }),
          });
          const cls = `${Math.floor(res.statusCode / 100)}xx`;
          status[cls] = (status[cls] ?? 0) + 1;
          if (res.statusCode >= 500)
            fivexx.push(`${r.t.route.method} ${r.url.slice(0, 200)} body ${String(r.body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (r.t.mutating && res.statusCode < 300)
            changes.push(`${r.t.route.method} ${r.url.slice(0, 200)} body ${String(r.body).slice(0, 200)} → ${res.statusCode}`);
        }
        const after = await tableDigest(h);
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        if (changed.length) changes.push(`batch ${b}: tables ${changed.join(', ')} changed; routes hit: ${[...hit].join(' | ').slice(0, 2000)}`);
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `[security:fuzz] ${JSON.stringify({ part: part + 1, parts, payloads: samples.length, seed: SEED, routes: targets.length, fivexx: fivexx.length, changes: changes.length, status, seconds })}`,
      );
      expect(fivexx.slice(0, 20)).toEqual([]);
      expect(changes.slice(0, 20)).toEqual([]);
    }, 900_000);
  });
}
