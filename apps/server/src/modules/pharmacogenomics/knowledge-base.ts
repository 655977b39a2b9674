/**
 * The knowledge base a report is built with: CPIC's drugs (with ATC codes), gene-drug levels and
 * recommendation rows. The shipped one comes from apps/server/data/pgx; a provider can load a newer
 * CPIC recommendation table (`npm run admin -- pgx load-cpic FILE`), which becomes a new version.
 * A version is named by the hash of its content, so loading the same table twice changes nothing.
 */
import { createHash } from 'node:crypto';
import { readPgxFile } from './catalogue';
import { parseTsvRecords } from './tsv';

export interface KbDrug {
  name: string;
  drugId: string | null;
  rxnormId: string | null;
  atc: string[];
}

/** How one gene of a recommendation is looked up in a patient's calls. */
export interface LookupTerm {
  /** phenotype (or an HLA allele status), activity score, diplotype, or 'the gene is not called'. */
  kind: 'phenotype' | 'activityScore' | 'diplotype' | 'noCall';
  value: string;
}

export interface KbRecommendation {
  drug: string;
  guideline: string | null;
  guidelineUrl: string | null;
  /** The genes the recommendation is keyed on. */
  genes: string[];
  lookup: Record<string, LookupTerm>;
  phenotypes: Record<string, string>;
  implications: string;
  recommendation: string;
  classification: string;
  population: string;
  alternateDrug: boolean;
  dosingInfo: boolean;
  otherGuidance: boolean;
  pmids: string[];
  /** The CPIC level the table gives for this drug's pairs, if it gives one. */
  cpicLevel: string | null;
}

export interface KbLevel {
  gene: string;
  drug: string;
  level: string;
}

export interface KnowledgeBaseContent {
  drugs: KbDrug[];
  levels: KbLevel[];
  recommendations: KbRecommendation[];
}

export interface KnowledgeBase extends KnowledgeBaseContent {
  version: string;
  label: string;
}

