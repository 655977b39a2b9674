/**
 * `npm run pgx-matrix -w apps/server`: the whole phenotype matrix of the shipped knowledge base (see
 * modules/pharmacogenomics/matrix.ts). Every recommendation row's own lookup key, read through the
 * report build, must show CPIC's text. Prints the count of cases and every problem; exits 1 on any.
 */
import { loadCatalogue } from '../modules/pharmacogenomics/catalogue';
import { shippedKnowledgeBase } from '../modules/pharmacogenomics/knowledge-base';
import { runMatrix } from '../modules/pharmacogenomics/matrix';

const started = Date.now();
const kb = shippedKnowledgeBase();
const { cases, problems } = runMatrix(kb, loadCatalogue());
for (const p of problems) console.log(p);
const drugs = new Set(kb.recommendations.map((r) => r.drug.toLowerCase())).size;
console.log(`${cases} recommendation rows of ${drugs} drugs (${kb.version}): ${problems.length} problems, ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exitCode = problems.length ? 1 : 0;
