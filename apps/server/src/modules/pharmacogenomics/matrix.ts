/**
 * The phenotype matrix: for every recommendation row of a knowledge base, a synthetic call set made
 * from the row's own lookup key, read through the whole report build, must show CPIC's text for
 * that drug and population — the row's own, or a newer layer's row for the same key. The expected
 * row is found here without the matcher (by comparing lookup keys), so the check is independent of
 * it. A sample runs in `npm test`; the whole matrix in `npm run pgx-matrix -w apps/server`.
 */
import { PGX_HLA_GENES, populationLabel } from '@portal/contract';
import type { GeneCall } from './calls';
import type { Catalogue } from './catalogue';
import type { KbRecommendation, KnowledgeBaseContent, LookupTerm } from './knowledge-base';
import { buildReportRows, populationKey } from './mapping';

function notCalled(gene: string, haploid: boolean): GeneCall {
  const u = haploid ? 'Unknown' : 'Unknown/Unknown';
  return {
    gene,
    source: 'NONE',
    diplotype: u,
    label: u,
    allele1: 'Unknown',
    allele1Function: null,
    allele2: haploid ? null : 'Unknown',
    allele2Function: null,
    phenotype: 'No Result',
    activityScore: 'No Result',
    lookupPhenotype: 'No Result',
    lookupActivityScore: 'No Result',
  };
}

/** A called gene that answers exactly this lookup term. */
function calledFor(gene: string, term: LookupTerm, rec: KbRecommendation, catalogue: Catalogue): GeneCall {
  const def = catalogue.get(gene);
  const base = {
    ...notCalled(gene, def?.haploid ?? false),
    source: 'OUTSIDE' as const,
    allele1: null,
    allele2: null,
    diplotype: 'synthetic',
    label: 'synthetic',
  };
  switch (term.kind) {
    case 'activityScore':
      return term.value === 'n/a'
        ? { ...base, phenotype: 'Indeterminate', activityScore: 'n/a', lookupPhenotype: 'Indeterminate', lookupActivityScore: 'n/a' }
        : {
            ...base,
            phenotype: rec.phenotypes[gene] ?? '',
            activityScore: term.value,
            lookupPhenotype: rec.phenotypes[gene] ?? '',
            lookupActivityScore: term.value,
          };
    case 'diplotype':
      return { ...base, diplotype: term.value, label: term.value, phenotype: '', activityScore: '', lookupPhenotype: '', lookupActivityScore: '' };
    case 'phenotype': {
      if (PGX_HLA_GENES.has(gene)) {
        // One named allele's status (CPIC) or all of them (PharmCAT): every other named allele negative.
        const given = new Map(term.value.split(';').map((s) => s.trim().split(' ') as [string, string]));
        const statuses = (def?.namedAlleles ?? []).map((a) => `${a} ${given.get(a) ?? 'negative'}`).join(';');
        return { ...base, phenotype: statuses, activityScore: '', lookupPhenotype: statuses, lookupActivityScore: '' };
      }
      return { ...base, phenotype: term.value, activityScore: '', lookupPhenotype: term.value, lookupActivityScore: '' };
    }
    case 'noCall':
      return notCalled(gene, def?.haploid ?? false);
  }
}

/** Calls that answer the row's lookup key: its genes as the key says, every other gene not called. */
export function callsForKey(rec: KbRecommendation, catalogue: Catalogue): GeneCall[] {
  return [...catalogue.values()].map((def) =>
    rec.lookup[def.gene] ? calledFor(def.gene, rec.lookup[def.gene]!, rec, catalogue) : notCalled(def.gene, def.haploid),
  );
}

/** A lookup key compared as CPIC compares it: scores as numbers, the rest as written. */
const keyOf = (lookup: Record<string, LookupTerm>) =>
  JSON.stringify(
    Object.entries(lookup)
      .map(([g, t]) => [g, t.kind, t.kind === 'activityScore' && /^\d/.test(t.value) ? String(Number(t.value)) : t.value])
      .sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );

/** The row the report must show for this row's key: the newest layer's row with the same drug, population and key. */
export function expectedFor(kb: KnowledgeBaseContent, rec: KbRecommendation): KbRecommendation {
  const layer = new Map((kb.sources ?? []).map((s) => [s.id, s.layer]));
  const same = kb.recommendations.filter(
    (r) =>
      r.drug.toLowerCase() === rec.drug.toLowerCase() && populationKey(r.population) === populationKey(rec.population) && keyOf(r.lookup) === keyOf(rec.lookup),
  );
  return same.reduce((best, r) => ((layer.get(r.source ?? '') ?? 0) > (layer.get(best.source ?? '') ?? 0) ? r : best), rec);
}

/** Problems of one row's case; none when the report shows CPIC's text (or says it cannot answer, where CPIC does not). */
export function checkCase(kb: KnowledgeBaseContent & { version: string; label: string }, rec: KbRecommendation, catalogue: Catalogue): string[] {
  const expected = expectedFor(kb, rec);
  const rows = buildReportRows(kb, callsForKey(rec, catalogue), catalogue);
  const population = populationLabel(populationKey(rec.population));
  const problems: string[] = [];
  const where = `${rec.drug} [${population}] ${keyOf(rec.lookup)}`;
  for (const [gene, term] of Object.entries(rec.lookup)) {
    if (term.kind === 'noCall' && !rec.genes.includes(gene)) continue;
    if (term.kind === 'noCall') {
      // An untested gene is said to be untested, once, never given the other genes' recommendation as its result.
      const untested = rows.filter((r) => r.genericName.toLowerCase() === rec.drug.toLowerCase() && r.gene === gene);
      if (untested.length !== 1 || untested[0]!.coverage !== 'notCovered' || !untested[0]!.note?.startsWith(`${gene} not tested`))
        problems.push(`${where}: ${gene} should read '${gene} not tested' once, reads ${JSON.stringify(untested.map((r) => r.note ?? r.recommendation))}`);
      continue;
    }
    const row = rows.find((r) => r.genericName.toLowerCase() === rec.drug.toLowerCase() && r.gene === gene && r.specialtyPopulation === population);
    if (!row) {
      problems.push(`${where}: no ${gene} row`);
      continue;
    }
    const text = expected.recommendation.trim();
    const undetermined = term.value === 'n/a' || /^indeterminate$/i.test(term.value);
    if (!text || (/^no recommendation\b/i.test(text) && undetermined)) {
      if (row.coverage !== 'notCovered') problems.push(`${where}: ${gene} should read not covered, reads '${row.recommendation}'`);
    } else if (row.recommendation !== text || row.classification !== (expected.classification || null)) {
      problems.push(`${where}: ${gene} reads '${row.recommendation}' (${row.classification}), CPIC says '${text}' (${expected.classification})`);
    } else if (!row.source) problems.push(`${where}: ${gene} names no source`);
  }
  return problems;
}

export function runMatrix(kb: KnowledgeBaseContent & { version: string; label: string }, catalogue: Catalogue, every = 1) {
  const cases = kb.recommendations.filter((_, i) => i % every === 0);
  const problems = cases.flatMap((rec) => checkCase(kb, rec, catalogue));
  return { cases: cases.length, problems };
}
