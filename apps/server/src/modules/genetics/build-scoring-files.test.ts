import fs from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { buildScoringFiles, NEVER_BOTH, selectScoredRows } from './build-scoring-files';
import { defaultDataDir, parsePanel, type PanelRow } from './panel';
import { parseScoringFile } from './scoring';

const dataDir = defaultDataDir();
const panelText = fs.readFileSync(path.join(dataDir, 'panel.tsv'), 'utf8');
const panel = parsePanel(panelText);

/** A panel with some rows changed, for exercising the selection rules. */
function withChanges(changes: Record<string, Partial<PanelRow>>): PanelRow[] {
  return panel.map((r) => (changes[`${r.component}:${r.rsid}`] ? { ...r, ...changes[`${r.component}:${r.rsid}`] } : r));
}

describe('the shipped panel', () => {
  it('has the 67 rows the README describes', () => {
    expect(panel).toHaveLength(67);
  });
});

describe('buildScoringFiles', () => {
  const files = buildScoringFiles(panel);

  it('matches the committed scoring files (rerun build-scoring-files.ts when this fails)', () => {
    const committed = fs
      .readdirSync(path.join(dataDir, 'scoring'))
      .filter((n) => n.endsWith('.txt'))
      .sort();
    expect(committed).toEqual(files.map((f) => f.fileName).sort());
    for (const f of files) expect(fs.readFileSync(path.join(dataDir, 'scoring', f.fileName), 'utf8')).toBe(f.content);
  });

  it("gives each component the README's coverage of scored SNPs", () => {
    expect(Object.fromEntries(files.map((f) => [f.component, f.rows.length]))).toEqual({
      vitamin_D: 6,
      calcium: 7,
      magnesium: 6,
      iron: 6,
      phosphorus: 5,
      vitamin_E: 3,
      vitamin_B12: 3,
      zinc: 3,
      copper: 2,
      selenium: 2,
      vitamin_A: 2,
      vitamin_B6: 1,
      vitamin_C: 1,
    });
  });

  it('scores no not_scored row, and never both SNPs of a same-locus pair', () => {
    for (const f of files) {
      const parsed = parseScoringFile(f.content);
      for (const v of parsed.variants) {
        const row = panel.find((r) => r.component === f.component && r.rsid === v.rsid);
        expect(row?.confidence).not.toBe('not_scored');
        expect(v.weight).toBe(row?.beta);
        expect(v.effectAllele).toBe(row?.effectAllele);
      }
      for (const [a, b] of NEVER_BOTH) {
        const ids = parsed.variants.map((v) => v.rsid);
        expect(ids.includes(a) && ids.includes(b)).toBe(false);
      }
    }
  });

  it('writes PGS Catalog v2.0 headers and the six required columns', () => {
    const iron = files.find((f) => f.component === 'iron')!;
    const parsed = parseScoringFile(iron.content);
    expect(parsed.header).toMatchObject({
      format_version: '2.0',
      pgs_id: 'PORTAL_NUTRI_iron',
      trait_reported: 'serum iron',
      genome_build: 'GRCh38',
      variants_number: '6',
      weight_type: 'beta (SD of serum iron per allele)',
    });
    expect(parsed.header.citation).toContain('PMID:25352340');
    expect(parsed.header.license).toBeTruthy();
    expect(iron.content).toContain('\nrsID\tchr_name\tchr_position\teffect_allele\tother_allele\teffect_weight\n');
    expect(iron.content).toContain('\nrs1800562\t6\t26092913\tA\tG\t0.328\n');
    expect(iron.leftOut).toEqual([{ rsid: 'rs3811647', reason: 'not_scored' }]);
  });
});

describe('selection rules', () => {
  it('includes low-confidence rows (README coverage) but not not_scored ones', () => {
    const { kept } = selectScoredRows(panel);
    expect(kept.some((r) => r.confidence === 'low')).toBe(true);
    expect(kept.some((r) => r.confidence === 'not_scored')).toBe(false);
  });

  it('keeps the first SNP of a pair on a tie, the higher-confidence one otherwise', () => {
    const tie = selectScoredRows(withChanges({ 'vitamin_D:rs2282679': { confidence: 'medium', beta: 0.05, betaUnits: panel[0]!.betaUnits } }));
    expect(tie.kept.map((r) => r.rsid)).toContain('rs3755967');
    expect(tie.kept.map((r) => r.rsid)).not.toContain('rs2282679');
    const higher = selectScoredRows(withChanges({ 'vitamin_D:rs2282679': { confidence: 'high', beta: 0.05, betaUnits: panel[0]!.betaUnits } }));
    expect(higher.kept.map((r) => r.rsid)).toContain('rs2282679');
    expect(higher.kept.map((r) => r.rsid)).not.toContain('rs3755967');
    expect(higher.leftOut.find((d) => d.row.rsid === 'rs3755967')?.reason).toMatch(/same locus as rs2282679/);
  });

  it('refuses to add betas in different units or to mix weighted and unweighted SNPs', () => {
    expect(() => buildScoringFiles(withChanges({ 'iron:rs228916': { betaUnits: 'ug/dL' } }))).toThrow(/different units/);
    expect(() => buildScoringFiles(withChanges({ 'iron:rs228916': { beta: null } }))).toThrow(/mixes weighted/);
  });

  it('resolves "as for rsX" units to rsX\'s unit', () => {
    const a = buildScoringFiles(panel).find((f) => f.component === 'vitamin_A')!;
    expect(parseScoringFile(a.content).header.weight_type).toContain("'ug/L decrease'");
  });
});
