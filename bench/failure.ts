/**
 * Issue 9, part 4: failure. Starts a throwaway PostgreSQL cluster of its own and the built server
 * against it, then:
 *  1. restarts the cluster under a steady mixed load (reads, lists, accept + data request, journal
 *     submit) and checks the server stays up, answers 503 with the catalogue message while the
 *     database is down, recovers within 10 s, and left no half-applied transition;
 *  2. exhausts the pool (pool of 2, both connections waiting on row locks) and checks extra
 *     requests get 503 within 2 s while /healthz answers;
 *  3. races accept against reject 100 times, on PostgreSQL and on PGlite;
 *  4. runs two server processes on one database and one Redis: refresh rotation and the sign-in
 *     rate limit hold across them.
 * Alone: `npm run bench:failure -w bench` (after `npm run build -w apps/server`).
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  call,
  checkInvariants,
  createDatabase,
  invariantsHold,
  newPatient,
  raceAcceptReject,
  raceIsClean,
  redisReachable,
  requestSession,
  signIn,
  sleep,
  startCluster,
  startServer,
  type Cluster,
  type InvariantReport,
  type RaceResult,
  type ServerProcess,
} from "../apps/server/src/test/failure-kit";

const UNAVAILABLE = "503000";
const pct = (n: number, of: number) => (of ? (100 * n) / of : 0);
const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

interface Sample {
  op: string;
  start: number;
  end: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
}

export interface RestartResult {
  downtimeMs: number;
  requests: number;
  duringDown: {
    requests: number;
    s503: number;
    s500: number;
    otherErrors: number;
    noAnswer: number;
    maxMs: number;
    messageOk: boolean;
    retryAfterOk: boolean;
  };
  readyzDown: number;
  healthzDown: number;
  firstSuccessMs: number;
  /** Errors (5xx or no answer) among requests started in the first 10 s after the database was back, and after that. */
  errorsFirst10s: { errors: number; of: number };
  errorsAfter10s: { errors: number; of: number };
  transitions: { accepted: number; dataRequests: number; submitted: number };
  serverExited: string | null;
  invariants: InvariantReport;
}

