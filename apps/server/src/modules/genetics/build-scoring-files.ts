/**
 * Generates apps/server/data/genetics/scoring/<component>.txt (PGS Catalog scoring-file format
 * v2.0) from the panel.tsv beside them. Run after changing the panel:
 *
 *   npx tsx apps/server/src/modules/genetics/build-scoring-files.ts [--panel path/to/panel.tsv]
 *
 * `--panel` first copies a new panel.tsv into the data folder. The output is committed; a test
 * fails when it is stale.
 *
 * Which panel rows are scored (README, /work/shared/data/README.md):
 * - 'not_scored' rows never are (information, fallback or rejected candidates).
 * - 'high' and 'medium' rows are.
 * - 'low' rows ARE scored. The README's coverage list counts them as scored SNPs ("phosphorus 5
 *   (low)", "vitamin A 2 (low)", vitamin D 6, B12 3, zinc 3, selenium 2 all include low rows) and
 *   its NOT_PROCESSED list leaves out phosphorus and vitamin A, whose only SNPs are low. 'low'
 *   means units, strand or source uncertain; each of those is contained here: weights are only
 *   ever compared within one component (a percentile does not depend on the unit, and vitamin A's
 *   two SNPs share their unverified unit), strand doubt is handled at matching time (forward
 *   strand first, then the complement; a genotype whose two readings give different counts is
 *   'ambiguous', never scored), and the palindromic low SNP rs8018720 is never matched at all.
 *   Low rows are listed in each file's '##' notes and in the portal's technical text, never
 *   presented as established.
 * - Never both SNPs of a same-locus / LD pair (NEVER_BOTH): the higher-confidence one is kept;
 *   on a tie the first of the pair (the lead SNP of the newer study) is kept. With the current
 *   panel every partner is 'not_scored', so rs3755967, rs602662, rs11254363 and rs8177240 are
 *   the ones scored.
 * - A row without a beta would get effect_weight 1 and weight type NR (README); a component
 *   mixing weighted and unweighted rows, or betas in different units, is refused, because such
 *   numbers cannot be added.
 * - Palindromic SNPs stay in the files (they are part of the published score) and are dropped at
 *   matching time; they count as not called for the 75% rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultDataDir, isPossiblyPalindromic, parsePanel, type Confidence, type PanelRow } from './panel';
import { isPalindromic } from './scoring';

/** Confidence levels that are scored (see the file comment for why 'low' is included). */
export const SCORED_CONFIDENCE: ReadonlySet<Confidence> = new Set<Confidence>(['high', 'medium', 'low']);

/** Same-locus / LD pairs from the README: never score both; the first is preferred on a tie. */
export const NEVER_BOTH: ReadonlyArray<readonly [string, string]> = [
  ['rs3755967', 'rs2282679'],
  ['rs602662', 'rs601338'],
  ['rs11254363', 'rs1801222'],
  ['rs8177240', 'rs3811647'],
];

const RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1, not_scored: 0 };

/** One generated file, with the panel rows it scores and the panel rows it left out (and why). */
export interface GeneratedScoringFile {
  component: string;
  fileName: string;
  content: string;
  rows: PanelRow[];
  leftOut: Array<{ rsid: string; reason: string }>;
}

/** Applies the confidence filter and the pair rule; returns kept rows and the reason for each drop. */
export function selectScoredRows(panel: readonly PanelRow[]): { kept: PanelRow[]; leftOut: Array<{ row: PanelRow; reason: string }> } {
  const leftOut: Array<{ row: PanelRow; reason: string }> = [];
  let kept = panel.filter((row) => {
    if (!SCORED_CONFIDENCE.has(row.confidence)) leftOut.push({ row, reason: 'not_scored' });
    else if (!row.effectAllele) leftOut.push({ row, reason: 'no effect allele' });
    else return true;
    return false;
  });
  for (const [first, second] of NEVER_BOTH) {
    for (const a of kept.filter((r) => r.rsid === first)) {
      const b = kept.find((r) => r.rsid === second && r.component === a.component);
      if (!b) continue;
      const drop = RANK[b.confidence] > RANK[a.confidence] ? a : b;
      const keep = drop === a ? b : a;
      leftOut.push({ row: drop, reason: `same locus as ${keep.rsid}, which is kept (${keep.confidence} confidence)` });
      kept = kept.filter((r) => r !== drop);
    }
  }
  return { kept, leftOut };
}

/** Builds the content of every component's scoring file from the panel, in panel order. */
export function buildScoringFiles(panel: readonly PanelRow[]): GeneratedScoringFile[] {
  const { kept, leftOut } = selectScoredRows(panel);
  const components = [...new Set(kept.map((r) => r.component))];
  return components.map((component) => {
    const rows = kept.filter((r) => r.component === component);
    const dropped = leftOut.filter((d) => d.row.component === component).map((d) => ({ rsid: d.row.rsid, reason: d.reason }));
    return { component, fileName: `${component}.txt`, content: render(component, rows, dropped), rows, leftOut: dropped };
  });
}

