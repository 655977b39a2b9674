/**
 * Polygenic scoring of one component: PGS Catalog scoring files (format v2.0) against a consumer
 * raw genotype file (23andMe-like). Pure functions, no I/O.
 */
import type { GenotypeRow, VariantStatus } from '@portal/contract';

/** One row of a PGS scoring file. `otherAllele` is null where the source did not give it. */
export interface ScoringVariant {
  rsid: string;
  chr: string | null;
  position: number | null;
  effectAllele: string;
  otherAllele: string | null;
  weight: number;
}

/** A parsed PGS scoring file: its `#key=value` header lines and its variants in file order. */
export interface ScoringFile {
  header: Record<string, string>;
  variants: ScoringVariant[];
}

/** One line of a consumer raw genotype file (positions are informative only: matching is by rsID). */
export interface RawGenotype {
  rsid: string;
  chromosome: string;
  position: number | null;
  genotype: string;
}

/** A parsed consumer raw genotype file. */
export interface RawGenotypeFile {
  variants: Map<string, RawGenotype>;
  /** The `#` comment lines, without the leading '#'. */
  comments: string[];
  /** True when the file says it is synthetic demo data, so callers can label the patient as such. */
  synthetic: boolean;
  /** Non-comment lines that could not be read (too few columns); duplicates keep their first line. */
  skippedLines: number;
}

/** How one scoring-file variant matched the patient's genotype. */
export interface VariantMatch {
  status: VariantStatus;
  /** Copies of the effect allele (0, 1 or 2; 0 or 1 when haploid); null unless called. */
  dosage: number | null;
  /** 2 for a diploid call, 1 for a haploid one (male X, Y, MT); null unless called. */
  ploidy: 1 | 2 | null;
  /** Which strand the genotype was read on ('either' when both fit with the same count); null unless called. */
  strand: 'forward' | 'reverse' | 'either' | null;
}

/** The score of one component for one patient, before any reference comparison. */
export interface ComponentScore {
  /** Σ weight × dosage over called variants; null when the component is not processed. */
  score: number | null;
  processed: boolean;
  calledCount: number;
  totalCount: number;
  rows: GenotypeRow[];
}

/** What the panel knows of a component's SNPs beyond the scoring file, keyed by rsID. */
export interface PanelFacts {
  genes?: ReadonlyMap<string, string>;
  /** SNPs whose other allele is unknown and which may be A/T or C/G (matchVariant). */
  possiblyPalindromic?: ReadonlySet<string>;
}

/** Fewer than this share of a component's variants called → NOT_PROCESSED (README / SPEC). */
export const MIN_CALL_RATE = 0.75;

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
const BASE = /^[ACGT]$/;

/** The complementary base (A<->T, C<->G), or the input unchanged when it is not a base. */
export function complement(base: string): string {
  return COMPLEMENT[base] ?? base;
}

/** A/T and C/G SNPs read the same on both strands, so their strand cannot be checked by letters. */
export function isPalindromic(a: string, b: string | null): boolean {
  return b !== null && BASE.test(a) && COMPLEMENT[a] === b;
}

/** Parses a PGS Catalog scoring file (v2.0): '#key=value' header, '##' section lines, then a TSV table. */
export function parseScoringFile(text: string): ScoringFile {
  const header: Record<string, string> = {};
  const variants: ScoringVariant[] = [];
  let columns: string[] | null = null;
  for (const rawLine of stripBom(text).split(/\r?\n/)) {
    const line = rawLine.trimEnd();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^#([^#=][^=]*)=(.*)$/.exec(line);
      if (m && columns === null) header[m[1]!.trim()] = m[2]!.trim();
      continue;
    }
    const cells = line.split('\t').map((c) => c.trim());
    if (columns === null) {
      columns = cells;
      for (const required of ['rsID', 'effect_allele', 'effect_weight']) {
        if (!columns.includes(required)) throw new Error(`scoring file: missing column ${required}`);
      }
      continue;
    }
    const get = (name: string): string => {
      const i = columns!.indexOf(name);
      return i < 0 ? '' : (cells[i] ?? '');
    };
    const weight = Number(get('effect_weight'));
    if (get('effect_weight') === '' || !Number.isFinite(weight)) {
      throw new Error(`scoring file: bad effect_weight for ${get('rsID')}`);
    }
    const rsid = get('rsID').toLowerCase();
    if (!/^rs\d+$/.test(rsid)) throw new Error(`scoring file: bad rsID '${get('rsID')}'`);
    const position = get('chr_position');
    variants.push({
      rsid,
      chr: get('chr_name') || null,
      position: position === '' ? null : Number(position),
      effectAllele: get('effect_allele').toUpperCase(),
      otherAllele: get('other_allele').toUpperCase() || null,
      weight,
    });
  }
  if (columns === null) throw new Error('scoring file: no column header line');
  return { header, variants };
}

