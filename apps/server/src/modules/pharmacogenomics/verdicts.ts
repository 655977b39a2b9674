/**
 * One clinical reading of each drug, computed once (docs/decisions/021). From the report's rows as
 * the API answers them (with the patient's current medicines laid over them), every drug gets a
 * verdict: per CPIC population, the tier of CPIC's advice beside CPIC's whole text and
 * classification, every gene and phenotype the advice rests on (a two-gene recommendation names
 * both), the alternatives CPIC's text names, where it comes from; the genes that could not be read;
 * the phenoconverted reading where a current medicine inhibits the enzyme; what is heritable.
 *
 * The Overview, the report, its PDF, Ask AI and the FHIR export render these verdicts. None of them
 * derives a reading of its own from the rows.
 */
import {
  PGX_HLA_GENES,
  PGX_MESSAGES,
  type PgxPhenoconverter,
  type PgxReportRow,
  type PgxTier,
  type PgxVerdict,
  type PgxVerdictReading,
} from '@portal/contract';
import { splitRecommendation } from './mapping';
import { mostSevere, tierOf, tierRank } from './tiers';

/** The tier of a report row: CPIC's 'no recommendation' is no advice; a row the knowledge base cannot answer is not covered. */
export function rowTier(r: Pick<PgxReportRow, 'coverage' | 'recommendation' | 'classification'>): PgxTier {
  if (r.coverage === 'notCovered') return 'notCovered';
  if (r.coverage === 'noRecommendation') return 'noAdvice';
  return tierOf(r.recommendation, r.classification);
}

/**
 * Where CPIC's text names what to use instead, in its own words: 'Use prasugrel or ticagrelor at
 * standard dose', 'Such agents include isavuconazole, liposomal amphotericin B, and posaconazole',
 * 'include the secondary amines nortriptyline and desipramine', '(i.e., granisetron)', 'such as an
 * aromatase inhibitor for …'. Only these shapes: a name is taken from CPIC's sentence, never guessed
 * from a word list, and 'consider a non-tramadol opioid' names no alternative.
 */
const NAMED_ALTERNATIVES = [
  /\buse ([a-z][\w-]*(?:(?:,\s*|\s+or\s+)[a-z][\w-]*)+) at standard dose/gi,
  /\bsuch agents include ([^.;]+)/gi,
  /\binclude the [a-z\s]+? amines ([a-z][\w-]*(?:(?:,\s*|\s+and\s+)[a-z][\w-]*)+)/gi,
  /\(i\.e\.,?\s*([a-z][\w-]*)\)/gi,
  /\bsuch as (?:an? )?([a-z][a-z\s]+?) for /gi,
];