function render(component: string, rows: PanelRow[], leftOut: Array<{ rsid: string; reason: string }>): string {
  const weighted = rows.filter((r) => r.beta !== null);
  if (weighted.length !== 0 && weighted.length !== rows.length) {
    throw new Error(`${component}: mixes weighted and unweighted SNPs`);
  }
  let weightType = 'NR';
  if (weighted.length > 0) {
    // "as for rsX (...)" means rsX's unit; anything else must be the same text to be addable.
    const unitOf = (r: PanelRow): string => {
      const ref = /^as for (rs\d+)/.exec(r.betaUnits)?.[1];
      const target = ref ? rows.find((x) => x.rsid === ref) : undefined;
      return target ? target.betaUnits : r.betaUnits;
    };
    const units = [...new Set(rows.map(unitOf))];
    if (units.length !== 1) throw new Error(`${component}: betas in different units: ${units.join(' | ')}`);
    weightType = `beta (${units[0]})`;
  }
  // The first row of a PMID carries the fullest citation text in the panel.
  const citations = new Map<string, string>();
  for (const r of rows) if (r.pmid && !citations.has(r.pmid)) citations.set(r.pmid, `${r.firstAuthorYear} PMID:${r.pmid}`);
  const list = (pick: (r: PanelRow) => boolean) =>
    rows
      .filter(pick)
      .map((r) => r.rsid)
      .join(', ') || 'none';
  const lines = [
    '###PGS CATALOG SCORING FILE - see https://www.pgscatalog.org/downloads/#dl_ftp_scoring for additional information',
    '#format_version=2.0',
    '##POLYGENIC SCORE (PGS) INFORMATION',
    `#pgs_id=PORTAL_NUTRI_${component}`,
    `#pgs_name=nutrigenomics_${component}`,
    `#trait_reported=${[...new Set(rows.map((r) => r.trait))].join('; ')}`,
    '#genome_build=GRCh38',
    `#variants_number=${rows.length}`,
    `#weight_type=${weightType}`,
    '##SOURCE INFORMATION',
    `#citation=${[...citations.values()].join('; ')}`,
    '#license=Compiled published facts with PMIDs (see #citation), not a copied dataset; see README.md in apps/server/data/genetics',
    '##PORTAL NOTES (not PGS Catalog fields)',
    '## Generated by apps/server/src/modules/genetics/build-scoring-files.ts from panel.tsv - do not edit by hand.',
    '## pgs_id is local to this portal, not a PGS Catalog accession. Weights are per effect allele on the forward strand.',
    `## confidence: ${rows.map((r) => `${r.rsid}=${r.confidence}`).join(', ')}`,
    `## low-confidence SNPs (units, strand or source uncertain): ${list((r) => r.confidence === 'low')}`,
    `## palindromic (A/T, C/G; never matched, count as not called): ${list((r) => isPalindromic(r.effectAllele, r.otherAllele))}`,
    `## possibly palindromic per the panel notes (other allele unknown; its homozygotes cannot be told from their complements and are ambiguous, a heterozygote counts 1): ${list(isPossiblyPalindromic)}`,
    `## other allele not given by the source: ${list((r) => r.otherAllele === null)}`,
    `## GRCh38 position not confirmed (blank chr_position): ${list((r) => r.posGrch38 === null)}`,
    `## no European allele frequency (no reference distribution possible): ${list((r) => r.eafEur === null)}`,
    `## panel rows left out: ${leftOut.map((d) => `${d.rsid} (${d.reason})`).join(', ') || 'none'}`,
    ['rsID', 'chr_name', 'chr_position', 'effect_allele', 'other_allele', 'effect_weight'].join('\t'),
    ...rows.map((r) => [r.rsid, r.chr, r.posGrch38 ?? '', r.effectAllele, r.otherAllele ?? '', r.beta === null ? '1' : String(r.beta)].join('\t')),
  ];
  return `${lines.join('\n')}\n`;
}

/** Writes the files into <dataDir>/scoring, removing stale ones; returns what it wrote. */
export function writeScoringFiles(dataDir: string = defaultDataDir()): GeneratedScoringFile[] {
  const files = buildScoringFiles(parsePanel(fs.readFileSync(path.join(dataDir, 'panel.tsv'), 'utf8')));
  const dir = path.join(dataDir, 'scoring');
  fs.mkdirSync(dir, { recursive: true });
  const wanted = new Set(files.map((f) => f.fileName));
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.txt') && !wanted.has(name)) fs.rmSync(path.join(dir, name));
  }
  for (const f of files) fs.writeFileSync(path.join(dir, f.fileName), f.content);
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dataDir = defaultDataDir();
  const i = process.argv.indexOf('--panel');
  if (i > 0) {
    const source = process.argv[i + 1];
    if (!source) throw new Error('--panel needs a path');
    parsePanel(fs.readFileSync(source, 'utf8')); // refuse a malformed panel before copying it
    fs.copyFileSync(source, path.join(dataDir, 'panel.tsv'));
  }
  for (const f of writeScoringFiles(dataDir)) {
    console.log(`${f.fileName}\t${f.rows.length} SNPs\t(left out: ${f.leftOut.map((d) => d.rsid).join(', ') || 'none'})`);
  }
}
