import { describe, it, expect } from 'vitest';
import { generateSyntheticGenotypeFile, hashString, mulberry32, SYNTHETIC_MARKER } from './synthetic';
import { loadGeneticsData, parsePanel, type GeneticsData } from './panel';
import { complement, parseRawGenotypes } from './scoring';

const data = loadGeneticsData();
const panelRsids = [...new Set(data.panel.map((r) => r.rsid))];

describe('the seeded PRNG', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const a = mulberry32(hashString('x'));
    const b = mulberry32(hashString('x'));
    const seqA = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(seqA);
    expect(seqA.every((u) => u >= 0 && u < 1)).toBe(true);
    expect(hashString('x')).not.toBe(hashString('y'));
    // Roughly uniform: the mean of 1000 draws is near ½.
    expect(Math.abs(seqA.reduce((s, u) => s + u, 0) / 1000 - 0.5)).toBeLessThan(0.05);
  });
});

describe('generateSyntheticGenotypeFile', () => {
  it('gives the same bytes for the same seed and different files for different seeds', () => {
    expect(generateSyntheticGenotypeFile('patient-42')).toBe(generateSyntheticGenotypeFile('patient-42'));
    expect(generateSyntheticGenotypeFile('patient-42')).not.toBe(generateSyntheticGenotypeFile('patient-43'));
  });

  it('labels itself synthetic and lists every panel SNP plus filler probes', () => {
    const text = generateSyntheticGenotypeFile('s1', { fillerLines: 25 });
    expect(text.split('\n')[0]).toBe(SYNTHETIC_MARKER);
    const raw = parseRawGenotypes(text);
    expect(raw.synthetic).toBe(true);
    for (const id of panelRsids) expect(raw.variants.has(id)).toBe(true);
    expect([...raw.variants.keys()].filter((k) => k.startsWith('i'))).toHaveLength(25);
    expect([...raw.variants.values()].some((v) => v.genotype === '--')).toBe(true);
  });

  it('writes forward-strand genotypes made of the panel alleles, and no-calls where no frequency is known', () => {
    const raw = parseRawGenotypes(generateSyntheticGenotypeFile('s2'));
    const g = (id: string) => raw.variants.get(id)!.genotype;
    expect(['AA', 'AG', 'GG']).toContain(g('rs1800562')); // HFE C282Y, A/G
    expect(['CC', 'CT', 'TT']).toContain(g('rs4654748'));
    expect(g('rs1532423')).toBe('--'); // zinc: no eaf_eur in the panel, never invented
    expect(g('rs1047781')).toBe('--'); // no effect allele
  });

  it('dropFraction removes SNPs without changing the genotypes of the others', () => {
    const full = parseRawGenotypes(generateSyntheticGenotypeFile('s3'));
    const dropped = parseRawGenotypes(generateSyntheticGenotypeFile('s3', { dropFraction: 0.5 }));
    const kept = panelRsids.filter((id) => dropped.variants.has(id));
    expect(kept.length).toBeGreaterThan(panelRsids.length * 0.25);
    expect(kept.length).toBeLessThan(panelRsids.length * 0.75);
    for (const id of kept) expect(dropped.variants.get(id)!.genotype).toBe(full.variants.get(id)!.genotype);
  });

  it('reverseStrandFraction 1 writes the complement of every forward genotype', () => {
    const fwd = parseRawGenotypes(generateSyntheticGenotypeFile('s4'));
    const rev = parseRawGenotypes(generateSyntheticGenotypeFile('s4', { reverseStrandFraction: 1 }));
    for (const id of ['rs1800562', 'rs855791', 'rs602662', 'rs4072037']) {
      const flipped = fwd.variants.get(id)!.genotype.split('').map(complement).sort().join('');
      expect(rev.variants.get(id)!.genotype).toBe(flipped);
    }
  });

  it('writes comma-separated files that parse to the same genotypes', () => {
    const tab = parseRawGenotypes(generateSyntheticGenotypeFile('s5'));
    const comma = generateSyntheticGenotypeFile('s5', { delimiter: ',' });
    expect(comma).not.toContain('\t');
    expect(parseRawGenotypes(comma).variants).toEqual(tab.variants);
  });

  it('writes X-chromosome SNPs as one allele for a male', () => {
    const header =
      'component\tgene\trsid\tchr\tpos_grch38\teffect_allele\tother_allele\tbeta\tbeta_units\ttrait\tpmid\tfirst_author_year\teaf_afr\teaf_eur\teaf_eas\teaf_sas\teaf_amr\teaf_source\tconfidence\tnotes';
    const row = 'toy\tG1\trs999\tX\t1000\tA\tG\t0.1\tu\tt\t1\tA 2000\t\t0.5\t\t\t\t\tmedium\t';
    const custom: GeneticsData = { panel: parsePanel(`${header}\n${row}\n`), scores: new Map() };
    const male = parseRawGenotypes(generateSyntheticGenotypeFile('m', { data: custom, sex: 'male' }));
    const female = parseRawGenotypes(generateSyntheticGenotypeFile('m', { data: custom }));
    expect(male.variants.get('rs999')!.genotype).toMatch(/^[AG]$/);
    expect(female.variants.get('rs999')!.genotype).toMatch(/^[AG]{2}$/);
  });

  it('samples genotypes at the panel frequency (Hardy-Weinberg)', () => {
    const n = 400;
    let effect = 0;
    let het = 0;
    for (let i = 0; i < n; i++) {
      const g = parseRawGenotypes(generateSyntheticGenotypeFile(`freq-${i}`, { fillerLines: 0 })).variants.get('rs602662')!.genotype;
      effect += g.split('').filter((a) => a === 'A').length;
      if (g === 'AG') het++;
    }
    // eaf 0.53: allele frequency 0.53 (sd ≈ 0.018 over 800 alleles), heterozygotes 2pq ≈ 0.498.
    expect(Math.abs(effect / (2 * n) - 0.53)).toBeLessThan(0.06);
    expect(Math.abs(het / n - 2 * 0.53 * 0.47)).toBeLessThan(0.08);
  });
});
