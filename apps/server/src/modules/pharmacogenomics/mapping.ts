/**
 * From a patient's calls and a knowledge base to the report: which CPIC recommendations apply
 * (CPIC's lookup: activity score, allele status or phenotype, every gene a row names), and one
 * report row per drug, gene and population.
 *
 * Nothing is guessed. A field the data does not give stays empty ('not stated', 'not graded'); a
 * drug-gene pair the knowledge base cannot answer says so in words of its own ('not covered'),
 * never as a blank that reads like 'nothing to do'.
 */
import { PGX_HLA_GENES, PGX_MESSAGES, evidenceLevelsOf, populationLabel, type PgxCoverage } from '@portal/contract';
import { longDate } from '../../lib/dates';
import { labelsFor } from './atc';
import { metabolizerSpeedOf, noValue, type GeneCall } from './calls';
import type { Catalogue } from './catalogue';
import { SHIPPED_SOURCES, type KbRecommendation, type KbSource, type KnowledgeBase, type KnowledgeBaseContent, type LookupTerm } from './knowledge-base';

const NUMERIC_SCORE = /^[≥>]?\d+(\.\d+)?$/;

/** Two activity scores as numbers ('1' is '1.0'); a blank or 'n/a' is no score and equals no number (never 0). */
function sameScore(a: string, b: string): boolean {
  if (a === b) return NUMERIC_SCORE.test(a);
  return /^\d+(\.\d+)?$/.test(a) && /^\d+(\.\d+)?$/.test(b) && Number(a) === Number(b);
}

function sameDiplotype(a: string, b: string): boolean {
  if (a === b) return true;
  const sorted = (d: string) =>
    d
      .split('/')
      .map((s) => s.trim())
      .sort()
      .join('/');
  return sorted(a) === sorted(b);
}

function termMatches(term: LookupTerm, call: GeneCall | undefined): boolean {
  const called = call !== undefined && call.source !== 'NONE';
  switch (term.kind) {
    case 'noCall':
      return !called;
    case 'activityScore':
      // CPIC's 'n/a' score is the row for a called gene without a score (indeterminate, blank or absent).
      if (term.value === 'n/a') return called && !NUMERIC_SCORE.test(call.lookupActivityScore);
      return called && sameScore(call.lookupActivityScore, term.value);
    case 'diplotype':
      return called && sameDiplotype(call.label, term.value);
    case 'phenotype': {
      if (!call) return false;
      // An HLA call reports every allele's status; a recommendation names one (CPIC) or all (PharmCAT's rows) of them.
      if (PGX_HLA_GENES.has(call.gene)) {
        const statuses = new Set(call.lookupPhenotype.split(';').map((s) => s.trim()));
        return term.value.split(';').every((s) => statuses.has(s.trim()));
      }
      return call.lookupPhenotype === term.value;
    }
  }
}

export function recommendationMatches(rec: KbRecommendation, calls: Map<string, GeneCall>): boolean {
  return Object.entries(rec.lookup).every(([gene, term]) => termMatches(term, calls.get(gene)));
}

export const callsByGene = (calls: GeneCall[]) => new Map(calls.map((c) => [c.gene, c]));

/** CPIC's population code as one key: trimmed ('CVI ACS PCI ' has a trailing space), none is general. */
export const populationKey = (p: string) => {
  const t = p.trim();
  return t === '' || t === 'n/a' ? 'general' : t;
};

/** The sources of a knowledge base; a version stored before sources were kept has one unnamed layer. */
const sourcesOf = (kb: Pick<KnowledgeBaseContent, 'sources'>) => new Map((kb.sources ?? []).map((s) => [s.id, s]));
const layerOf = (sources: Map<string, KbSource>, r: KbRecommendation) => (r.source ? (sources.get(r.source)?.layer ?? 0) : 0);

/**
 * The knowledge base's recommendations that apply to these calls, in the table's order. For one
 * drug and population only the newest layer's matching rows count: a newer CPIC table takes
 * precedence over an older one for the same lookup key.
 */