/** The alternatives CPIC's recommendation names for this drug, in the order it names them. */
export function alternativesIn(recommendation: string | null, drug: string): string[] {
  if (!recommendation) return [];
  const { main } = splitRecommendation(recommendation);
  const found: Array<{ at: number; name: string }> = [];
  for (const re of NAMED_ALTERNATIVES) {
    for (const m of main.matchAll(re)) {
      const names = m[1]!
        .split(/,\s*(?:and\s+|or\s+)?|\s+(?:or|and)\s+/)
        .map((n) => n.trim().replace(/\.$/, ''))
        .filter((n) => n && n.split(/\s+/).length <= 3 && n.toLowerCase() !== drug.toLowerCase());
      for (const name of names) if (!found.some((f) => f.name === name)) found.push({ at: m.index + m[0].indexOf(name), name });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

const genesOf = (rows: PgxReportRow[]) => {
  const out = new Map<string, { gene: string; phenotype: string | null; activityScore: string | null }>();
  for (const r of rows) if (!out.has(r.gene)) out.set(r.gene, { gene: r.gene, phenotype: r.phenotype, activityScore: r.activityScore });
  return [...out.values()];
};

const population = (p: string | null) => (p && p !== 'General' ? p : null);

/** One reading from the rows that say the same thing for one population (a two-gene recommendation has a row per gene). */
function readingOf(rows: PgxReportRow[]): PgxVerdictReading {
  const first = rows[0]!;
  const tier = rowTier(first);
  return {
    population: population(first.specialtyPopulation),
    tier,
    genes: genesOf(rows),
    recommendation: first.recommendation,
    classification: first.classification,
    implications: rows.filter((r) => r.implication).map((r) => `${r.gene}: ${r.implication}`),
    alternatives: tier === 'avoid' || tier === 'adjust' ? alternativesIn(first.recommendation, first.genericName) : [],
    source: first.source,
    guidelineUpdatedOn: first.guidelineUpdatedOn,
    guidelineName: first.guidelineName,
    guidelineUrl: first.guidelineUrl,
    cpicLevel: first.cpicLevel,
    levelInferred: first.levelInferred,
    note: first.coverage === 'notCovered' ? first.note : null,
  };
}

function groupBy<T>(items: T[], key: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const i of items) groups.set(key(i), [...(groups.get(key(i)) ?? []), i]);
  return [...groups.values()];
}

/** A gap's reason said with its gene, unless the reason already names it. */
const withGene = (r: PgxReportRow) => (r.note?.startsWith(r.gene) ? r.note : `${r.gene}: ${r.note ?? PGX_MESSAGES.notCovered}`);

/** What CPIC advises if the enzyme's activity were what a strong inhibitor leaves (CYP2D6 activity score 0): the most severe population's. */
function convertedReading(rows: PgxReportRow[]): PgxVerdictReading | null {
  const readings = rows
    .filter((r) => r.ifPhenoconverted)
    .map((r): PgxVerdictReading => {
      const c = r.ifPhenoconverted!;
      const tier = tierOf(c.recommendation, c.classification);
      return {
        population: population(r.specialtyPopulation),
        tier,
        genes: [{ gene: r.gene, phenotype: c.phenotype, activityScore: c.activityScore }],
        recommendation: c.recommendation,
        classification: c.classification,
        implications: c.implication ? [`${r.gene}: ${c.implication}`] : [],
        alternatives: alternativesIn(c.recommendation, r.genericName),
        source: c.source,
        guidelineUpdatedOn: null,
        guidelineName: r.guidelineName,
        guidelineUrl: r.guidelineUrl,
        cpicLevel: r.cpicLevel,
        levelInferred: r.levelInferred,
        note: null,
      };
    });
  return readings.sort((a, b) => tierRank(a.tier) - tierRank(b.tier))[0] ?? null;
}

/** What a result means beyond this prescription: the family (MT-RNR1), or a lifelong record (an HLA risk allele carried). */
export function heritableNotes(genes: Array<{ gene: string; phenotype: string | null }>): string[] {
  const out: string[] = [];
  for (const g of genes) {
    if (g.gene === 'MT-RNR1' && /increased risk/i.test(g.phenotype ?? '')) out.push(PGX_MESSAGES.heritable.mtRnr1);
    if (PGX_HLA_GENES.has(g.gene))
      for (const s of (g.phenotype ?? '').split(';').map((x) => x.trim()))
        if (s.endsWith(' positive')) out.push(PGX_MESSAGES.heritable.hla(`${g.gene}${s.slice(0, -' positive'.length)}`));
  }
  return [...new Set(out)];
}

/** Every drug of the report as a prescriber reads it, from the whole report's rows as the API answers them. */
export function drugVerdicts(rows: PgxReportRow[]): PgxVerdict[] {
  const verdicts: PgxVerdict[] = [];
  for (const drugRows of groupBy(rows, (r) => r.genericName.toLowerCase())) {
    const covered = drugRows.filter((r) => r.coverage !== 'notCovered');
    const gaps = drugRows.filter((r) => r.coverage === 'notCovered');
    const readings = covered.length
      ? groupBy(covered, (r) => JSON.stringify([r.specialtyPopulation, r.recommendation, r.classification])).map((g) => readingOf(g))
      : groupBy(gaps, (r) => JSON.stringify([r.specialtyPopulation, r.note])).map((g) => readingOf(g));
    readings.sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || (a.population ?? '').localeCompare(b.population ?? ''));
    const converters = new Map<string, PgxPhenoconverter>();
    for (const r of drugRows) for (const c of r.phenoconversion) converters.set(`${c.medicine}|${c.enzyme}|${c.kind}`, c);
    const flagged = [...converters.values()];
    const reading = flagged.length ? convertedReading(drugRows) : null;
    const first = drugRows[0]!;
    verdicts.push({
      drug: first.genericName,
      tier: mostSevere(readings.map((r) => r.tier)),
      taking: drugRows.some((r) => r.taking),
      category: first.category,
      class: first.class,
      readings,
      untested: covered.length ? [...new Set(gaps.map(withGene))] : [],
      phenoconversion: flagged.length ? { converters: flagged, reading, text: PGX_MESSAGES.phenoconversionVerdict(flagged, reading?.tier ?? null) } : null,
      heritable: readings.some((r) => r.tier === 'avoid' || r.tier === 'adjust') ? heritableNotes(readings.flatMap((r) => r.genes)) : [],
    });
  }
  return verdicts.sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || Number(b.taking) - Number(a.taking) || a.drug.localeCompare(b.drug));
}