/** Steady mixed load for the whole run; the cluster is stopped after 3 s and started again 3 s later. */
export async function restartUnderLoad(
  cluster: Cluster,
  url: string,
): Promise<RestartResult> {
  const server = await startServer({ databaseUrl: url });
  try {
    const base = server.baseUrl;
    const { accessToken: token } = await signIn(base);
    const patients = await Promise.all(
      [0, 1, 2, 3].map(() => newPatient(base)),
    );
    const requested: string[] = [];
    for (let i = 0; i < 300; i++)
      requested.push(
        await requestSession(base, patients[i % patients.length]!),
      );
    // Accepted sessions waiting for their journal; reads go to all of them.
    const accepted: string[] = [];
    for (const id of requested.splice(0, 100))
      if (
        (
          await call(base, "POST", `/api/portal/sessions/${id}/accept`, {
            token,
          })
        ).status === 200
      )
        accepted.push(id);
    const readable = [...accepted];
    const transitions = { accepted: 0, dataRequests: 0, submitted: 0 };

    const samples: Sample[] = [];
    let running = true;
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const record = async (
      op: string,
      p: Promise<
        Awaited<
          ReturnType<
            typeof call<{ error?: { code?: string; message?: string } }>
          >
        >
      >,
    ) => {
      const start = now();
      const r = await p;
      const s: Sample = {
        op,
        start,
        end: now(),
        status: r.status,
        code: r.body?.error?.code,
        retryAfter: r.headers.get("retry-after"),
      };
      if (
        r.status === 503 &&
        r.body?.error?.message !==
          "The service is temporarily unavailable, please try again shortly"
      )
        s.code = `${s.code} (other message)`;
      samples.push(s);
      return r;
    };
    const worker = async () => {
      while (running) {
        const roll = Math.random();
        if (roll < 0.1 && requested.length) {
          const id = requested.pop()!;
          const r = await record(
            "accept",
            call(base, "POST", `/api/portal/sessions/${id}/accept`, {
              token,
              timeoutMs: 15_000,
            }),
          );
          if (r.status === 200) {
            transitions.accepted += 1;
            const d = await record(
              "data-request",
              call(base, "POST", `/api/portal/sessions/${id}/data-request`, {
                token,
                timeoutMs: 15_000,
              }),
            );
            if (d.status === 201) transitions.dataRequests += 1;
          }
        } else if (roll < 0.2 && accepted.length) {
          const id = accepted.pop()!;
          const r = await record(
            "submit",
            call(base, "POST", `/api/portal/sessions/${id}/journal/submit`, {
              token,
              body: { description: "Notes from the failure bench." },
              timeoutMs: 15_000,
            }),
          );
          if (r.status === 200) transitions.submitted += 1;
        } else if (roll < 0.45) {
          await record(
            "list",
            call(base, "GET", "/api/portal/sessions/?limit=20", {
              token,
              timeoutMs: 15_000,
            }),
          );
        } else {
          const id = readable[Math.floor(Math.random() * readable.length)]!;
          await record(
            "read",
            call(base, "GET", `/api/portal/sessions/${id}`, {
              token,
              timeoutMs: 15_000,
            }),
          );
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);

    await sleep(3_000);
    const downAt = now();
    await cluster.stop("fast");
    const stoppedAt = now();
    await sleep(500);
    const readyzDown = (await call(base, "GET", "/readyz")).status;
    const healthzDown = (await call(base, "GET", "/healthz")).status;
    await sleep(2_500);
    await cluster.start();
    const backAt = now();
    await sleep(12_000);
    running = false;
    await Promise.all(workers);
    void stoppedAt;

    const isError = (s: Sample) => s.status >= 500 || s.status === 0;
    const during = samples.filter((s) => s.start >= downAt && s.start < backAt);
    const firstOk = samples
      .filter((s) => s.start >= backAt && s.status < 500 && s.status !== 0)
      .sort((a, b) => a.end - b.end)[0];
    const first10 = samples.filter(
      (s) => s.start >= backAt && s.start < backAt + 10_000,
    );
    const after10 = samples.filter((s) => s.start >= backAt + 10_000);
    const s503 = during.filter((s) => s.status === 503);
    return {
      downtimeMs: backAt - downAt,
      requests: samples.length,
      duringDown: {
        requests: during.length,
        s503: s503.length,
        s500: during.filter((s) => s.status === 500).length,
        otherErrors: during.filter((s) => s.status > 500 && s.status !== 503)
          .length,
        noAnswer: during.filter((s) => s.status === 0).length,
        maxMs: Math.max(0, ...during.map((s) => s.end - s.start)),
        messageOk: s503.every((s) => s.code === UNAVAILABLE),
        retryAfterOk: s503.every((s) => s.retryAfter === "5"),
      },
      readyzDown,
      healthzDown,
      firstSuccessMs: firstOk ? firstOk.end - backAt : NaN,
      errorsFirst10s: {
        errors: first10.filter(isError).length,
        of: first10.length,
      },
      errorsAfter10s: {
        errors: after10.filter(isError).length,
        of: after10.length,
      },
      transitions,
      serverExited: server.exited(),
      invariants: await checkInvariants(url),
    };
  } finally {
    await server.stop();
  }
}

export interface ExhaustionResult {
  extra: number;
  s503: number;
  other: Record<string, number>;
  p50Ms: number;
  maxMs: number;
  healthz: { calls: number; ok: number; p50Ms: number; maxMs: number };
  /** The two requests that held the pool, once the locks were released. */
  holders: number[];
}

/**
 * A server with a pool of 2; two accepts wait on row locks another connection holds, so both
 * pool connections are busy. Extra requests must get 503 within 2 s; /healthz needs no connection.
 */
export async function poolExhaustion(
  url: string,
  extra = 20,
): Promise<ExhaustionResult> {
  const server = await startServer({
    databaseUrl: url,
    env: { DATABASE_POOL_SIZE: "2" },
  });
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  try {
    const base = server.baseUrl;
    const { accessToken: token } = await signIn(base);
    const patient = await newPatient(base);
    const held = [
      await requestSession(base, patient),
      await requestSession(base, patient),
    ];
    const readable = await requestSession(base, patient);
    await locker.query("begin");
    await locker.query(
      "select id from sessions where id = any($1) for update",
      [held],
    );
    const holders = held.map((id) =>
      call(base, "POST", `/api/portal/sessions/${id}/accept`, {
        token,
        timeoutMs: 30_000,
      }),
    );
    // Both pool connections are now in an UPDATE waiting for the lock.
    const deadline = Date.now() + 10_000;
    for (;;) {
      // Inside a transaction the activity view is a snapshot taken at first look: drop it each time.
      await locker.query("select pg_stat_clear_snapshot()");
      const { rows } = await locker.query<{ n: string }>(
        "select count(*) n from pg_stat_activity where application_name = 'portal' and wait_event_type = 'Lock'",
      );
      if (Number(rows[0]!.n) >= 2) break;
      if (Date.now() > deadline) {
        const early = await Promise.race([
          Promise.all(holders),
          sleep(100).then(() => null),
        ]);
        throw new Error(
          `the two accepts never waited on the lock: ${early ? early.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join("; ") : "still pending"}`,
        );
      }
      await sleep(20);
    }
    const healthz: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const r = await call(base, "GET", "/healthz", { timeoutMs: 5_000 });
        healthz.push(r.status === 200 ? r.ms : -1);
        await sleep(25);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: extra }, () =>
        call<{ error?: { code?: string } }>(
          base,
          "GET",
          `/api/portal/sessions/${readable}`,
          { token, timeoutMs: 10_000 },
        ),
      ),
    );
    probing = false;
    await probe;
    await locker.query("rollback");
    const holderStatuses = (await Promise.all(holders)).map((r) => r.status);
    const other: Record<string, number> = {};
    for (const a of answers.filter(
      (x) => !(x.status === 503 && x.body?.error?.code === UNAVAILABLE),
    ))
      other[`${a.status} ${a.body?.error?.code ?? ""}`] =
        (other[`${a.status} ${a.body?.error?.code ?? ""}`] ?? 0) + 1;
    const okHealthz = healthz.filter((ms) => ms >= 0);
    return {
      extra,
      s503: answers.length - Object.values(other).reduce((a, b) => a + b, 0),
      other,
      p50Ms: quantile(
        answers.map((a) => a.ms),
        0.5,
      ),
      maxMs: Math.max(...answers.map((a) => a.ms)),
      healthz: {
        calls: healthz.length,
        ok: okHealthz.length,
        p50Ms: quantile(okHealthz, 0.5),
        maxMs: Math.max(...okHealthz),
      },
      holders: holderStatuses,
    };
  } finally {
    await locker.end().catch(() => {});
    await server.stop();
  }
}