export function matchRecommendations(kb: Pick<KnowledgeBaseContent, 'recommendations' | 'sources'>, calls: GeneCall[]): KbRecommendation[] {
  const byGene = callsByGene(calls);
  const sources = sourcesOf(kb);
  const all = kb.recommendations.filter((r) => recommendationMatches(r, byGene));
  const newest = new Map<string, number>();
  const key = (r: KbRecommendation) => `${r.drug.toLowerCase()}|${populationKey(r.population)}`;
  for (const r of all) newest.set(key(r), Math.max(newest.get(key(r)) ?? -1, layerOf(sources, r)));
  return all.filter((r) => layerOf(sources, r) === newest.get(key(r)));
}

/** One row of a report before it is stored. */
export interface ReportRowDraft {
  position: number;
  category: string[];
  therapeuticClass: string[];
  atcCodes: string[];
  genericName: string;
  gene: string;
  phenotypeCategory: string | null;
  variantHaplotype: string | null;
  sampleGenotype: string | null;
  genotypeAllele: string | null;
  refAllele: string | null;
  altAllele: string | null;
  phenotype: string | null;
  metabolizerSpeed: string | null;
  activityScore: string | null;
  implication: string | null;
  recommendation: string | null;
  classification: string | null;
  cpicLevel: string | null;
  levelOfEvidence: number[];
  specialtyPopulation: string | null;
  diseasePhenotype: string | null;
  guidelineName: string | null;
  guidelineUrl: string | null;
  pmids: string[];
  note: string | null;
  /** A recommendation of the knowledge base applies to this row. */
  matched: boolean;
  /** Recommendation (CPIC's text), CPIC's 'no recommendation', or not covered by the knowledge base. */
  coverage: PgxCoverage;
  /** The CPIC table (version) the recommendation comes from; null when none applies. */
  source: string | null;
  /** CPIC changed this drug's recommendations after that table (its change log): the latest such date. */
  guidelineUpdatedOn: string | null;
  /** The level is A/B because the pair has a CPIC recommendation, not because the levels file grades it. */
  levelInferred: boolean;
  /** CPIC's comments on the recommendation, where it has them. */
  comments: string | null;
}

/** The part of a recommendation's implications about one gene ('CYP2D6: …' among ' | '-joined parts). */
export function implicationFor(implications: string, gene: string): string | null {
  const text = implications.trim();
  if (!text) return null;
  const parts = text.split(' | ').map((p) => p.trim());
  const prefixed = parts.filter((p) => /^[A-Z0-9-]+: /.test(p));
  if (prefixed.length === 0) return text;
  const mine = prefixed.find((p) => p.startsWith(`${gene}: `));
  return mine ? mine.slice(gene.length + 2).trim() : null;
}

/**
 * Phenotype category (Toxicity, Efficacy, Dosage, Metabolism/PK, PD, Other) from what the
 * recommendation says: its type first (a dosing recommendation is Dosage, other prescribing
 * guidance is Other), then the words of its implication. Nothing matched: not stated (null).
 */
export function phenotypeCategoryOf(rec: KbRecommendation, implication: string | null): string | null {
  if (rec.dosingInfo) return 'Dosage';
  if (rec.otherGuidance) return 'Other';
  const text = (implication ?? '').toLowerCase();
  if (
    /toxicity|hypersensitivity|sjs\/ten|\bscar\b|myopathy|hemolytic|haemolytic|myelosuppression|leukopenia|hearing loss|malignant hyperthermia|side effects/.test(
      text,
    )
  )
    return 'Toxicity';
  if (/efficacy|therapeutic failure|\bresponse\b|responsive|recurrence/.test(text)) return 'Efficacy';
  if (/metabolism|metabolite|concentration|exposure|trough|plasma|\bdpd activity\b|\bactivity\b/.test(text)) return 'Metabolism/PK';
  return null;
}

/**
 * A disease or condition the data itself names for this row: in the population (CPIC's clopidogrel
 * indications, which the recommendation text spells out), the gene's phenotype (malignant
 * hyperthermia susceptibility, aminoglycoside-induced hearing loss, G6PD deficiency) or the
 * implication's words. Nothing named: not stated (null).
 */
