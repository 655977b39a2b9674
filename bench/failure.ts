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
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  exhaustionHolds,
  poolExhaustion,
  postgresBin,
  raceAcceptReject,
  raceIsClean,
  redisReachable,
  restartHolds,
  restartUnderLoad,
  signIn,
  startCluster,
  startServer,
  twoProcesses,
  twoProcessesHold,
  invariantsHold,
  pct,
  type ExhaustionResult,
  type RaceResult,
  type RestartResult,
  type TwoProcessResult,
} from '../apps/server/src/test/failure-kit';

export interface FailureBenchResult {
  restart: RestartResult;
  exhaustion: ExhaustionResult;
  racePg: RaceResult;
  racePglite: RaceResult;
  two: TwoProcessResult;
}

export async function benchFailure(): Promise<FailureBenchResult> {
  const cluster = await startCluster();
  try {
    const loadDb = await createDatabase(cluster.url, 'failure_load');
    const restart = await restartUnderLoad(cluster, loadDb);
    const exhaustion = await poolExhaustion(loadDb);
    const pgServer = await startServer({ databaseUrl: loadDb });
    let racePg: RaceResult;
    try {
      racePg = await raceAcceptReject(pgServer.baseUrl, (await signIn(pgServer.baseUrl)).accessToken, 100);
    } finally {
      await pgServer.stop();
    }
    const pglite = await startServer();
    let racePglite: RaceResult;
    try {
      racePglite = await raceAcceptReject(pglite.baseUrl, (await signIn(pglite.baseUrl)).accessToken, 100);
    } finally {
      await pglite.stop();
    }
    const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    const two = await twoProcesses(await createDatabase(cluster.url, 'failure_two'), (await redisReachable(redisUrl)) ? redisUrl : null);
    return { restart, exhaustion, racePg, racePglite, two };
  } finally {
    await cluster.destroy();
  }
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const ok = (b: boolean) => (b ? 'OK' : 'FAILED');

/** Prints the summary; true when every check held. */
export function printFailureBench(r: FailureBenchResult): boolean {
  const { restart: s, exhaustion: x, two } = r;
  const restartOk = restartHolds(s);
  const exhaustionOk = exhaustionHolds(x);
  const raceOk = raceIsClean(r.racePg) && raceIsClean(r.racePglite);
  const twoOk = twoProcessesHold(two);
  console.log('Failure (issue 9 part 4; throwaway PostgreSQL cluster)');
  console.log(`  PostgreSQL restarted under load (8 clients, reads/lists/accept+data request/journal submit): ${ok(restartOk)}`);
  console.log(`    downtime ${f0(s.downtimeMs)} ms; ${s.requests} requests in all; server process exited: ${s.serverExited ?? 'no'}`);
  console.log(
    `    while down: ${s.duringDown.requests} requests, ${s.duringDown.s503} answered 503 (code 503000, Retry-After 5: ${s.duringDown.messageOk && s.duringDown.retryAfterOk ? 'yes' : 'NO'}), ${s.duringDown.s500} answered 500, ${s.duringDown.noAnswer} no answer, slowest ${f0(s.duringDown.maxMs)} ms; /readyz ${s.readyzDown}, /healthz ${s.healthzDown}`,
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
  console.log(`  Pool exhaustion (pool of 2, both waiting on row locks): ${ok(exhaustionOk)}`);
  console.log(
    `    ${x.s503}/${x.extra} extra requests (every third a sign-in at /sso/api/token) answered 503 (others: ${JSON.stringify(x.other)}), p50 ${f0(x.p50Ms)} ms, slowest ${f0(x.maxMs)} ms (bound 2000 ms)`,
  );
  console.log(
    `    /healthz meanwhile: ${x.healthz.ok}/${x.healthz.calls} answered 200, p50 ${x.healthz.p50Ms.toFixed(1)} ms, slowest ${x.healthz.maxMs.toFixed(1)} ms; the two lock holders then answered ${x.holders.join(', ')}`,
  );
  console.log(
    `    the sign-on's sign-in form posted meanwhile: ${x.signInForm.status}, the email kept: ${x.signInForm.keepsEmail ? 'yes' : 'NO'}, the reason shown: ${x.signInForm.says ? 'yes' : 'NO'}`,
  );
  for (const [name, race] of [
    ['PostgreSQL', r.racePg],
    ['PGlite', r.racePglite],
  ] as const) {
    console.log(
      `  Accept racing reject x${race.rounds} over HTTP on ${name}: ${ok(raceIsClean(race))} — accept won ${race.acceptWins}, reject won ${race.rejectWins}, not exactly one winner ${race.notExactlyOne}, 5xx ${race.fiveXx}, losers ${JSON.stringify(race.losers)}, final status off ${race.inconsistent}`,
    );
  }
  console.log(`  Two server processes on one PostgreSQL${'skipped' in two.rateLimit ? '' : ' and Redis'}: ${ok(twoOk)}`);
  console.log(
    `    refresh rotated A→B→A: ${two.refresh.rotatedAcross ? 'yes' : 'NO'}; token spent on A presented on B: ${two.refresh.spentRefusedOnOther}; its family then refused on A ${two.refresh.familyRevokedOnA} and B ${two.refresh.familyRevokedOnB}; access token of the revoked family ${two.refresh.accessAfterRevoke}`,
  );
  if ('skipped' in two.rateLimit) console.log(`    rate limit: skipped, ${two.rateLimit.skipped}`);
  else
    console.log(
      `    sign-in limit ${two.rateLimit.limit}/min, attempts alternating A/B: ${two.rateLimit.statuses.join(' ')}; first 429 at attempt ${two.rateLimit.firstLimitedAt}; Retry-After from A ${two.rateLimit.retryAfterA}, from B ${two.rateLimit.retryAfterB}`,
    );
  return restartOk && exhaustionOk && raceOk && twoOk;
}

/**
 * The `failure` entry of `npm run bench`: runs and prints the whole failure bench; `ok` is null when
 * it could not run here (no PostgreSQL binaries for a throwaway cluster).
 */
export async function failureEntry(): Promise<{ name: 'failure'; ok: boolean | null; result: FailureBenchResult | null }> {
  if (!postgresBin()) {
    console.log('Failure: skipped, no PostgreSQL binaries under /usr/lib/postgresql for a throwaway cluster');
    return { name: 'failure', ok: null, result: null };
  }
  const result = await benchFailure();
  return { name: 'failure', ok: printFailureBench(result), result };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if ((await failureEntry()).ok === false) process.exitCode = 1;
}
