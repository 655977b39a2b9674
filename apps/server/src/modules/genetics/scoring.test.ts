import { describe, it, expect } from 'vitest';
import { complement, matchVariant, parseRawGenotypes, parseScoringFile, scoreComponent, isPalindromic } from './scoring';

const TOY = [
  '###PGS CATALOG SCORING FILE',
  '#format_version=2.0',
  '#pgs_id=TOY3',
  '#weight_type=NR',
  '#genome_build=GRCh38',
  'rsID\tchr_name\tchr_position\teffect_allele\tother_allele\teffect_weight',
  'rs1\t1\t100\tA\tG\t0.5',
  'rs2\t2\t200\tC\tT\t-1.0',
  'rs3\t3\t300\tG\tA\t2.0',
  '',
].join('\n');

/** A raw file from rsid → genotype pairs (tab-separated, 23andMe-like). */
function raw(genotypes: Record<string, string>): string {
  return ['# rsid\tchromosome\tposition\tgenotype', ...Object.entries(genotypes).map(([id, g], i) => `${id}\t${i + 1}\t${i + 1}00\t${g}`)].join('\n');
}

describe('parseScoringFile', () => {
  it('reads the header lines and the variants', () => {
    const f = parseScoringFile(TOY);
    expect(f.header).toMatchObject({ format_version: '2.0', pgs_id: 'TOY3', weight_type: 'NR', genome_build: 'GRCh38' });
    expect(f.variants).toEqual([
      { rsid: 'rs1', chr: '1', position: 100, effectAllele: 'A', otherAllele: 'G', weight: 0.5 },
      { rsid: 'rs2', chr: '2', position: 200, effectAllele: 'C', otherAllele: 'T', weight: -1 },
      { rsid: 'rs3', chr: '3', position: 300, effectAllele: 'G', otherAllele: 'A', weight: 2 },
    ]);
  });

  it('keeps a missing other allele and position as null', () => {
    const f = parseScoringFile('rsID\tchr_name\tchr_position\teffect_allele\tother_allele\teffect_weight\nrs9\t4\t\tC\t\t0.1\n');
    expect(f.variants[0]).toEqual({ rsid: 'rs9', chr: '4', position: null, effectAllele: 'C', otherAllele: null, weight: 0.1 });
  });

  it('refuses a file without weights or without the column header', () => {
    expect(() => parseScoringFile('rsID\teffect_allele\trs1\n')).toThrow(/effect_weight/);
    expect(() => parseScoringFile('rsID\teffect_allele\teffect_weight\nrs1\tA\tabc\n')).toThrow(/effect_weight/);
    expect(() => parseScoringFile('#pgs_id=X\n')).toThrow(/column header/);
  });
});

describe('scoreComponent on the 3-SNP toy file (hand-computed)', () => {
  const toy = parseScoringFile(TOY);

  it('dosages 0, 1 and 2 on the forward strand: 0×0.5 + 1×(-1) + 2×2 = 3', () => {
    const s = scoreComponent(toy, parseRawGenotypes(raw({ rs1: 'GG', rs2: 'CT', rs3: 'GG' })));
    expect(s.rows.map((r) => r.dosage)).toEqual([0, 1, 2]);
    expect(s.rows.every((r) => r.strand === 'forward' && r.status === 'called')).toBe(true);
    expect(s.processed).toBe(true);
    expect(s.score).toBeCloseTo(3, 12);
  });

  it('dosages 2, 0, 1: 2×0.5 + 0 + 1×2 = 3; and 2, 2, 0: 1 - 2 = -1', () => {
    expect(scoreComponent(toy, parseRawGenotypes(raw({ rs1: 'AA', rs2: 'TT', rs3: 'AG' }))).score).toBeCloseTo(3, 12);
    expect(scoreComponent(toy, parseRawGenotypes(raw({ rs1: 'AA', rs2: 'CC', rs3: 'AA' }))).score).toBeCloseTo(-1, 12);
  });

  it('matches genotypes reported on the reverse strand through the complement', () => {
    // CC = reverse of GG (rs1 dosage 0), GA = reverse of CT (rs2 dosage 1), CC = reverse of GG (rs3 dosage 2).
    const s = scoreComponent(toy, parseRawGenotypes(raw({ rs1: 'CC', rs2: 'GA', rs3: 'CC' })));
    expect(s.rows.map((r) => [r.status, r.strand, r.dosage])).toEqual([
      ['called', 'reverse', 0],
      ['called', 'reverse', 1],
      ['called', 'reverse', 2],
    ]);
    expect(s.score).toBeCloseTo(3, 12);
  });

  it('drops a palindromic SNP even when its letters look readable', () => {
    const pal = parseScoringFile(TOY.replace('rs3\t3\t300\tG\tA\t2.0', 'rs3\t3\t300\tA\tT\t2.0'));
    const s = scoreComponent(pal, parseRawGenotypes(raw({ rs1: 'AA', rs2: 'CC', rs3: 'AA' })));
    expect(s.rows[2]).toMatchObject({ rsid: 'rs3', status: 'ambiguous', dosage: null, genotype: 'AA' });
    expect(s.calledCount).toBe(2);
    // 2 of 3 called is 67% < 75%: refused, no score.
    expect(s.processed).toBe(false);
    expect(s.score).toBeNull();
  });

  it('treats --, 00, half-calls and absent rsIDs as no-calls', () => {
    const s = scoreComponent(toy, parseRawGenotypes(raw({ rs1: '--', rs2: '00' })));
    expect(s.rows.map((r) => [r.status, r.genotype])).toEqual([
      ['no-call', '--'],
      ['no-call', '00'],
      ['no-call', null],
    ]);
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'A-').status).toBe('no-call');
    expect(s.processed).toBe(false);
  });

  it('reports alleles that fit neither strand, and indel codes, as allele-mismatch', () => {
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'AC').status).toBe('allele-mismatch');
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'DI').status).toBe('allele-mismatch');
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'AGT').status).toBe('allele-mismatch');
  });

  it('writes the genotype-table text: effects & alleles, genotype, effect allele, weight', () => {
    const s = scoreComponent(toy, parseRawGenotypes(raw({ rs1: 'AG' })), { genes: new Map([['rs1', 'GENE1']]) });
    expect(s.rows[0]).toMatchObject({ effectsAndAlleles: 'GENE1 rs1: A/G (A raises)', genotype: 'AG', effectAllele: 'A', effectWeight: 0.5, dosage: 1 });
    expect(s.rows[1]!.effectsAndAlleles).toBe('rs2: C/T (C lowers)');
  });
});