export function diseasePhenotypeOf(population: string, phenotype: string | null, implication: string | null): string | null {
  const pop = populationKey(population);
  if (pop === 'CVI ACS PCI') return 'Acute coronary syndrome or PCI (cardiovascular)';
  if (pop === 'CVI non-ACS non-PCI') return 'Cardiovascular disease without ACS or PCI';
  if (pop === 'NVI') return 'Neurovascular disease';
  const text = `${phenotype ?? ''} ${implication ?? ''}`.toLowerCase();
  const named: Array<[RegExp, string]> = [
    [/malignant hyperthermia/, 'Malignant hyperthermia'],
    [/hearing loss/, 'Aminoglycoside-induced hearing loss'],
    [/cystic fibrosis|\bcf patients\b/, 'Cystic fibrosis'],
    [/sjs\/ten/, 'Stevens-Johnson syndrome / toxic epidermal necrolysis'],
    [/\bscar\b/, 'Severe cutaneous adverse reactions'],
    [/hypersensitivity/, 'Drug hypersensitivity'],
    [/hemolytic anemia|haemolytic anaemia/, 'Acute haemolytic anaemia'],
    [/\bdeficient\b|deficiency/, 'G6PD deficiency'],
    [/myopathy/, 'Myopathy'],
    [/leukopenia|neutropenia|myelosuppression/, 'Myelosuppression'],
    [/breast cancer/, 'Breast cancer'],
  ];
  for (const [re, label] of named) if (re.test(text)) return label;
  return null;
}

function haplotypes(call: GeneCall): string[] {
  return [call.allele1, call.allele2].filter((a): a is string => a !== null && a !== 'Unknown');
}

/** A haplotype's function is a normal one ('Normal function', 'IV/Normal', 'Normal coumarin sensitivity'). */
const isNormalFunction = (f: string) => /\bnormal\b/i.test(f);

/**
 * The genotype columns, from what the calls say: the diplotype, its haplotypes with their
 * functions, the reference haplotype where the data names one, and the variant haplotypes (those
 * with a function that is not normal; for HLA, the risk alleles the call carries). Where a function
 * is not given, whether a haplotype is a variant is not stated (null).
 */
function genotypeColumns(call: GeneCall | undefined, catalogue: Catalogue) {
  const def = call ? catalogue.get(call.gene) : undefined;
  const ref = def?.referenceAllele ?? null;
  if (!call || call.source === 'NONE') {
    return { sampleGenotype: null, genotypeAllele: null, refAllele: ref, altAllele: null, variantHaplotype: null };
  }
  const withFunction = (a: string | null, f: string | null) => (a === null ? null : f ? `${a} (${f})` : a);
  const genotypeAllele = [withFunction(call.allele1, call.allele1Function), withFunction(call.allele2, call.allele2Function)].filter(Boolean).join(' / ');
  if (PGX_HLA_GENES.has(call.gene)) {
    const positive = call.phenotype
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s.endsWith(' positive'))
      .map((s) => s.slice(0, -' positive'.length));
    return {
      sampleGenotype: call.diplotype,
      genotypeAllele,
      refAllele: null,
      altAllele: positive.length ? positive.join(', ') : 'none',
      variantHaplotype: positive.length ? positive.join(', ') : 'none',
    };
  }
  const haps: Array<[string, string | null]> = [
    [call.allele1, call.allele1Function],
    [call.allele2, call.allele2Function],
  ].filter((h): h is [string, string | null] => h[0] !== null && h[0] !== 'Unknown');
  const known = haps.filter(([h, f]) => h === ref || f !== null);
  const variants = known.filter(([h, f]) => h !== ref && f !== null && !isNormalFunction(f));
  const distinct = [...new Map(variants.map((v) => [v[0], v])).values()];
  const stated = known.length === haps.length;
  return {
    sampleGenotype: call.diplotype,
    genotypeAllele,
    refAllele: ref,
    altAllele: distinct.length ? distinct.map(([h]) => h).join(', ') : stated ? 'none' : null,
    variantHaplotype: distinct.length ? distinct.map(([h, f]) => withFunction(h, f)).join(', ') : stated ? 'none' : null,
  };
}

