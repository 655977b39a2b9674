/**
 * From a patient's calls and a knowledge base to the report: which CPIC recommendations apply
 * (the same lookup PharmCAT makes), and one report row per drug, gene and population.
 *
 * Nothing is guessed. A field the data does not give stays empty ('not stated', 'not graded'); a
 * drug-gene pair whose phenotype has no recommendation in the knowledge base says so.
 */
import { PGX_MESSAGES, evidenceLevelsOf } from '@portal/contract';
import { labelsOf } from './atc';
import { metabolizerSpeedOf, type GeneCall } from './calls';
import type { Catalogue } from './catalogue';
import type { KbRecommendation, KnowledgeBase, LookupTerm } from './knowledge-base';

const HLA = new Set(['HLA-A', 'HLA-B']);

function sameScore(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) && x === y && !/[≥>]/.test(a + b);
}

function sameDiplotype(a: string, b: string): boolean {
  if (a === b) return true;
  const sorted = (d: string) => d.split('/').map((s) => s.trim()).sort().join('/');
  return sorted(a) === sorted(b);
}

function termMatches(term: LookupTerm, call: GeneCall | undefined): boolean {
  const called = call !== undefined && call.source !== 'NONE';
  switch (term.kind) {
    case 'noCall':
      return !called;
    case 'activityScore':
      return called && sameScore(call.lookupActivityScore, term.value);
    case 'diplotype':
      return called && sameDiplotype(call.label, term.value);
    case 'phenotype':
      if (!call) return false;
      // An HLA call reports every allele's status; a recommendation names one of them.
      if (HLA.has(call.gene)) return call.lookupPhenotype.split(';').map((s) => s.trim()).includes(term.value);
      return call.lookupPhenotype === term.value;
  }
}

export function recommendationMatches(rec: KbRecommendation, calls: Map<string, GeneCall>): boolean {
  return Object.entries(rec.lookup).every(([gene, term]) => termMatches(term, calls.get(gene)));
}

export const callsByGene = (calls: GeneCall[]) => new Map(calls.map((c) => [c.gene, c]));

