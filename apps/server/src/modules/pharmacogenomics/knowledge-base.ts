/**
 * The knowledge base a report is built with: CPIC's drugs (with ATC codes), gene-drug levels,
 * guidelines, CPIC's change log and recommendation rows in layers (docs/decisions/005):
 *
 *   1. CPIC v1.30.0, the whole table as PharmCAT shipped it in August 2023 (pharmcat/cpic-2023-08);
 *   2. CPIC 1.56.0 rows as PharmCAT v3.1.0 reports them (pharmcat/derived, the two examples' phenotypes);
 *   3. a table the provider loads (`npm run admin -- pgx load-cpic FILE`), if any.
 *
 * Every row keeps the layer (source) it came from; for one drug and population the newest layer
 * whose row matches the patient wins. A version is named by the hash of its content, so loading
 * the same table twice changes nothing.
 */
import { createHash } from 'node:crypto';
import { PGX_HLA_GENES } from '@portal/contract';
import { longDate } from '../../lib/dates';
import { loadCatalogue, readPgxFile } from './catalogue';
import { parseTsv, parseTsvRecords } from './tsv';

export interface KbDrug {
  name: string;
  drugId: string | null;
  rxnormId: string | null;
  atc: string[];
}

/** How one gene of a recommendation is looked up in a patient's calls. */
export interface LookupTerm {
  /**
   * phenotype (for HLA genes one or more allele statuses, ';'-joined), activity score ('n/a' is an
   * indeterminate score), diplotype, or 'the gene is not called'.
   */
  kind: 'phenotype' | 'activityScore' | 'diplotype' | 'noCall';
  value: string;
}

/** Where a recommendation row comes from: a CPIC table version, and the layer it sits in. */
export interface KbSource {
  id: string;
  /** As the portal shows it: 'CPIC v1.30.0 (PharmCAT, August 2023)'. */
  label: string;
  cpicVersion: string | null;
  /** The date of the CPIC data the table holds (ISO): CPIC changes after it make its rows out of date. */
  date: string;
  /** Higher wins for the same drug and population. */
  layer: number;
  /**
   * The table holds some phenotypes only (the rows of PharmCAT's two example reports): a phenotype it
   * has no row for says nothing about CPIC, so gaps are dated by the complete tables beneath it.
   */
  partial?: boolean;
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
  /** CPIC's population code as the table gives it, trimmed ('general', 'CVI ACS PCI', …). */
  population: string;
  alternateDrug: boolean;
  dosingInfo: boolean;
  otherGuidance: boolean;
  pmids: string[];
  /** The CPIC level the table gives for this drug's pairs, if it gives one. */
  cpicLevel: string | null;
  /** CPIC's comments on the row, where the table has them. */
  comments?: string | null;
  /** KbSource.id; absent in versions stored before sources were kept. */
  source?: string;
}

export interface KbLevel {
  gene: string;
  drug: string;
  level: string;
}

/** A drug's CPIC guideline: where a practitioner reads what the table cannot answer. */
export interface KbGuideline {
  drug: string;
  genes: string[];
  name: string | null;
  url: string | null;
  pmids: string[];
  /** CPIC's notes on using the drug's table ('notesonusage'): warfarin's says its guidance is no simple lookup. */
  notes?: string | null;
}

/** A dated change CPIC made to a drug's recommendations (CPIC's change log, type RECOMMENDATION). */
export interface KbChange {
  drug: string;
  date: string;
  note: string;
}