/** What the knowledge base knows beside its rows, worked out once per version. */
interface KbIndex {
  sources: Map<string, KbSource>;
  /** drug|gene pairs with a CPIC recommendation text: level A/B unless the levels file says otherwise. */
  recommended: Set<string>;
  guidelines: Map<string, { name: string | null; url: string | null; pmids: string[]; notes?: string | null }>;
  /** Per drug, its RECOMMENDATION changes, newest first. */
  changes: Map<string, Array<{ date: string }>>;
  /** The oldest table's date: a drug it cannot answer is checked for changes since then. */
  baseDate: string;
  /** Per drug, the date of the newest complete table that has rows for it (a partial layer answers only some phenotypes). */
  completeDate: Map<string, string>;
  /** Every drug-gene pair the knowledge base knows, in report order. */
  pairs: Array<{ drug: string; gene: string }>;
  /** Drugs (lower case) with at least one recommendation text. */
  drugsWithText: Set<string>;
  /** drug|gene: how the drug's rows key the gene (activity score or phenotype), and the HLA alleles they name. */
  keyedBy: Map<string, { score: boolean; alleles: Set<string> }>;
}
const indexes = new WeakMap<object, KbIndex>();
const pairKey = (drug: string, gene: string) => `${drug.toLowerCase()}|${gene}`;

function indexOf(kb: KnowledgeBaseContent): KbIndex {
  const hit = indexes.get(kb);
  if (hit) return hit;
  const sources = sourcesOf(kb);
  const recommended = new Set<string>();
  const keyedBy = new Map<string, { score: boolean; alleles: Set<string> }>();
  const completeDate = new Map<string, string>();
  for (const r of kb.recommendations) {
    for (const [g, term] of Object.entries(r.lookup)) {
      const k = keyedBy.get(pairKey(r.drug, g)) ?? { score: false, alleles: new Set<string>() };
      if (term.kind === 'activityScore') k.score = true;
      // CPIC keys an HLA row on one allele's status; PharmCAT's rows list every named allele, which says nothing of which one matters.
      if (term.kind === 'phenotype' && PGX_HLA_GENES.has(g) && !term.value.includes(';')) k.alleles.add(term.value.trim().replace(/ (positive|negative)$/, ''));
      keyedBy.set(pairKey(r.drug, g), k);
    }
    const source = r.source ? sources.get(r.source) : undefined;
    if (source && !source.partial && source.date > (completeDate.get(r.drug.toLowerCase()) ?? '')) completeDate.set(r.drug.toLowerCase(), source.date);
    if (!r.recommendation.trim()) continue;
    for (const g of r.genes) if (r.lookup[g]?.kind !== 'noCall') recommended.add(pairKey(r.drug, g));
  }
  const guidelines = new Map<string, { name: string | null; url: string | null; pmids: string[]; notes?: string | null }>();
  for (const g of kb.guidelines ?? []) guidelines.set(g.drug.toLowerCase(), g);
  for (const r of kb.recommendations)
    if (!guidelines.has(r.drug.toLowerCase())) guidelines.set(r.drug.toLowerCase(), { name: r.guideline, url: r.guidelineUrl, pmids: r.pmids });
  const changes = new Map<string, Array<{ date: string }>>();
  for (const c of kb.changes ?? [])
    changes.set(
      c.drug,
      [...(changes.get(c.drug) ?? []), c].sort((a, b) => b.date.localeCompare(a.date)),
    );
  const dates = [...sources.values()].map((s) => s.date).sort();
  // Drug-gene pairs, named as the knowledge base names the drug.
  const pairs = new Map<string, { drug: string; gene: string }>();
  const addPair = (drug: string, gene: string) => {
    const key = pairKey(drug, gene);
    if (!pairs.has(key)) pairs.set(key, { drug, gene });
  };
  for (const r of kb.recommendations) for (const g of r.genes) if (r.lookup[g]?.kind !== 'noCall') addPair(r.drug, g);
  for (const g of kb.guidelines ?? []) for (const gene of g.genes) addPair(g.drug, gene);
  for (const l of kb.levels) addPair(l.drug, l.gene);
  const index: KbIndex = {
    sources,
    recommended,
    guidelines,
    changes,
    baseDate: dates[0] ?? SHIPPED_SOURCES[0]!.date,
    completeDate,
    pairs: [...pairs.values()].sort((a, b) => a.drug.localeCompare(b.drug) || a.gene.localeCompare(b.gene)),
    drugsWithText: new Set(kb.recommendations.filter((r) => r.recommendation.trim()).map((r) => r.drug.toLowerCase())),
    keyedBy,
  };
  indexes.set(kb, index);
  return index;
}

/** The newest date CPIC changed the drug's recommendations after `since`, if it did. */
function updatedAfter(index: KbIndex, drug: string, since: string): string | null {
  const newest = index.changes.get(drug.toLowerCase())?.[0];
  return newest && newest.date > since ? newest.date : null;
}