/**
 * Parses a consumer raw genotype file: '#' comments, then rsid, chromosome, position, genotype
 * (tab- or comma-separated, optionally quoted, optional header row). AncestryDNA-style files with
 * allele1 and allele2 in two columns are joined into one genotype. The first line of a repeated
 * rsID wins, since vendors repeat a probe only by mistake.
 */
export function parseRawGenotypes(text: string): RawGenotypeFile {
  const variants = new Map<string, RawGenotype>();
  const comments: string[] = [];
  let skippedLines = 0;
  for (const rawLine of stripBom(text).split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const cells = cellsOf(line);
    if (cells.length < 4) {
      skippedLines++;
      continue;
    }
    const [id, chromosome, pos, a1, a2] = cells as [string, string, string, string, string | undefined];
    // A header row names its columns; its position cell is not a number.
    if (/^rsid$/i.test(id) || !/^\d*$/.test(pos)) continue;
    const genotype = cells.length >= 5 && a1.length === 1 && (a2 ?? '').length === 1 ? a1 + a2 : a1;
    const rsid = id.toLowerCase();
    if (variants.has(rsid)) continue;
    variants.set(rsid, { rsid, chromosome, position: pos === '' ? null : Number(pos), genotype });
  }
  const synthetic = comments.some((c) => /synthetic/i.test(c));
  return { variants, comments, synthetic, skippedLines };
}

/** A data line's cells: tab- or comma-separated, each optionally quoted. */
function cellsOf(line: string): string[] {
  return line.split(line.includes('\t') ? '\t' : ',').map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/** At most this many problems are named; the rest are counted. */
const PROBLEMS_NAMED = 20;
const PROBE_ID = /^(?:rs|i)\d+$/i;
/** 1-22, X, Y, the pseudo-autosomal XY and the mitochondrion; AncestryDNA numbers X, Y, XY and MT 23-26; 0 where unplaced. */
const CHROMOSOME = /^(?:[0-9]|1\d|2[0-6]|X|Y|XY|MT?)$/i;
/** One column: two alleles (one on a haploid chromosome), D/I for a deletion or insertion, '--' or '00' for no call. */
const GENOTYPE = /^(?:[ACGTDI]{1,2}|--|00)$/i;
const ALLELE = /^[ACGTDI0-]$/i;

/**
 * The problems of a consumer raw genotype file as the lab uploads it, each with the line it is on
 * (1-based, counting comments and blank lines): parseRawGenotypes reads leniently, skipping what it
 * cannot use; a file attached to a kit is checked first, so a truncated or foreign file is refused
 * rather than scored as mostly not called. Each data line: a probe id (rs… or 23andMe's i…), a
 * chromosome, a position, then a genotype in one column or its two alleles in two. One header line
 * (first cell 'rsid') may precede the data. No problems: the file is fit to score; `lines` counts
 * its data lines, `synthetic` says a comment marks it as made-up data (as parseRawGenotypes reads it).
 */
export function checkRawGenotypes(text: string): { problems: string[]; lines: number; synthetic: boolean } {
  const problems: string[] = [];
  let bad = 0;
  let data = 0;
  let synthetic = false;
  const problem = (line: number, what: string) => {
    bad += 1;
    if (problems.length < PROBLEMS_NAMED) problems.push(`line ${line}: ${what}`);
  };
  const lines = stripBom(text).split(/\r?\n/);
  lines.forEach((rawLine, i) => {
    const n = i + 1;
    const line = rawLine.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      if (/synthetic/i.test(line)) synthetic = true;
      return;
    }
    const cells = cellsOf(line);
    if (data === 0 && /^rsid$/i.test(cells[0] ?? '')) return;
    data += 1;
    if (cells.length !== 4 && cells.length !== 5) {
      return problem(
        n,
        `${cells.length} ${cells.length === 1 ? 'column' : 'columns'}; expected rsid, chromosome, position and genotype (or allele1 and allele2)`,
      );
    }
    const [id, chromosome, position, a1, a2] = cells as [string, string, string, string, string | undefined];
    const shown = (v: string) => `'${v.length > 20 ? `${v.slice(0, 20)}…` : v}'`;
    if (!PROBE_ID.test(id)) return problem(n, `${shown(id)} is not a probe id (rs… or i…)`);
    if (!CHROMOSOME.test(chromosome)) return problem(n, `${shown(chromosome)} is not a chromosome`);
    if (!/^\d+$/.test(position)) return problem(n, `${shown(position)} is not a position`);
    if (a2 === undefined ? !GENOTYPE.test(a1) : !ALLELE.test(a1) || !ALLELE.test(a2)) {
      return problem(n, `${shown(a2 === undefined ? a1 : `${a1} ${a2}`)} is not a genotype`);
    }
  });
  if (bad > PROBLEMS_NAMED) problems.push(`… and ${bad - PROBLEMS_NAMED} more lines like these`);
  if (data === 0) problems.push('the file holds no genotypes');
  return { problems, lines: data, synthetic };
}

