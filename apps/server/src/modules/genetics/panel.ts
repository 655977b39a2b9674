/**
 * The nutrigenomics SNP panel (panel.tsv) and the shipped scoring files, read from
 * apps/server/data/genetics. Parsing is pure; loading touches the disk once per folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScoringFile, type ScoringFile } from './scoring';

/** Panel confidence levels (README): only high/medium/low rows can be scored. */
export type Confidence = 'high' | 'medium' | 'low' | 'not_scored';

/** One panel row: one SNP for one component, with its published effect and EUR frequency. */
export interface PanelRow {
  component: string;
  gene: string;
  rsid: string;
  chr: string;
  posGrch38: number | null;
  effectAllele: string;
  otherAllele: string | null;
  beta: number | null;
  betaUnits: string;
  trait: string;
  pmid: string;
  firstAuthorYear: string;
  /** Effect-allele frequency in the (European) discovery cohort; null where unknown. */
  eafEur: number | null;
  eafSource: string;
  confidence: Confidence;
  notes: string;
}

/** Everything computeResults needs from disk. `scores` is keyed by panel component (e.g. 'vitamin_D'). */
export interface GeneticsData {
  panel: PanelRow[];
  scores: Map<string, ScoringFile>;
}

const PANEL_COLUMNS = [
  'component',
  'gene',
  'rsid',
  'chr',
  'pos_grch38',
  'effect_allele',
  'other_allele',
  'beta',
  'beta_units',
  'trait',
  'pmid',
  'first_author_year',
  'eaf_afr',
  'eaf_eur',
  'eaf_eas',
  'eaf_sas',
  'eaf_amr',
  'eaf_source',
  'confidence',
  'notes',
] as const;

/** Parses panel.tsv, refusing a file whose columns moved, since every later step reads by name. */
export function parsePanel(text: string): PanelRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split('\t');
  if (PANEL_COLUMNS.some((c, i) => header[i] !== c)) throw new Error('panel.tsv: unexpected columns');
  return lines.map((line, n) => {
    const cells = line.split('\t');
    const get = (c: (typeof PANEL_COLUMNS)[number]) => (cells[PANEL_COLUMNS.indexOf(c)] ?? '').trim();
    const num = (c: (typeof PANEL_COLUMNS)[number]) => (get(c) === '' ? null : Number(get(c)));
    const confidence = get('confidence');
    if (!['high', 'medium', 'low', 'not_scored'].includes(confidence)) {
      throw new Error(`panel.tsv line ${n + 2}: bad confidence '${confidence}'`);
    }
    return {
      component: get('component'),
      gene: get('gene'),
      rsid: get('rsid').toLowerCase(),
      chr: get('chr'),
      posGrch38: num('pos_grch38'),
      effectAllele: get('effect_allele').toUpperCase(),
      otherAllele: get('other_allele').toUpperCase() || null,
      beta: num('beta'),
      betaUnits: get('beta_units'),
      trait: get('trait'),
      pmid: get('pmid'),
      firstAuthorYear: get('first_author_year'),
      eafEur: num('eaf_eur'),
      eafSource: get('eaf_source'),
      confidence: confidence as Confidence,
      notes: get('notes'),
    };
  });
}

/**
 * A row whose other allele the source did not give but whose notes say it may be A/T or C/G
 * (the README: 'maybe rs1550532'): its homozygotes cannot be told from their complements.
 */
export function isPossiblyPalindromic(row: Pick<PanelRow, 'otherAllele' | 'notes'>): boolean {
  return row.otherAllele === null && /palindrom/i.test(row.notes);
}

/**
 * apps/server/data/genetics, found by walking up from this file so it resolves the same from
 * src/modules/genetics (tsx, vitest) and from the esbuild bundle in apps/server/dist.
 */
export function defaultDataDir(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'data', 'genetics'), path.join(dir, 'apps', 'server', 'data', 'genetics')]) {
      if (fs.existsSync(path.join(candidate, 'panel.tsv'))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('genetics: data folder apps/server/data/genetics not found');
  }
}

const cache = new Map<string, GeneticsData>();

/** Reads panel.tsv and scoring/<component>.txt from the data folder (cached per folder). */
export function loadGeneticsData(dataDir: string = defaultDataDir()): GeneticsData {
  const cached = cache.get(dataDir);
  if (cached) return cached;
  const panel = parsePanel(fs.readFileSync(path.join(dataDir, 'panel.tsv'), 'utf8'));
  const scores = new Map<string, ScoringFile>();
  const scoringDir = path.join(dataDir, 'scoring');
  for (const name of fs
    .readdirSync(scoringDir)
    .filter((n) => n.endsWith('.txt'))
    .sort()) {
    scores.set(name.slice(0, -'.txt'.length), parseScoringFile(fs.readFileSync(path.join(scoringDir, name), 'utf8')));
  }
  const data = { panel, scores };
  cache.set(dataDir, data);
  return data;
}