/** Is CPIC's text its bare 'No recommendation' (as it writes for uncalled and indeterminate genes)? */
const saysNoRecommendation = (text: string) => /^no recommendation\b/i.test(text.trim());

const called = (call: GeneCall | undefined): call is GeneCall => call !== undefined && call.source !== 'NONE';

/** The call cannot answer a lookup: not called, or an indeterminate, blank or absent phenotype or score. */
function undetermined(call: GeneCall | undefined): boolean {
  if (!called(call)) return true;
  return /^indeterminate$/i.test(call.lookupPhenotype) || (noValue(call.lookupPhenotype) && noValue(call.lookupActivityScore));
}

/**
 * An HLA row's phenotype: the statuses of the alleles CPIC keys this drug on ('*57:01 positive' for
 * abacavir), not every allele a PharmCAT row lists, which would name alleles that have nothing to do
 * with the drug. Without such alleles, the statuses as given.
 */
function hlaStatusesFor(statuses: string, alleles: Set<string> | undefined): string | null {
  const all = statuses
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const mine = alleles?.size ? all.filter((s) => alleles.has(s.replace(/ (positive|negative)$/, ''))) : all;
  return (mine.length ? mine : all).join(';') || null;
}

/** CPIC's notes say the drug's guidance does not follow a simple lookup (warfarin's dosing algorithm). */
function notALookup(index: KbIndex, drug: string): string | null {
  const notes = index.guidelines.get(drug.toLowerCase())?.notes;
  return notes && /does not follow simple/i.test(notes) ? PGX_MESSAGES.notCoveredWhy.algorithm(drug) : null;
}

/**
 * Why the knowledge base cannot answer this drug and gene for this call, in words that blame the
 * right thing: a gene not tested or not called, a score or phenotype the lab did not report, an HLA
 * status it did not give, CPIC's guidance not being a table, or a table older than CPIC's guideline.
 */
function whyNotCovered(index: KbIndex, drug: string, gene: string, call: GeneCall | undefined, catalogue: Catalogue): string {
  const key = pairKey(drug, gene);
  const keyed = index.keyedBy.get(key);
  const tableDate = index.completeDate.get(drug.toLowerCase()) ?? index.baseDate;
  const newer = updatedAfter(index, drug, tableDate);
  const predates = newer ? PGX_MESSAGES.notCoveredWhy.predates(longDate(tableDate), drug, longDate(newer)) : null;
  if (!index.drugsWithText.has(drug.toLowerCase())) return notALookup(index, drug) ?? predates ?? PGX_MESSAGES.notCoveredWhy.noRows;
  if (!call || call.source === 'NONE') {
    if (call?.note) return `${PGX_MESSAGES.notCoveredWhy.notCalled} ${call.note}`;
    const alleles = PGX_HLA_GENES.has(gene) ? [...(keyed?.alleles ?? catalogue.get(gene)?.namedAlleles ?? [])].sort() : [];
    return PGX_MESSAGES.notCoveredWhy.notTested(gene, alleles);
  }
  if (/^indeterminate$/i.test(call.lookupPhenotype)) return PGX_MESSAGES.notCoveredWhy.indeterminate;
  if (keyed?.score && !NUMERIC_SCORE.test(call.lookupActivityScore)) return PGX_MESSAGES.notCoveredWhy.noScore(gene);
  if (PGX_HLA_GENES.has(gene)) {
    const statuses = new Set(call.lookupPhenotype.split(';').map((s) => s.trim().replace(/ (positive|negative)$/, '')));
    const unknown = [...(keyed?.alleles ?? [])].sort().find((a) => !statuses.has(a));
    if (unknown) return PGX_MESSAGES.notCoveredWhy.statusUnknown(gene, unknown);
  }
  if (!keyed?.score && noValue(call.lookupPhenotype) && !PGX_HLA_GENES.has(gene)) return PGX_MESSAGES.notCoveredWhy.noPhenotype(gene);
  return predates ?? PGX_MESSAGES.notCoveredWhy.noRow;
}

/**
 * The report rows for these calls: for every drug-gene pair the knowledge base knows (from its
 * recommendations, its guidelines and its CPIC levels), one row per matching recommendation (one
 * per population), or one row saying why the knowledge base cannot answer. A gene a recommendation
 * needs untested (CPIC's 'No Result' key) gets a row saying so, never that recommendation as its
 * own result: the recommendation shows under the genes that were tested.
 */