export interface KnowledgeBaseContent {
  drugs: KbDrug[];
  levels: KbLevel[];
  recommendations: KbRecommendation[];
  sources?: KbSource[];
  guidelines?: KbGuideline[];
  changes?: KbChange[];
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

export const SHIPPED_LABEL = 'CPIC recommendations of 14 August 2023 (CPIC v1.30.0, all 110 drugs), with CPIC data of 5 November 2025 for some phenotypes';

/**
 * The shipped layers, each dated by the CPIC data it holds: PharmCAT 3.1.0's rows are CPIC data of
 * 2025-11-05 (its report's dataVersion), not CPIC release 1.56.0, so the change log's later entries
 * (the thiopurine update of 2026-02) flag them (docs/decisions/020).
 */
export const SHIPPED_SOURCES: KbSource[] = [
  { id: 'cpic-1.30.0', label: 'CPIC table v1.30.0 of 14 August 2023 (as PharmCAT shipped it)', cpicVersion: 'v1.30.0', date: '2023-08-14', layer: 1 },
  {
    id: 'pharmcat-3.1.0',
    label: 'CPIC data of 5 November 2025 (as PharmCAT 3.1.0 reports it)',
    cpicVersion: null,
    date: '2025-11-05',
    layer: 2,
    partial: true,
  },
];
const LOADED_LAYER = 3;

/** CPIC writes 'No Recommendation' and 'n/a' in its JSON; the portal's terms are these. */
const CLASSIFICATIONS = new Set(['Strong', 'Moderate', 'Optional', 'No recommendation', '']);
const classificationOf = (v: string) => (/^no recommendation$/i.test(v) ? 'No recommendation' : v === 'n/a' ? '' : v);
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

/** The allele statuses of an HLA diplotype for every allele PharmCAT names for the gene ('*57:01 positive;…'). */
function hlaStatusesOf(gene: string, diplotype: string): string | null {
  const def = loadCatalogue().get(gene);
  if (!def) return null;
  const alleles = diplotype.split('/').map((a) => a.trim());
  return def.namedAlleles.map((a) => `${a} ${alleles.includes(a) ? 'positive' : 'negative'}`).join(';');
}

/**
 * The lookup of one recommendation row of the derived TSV: each keyed gene by its activity score
 * where the row gives one, else its phenotype, else (HLA) the allele statuses of its diplotype, else
 * its diplotype; genes the row lists as Unknown must be uncalled in the patient too.
 */
export function lookupOf(genes: string[], phenotypes: Record<string, string>, scores: Record<string, string>, diplotypes: Record<string, string>) {
  const lookup: Record<string, LookupTerm> = {};
  for (const gene of genes) {
    const score = scores[gene];
    const phenotype = phenotypes[gene];
    const diplotype = diplotypes[gene];
    const statuses = PGX_HLA_GENES.has(gene) && diplotype && !isUnknownDiplotype(diplotype) ? hlaStatusesOf(gene, diplotype) : null;
    if (score && SCORE.test(score)) lookup[gene] = { kind: 'activityScore', value: score };
    else if (phenotype === 'No Result') lookup[gene] = { kind: 'noCall', value: '' };
    else if (phenotype) lookup[gene] = { kind: 'phenotype', value: phenotype };
    else if (statuses) lookup[gene] = { kind: 'phenotype', value: statuses };
    else if (diplotype && !isUnknownDiplotype(diplotype)) lookup[gene] = { kind: 'diplotype', value: diplotype };
    else lookup[gene] = { kind: 'noCall', value: '' };
  }
  for (const [gene, diplotype] of Object.entries(diplotypes)) {
    if (!(gene in lookup) && isUnknownDiplotype(diplotype)) lookup[gene] = { kind: 'noCall', value: '' };
  }
  return lookup;
}

/** Genes CPIC looks up by activity score (CYP2C9, CYP2D6, DPYD): those PharmCAT lists activity scores for. */
const activityGenes = () => new Set([...loadCatalogue().values()].filter((d) => d.activityScores.length > 0).map((d) => d.gene));

/**
 * One gene of a CPIC lookup key, as CPIC defines it: activity-score genes by activity score ('n/a'
 * where the score is indeterminate), HLA genes by allele status, the others by phenotype; 'No
 * Result' (or 'No HLA-B Result') is the row for a gene that was not called.
 */
function termOfKey(gene: string, value: string, scoreGenes: Set<string>): LookupTerm {
  if (value === 'No Result' || /^No [A-Z0-9-]+ Result$/.test(value)) return { kind: 'noCall', value: '' };
  if (scoreGenes.has(gene) && (SCORE.test(value) || value === 'n/a')) return { kind: 'activityScore', value };
  return { kind: 'phenotype', value };
}

const REC_COLUMNS = [
  'drug',
  'guideline',
  'guideline_url',
  'genes',
  'phenotypes',
  'activity_score',
  'diplotypes',
  'implications',
  'recommendation',
  'classification',
  'population',
];

/**
 * A CPIC recommendation table in the shipped TSV layout (pharmcat/derived/cpic_recommendations_from_examples.tsv:
 * drug, guideline, guideline_url, genes, phenotypes, activity_score, diplotypes, implications,
 * recommendation, classification, population, and optionally alternate_drug, dosing_info, pmids,
 * cpic_level). Rows that say the same thing are kept once.
 */
export function parseRecommendationTable(text: string, source?: string): KbRecommendation[] {
  let parsed;
  try {
    parsed = parseTsvRecords(text);
  } catch (e) {
    throw new KnowledgeBaseError([(e as Error).message]);
  }
  const { header, records } = parsed;
  const missing = REC_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new KnowledgeBaseError([`the header lacks ${missing.join(', ')}`]);
  const table = tableRows();
  const { problems } = table;
  records.forEach((r, i) => {
    const line = i + 2;
    const drug = r['drug']!.trim();
    const genes = r['genes']!.split(';')
      .map((g) => g.trim())
      .filter(Boolean);
    const classification = classificationOf(r['classification']!.trim());
    if (!drug) return problems.push(`line ${line}: no drug`);
    if (!genes.length) return problems.push(`line ${line}: no genes`);
    if (!CLASSIFICATIONS.has(classification)) return problems.push(`line ${line}: '${classification}' is not a CPIC classification`);
    const phenotypes = perGene(r['phenotypes']);
    table.add({
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
      pmids: (r['pmids'] ?? '')
        .split(/[;,\s]+/)
        .map((p) => p.trim())
        .filter((p) => /^\d+$/.test(p)),
      cpicLevel: (r['cpic_level'] ?? '').trim() || null,
      ...(source ? { source } : {}),
    });
  });
  return table.done();
}

/** What makes two recommendation rows the same row. */
export const recommendationKey = (r: KbRecommendation) =>
  JSON.stringify([r.drug.toLowerCase(), r.population, Object.entries(r.lookup).sort(), r.implications, r.recommendation, r.classification]);

/** A table's rows as they are read: rows that say the same thing are kept once; a table with problems or no rows is refused. */
function tableRows() {
  const seen = new Set<string>();
  const rows: KbRecommendation[] = [];
  const problems: string[] = [];
  return {
    problems,
    add(rec: KbRecommendation) {
      const key = recommendationKey(rec);
      if (seen.has(key)) return;
      seen.add(key);
      rows.push(rec);
    },
    done(): KbRecommendation[] {
      if (problems.length) throw new KnowledgeBaseError(problems);
      if (!rows.length) throw new KnowledgeBaseError(['the table holds no recommendations']);
      return rows;
    },
  };
}

const text_ = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** CPIC writes 'n/a' where a row has no comment. */
const commentOf = (v: unknown) => (text_(v) && text_(v) !== 'n/a' ? text_(v) : null);
const joinImplications = (v: unknown) =>
  Object.entries(obj(v))
    .map(([g, t]) => `${g}: ${text_(t)}`)
    .join(' | ');

/** One of CPIC's JSON recommendation rows (its API's or PharmCAT's layout), with what the caller knows of its drug. */
function fromCpicRow(
  r: Record<string, unknown>,
  drug: Pick<KbRecommendation, 'drug' | 'guideline' | 'guidelineUrl' | 'pmids' | 'cpicLevel'>,
  scoreGenes: Set<string>,
  source?: string,
): KbRecommendation | string {
  const lookupKey = obj(r.lookupkey);
  const genes = Object.keys(lookupKey);
  const classification = classificationOf(text_(r.classification));
  if (!genes.length) return 'no lookupkey';
  if (!CLASSIFICATIONS.has(classification)) return `'${classification}' is not a CPIC classification`;
  return {
    ...drug,
    genes,
    lookup: Object.fromEntries(genes.map((g) => [g, termOfKey(g, text_(lookupKey[g]), scoreGenes)])),
    phenotypes: Object.fromEntries(Object.entries(obj(r.phenotypes)).map(([g, v]) => [g, text_(v)])),
    implications: joinImplications(r.implications),
    recommendation: text_(r.drugrecommendation),
    classification,
    population: text_(r.population),
    alternateDrug: r.alternatedrugavailable === true,
    dosingInfo: r.dosinginformation === true,
    otherGuidance: r.otherprescribingguidance === true,
    comments: commentOf(r.comments),
    ...(source ? { source } : {}),
  };
}

/**
 * CPIC's own recommendation table as its API answers it (JSON, one object per row: drug or drugid,
 * guideline, lookupkey, phenotypes, activityscore, implications, drugrecommendation,
 * classification, population, and the dosing/alternate/other flags).
 */
export function parseCpicApiRecommendations(rows: unknown[], drugs: KbDrug[], source?: string): KbRecommendation[] {
  const byId = new Map(drugs.filter((d) => d.drugId).map((d) => [d.drugId!, d.name]));
  const scoreGenes = activityGenes();
  const table = tableRows();
  rows.forEach((raw, i) => {
    const r = obj(raw);
    const drugField = r.drug;
    const drug = text_(typeof drugField === 'object' ? obj(drugField).name : drugField) || byId.get(text_(r.drugid)) || '';
    if (!drug) return table.problems.push(`row ${i + 1}: no drug (or a drugid CPIC's drug table does not know)`);
    const guideline = obj(r.guideline);
    const pmids = Array.isArray(r.pmids) ? r.pmids.map(String).filter((p) => /^\d+$/.test(p)) : [];
    const rec = fromCpicRow(
      r,
      { drug, guideline: text_(guideline.name) || null, guidelineUrl: text_(guideline.url) || null, pmids, cpicLevel: text_(r.cpiclevel) || null },
      scoreGenes,
      source,
    );
    if (typeof rec === 'string') return table.problems.push(`row ${i + 1}: ${rec}`);
    table.add(rec);
  });
  return table.done();
}

/** Is this JSON PharmCAT's per-drug layout (drugname, guidelinename, url, recommendations, cpicVersion)? */
const isDrugsLayout = (rows: unknown[]) => rows.length > 0 && rows.every((d) => typeof obj(d).drugname === 'string' && 'recommendations' in obj(d));

/**
 * CPIC's table in PharmCAT's per-drug layout (pharmcat/cpic-2023-08/cpic_drugs.json): the drugs'
 * recommendations, and each drug's guideline (also for warfarin and peginterferon, whose guidance
 * is not a lookup table and has no recommendation rows). Returns the CPIC version the drugs state.
 */
export function parseCpicDrugs(rows: unknown[], source?: string) {
  const scoreGenes = activityGenes();
  const table = tableRows();
  const guidelines: KbGuideline[] = [];
  const versions = new Set<string>();
  rows.forEach((raw, i) => {
    const d = obj(raw);
    const drug = text_(d.drugname);
    const genes = Array.isArray(d.genes) ? d.genes.map(text_).filter(Boolean) : [];
    const pmids = (Array.isArray(d.citations) ? d.citations : []).map((c) => text_(obj(c).pmid)).filter((p) => /^\d+$/.test(p));
    if (!drug || !genes.length) return table.problems.push(`drug ${i + 1}: no drugname or genes`);
    if (text_(d.cpicVersion)) versions.add(text_(d.cpicVersion));
    const name = text_(d.guidelinename) || null;
    const url = text_(d.url) || null;
    const notes = text_(d.notesonusage);
    guidelines.push({ drug, genes, name, url, pmids, ...(notes && notes !== 'n/a' ? { notes } : {}) });
    const recs = d.recommendations;
    if (recs === null || recs === undefined) return;
    if (!Array.isArray(recs)) return table.problems.push(`${drug}: recommendations is not a list`);
    recs.forEach((r, j) => {
      const rec = fromCpicRow(obj(r), { drug, guideline: name, guidelineUrl: url, pmids, cpicLevel: null }, scoreGenes, source);
      if (typeof rec === 'string') return table.problems.push(`${drug} recommendation ${j + 1}: ${rec}`);
      table.add(rec);
    });
  });
  return { recommendations: table.done(), guidelines, cpicVersion: versions.size === 1 ? [...versions][0]! : null };
}

export function parseDrugs(text: string): KbDrug[] {
  return parseTsvRecords(text).records.map((r) => ({
    name: r['name']!.trim(),
    drugId: r['drugid']?.trim() || null,
    rxnormId: r['rxnormid']?.trim() || null,
    atc: (r['atcid'] ?? '')
      .replace(/[{}"]/g, '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  }));
}

export function parseLevels(text: string): KbLevel[] {
  return parseTsvRecords(text)
    .records.map((r) => ({ gene: r['gene']!.trim(), drug: r['drug']!.trim(), level: r['cpic_level']!.trim() }))
    .filter((l) => l.gene && l.drug && l.level);
}

/** CPIC's change log: the dated changes to drugs' recommendations. */
export function parseChangeLog(text: string): KbChange[] {
  const rows = parseTsv(text);
  return rows
    .slice(1)
    .filter((r) => r[1]?.trim() === 'RECOMMENDATION' && /^\d{4}-\d{2}-\d{2}$/.test(r[0]?.trim() ?? '') && r[2]?.trim())
    .map((r) => ({ date: r[0]!.trim(), drug: r[2]!.trim().toLowerCase(), note: (r[3] ?? '').trim() }))
    .sort((a, b) => a.drug.localeCompare(b.drug) || b.date.localeCompare(a.date));
}

/**
 * The version of some content: its hash, without the labels and dates a load gives its layer, so
 * that loading the same table twice (under another label, on another day) changes nothing.
 */
export function versionOf(content: KnowledgeBaseContent): string {
  const sources = content.sources?.map((s) => ({ id: s.id, cpicVersion: s.cpicVersion, layer: s.layer, partial: s.partial ?? false }));
  return `kb-${createHash('sha256')
    .update(JSON.stringify({ ...content, sources }))
    .digest('hex')
    .slice(0, 12)}`;
}

export function makeKnowledgeBase(content: KnowledgeBaseContent, label: string): KnowledgeBase {
  return { version: versionOf(content), label, ...content };
}

/** Guidelines of the table's drugs, each drug once (the first named wins: the base table's cpicpgx.org pages). */
function guidelinesOf(recs: KbRecommendation[], given: KbGuideline[]): KbGuideline[] {
  const out = new Map<string, KbGuideline>();
  for (const g of given) if (!out.has(g.drug.toLowerCase())) out.set(g.drug.toLowerCase(), g);
  for (const r of recs) {
    const key = r.drug.toLowerCase();
    const known = out.get(key);
    if (!known) out.set(key, { drug: r.drug, genes: [...r.genes], name: r.guideline, url: r.guidelineUrl, pmids: r.pmids });
    else for (const g of r.genes) if (!known.genes.includes(g) && r.lookup[g]?.kind !== 'noCall') known.genes.push(g);
  }
  return [...out.values()].sort((a, b) => a.drug.localeCompare(b.drug));
}

let shippedCache: KnowledgeBaseContent | null = null;

/** CPIC's drugs, levels, change log, guidelines and the two shipped recommendation layers. */
export function shippedContent(): KnowledgeBaseContent {
  if (shippedCache) return shippedCache;
  const [base, newer] = SHIPPED_SOURCES;
  const table = parseCpicDrugs(JSON.parse(readPgxFile('pharmcat/cpic-2023-08/cpic_drugs.json')) as unknown[], base!.id);
  const examples = parseRecommendationTable(readPgxFile('pharmcat/derived/cpic_recommendations_from_examples.tsv'), newer!.id);
  const recommendations = [...table.recommendations, ...examples];
  shippedCache = {
    drugs: parseDrugs(readPgxFile('cpic/cpic_drugs_initial.tsv')),
    levels: parseLevels(readPgxFile('cpic/cpic_levels_from_migrations.tsv')),
    recommendations,
    sources: SHIPPED_SOURCES,
    guidelines: guidelinesOf(recommendations, table.guidelines),
    changes: parseChangeLog(readPgxFile('cpic/cpic_change_log.tsv')),
  };
  return shippedCache;
}

export function shippedKnowledgeBase(): KnowledgeBase {
  return makeKnowledgeBase(shippedContent(), SHIPPED_LABEL);
}

/**
 * A table the provider loads, on top of the shipped layers: TSV in the shipped layout, CPIC's API
 * JSON rows, or PharmCAT's per-drug JSON (as pharmcat/cpic-2023-08/cpic_drugs.json). Its rows win
 * for the drugs and populations they answer; the shipped rows answer the rest.
 */
export function knowledgeBaseFromTable(text: string, label: string, today = new Date().toISOString().slice(0, 10), dataDate = today): KnowledgeBase {
  const shipped = shippedContent();
  const trimmed = text.trimStart();
  const id = 'loaded';
  let recommendations: KbRecommendation[];
  let guidelines: KbGuideline[] = [];
  let cpicVersion: string | null = null;
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let rows: unknown;
    try {
      rows = JSON.parse(trimmed);
    } catch {
      throw new KnowledgeBaseError(['the file is neither a TSV table nor JSON']);
    }
    if (!Array.isArray(rows)) throw new KnowledgeBaseError(['the JSON is not a list of recommendations or drugs']);
    if (isDrugsLayout(rows)) {
      const parsed = parseCpicDrugs(rows, id);
      ({ recommendations, guidelines, cpicVersion } = parsed);
    } else {
      recommendations = parseCpicApiRecommendations(rows, shipped.drugs, id);
    }
  } else {
    recommendations = parseRecommendationTable(text, id);
  }
  const source: KbSource = {
    id,
    label: `${cpicVersion ? `CPIC ${cpicVersion}, data of` : 'CPIC data of'} ${longDate(dataDate)} (${label}, loaded ${longDate(today)})`,
    cpicVersion,
    date: dataDate,
    layer: LOADED_LAYER,
  };
  const all = [...shipped.recommendations, ...recommendations];
  return makeKnowledgeBase(
    { ...shipped, recommendations: all, sources: [...SHIPPED_SOURCES, source], guidelines: guidelinesOf(all, [...guidelines, ...(shipped.guidelines ?? [])]) },
    label,
  );
}
