/**
 * Every route's total JavaScript (gzip): what the first visit of that page downloads — the entry
 * and the chunks index.html preloads, plus each lazy layout and page on the way with their static
 * imports. Read from the built entry: Vite lists, for every dynamic import(), the chunks it preloads
 * (`__vite__mapDeps`), which is exactly the chunk's static-import closure.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const gzipKiB = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

/** Pages and the lazy layouts above them, as app/router.tsx nests them. */
const PAGES: Array<[page: string, layouts: string[], example: string]> = [
  ['HomePage', ['PublicLayout'], '/'],
  ['SessionsPage', ['ProtectedLayout'], '/sessions'],
  ['SessionPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id'],
  ['SessionResultsPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/results'],
  ['SessionResultPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/result/:resultID/components/:componentID'],
  ['SessionQuestionnairesPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/questionnaires'],
  ['SessionNotesPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/notes'],
  ['SessionReportsPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/reports'],
  ['SessionAskAiPage', ['ProtectedLayout', 'SessionLayout'], '/sessions/:id/ask-ai'],
  ['JournalsPage', ['ProtectedLayout'], '/journals'],
  ['JournalPage', ['ProtectedLayout'], '/journals/:id'],
  ['OnboardingPage', ['ProtectedLayout'], '/onboarding'],
  ['CoursePage', ['ProtectedLayout'], '/course'],
  ['KitsPage', ['ProtectedLayout'], '/kits'],
  ['SettingsPage', ['ProtectedLayout'], '/settings'],
  ['SummaryPage', ['ProtectedLayout'], '/summary'],
  ['TransactionsPage', ['ProtectedLayout'], '/summary/transactions'],
  ['WarehousingPage', ['ProtectedLayout'], '/warehousing'],
  ['DiscountCodesPage', ['ProtectedLayout'], '/discount-codes'],
  ['PrivacyPolicyPage', ['PublicLayout'], '/privacy-policy'],
  ['AttributionsPage', ['PublicLayout'], '/attributions'],
  ['NotFoundPage', [], '(any unknown path)'],
];

export function routeJs(dist: string, initialFiles: string[]) {
  const entryFile = initialFiles.find((f) => /assets\/index-[^/]+\.js$/.test(f));
  if (!entryFile) throw new Error('no entry chunk in index.html');
  const entry = fs.readFileSync(path.join(dist, entryFile), 'utf8');
  const list = entry.match(/m\.f=\[([^\]]*)\]/);
  if (!list) throw new Error('no __vite__mapDeps list in the entry chunk');
  const files = [...list[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  // import(`./page-hash.js`),__vite__mapDeps([1,2,3])),`PageName`; a chunk that also exports for
  // other chunks is picked from: import(`./layout-hash.js`).then(e=>e.t),__vite__mapDeps(…)
  const deps = new Map<string, string[]>();
  for (const m of entry.matchAll(/import\(`\.\/([^`]+\.js)`\)(?:\.then\(\w+=>\w+\.\w+\))?,__vite__mapDeps\(\[([\d,]*)\]\)\),`(\w+)`/g)) {
    deps.set(m[3]!, [
      `assets/${m[1]}`,
      ...m[2]!
        .split(',')
        .filter(Boolean)
        .map((i) => files[Number(i)]!),
    ]);
  }
  const size = new Map<string, number>();
  const kib = (fs_: Iterable<string>) =>
    [...fs_].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + (size.get(f) ?? size.set(f, gzipKiB(path.join(dist, f))).get(f)!), 0);
  const initial = new Set(initialFiles);
  const initialKiB = kib(initial);
  // A page or layout not found would be measured without its chunks: refuse rather than under-count.
  const missing = [...new Set(PAGES.flatMap(([page, layouts]) => [...layouts, page]))].filter((name) => !deps.has(name));
  if (missing.length) throw new Error(`no lazy import of ${missing.join(', ')} found in the entry chunk`);
  return PAGES.map(([page, layouts, example]) => {
    const all = new Set(initial);
    for (const name of [...layouts, page]) for (const f of deps.get(name)!) all.add(f);
    const totalKiB = kib(all);
    return { page, path: example, totalKiB, beyondInitialKiB: totalKiB - initialKiB };
  });
}