export function buildReportRows(kb: KnowledgeBase, calls: GeneCall[], catalogue: Catalogue): ReportRowDraft[] {
  const byGene = callsByGene(calls);
  const matched = matchRecommendations(kb, calls);
  const index = indexOf(kb);
  const drugs = new Map(kb.drugs.map((d) => [d.name.toLowerCase(), d]));
  const levelOf = new Map(kb.levels.map((l) => [pairKey(l.drug, l.gene), l.level]));

  const matchedByDrug = new Map<string, KbRecommendation[]>();
  for (const r of matched) matchedByDrug.set(r.drug.toLowerCase(), [...(matchedByDrug.get(r.drug.toLowerCase()) ?? []), r]);

  const rows: ReportRowDraft[] = [];
  for (const { drug, gene } of index.pairs) {
    const info = drugs.get(drug.toLowerCase());
    const atc = info?.atc ?? [];
    const { categories, classes } = labelsFor(atc, index.guidelines.get(drug.toLowerCase())?.name ?? null);
    const call = byGene.get(gene);
    const isCalled = called(call);
    const def = catalogue.get(gene);
    const fileLevel = levelOf.get(pairKey(drug, gene)) ?? null;
    const guideline = index.guidelines.get(drug.toLowerCase());
    const base = {
      category: categories,
      therapeuticClass: classes,
      atcCodes: atc,
      genericName: drug,
      gene,
      ...genotypeColumns(call, catalogue),
      activityScore: isCalled && !noValue(call.activityScore) ? call.activityScore : null,
      metabolizerSpeed: isCalled ? metabolizerSpeedOf(def, call.phenotype) : null,
    };
    /** CPIC writes recommendations only for level A and B pairs: a recommended pair without a level in the file is A/B. */
    const level = (given: string | null) => {
      const inferred = !given && index.recommended.has(pairKey(drug, gene));
      const cpicLevel = given ?? (inferred ? 'A/B' : null);
      return { cpicLevel, levelOfEvidence: evidenceLevelsOf(cpicLevel), levelInferred: inferred };
    };
    const notCovered = (note: string, population: string | null = null): ReportRowDraft => ({
      ...base,
      position: rows.length,
      phenotype: call?.phenotype || null,
      phenotypeCategory: null,
      implication: null,
      recommendation: null,
      classification: null,
      ...level(fileLevel),
      specialtyPopulation: population,
      diseasePhenotype: isCalled ? diseasePhenotypeOf('', call.phenotype, null) : null,
      guidelineName: guideline?.name ?? null,
      guidelineUrl: guideline?.url ?? null,
      pmids: guideline?.pmids ?? [],
      note,
      matched: false,
      coverage: 'notCovered',
      source: null,
      guidelineUpdatedOn: updatedAfter(index, drug, index.baseDate),
      comments: null,
    });
    // A row names the gene as a key or as a gene that must be uncalled (PharmCAT's 'HLA-A: Unknown' rows).
    const recs = (matchedByDrug.get(drug.toLowerCase()) ?? []).filter((r) => r.genes.includes(gene) || gene in r.lookup);
    const fileLowLevel = fileLevel !== null && evidenceLevelsOf(fileLevel).every((l) => l > 2) && !index.recommended.has(pairKey(drug, gene));
    if (recs.length === 0 || recs.every((r) => r.lookup[gene]?.kind === 'noCall')) {
      rows.push(notCovered(fileLowLevel ? PGX_MESSAGES.notCoveredWhy.levelOnly(fileLevel) : whyNotCovered(index, drug, gene, call, catalogue)));
      continue;
    }
    for (const rec of recs) {
      // This gene untested in a recommendation that answers for the others: said once above, not per population.
      if (rec.lookup[gene]?.kind === 'noCall') continue;
      const implication = implicationFor(rec.implications, gene);
      // An HLA row answers for the allele status it is keyed on ('*58:01 positive'), not the whole call.
      const term = rec.lookup[gene];
      const phenotype = PGX_HLA_GENES.has(gene)
        ? hlaStatusesFor(
            rec.phenotypes[gene] || (term?.kind === 'phenotype' ? term.value : call?.phenotype) || '',
            index.keyedBy.get(pairKey(drug, gene))?.alleles,
          )
        : rec.phenotypes[gene] || call?.phenotype || null;
      const population = populationLabel(populationKey(rec.population));
      const source = rec.source ? index.sources.get(rec.source) : undefined;
      const text = rec.recommendation.trim();
      // CPIC's 'No recommendation' for an uncalled or unscored gene is a gap, not advice: say why.
      const noScoreRow = term?.kind === 'activityScore' && term.value === 'n/a';
      if (!text || (saysNoRecommendation(text) && (undetermined(call) || noScoreRow))) {
        rows.push({
          ...notCovered(!text ? (notALookup(index, drug) ?? PGX_MESSAGES.notCoveredWhy.noText) : whyNotCovered(index, drug, gene, call, catalogue), population),
          implication,
          comments: rec.comments ?? null,
        });
        continue;
      }
      rows.push({
        ...base,
        position: rows.length,
        phenotype,
        phenotypeCategory: phenotypeCategoryOf(rec, implication),
        implication,
        recommendation: text,
        classification: rec.classification || null,
        ...level(rec.cpicLevel ?? fileLevel),
        specialtyPopulation: population,
        diseasePhenotype: diseasePhenotypeOf(rec.population, phenotype, implication),
        guidelineName: rec.guideline ?? guideline?.name ?? null,
        guidelineUrl: guideline?.url ?? rec.guidelineUrl,
        pmids: rec.pmids.length ? rec.pmids : (guideline?.pmids ?? []),
        note: null,
        matched: true,
        coverage: rec.classification === 'No recommendation' || saysNoRecommendation(text) ? 'noRecommendation' : 'recommendation',
        source: source?.label ?? null,
        guidelineUpdatedOn: updatedAfter(index, drug, source?.date ?? index.baseDate),
        comments: rec.comments ?? null,
      });
    }
  }
  return rows;
}