/** What matching needs of a variant; `possiblyPalindromic` only matters when the other allele is unknown. */
export interface MatchableVariant {
  effectAllele: string;
  otherAllele: string | null;
  /**
   * The source says the SNP may be A/T or C/G although it does not give the other allele
   * (rs1550532): its other allele may then be the effect allele's complement.
   */
  possiblyPalindromic?: boolean;
}

/**
 * Matches one scoring-file variant against a raw genotype, forward strand first, then the
 * complement, for every SNP. A reading fits a strand when the alleles (complemented for the
 * reverse strand) can come from the SNP: the effect allele and the other allele, or, where the
 * other allele is unknown, the effect allele and any one other base (its complement only when the
 * SNP may be palindromic). A genotype that fits one strand is read there; one that fits both and
 * gives the same count of the effect allele is read either way (a heterozygote whose complement is
 * a valid heterozygote counts 1); one whose readings give different counts cannot be told apart
 * and is 'ambiguous'; one that fits neither is 'allele-mismatch'. Known A/T and C/G SNPs are
 * never matched: their strand cannot be told from the letters (the README's rule).
 */
export function matchVariant(variant: MatchableVariant, genotype: string | null | undefined): VariantMatch {
  const notCalled = (status: VariantStatus): VariantMatch => ({ status, dosage: null, ploidy: null, strand: null });
  const e = variant.effectAllele;
  const o = variant.otherAllele;
  if (isPalindromic(e, o)) return notCalled('ambiguous');
  if (genotype == null) return notCalled('no-call');
  const g = genotype.trim().toUpperCase();
  // '--', '00', '0', '.' and half-calls such as 'A-' are no-calls.
  if (g === '' || /[-0.]/.test(g)) return notCalled('no-call');
  if (!/^[ACGT]{1,2}$/.test(g) || !BASE.test(e) || (o !== null && (!BASE.test(o) || o === e))) {
    return notCalled('allele-mismatch');
  }
  const alleles = g.split('');
  const ploidy = alleles.length === 1 ? 1 : 2;
  // The other alleles the SNP can have: the given one, or any base but the effect allele (and but
  // its complement, unless the SNP may be palindromic).
  const others = o !== null ? [o] : ['A', 'C', 'G', 'T'].filter((b) => b !== e && (variant.possiblyPalindromic === true || b !== complement(e)));
  const fits = (observed: string[]) => {
    const rest = new Set(observed.filter((a) => a !== e));
    return rest.size === 0 || (rest.size === 1 && others.includes([...rest][0]!));
  };
  const readings: Array<{ strand: 'forward' | 'reverse'; dosage: number }> = [];
  for (const strand of ['forward', 'reverse'] as const) {
    const observed = strand === 'forward' ? alleles : alleles.map(complement);
    if (fits(observed)) readings.push({ strand, dosage: observed.filter((a) => a === e).length });
  }
  if (readings.length === 0) return notCalled('allele-mismatch');
  if (readings.some((r) => r.dosage !== readings[0]!.dosage)) return notCalled('ambiguous');
  return { status: 'called', dosage: readings[0]!.dosage, ploidy, strand: readings.length === 2 ? 'either' : readings[0]!.strand };
}

/**
 * Scores one component: Σ effect_weight × effect-allele dosage over called variants, refused
 * (processed false, score null) when fewer than 75% of the file's variants are called or the
 * file is empty. The denominator is every variant in the file, palindromic ones included, as
 * in the PGS Catalog calculator's overlap check: the score must cover most of what was published.
 */
export function scoreComponent(file: ScoringFile, raw: RawGenotypeFile, panel: PanelFacts = {}): ComponentScore {
  const genes = panel.genes ?? new Map<string, string>();
  let sum = 0;
  let calledCount = 0;
  const rows: GenotypeRow[] = file.variants.map((v) => {
    const genotype = raw.variants.get(v.rsid)?.genotype ?? null;
    const m = matchVariant({ ...v, possiblyPalindromic: panel.possiblyPalindromic?.has(v.rsid) ?? false }, genotype);
    if (m.status === 'called') {
      calledCount++;
      sum += v.weight * (m.dosage ?? 0);
    }
    const gene = genes.get(v.rsid) ?? null;
    const direction = v.weight > 0 ? 'raises' : v.weight < 0 ? 'lowers' : 'no effect';
    return {
      rsid: v.rsid,
      gene,
      effectsAndAlleles: `${gene ? `${gene} ` : ''}${v.rsid}: ${v.effectAllele}/${v.otherAllele ?? '?'} (${v.effectAllele} ${direction})`,
      effectAllele: v.effectAllele,
      otherAllele: v.otherAllele,
      genotype,
      effectWeight: v.weight,
      dosage: m.dosage,
      ploidy: m.ploidy,
      strand: m.strand,
      status: m.status,
    };
  });
  const totalCount = file.variants.length;
  // 0.75 × a small integer is exact in binary, so exactly 75% (e.g. 3 of 4) passes.
  const processed = totalCount > 0 && calledCount >= MIN_CALL_RATE * totalCount;
  return { score: processed ? sum : null, processed, calledCount, totalCount, rows };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export type { GenotypeRow, VariantStatus };