describe('the 75% rule', () => {
  const four = parseScoringFile(`${TOY}rs4\t4\t400\tT\tC\t1.5\n`);

  it('3 of 4 called (exactly 75%) is processed', () => {
    const s = scoreComponent(four, parseRawGenotypes(raw({ rs1: 'AA', rs2: '--', rs3: 'AG', rs4: 'TT' })));
    expect([s.calledCount, s.totalCount, s.processed]).toEqual([3, 4, true]);
    expect(s.score).toBeCloseTo(2 * 0.5 + 1 * 2 + 2 * 1.5, 12);
  });

  it('2 of 4 called is NOT_PROCESSED', () => {
    const s = scoreComponent(four, parseRawGenotypes(raw({ rs1: 'AA', rs2: '--', rs3: 'AG' })));
    expect([s.calledCount, s.totalCount, s.processed, s.score]).toEqual([2, 4, false, null]);
  });

  it('a component with no variants is never processed', () => {
    const empty = parseScoringFile('rsID\teffect_allele\teffect_weight\n');
    expect(scoreComponent(empty, parseRawGenotypes('')).processed).toBe(false);
  });
});

describe('matchVariant', () => {
  it('reads haploid calls (male X) as dosage 0 or 1', () => {
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'A')).toEqual({ status: 'called', dosage: 1, ploidy: 1, strand: 'forward' });
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'G')).toMatchObject({ dosage: 0, ploidy: 1 });
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'T')).toMatchObject({ dosage: 1, ploidy: 1, strand: 'reverse' });
  });

  it('without an other allele (not palindromic): forward first, then the complement, as with a known one', () => {
    // The other allele is one of A and T (C/G would be palindromic, which the README rules out here).
    const v = { effectAllele: 'C', otherAllele: null };
    expect(matchVariant(v, 'CC')).toMatchObject({ status: 'called', dosage: 2, strand: 'forward' });
    expect(matchVariant(v, 'CT')).toMatchObject({ status: 'called', dosage: 1, strand: 'forward' });
    // Reverse strand: GG is CC complemented, AG is CT (or CA) complemented. Before issue 18 both were 'ambiguous'.
    expect(matchVariant(v, 'GG')).toMatchObject({ status: 'called', dosage: 2, strand: 'reverse' });
    expect(matchVariant(v, 'AG')).toMatchObject({ status: 'called', dosage: 1, strand: 'reverse' });
    expect(matchVariant(v, 'GT')).toMatchObject({ status: 'called', dosage: 1, strand: 'reverse' });
    // TT is forward T/T (other allele T) or reverse A/A (other allele A): 0 copies either way.
    expect(matchVariant(v, 'TT')).toMatchObject({ status: 'called', dosage: 0, strand: 'either' });
    expect(matchVariant(v, 'AA')).toMatchObject({ status: 'called', dosage: 0, strand: 'either' });
    // C with G would need the SNP to be C/G; A with T fits no C/x SNP on either strand.
    expect(matchVariant(v, 'CG').status).toBe('allele-mismatch');
    expect(matchVariant(v, 'AT').status).toBe('allele-mismatch');
    // Haploid calls follow the same rule.
    expect(matchVariant(v, 'G')).toMatchObject({ status: 'called', dosage: 1, ploidy: 1, strand: 'reverse' });
  });

  it('a possibly palindromic SNP without an other allele (rs1550532): heterozygotes count 1, the homozygotes cannot be told apart', () => {
    const v = { effectAllele: 'C', otherAllele: null, possiblyPalindromic: true };
    // GA is CT written on the reverse strand: one copy of C whatever the other allele is (was 'ambiguous').
    expect(matchVariant(v, 'GA')).toMatchObject({ status: 'called', dosage: 1, strand: 'reverse' });
    expect(matchVariant(v, 'CT')).toMatchObject({ status: 'called', dosage: 1, strand: 'forward' });
    // CG's complement GC is the same heterozygote: one copy on either strand (was 'ambiguous').
    expect(matchVariant(v, 'CG')).toMatchObject({ status: 'called', dosage: 1, strand: 'either' });
    // CC is two copies forward, or GG (none) written on the reverse strand of a C/G SNP: not used (was 2).
    expect(matchVariant(v, 'CC').status).toBe('ambiguous');
    expect(matchVariant(v, 'GG').status).toBe('ambiguous');
    expect(matchVariant(v, 'TT')).toMatchObject({ status: 'called', dosage: 0, strand: 'either' });
    expect(matchVariant(v, 'AT').status).toBe('allele-mismatch');
  });

  it('reads every genotype of a SNP and its complement alike: same status and count, strands swapped', () => {
    const swap = { forward: 'reverse', reverse: 'forward', either: 'either' } as const;
    const variants = [
      { effectAllele: 'A', otherAllele: 'G' },
      { effectAllele: 'C', otherAllele: null },
      { effectAllele: 'C', otherAllele: null, possiblyPalindromic: true },
      { effectAllele: 'A', otherAllele: 'T' },
    ];
    const bases = ['A', 'C', 'G', 'T'];
    for (const v of variants) {
      for (const g of [...bases, ...bases.flatMap((a) => bases.map((b) => a + b))]) {
        const m = matchVariant(v, g);
        const c = matchVariant(v, g.split('').map(complement).join(''));
        expect([c.status, c.dosage], `${JSON.stringify(v)} ${g}`).toEqual([m.status, m.dosage]);
        expect(c.strand).toBe(m.strand === null ? null : swap[m.strand]);
      }
    }
  });

  it('is case-insensitive and knows which pairs are palindromic', () => {
    expect(matchVariant({ effectAllele: 'A', otherAllele: 'G' }, 'ag')).toMatchObject({ status: 'called', dosage: 1 });
    expect([isPalindromic('A', 'T'), isPalindromic('C', 'G'), isPalindromic('A', 'G'), isPalindromic('C', null)]).toEqual([true, true, false, false]);
  });
});