export class KnowledgeBaseError extends Error {
  constructor(readonly problems: string[]) {
    super(`The table cannot be loaded:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'KnowledgeBaseError';
  }
}

export const SHIPPED_LABEL = 'CPIC 1.56.0 recommendations as PharmCAT 3.1.0 reports them (shipped)';

const CLASSIFICATIONS = new Set(['Strong', 'Moderate', 'Optional', 'No recommendation', '']);
const SCORE = /^[≥>]?\d+(\.\d+)?$/;
const isTrue = (v: string | undefined) => /^(true|t|yes|1)$/i.test((v ?? '').trim());

/** 'GENE:value;GENE:value' as the derived table writes per-gene values. */
function perGene(v: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (v ?? '').split(';')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

const isUnknownDiplotype = (d: string) => /^Unknown(\/Unknown)?$/.test(d);

/**
 * The lookup of one recommendation row: each keyed gene by its activity score where the row gives
 * one, else its phenotype (an HLA row's allele status), else its diplotype; genes the row lists as
 * Unknown must be uncalled in the patient too (those rows are the guideline's 'gene not tested' rows).
 */
export function lookupOf(genes: string[], phenotypes: Record<string, string>, scores: Record<string, string>, diplotypes: Record<string, string>) {
  const lookup: Record<string, LookupTerm> = {};
  for (const gene of genes) {
    const score = scores[gene];
    const phenotype = phenotypes[gene];
    const diplotype = diplotypes[gene];
    if (score && SCORE.test(score)) lookup[gene] = { kind: 'activityScore', value: score };
    else if (phenotype) lookup[gene] = { kind: 'phenotype', value: phenotype };
    else if (diplotype && !isUnknownDiplotype(diplotype)) lookup[gene] = { kind: 'diplotype', value: diplotype };
    else lookup[gene] = { kind: 'noCall', value: '' };
  }
  for (const [gene, diplotype] of Object.entries(diplotypes)) {
    if (!(gene in lookup) && isUnknownDiplotype(diplotype)) lookup[gene] = { kind: 'noCall', value: '' };
  }
  return lookup;
}

const REC_COLUMNS = ['drug', 'guideline', 'guideline_url', 'genes', 'phenotypes', 'activity_score', 'diplotypes', 'implications', 'recommendation', 'classification', 'population'];

/**
 * A CPIC recommendation table in the shipped TSV layout (pharmcat/derived/cpic_recommendations_from_examples.tsv:
 * drug, guideline, guideline_url, genes, phenotypes, activity_score, diplotypes, implications,
 * recommendation, classification, population, and optionally alternate_drug, dosing_info, pmids,
 * cpic_level). Rows that say the same thing are kept once.
 */
export function parseRecommendationTable(text: string): KbRecommendation[] {
  let parsed;
  try {
    parsed = parseTsvRecords(text);
  } catch (e) {
    throw new KnowledgeBaseError([(e as Error).message]);
  }
  const { header, records } = parsed;
  const missing = REC_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new KnowledgeBaseError([`the header lacks ${missing.join(', ')}`]);
  const problems: string[] = [];
  const out: KbRecommendation[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    const line = i + 2;
    const drug = r['drug']!.trim();
    const genes = r['genes']!.split(';').map((g) => g.trim()).filter(Boolean);
    const classification = r['classification']!.trim();
    if (!drug) return problems.push(`line ${line}: no drug`);
    if (!genes.length) return problems.push(`line ${line}: no genes`);
    if (!CLASSIFICATIONS.has(classification)) return problems.push(`line ${line}: '${classification}' is not a CPIC classification`);
    const phenotypes = perGene(r['phenotypes']);
    const rec: KbRecommendation = {
      drug,
      guideline: r['guideline']!.trim() || null,
      guidelineUrl: r['guideline_url']!.trim() || null,
      genes,
      lookup: lookupOf(genes, phenotypes, perGene(r['activity_score']), perGene(r['diplotypes'])),
      phenotypes,
      implications: r['implications']!.trim(),
      recommendation: r['recommendation']!.trim(),
      classification,
      population: r['population']!.trim(),
      alternateDrug: isTrue(r['alternate_drug']),
      dosingInfo: isTrue(r['dosing_info']),
      otherGuidance: isTrue(r['other_guidance']),
      pmids: (r['pmids'] ?? '').split(/[;,\s]+/).map((p) => p.trim()).filter((p) => /^\d+$/.test(p)),
      cpicLevel: (r['cpic_level'] ?? '').trim() || null,
    };
    const key = recommendationKey(rec);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(rec);
  });
  if (problems.length) throw new KnowledgeBaseError(problems);
  if (!out.length) throw new KnowledgeBaseError(['the table holds no recommendations']);
  return out;
}

/** What makes two recommendation rows the same row. */
export const recommendationKey = (r: KbRecommendation) =>
  JSON.stringify([r.drug.toLowerCase(), r.population, Object.entries(r.lookup).sort(), r.implications, r.recommendation, r.classification]);

/**
 * CPIC's own recommendation table as its API answers it (JSON, one object per row: drug or drugid,
 * guideline, lookupkey, phenotypes, activityscore, implications, drugrecommendation,
 * classification, population, and the dosing/alternate/other flags).
 */
export function parseCpicApiRecommendations(text: string, drugs: KbDrug[]): KbRecommendation[] {
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    throw new KnowledgeBaseError(['the file is neither a TSV table nor JSON']);
  }
  if (!Array.isArray(rows)) throw new KnowledgeBaseError(['the JSON is not a list of recommendations']);
  const byId = new Map(drugs.filter((d) => d.drugId).map((d) => [d.drugId!, d.name]));
  const problems: string[] = [];
  const out: KbRecommendation[] = [];
  const seen = new Set<string>();
  const text_ = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  rows.forEach((raw, i) => {
    const r = obj(raw);
    const drugField = r.drug;
    const drug = text_(typeof drugField === 'object' ? obj(drugField).name : drugField) || byId.get(text_(r.drugid)) || '';
    const lookupKey = obj(r.lookupkey);
    const genes = Object.keys(lookupKey);
    const classification = text_(r.classification);
    if (!drug) return problems.push(`row ${i + 1}: no drug (or a drugid CPIC's drug table does not know)`);
    if (!genes.length) return problems.push(`row ${i + 1}: no lookupkey`);
    if (!CLASSIFICATIONS.has(classification)) return problems.push(`row ${i + 1}: '${classification}' is not a CPIC classification`);
    const scores = Object.fromEntries(Object.entries(obj(r.activityscore)).map(([g, v]) => [g, text_(v)]));
    const phenotypes = Object.fromEntries(Object.entries(obj(r.phenotypes)).map(([g, v]) => [g, text_(v)]));
    const lookup: Record<string, LookupTerm> = {};
    for (const g of genes) {
      const value = text_(lookupKey[g]);
      lookup[g] = SCORE.test(value) && scores[g] === value ? { kind: 'activityScore', value } : { kind: 'phenotype', value };
    }
    const implications = Object.entries(obj(r.implications)).map(([g, v]) => `${g}: ${text_(v)}`).join(' | ');
    const guideline = obj(r.guideline);
    const rec: KbRecommendation = {
      drug,
      guideline: text_(guideline.name) || null,
      guidelineUrl: text_(guideline.url) || null,
      genes,
      lookup,
      phenotypes,
      implications,
      recommendation: text_(r.drugrecommendation),
      classification,
      population: text_(r.population),
      alternateDrug: r.alternatedrugavailable === true,
      dosingInfo: r.dosinginformation === true,
      otherGuidance: r.otherprescribingguidance === true,
      pmids: Array.isArray(r.pmids) ? r.pmids.map(String).filter((p) => /^\d+$/.test(p)) : [],
      cpicLevel: text_(r.cpiclevel) || null,
    };
    const key = recommendationKey(rec);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(rec);
  });
  if (problems.length) throw new KnowledgeBaseError(problems);
  if (!out.length) throw new KnowledgeBaseError(['the table holds no recommendations']);
  return out;
}

export function parseDrugs(text: string): KbDrug[] {
  return parseTsvRecords(text).records.map((r) => ({
    name: r['name']!.trim(),
    drugId: r['drugid']?.trim() || null,
    rxnormId: r['rxnormid']?.trim() || null,
    atc: (r['atcid'] ?? '').replace(/[{}"]/g, '').split(',').map((c) => c.trim()).filter(Boolean),
  }));
}

export function parseLevels(text: string): KbLevel[] {
  return parseTsvRecords(text).records
    .map((r) => ({ gene: r['gene']!.trim(), drug: r['drug']!.trim(), level: r['cpic_level']!.trim() }))
    .filter((l) => l.gene && l.drug && l.level);
}

export function versionOf(content: KnowledgeBaseContent): string {
  return `kb-${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 12)}`;
}

export function makeKnowledgeBase(content: KnowledgeBaseContent, label: string): KnowledgeBase {
  return { version: versionOf(content), label, ...content };
}

/** CPIC's drugs and levels as shipped: every version is built on them. */
export function shippedBase(): Omit<KnowledgeBaseContent, 'recommendations'> {
  return {
    drugs: parseDrugs(readPgxFile('cpic/cpic_drugs_initial.tsv')),
    levels: parseLevels(readPgxFile('cpic/cpic_levels_from_migrations.tsv')),
  };
}

export function shippedKnowledgeBase(): KnowledgeBase {
  return makeKnowledgeBase({ ...shippedBase(), recommendations: parseRecommendationTable(readPgxFile('pharmcat/derived/cpic_recommendations_from_examples.tsv')) }, SHIPPED_LABEL);
}

/** A newer table on top of the shipped drugs and levels: TSV in the shipped layout, or CPIC's JSON. */
export function knowledgeBaseFromTable(text: string, label: string): KnowledgeBase {
  const base = shippedBase();
  const trimmed = text.trimStart();
  const recommendations = trimmed.startsWith('[') ? parseCpicApiRecommendations(trimmed, base.drugs) : parseRecommendationTable(text);
  return makeKnowledgeBase({ ...base, recommendations }, label);
}
