/**
 * Profiles the built server under the session-detail read: `node --cpu-prof` on the server child,
 * autocannon for a few seconds, then the functions with the most self time.
 *
 *   npm run build -w apps/server && npx tsx bench/profile.ts   (BENCH_DATABASE_URL for PostgreSQL, else PGlite)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cannon, prepareDatabase, readRequests, startServer, workloadFor } from './api-load';
import { withPostgres } from './pgx-report';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

function top(profileFile: string, n = 25) {
  const prof = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as {
    nodes: Node[];
  };
  const self = new Map<string, number>();
  let total = 0;
  for (const node of prof.nodes) {
    const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${node.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + node.hitCount);
    total += node.hitCount;
  }
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  // Self time by package: where the request's CPU goes, whichever function inside it.
  const byPackage = new Map<string, number>();
  for (const node of prof.nodes) {
    const url = node.callFrame.url;
    const pkg = url.includes('node_modules/')
      ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : url.includes('/apps/')
        ? 'app code'
        : url.startsWith('node:')
          ? 'node internals'
          : node.callFrame.functionName || '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
  }
  console.log('by package:');
  for (const [k, v] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

async function run(db: { url?: string; dataDir?: string }) {
  const { requested, listEmail } = await prepareDatabase(db.url ? { url: db.url } : { dataDir: db.dataDir }, 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-'));
  const server = await startServer(db, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    const w = await workloadFor(server.base, requested, listEmail);
    const tally = { reads: 0, lists: 0, accepts: 0, errors: 0, byStatus: {} };
    const r = await cannon(server.base, readRequests(w, tally), {
      duration: Number(process.env.BENCH_DURATION ?? 5),
    });
    console.log(`${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, errors ${tally.errors}`);
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  console.log(`profile: ${path.join(dir, file)}`);
  top(path.join(dir, file));
}

if (process.env.BENCH_DATABASE_URL) await withPostgres(process.env.BENCH_DATABASE_URL, (url) => run({ url }));
else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-db-'));
  await run({ dataDir });
}