/**
 * The clinical content of a report, to tell whether a new knowledge base would change it. The
 * source alone is not in it: the same words from a newer table are no change to make the
 * practitioner take (the rebuilt report names the newer table).
 */
export function rowsDigestInput(rows: ReportRowDraft[]) {
  return rows.map((r) => [
    r.genericName,
    r.gene,
    r.specialtyPopulation,
    r.phenotype,
    r.implication,
    r.recommendation,
    r.classification,
    r.cpicLevel,
    r.phenotypeCategory,
    r.diseasePhenotype,
    r.note,
    r.pmids.join(','),
    r.coverage,
    r.guidelineUpdatedOn,
  ]);
}

/** Rows added, removed and changed between two builds, keyed by drug, gene and population. */
export function compareRows(before: ReportRowDraft[], after: ReportRowDraft[]) {
  const key = (r: ReportRowDraft) => `${r.genericName.toLowerCase()}|${r.gene}|${r.specialtyPopulation ?? ''}`;
  const content = (r: ReportRowDraft) => JSON.stringify(rowsDigestInput([r]));
  const a = new Map(before.map((r) => [key(r), content(r)]));
  const b = new Map(after.map((r) => [key(r), content(r)]));
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [k, v] of b) {
    if (!a.has(k)) added++;
    else if (a.get(k) !== v) changed++;
  }
  for (const k of a.keys()) if (!b.has(k)) removed++;
  return { added, removed, changed };
}