export interface TwoProcessResult {
  refresh: {
    rotatedAcross: boolean;
    spentRefusedOnOther: number;
    familyRevokedOnA: number;
    familyRevokedOnB: number;
    accessAfterRevoke: number;
  };
  rateLimit:
    | {
        limit: number;
        statuses: number[];
        firstLimitedAt: number;
        retryAfterA: string | null;
        retryAfterB: string | null;
      }
    | { skipped: string };
}

/**
 * Two processes, A and B, on one database (and one Redis): a refresh token spent on A is refused on
 * B, and that reuse revokes the family everywhere; sign-in attempts split across A and B hit the
 * limit at the configured total.
 */
export async function twoProcesses(
  url: string,
  redisUrl: string | null,
  limit = 5,
): Promise<TwoProcessResult> {
  const env = {
    SIGN_IN_RATE_LIMIT: String(limit),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  const a = await startServer({ databaseUrl: url, env });
  let b: ServerProcess | null = null;
  try {
    b = await startServer({ databaseUrl: url, env });
    const A = a.baseUrl;
    const B = b.baseUrl;
    const refreshOn = (base: string, token: string) =>
      call<{ accessToken: string; refreshToken: string }>(
        base,
        "POST",
        "/api/account/refresh-token",
        { body: { token } },
      );

    // Rotation across processes: signed in on A, refreshed on B, refreshed again on A.
    const p0 = await signIn(A);
    const p1 = await refreshOn(B, p0.refreshToken);
    const p2 = await refreshOn(A, p1.body.refreshToken);
    const rotatedAcross = p1.status === 200 && p2.status === 200;

    // Reuse: q0's refresh is spent on A, then presented on B: refused, and the family is revoked on both.
    const q0 = await signIn(A);
    const q1 = await refreshOn(A, q0.refreshToken);
    const reuse = await refreshOn(B, q0.refreshToken);
    const onA = await refreshOn(A, q1.body.refreshToken);
    const accessAfter = await call(B, "GET", "/api/account/me/", {
      token: q1.body.accessToken,
    });
    const refresh = {
      rotatedAcross,
      spentRefusedOnOther: reuse.status,
      familyRevokedOnA: onA.status,
      familyRevokedOnB: (await refreshOn(B, q1.body.refreshToken)).status,
      accessAfterRevoke: accessAfter.status,
    };

    if (!redisUrl)
      return {
        refresh,
        rateLimit: { skipped: "no Redis reachable (REDIS_URL)" },
      };
    // A wrong password for an address no one has, alternating A and B: the limit counts both.
    const email = `rate.${randomBytes(4).toString("hex")}@test.example`;
    const statuses: number[] = [];
    let retryAfterA: string | null = null;
    let retryAfterB: string | null = null;
    for (let i = 0; i < limit + 2; i++) {
      const onB = i % 2 === 1;
      const r = await call(onB ? B : A, "POST", "/sso/api/token", {
        body: { email, password: "Wrong-password-1" },
      });
      statuses.push(r.status);
      if (r.status === 429) {
        if (onB) retryAfterB ??= r.headers.get("retry-after");
        else retryAfterA ??= r.headers.get("retry-after");
      }
    }
    return {
      refresh,
      rateLimit: {
        limit,
        statuses,
        firstLimitedAt: statuses.indexOf(429) + 1,
        retryAfterA,
        retryAfterB,
      },
    };
  } finally {
    await b?.stop();
    await a.stop();
  }
}

export const twoProcessesHold = (r: TwoProcessResult) =>
  r.refresh.rotatedAcross &&
  r.refresh.spentRefusedOnOther === 401 &&
  r.refresh.familyRevokedOnA === 401 &&
  r.refresh.familyRevokedOnB === 401 &&
  r.refresh.accessAfterRevoke === 401 &&
  ("skipped" in r.rateLimit ||
    (r.rateLimit.firstLimitedAt === r.rateLimit.limit + 1 &&
      r.rateLimit.statuses.slice(r.rateLimit.limit).every((s) => s === 429) &&
      Boolean(r.rateLimit.retryAfterA) &&
      Boolean(r.rateLimit.retryAfterB)));

export interface FailureBenchResult {
  restart: RestartResult;
  exhaustion: ExhaustionResult;
  racePg: RaceResult;
  racePglite: RaceResult;
  two: TwoProcessResult;
}

export const restartHolds = (r: RestartResult) =>
  r.serverExited === null &&
  r.duringDown.s500 === 0 &&
  r.duringDown.otherErrors === 0 &&
  r.duringDown.noAnswer === 0 &&
  r.duringDown.s503 > 0 &&
  r.duringDown.messageOk &&
  r.readyzDown === 503 &&
  r.healthzDown === 200 &&
  pct(r.errorsFirst10s.errors, r.errorsFirst10s.of) < 1 &&
  pct(r.errorsAfter10s.errors, r.errorsAfter10s.of) < 1 &&
  invariantsHold(r.invariants);

export const exhaustionHolds = (r: ExhaustionResult) =>
  r.s503 === r.extra &&
  r.maxMs < 2_000 &&
  r.healthz.ok === r.healthz.calls &&
  r.healthz.calls > 0 &&
  r.holders.every((s) => s === 200);

export async function benchFailure(): Promise<FailureBenchResult> {
  const cluster = await startCluster();
  try {
    const loadDb = await createDatabase(cluster.url, "failure_load");
    const restart = await restartUnderLoad(cluster, loadDb);
    const exhaustion = await poolExhaustion(loadDb);
    const pgServer = await startServer({ databaseUrl: loadDb });
    let racePg: RaceResult;
    try {
      racePg = await raceAcceptReject(
        pgServer.baseUrl,
        (await signIn(pgServer.baseUrl)).accessToken,
        100,
      );
    } finally {
      await pgServer.stop();
    }
    const pglite = await startServer();
    let racePglite: RaceResult;
    try {
      racePglite = await raceAcceptReject(
        pglite.baseUrl,
        (await signIn(pglite.baseUrl)).accessToken,
        100,
      );
    } finally {
      await pglite.stop();
    }
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    const two = await twoProcesses(
      await createDatabase(cluster.url, "failure_two"),
      (await redisReachable(redisUrl)) ? redisUrl : null,
    );
    return { restart, exhaustion, racePg, racePglite, two };
  } finally {
    await cluster.destroy();
  }
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");
const ok = (b: boolean) => (b ? "OK" : "FAILED");

/** Prints the summary; true when every check held. */
export function printFailureBench(r: FailureBenchResult): boolean {
  const { restart: s, exhaustion: x, two } = r;
  const restartOk = restartHolds(s);
  const exhaustionOk = exhaustionHolds(x);
  const raceOk = raceIsClean(r.racePg) && raceIsClean(r.racePglite);
  const twoOk = twoProcessesHold(two);
  console.log("Failure (issue 9 part 4; throwaway PostgreSQL cluster)");
  console.log(
    `  PostgreSQL restarted under load (8 clients, reads/lists/accept+data request/journal submit): ${ok(restartOk)}`,
  );
  console.log(
    `    downtime ${f0(s.downtimeMs)} ms; ${s.requests} requests in all; server process exited: ${s.serverExited ?? "no"}`,
  );
  console.log(
    `    while down: ${s.duringDown.requests} requests, ${s.duringDown.s503} answered 503 (code 503000, Retry-After 5: ${s.duringDown.messageOk && s.duringDown.retryAfterOk ? "yes" : "NO"}), ${s.duringDown.s500} answered 500, ${s.duringDown.noAnswer} no answer, slowest ${f0(s.duringDown.maxMs)} ms; /readyz ${s.readyzDown}, /healthz ${s.healthzDown}`,
  );
  console.log(
    `    first success ${f0(s.firstSuccessMs)} ms after the database was back; errors in the next 10 s ${pct(s.errorsFirst10s.errors, s.errorsFirst10s.of).toFixed(2)}% (${s.errorsFirst10s.errors}/${s.errorsFirst10s.of}), after that ${pct(s.errorsAfter10s.errors, s.errorsAfter10s.of).toFixed(2)}% (${s.errorsAfter10s.errors}/${s.errorsAfter10s.of})`,
  );
  const inv = s.invariants;
  console.log(
    `    transitions: ${s.transitions.accepted} accepted, ${s.transitions.dataRequests} data requests, ${s.transitions.submitted} journals submitted; invariants over ${inv.sessions} sessions: ${ok(invariantsHold(inv))}`,
  );
  console.log(
    `      completed without submitted journal ${inv.completedWithoutSubmitted}, submitted journal on an open session ${inv.submittedNotCompleted}, data request without exactly one fee ${inv.requestsWithoutOneFee}, fee without request ${inv.feesWithoutRequest}, request on an unaccepted session ${inv.requestsOnUnacceptedSession}, status/stamp mismatch ${inv.stampMismatch}`,
  );
  console.log(
    `  Pool exhaustion (pool of 2, both waiting on row locks): ${ok(exhaustionOk)}`,
  );
  console.log(
    `    ${x.s503}/${x.extra} extra requests answered 503 (others: ${JSON.stringify(x.other)}), p50 ${f0(x.p50Ms)} ms, slowest ${f0(x.maxMs)} ms (bound 2000 ms)`,
  );
  console.log(
    `    /healthz meanwhile: ${x.healthz.ok}/${x.healthz.calls} answered 200, p50 ${x.healthz.p50Ms.toFixed(1)} ms, slowest ${x.healthz.maxMs.toFixed(1)} ms; the two lock holders then answered ${x.holders.join(", ")}`,
  );
  for (const [name, race] of [
    ["PostgreSQL", r.racePg],
    ["PGlite", r.racePglite],
  ] as const) {
    console.log(
      `  Accept racing reject x${race.rounds} over HTTP on ${name}: ${ok(raceIsClean(race))} — accept won ${race.acceptWins}, reject won ${race.rejectWins}, not exactly one winner ${race.notExactlyOne}, 5xx ${race.fiveXx}, losers ${JSON.stringify(race.losers)}, final status off ${race.inconsistent}`,
    );
  }
  console.log(
    `  Two server processes on one PostgreSQL${"skipped" in two.rateLimit ? "" : " and Redis"}: ${ok(twoOk)}`,
  );
  console.log(
    `    refresh rotated A→B→A: ${two.refresh.rotatedAcross ? "yes" : "NO"}; token spent on A presented on B: ${two.refresh.spentRefusedOnOther}; its family then refused on A ${two.refresh.familyRevokedOnA} and B ${two.refresh.familyRevokedOnB}; access token of the revoked family ${two.refresh.accessAfterRevoke}`,
  );
  if ("skipped" in two.rateLimit)
    console.log(`    rate limit: skipped, ${two.rateLimit.skipped}`);
  else
    console.log(
      `    sign-in limit ${two.rateLimit.limit}/min, attempts alternating A/B: ${two.rateLimit.statuses.join(" ")}; first 429 at attempt ${two.rateLimit.firstLimitedAt}; Retry-After from A ${two.rateLimit.retryAfterA}, from B ${two.rateLimit.retryAfterB}`,
    );
  return restartOk && exhaustionOk && raceOk && twoOk;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchFailure();
  if (!printFailureBench(result)) process.exitCode = 1;
}