/** The knowledge base's recommendations that apply to these calls, in the table's order. */
export function matchRecommendations(kb: Pick<KnowledgeBase, 'recommendations'>, calls: GeneCall[]): KbRecommendation[] {
  const byGene = callsByGene(calls);
  return kb.recommendations.filter((r) => recommendationMatches(r, byGene));
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
  if (/toxicity|hypersensitivity|sjs\/ten|\bscar\b|myopathy|hemolytic|haemolytic|myelosuppression|leukopenia|hearing loss|malignant hyperthermia|side effects/.test(text)) return 'Toxicity';
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
  const pop = population.trim();
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
  if (HLA.has(call.gene)) {
    const positive = call.phenotype.split(';').map((s) => s.trim()).filter((s) => s.endsWith(' positive')).map((s) => s.slice(0, -' positive'.length));
    return { sampleGenotype: call.diplotype, genotypeAllele, refAllele: null, altAllele: positive.length ? positive.join(', ') : 'none', variantHaplotype: positive.length ? positive.join(', ') : 'none' };
  }
  const haps: Array<[string, string | null]> = [[call.allele1, call.allele1Function], [call.allele2, call.allele2Function]].filter(
    (h): h is [string, string | null] => h[0] !== null && h[0] !== 'Unknown',
  );
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

/**
 * The report rows for these calls: for every drug-gene pair the knowledge base knows (from its
 * recommendations and its CPIC levels), one row per matching recommendation (one per population),
 * or one row saying why there is none.
 */
export function buildReportRows(kb: KnowledgeBase, calls: GeneCall[], catalogue: Catalogue): ReportRowDraft[] {
  const byGene = callsByGene(calls);
  const matched = matchRecommendations(kb, calls);
  const drugs = new Map(kb.drugs.map((d) => [d.name.toLowerCase(), d]));
  const levelOf = new Map(kb.levels.map((l) => [`${l.gene}|${l.drug.toLowerCase()}`, l.level]));

  // Drug-gene pairs, named as the knowledge base names the drug.
  const pairs = new Map<string, { drug: string; gene: string }>();
  const addPair = (drug: string, gene: string) => {
    const key = `${drug.toLowerCase()}|${gene}`;
    if (!pairs.has(key)) pairs.set(key, { drug, gene });
  };
  for (const r of kb.recommendations) for (const g of r.genes) if (r.lookup[g]?.kind !== 'noCall') addPair(r.drug, g);
  for (const l of kb.levels) addPair(l.drug, l.gene);

  const rows: ReportRowDraft[] = [];
  const sortedPairs = [...pairs.values()].sort((a, b) => a.drug.localeCompare(b.drug) || a.gene.localeCompare(b.gene));
  for (const { drug, gene } of sortedPairs) {
    const info = drugs.get(drug.toLowerCase());
    const atc = info?.atc ?? [];
    const { categories, classes } = labelsOf(atc);
    const call = byGene.get(gene);
    const called = call !== undefined && call.source !== 'NONE';
    const def = catalogue.get(gene);
    const pairLevel = levelOf.get(`${gene}|${drug.toLowerCase()}`) ?? null;
    const base = {
      category: categories,
      therapeuticClass: classes,
      atcCodes: atc,
      genericName: drug,
      gene,
      ...genotypeColumns(call, catalogue),
      activityScore: called && call.activityScore ? call.activityScore : null,
    };
    const recs = matched.filter((r) => r.drug.toLowerCase() === drug.toLowerCase() && r.genes.includes(gene));
    if (recs.length === 0) {
      const anyForDrug = kb.recommendations.find((r) => r.drug.toLowerCase() === drug.toLowerCase() && r.genes.includes(gene));
      rows.push({
        ...base,
        position: rows.length,
        phenotype: call?.phenotype || null,
        metabolizerSpeed: called ? metabolizerSpeedOf(def, call.phenotype) : null,
        phenotypeCategory: null,
        implication: null,
        recommendation: null,
        classification: null,
        cpicLevel: pairLevel,
        levelOfEvidence: evidenceLevelsOf(pairLevel),
        specialtyPopulation: null,
        diseasePhenotype: called ? diseasePhenotypeOf('', call.phenotype, null) : null,
        guidelineName: anyForDrug?.guideline ?? null,
        guidelineUrl: anyForDrug?.guidelineUrl ?? null,
        pmids: anyForDrug?.pmids ?? [],
        note: called ? PGX_MESSAGES.noRecommendation : PGX_MESSAGES.geneNotCalled,
        matched: false,
      });
      continue;
    }
    for (const rec of recs) {
      const implication = implicationFor(rec.implications, gene);
      const phenotype = rec.phenotypes[gene] || call?.phenotype || null;
      const cpicLevel = rec.cpicLevel ?? pairLevel;
      const population = rec.population && rec.population !== 'n/a' ? rec.population : null;
      rows.push({
        ...base,
        position: rows.length,
        phenotype,
        metabolizerSpeed: called ? metabolizerSpeedOf(def, call.phenotype) : null,
        phenotypeCategory: phenotypeCategoryOf(rec, implication),
        implication,
        recommendation: rec.recommendation || null,
        classification: rec.classification || null,
        cpicLevel,
        levelOfEvidence: evidenceLevelsOf(cpicLevel),
        specialtyPopulation: population,
        diseasePhenotype: diseasePhenotypeOf(rec.population, phenotype, implication),
        guidelineName: rec.guideline,
        guidelineUrl: rec.guidelineUrl,
        pmids: rec.pmids,
        note: rec.recommendation ? null : PGX_MESSAGES.noRecommendationText,
        matched: true,
      });
    }
  }
  return rows;
}

/** The clinical content of a report, to tell whether a new knowledge base would change it. */
export function rowsDigestInput(rows: ReportRowDraft[]) {
  return rows.map((r) => [r.genericName, r.gene, r.specialtyPopulation, r.phenotype, r.implication, r.recommendation, r.classification, r.cpicLevel, r.phenotypeCategory, r.diseasePhenotype, r.note, r.pmids.join(',')]);
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

/**
 * Genes worth a practitioner's attention on the Overview: called, not the reference genotype and
 * not a normal phenotype, with a matched recommendation that changes prescribing (an alternative
 * drug or a dosing change, classified Strong, Moderate or Optional).
 */
export function actionableGenes(kb: KnowledgeBase, calls: GeneCall[], catalogue: Catalogue): Array<{ gene: string; phenotype: string; drugs: string[] }> {
  const matched = matchRecommendations(kb, calls);
  const out: Array<{ gene: string; phenotype: string; drugs: string[] }> = [];
  for (const call of calls) {
    if (call.source === 'NONE') continue;
    const def = catalogue.get(call.gene);
    const ref = def?.referenceAllele;
    if (ref && haplotypes(call).every((h) => h === ref)) continue;
    const speed = metabolizerSpeedOf(def, call.phenotype);
    if (speed === 'normal' || speed === 'normal function') continue;
    const drugs = matched
      .filter((r) => r.genes.includes(call.gene) && (r.alternateDrug || r.dosingInfo) && ['Strong', 'Moderate', 'Optional'].includes(r.classification))
      .map((r) => r.drug);
    if (drugs.length === 0) continue;
    const phenotype = HLA.has(call.gene)
      ? call.phenotype.split(';').filter((s) => s.trim().endsWith(' positive')).join(', ') || call.phenotype
      : call.phenotype;
    out.push({ gene: call.gene, phenotype, drugs: [...new Set(drugs)].sort() });
  }
  return out;
}