describe('parseRawGenotypes', () => {
  it('reads a 23andMe-style file: comments, tab separators, no-calls and haploid calls', () => {
    const f = parseRawGenotypes(
      [
        '# This data file generated by a vendor',
        '# rsid\tchromosome\tposition\tgenotype',
        'rs1\t1\t100\tAG',
        'rs2\t2\t200\t--',
        'rs3\tX\t300\tA',
        'i700\t5\t400\tCC',
      ].join('\n'),
    );
    expect(f.comments).toEqual(['This data file generated by a vendor', 'rsid\tchromosome\tposition\tgenotype']);
    expect([...f.variants.keys()]).toEqual(['rs1', 'rs2', 'rs3', 'i700']);
    expect(f.variants.get('rs2')).toEqual({ rsid: 'rs2', chromosome: '2', position: 200, genotype: '--' });
    expect(f.variants.get('rs3')!.genotype).toBe('A');
    expect(f.synthetic).toBe(false);
  });

  it('reads comma-separated files with a header row, quotes, CRLF and a BOM', () => {
    const f = parseRawGenotypes('\uFEFFRSID,CHROMOSOME,POSITION,GENOTYPE\r\n"rs1","1","100","AG"\r\nRS2,2,200,00\r\n');
    expect([...f.variants.values()]).toEqual([
      { rsid: 'rs1', chromosome: '1', position: 100, genotype: 'AG' },
      { rsid: 'rs2', chromosome: '2', position: 200, genotype: '00' },
    ]);
  });

  it('joins AncestryDNA-style allele1/allele2 columns, skips short lines, keeps the first duplicate', () => {
    const f = parseRawGenotypes('rsid\tchromosome\tposition\tallele1\tallele2\nrs1\t1\t100\tA\tG\nrs1\t1\t100\tG\tG\nbroken line\nrs2\t2\t200\t0\t0\n');
    expect(f.variants.get('rs1')!.genotype).toBe('AG');
    expect(f.variants.get('rs2')!.genotype).toBe('00');
    expect(f.skippedLines).toBe(1);
  });

  it('flags files that say they are synthetic', () => {
    expect(parseRawGenotypes('# SYNTHETIC DEMO DATA - not a real person\nrs1\t1\t1\tAA\n').synthetic).toBe(true);
  });
});