/** A list that stays short: the first few names, then how many more ('a, b and 3 more'). */
export function shortList(items: string[], max = 5): string {
  if (items.length <= max) return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** CPIC's recommendation split from the 'Other Considerations' CPIC appends to it. */
export function splitRecommendation(text: string): { main: string; other: string | null } {
  const at = text.search(/\s*Other Considerations\b/);
  if (at < 0) return { main: text.trim(), other: null };
  return {
    main: text.slice(0, at).trim(),
    other:
      text
        .slice(at)
        .replace(/^\s*Other Considerations:?\s*/, '')
        .trim() || null,
  };
}

/**
 * Whether CPIC's recommendation text (its 'Other Considerations' left out) is to prescribe as usual:
 * it opens with "Initiate …", "Use …", "Prescribe …" or "Start …" and names the recommended, standard,
 * label-recommended or desired dose or dosing, and nothing in it avoids, changes the dose, turns to an
 * alternative, or asks to consider, titrate or monitor. A reading of CPIC's own words, to say
 * "standard dosing" where a classification alone ('Strong') reads like a warning; whatever it does
 * not recognise counts as a change (the safe side).
 */
export function advisesStandardDosing(recommendation: string | null | undefined): boolean {
  if (!recommendation) return false;
  const { main } = splitRecommendation(recommendation);
  if (/\b(avoid|reduc|increas|decreas|lower|higher|alternative|consider|not recommended|contraindicat|titrat|monitor|caution)|%/i.test(main)) return false;
  return (
    /^(initiate|use|prescribe|start)\b/i.test(main) &&
    /\b(recommended (starting|standard|maintenance)? ?dos(e|ing)|standard (starting )?dos(e|ing)|standard of care dos(e|ing)|label[- ]recommended|desired starting dose|normal (starting )?dos(e|ing))/i.test(
      main,
    )
  );
}

/** A row whose CPIC recommendation changes prescribing enough to be named first: classified Strong, Moderate or Optional. */
export const isActionable = (r: Pick<ReportRowDraft, 'coverage' | 'classification'>) =>
  r.coverage === 'recommendation' && ['Strong', 'Moderate', 'Optional'].includes(r.classification ?? '');

/**
 * For a call that is the reference genotype or a normal phenotype: whether CPIC still changes
 * prescribing for this gene alone. CYP3A5 is the case in point: *1/*1 (normal metabolizer, an
 * expresser) is the reference, yet CPIC's tacrolimus advice is to increase the starting dose 1.5 to 2
 * times. Only a recommendation that opens with the change (increase, decrease, reduce, avoid, an
 * alternative) and whose implication for this gene is not 'normal' counts, so a multi-gene drug whose
 * change comes from the other gene (amitriptyline's CYP2D6, phenytoin's HLA-B) is not pinned on it.
 * Over CPIC's whole table (cpic-2023-08) this holds for tacrolimus and CYP3A5 alone.
 */
function changesDespiteUsualCall(r: ReportRowDraft, gene: string): boolean {
  const { main } = splitRecommendation(r.recommendation ?? '');
  const first = main.split(/\.\s/)[0] ?? '';
  return (
    /^(increase|decrease|reduce|avoid|use an alternative|select (an )?alternative)/i.test(first) &&
    // Tamoxifen for a CYP2D6 normal metabolizer: 'Avoid moderate and strong CYP2D6 inhibitors', then the usual dose.
    !/inhibitor/i.test(first) &&
    !/\bnormal\b/i.test(implicationFor(r.implication ?? '', gene) ?? '')
  );
}

/**
 * Genes worth a practitioner's attention on the Overview: called, with a matched CPIC recommendation
 * classified Strong, Moderate or Optional; for the reference genotype or a normal phenotype only where
 * that recommendation still changes prescribing (changesDespiteUsualCall).
 */
export function actionableGenes(
  kb: KnowledgeBase,
  calls: GeneCall[],
  catalogue: Catalogue,
  rows = buildReportRows(kb, calls, catalogue),
): Array<{ gene: string; phenotype: string; drugs: string[] }> {
  const out: Array<{ gene: string; phenotype: string; drugs: string[] }> = [];
  for (const call of calls) {
    if (call.source === 'NONE') continue;
    const def = catalogue.get(call.gene);
    const ref = def?.referenceAllele;
    const speed = metabolizerSpeedOf(def, call.phenotype);
    const usual = (ref && haplotypes(call).every((h) => h === ref)) || speed === 'normal' || speed === 'normal function';
    // For HLA genes only the rows keyed on a positive status change prescribing.
    const drugs = rows
      .filter(
        (r) =>
          r.gene === call.gene &&
          isActionable(r) &&
          (!PGX_HLA_GENES.has(call.gene) || (r.phenotype ?? '').includes(' positive')) &&
          (!usual || changesDespiteUsualCall(r, call.gene)),
      )
      .map((r) => r.genericName);
    if (drugs.length === 0) continue;
    const phenotype = PGX_HLA_GENES.has(call.gene)
      ? call.phenotype
          .split(';')
          .filter((s) => s.trim().endsWith(' positive'))
          .join(', ') || call.phenotype
      : call.phenotype;
    out.push({ gene: call.gene, phenotype, drugs: [...new Set(drugs)].sort() });
  }
  return out;
}
