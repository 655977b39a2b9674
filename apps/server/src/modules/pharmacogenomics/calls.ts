/**
 * A patient's pharmacogene calls as a lab delivers them: PharmCAT's calls-only TSV (one line per
 * gene: diplotype, phenotype, activity score, haplotypes and their functions) and, beside it, the
 * outside calls the lab made with other tools (CYP2D6, HLA-B, …) in PharmCAT's outside-call format.
 *
 * Parsing checks every call against PharmCAT's phenotype list and refuses anything outside it:
 * an unknown gene, haplotype, phenotype or activity score is an error with its line number.
 */
import type { PgxGeneCall } from '@portal/contract';
import type { Catalogue, GeneDefinition } from './catalogue';
import { CFTR_REFERENCE, mtRnr1Phenotypes } from './catalogue';
import { parseTsv } from './tsv';

export interface GeneCall {
  gene: string;
  /** MATCHER: PharmCAT called it from the VCF; OUTSIDE: the lab's outside call; NONE: not called. */
  source: 'MATCHER' | 'OUTSIDE' | 'NONE';
  /** The diplotype as the calls give it ('Unknown/Unknown' when not called). */
  diplotype: string;
  /** The diplotype as PharmCAT's report labels it (the CFTR reference sequence reads 'Reference'). */
  label: string;
  allele1: string | null;
  allele1Function: string | null;
  allele2: string | null;
  allele2Function: string | null;
  /** '' (none), 'n/a', 'No Result', a CPIC phenotype, or for HLA genes each allele's status ('*57:01 positive;…'). */
  phenotype: string;
  /** '' (none), 'No Result', or a CPIC activity score ('1.0'). */
  activityScore: string;
  /** What PharmCAT looks recommendations up with (its 'Recommendation Lookup' columns). */
  lookupPhenotype: string;
  lookupActivityScore: string;
}

export interface CallSet {
  pharmcatVersion: string | null;
  calls: GeneCall[];
}

export class CallsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The calls cannot be imported:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'CallsError';
  }
}

const NO_RESULT = 'No Result';
const HLA = new Set(['HLA-A', 'HLA-B']);

/** PharmCAT writes an absent function as 'null'; a blank phenotype cell it reports as n/a is one space. */
const fn = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' || t === 'null' ? null : t;
};
function phenotypeCell(v: string | undefined) {
  if (v === undefined || v === '') return '';
  return v.trim() === '' ? 'n/a' : v.trim();
}

export function labelOf(gene: string, a1: string | null, a2: string | null): string {
  const show = (a: string | null) => (a === null ? '' : gene === 'CFTR' && a === CFTR_REFERENCE ? 'Reference' : a);
  return a2 === null ? show(a1) : `${show(a1)}/${show(a2)}`;
}

function splitDiplotype(def: GeneDefinition, diplotype: string): [string, string | null] {
  if (def.haploid) return [diplotype.trim(), null];
  // HLA and star alleles never contain '/'; named variants of other genes do not either.
  const parts = diplotype.split('/').map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new Error(`'${diplotype}' is not a diplotype (two haplotypes joined by '/')`);
  return [parts[0], parts[1]];
}

/** The allele statuses PharmCAT reports for an HLA call: each allele the guidelines name, positive or negative. */
export function hlaStatuses(def: GeneDefinition, alleles: string[]): string {
  return def.namedAlleles.map((a) => `${a} ${alleles.includes(a) ? 'positive' : 'negative'}`).join(';');
}

/**
 * HLA alleles in HLA nomenclature ('*57:01', '*44:03:01'): phenotypes.tsv names only the risk
 * alleles CPIC's guidelines use, so any other well-formed allele is a valid call that is negative
 * for all of them (docs/decisions/005).
 */
const HLA_ALLELE = /^\*\d{2,3}(:\d{2,3}){1,3}[A-Z]?$/;

/**
 * The one documented normalisation of an allele name: an MT-RNR1 variant written without the
 * mitochondrial prefix ('1555A>G', as PharmCAT's own example outside call writes it) is the named
 * allele 'm.1555A>G'. Anything else is taken as written.
 */
export function normaliseAllele(def: GeneDefinition, allele: string): string {
  if (def.gene === 'MT-RNR1' && !def.namedAlleles.includes(allele) && def.namedAlleles.includes(`m.${allele}`)) return `m.${allele}`;
  return allele;
}

/** Why an allele of a call is not one the portal can read, or null when it is. */
function alleleProblem(def: GeneDefinition, allele: string | null): string | null {
  if (allele === null || allele === 'Unknown') return null;
  if (HLA.has(def.gene))
    return HLA_ALLELE.test(allele) || def.namedAlleles.includes(allele)
      ? null
      : `'${allele}' is not an ${def.gene} allele in HLA nomenclature (such as *57:01)`;
  return def.namedAlleles.includes(allele) ? null : `'${allele}' is not a named allele of ${def.gene}`;
}

/** MT-RNR1's phenotype from its one allele, as PharmCAT's MT-RNR1 definition gives it; null for an allele it does not list. */
const mtRnr1PhenotypeOf = (allele: string) => mtRnr1Phenotypes().get(allele) ?? null;
/** PharmCAT writes an MT-RNR1 allele's function as its phenotype with a capital letter. */
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function checkPhenotype(def: GeneDefinition, phenotype: string, what: string): string | null {
  if (phenotype === '' || phenotype === 'n/a' || phenotype === NO_RESULT) return null;
  if (HLA.has(def.gene)) {
    const known = new Set(def.namedAlleles.flatMap((a) => [`${a} positive`, `${a} negative`]));
    const bad = phenotype.split(';').filter((p) => !known.has(p.trim()));
    return bad.length ? `${what} '${phenotype}' is not an allele status PharmCAT lists for ${def.gene}` : null;
  }
  if (!def.phenotypes.includes(phenotype)) {
    return def.phenotypes.length
      ? `${what} '${phenotype}' is not one of ${def.gene}'s CPIC phenotypes (${def.phenotypes.join(', ')})`
      : `${def.gene} has no CPIC phenotypes, but ${what.toLowerCase()} '${phenotype}' was given`;
  }
  return null;
}

function checkActivity(def: GeneDefinition, score: string, what: string): string | null {
  if (score === '' || score === 'n/a' || score === NO_RESULT) return null;
  if (!def.activityScores.length) return `${def.gene} has no CPIC activity scores, but ${what.toLowerCase()} '${score}' was given`;
  if (!def.activityScores.includes(score)) return `${what} '${score}' is not one of ${def.gene}'s CPIC activity scores (${def.activityScores.join(', ')})`;
  return null;
}

const CALLS_COLUMNS = ['Gene', 'Source Diplotype', 'Phenotype', 'Activity Score', 'Haplotype 1', 'Haplotype 1 Function', 'Haplotype 2', 'Haplotype 2 Function'];

/**
 * Parses PharmCAT's calls-only TSV (and the outside calls beside it) into one call per gene of the
 * phenotype list, the genes not called included as NONE. Throws CallsError listing every problem.
 */
export function parseCalls(catalogue: Catalogue, callsTsv: string, outsideTsv?: string | null): CallSet {
  const problems: string[] = [];
  const lines = parseTsv(callsTsv);
  let pharmcatVersion: string | null = null;
  const headerAt = lines.findIndex((l) => l[0]?.trim() === 'Gene');
  if (headerAt < 0) throw new CallsError(["no header line starting with 'Gene' (is this PharmCAT's calls-only TSV?)"]);
  const first = lines[0]?.[0]?.trim() ?? '';
  if (headerAt > 0 && /^PharmCAT\b/.test(first)) pharmcatVersion = first.slice('PharmCAT'.length).trim() || null;
  const header = lines[headerAt]!.map((h) => h.trim());
  const missing = CALLS_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new CallsError([`the header lacks ${missing.map((m) => `'${m}'`).join(', ')}`]);
  const col = (row: string[], name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : row[i];
  };

  const byGene = new Map<string, GeneCall>();
  for (let i = headerAt + 1; i < lines.length; i++) {
    const row = lines[i]!;
    const lineNo = i + 1;
    const gene = (col(row, 'Gene') ?? '').trim();
    if (!gene) continue;
    const def = catalogue.get(gene);
    if (!def) {
      problems.push(`line ${lineNo}: ${gene} is not a gene PharmCAT calls`);
      continue;
    }
    const outside = (col(row, 'Outside Call') ?? '').trim().toLowerCase() === 'yes';
    const cell = (name: string) => {
      const v = (col(row, name) ?? '').trim();
      return v ? normaliseAllele(def, v) : null;
    };
    const a1 = cell('Haplotype 1');
    const a2 = def.haploid ? null : cell('Haplotype 2');
    const diplotype = def.haploid ? normaliseAllele(def, (col(row, 'Source Diplotype') ?? '').trim()) : (col(row, 'Source Diplotype') ?? '').trim();
    if (!diplotype || !a1 || (!def.haploid && !a2)) {
      problems.push(`line ${lineNo}: ${gene} needs a diplotype and its haplotypes`);
      continue;
    }
    if (!def.haploid && diplotype !== `${a1}/${a2}` && diplotype !== `${a2}/${a1}`) {
      problems.push(`line ${lineNo}: ${gene}'s diplotype '${diplotype}' does not match its haplotypes ${a1} and ${a2}`);
    }
    // Outside calls included: an allele the phenotype list does not name is refused, never read as 'n/a'.
    for (const a of [a1, a2]) {
      const problem = alleleProblem(def, a);
      if (problem) problems.push(`line ${lineNo}: ${problem}`);
    }
    let phenotype = phenotypeCell(col(row, 'Phenotype'));
    // PharmCAT reports 'n/a' for an MT-RNR1 call it could not name (its own example's '1555A>G'); the normalised allele has a phenotype.
    const mt = gene === 'MT-RNR1' && (phenotype === '' || phenotype === 'n/a') && a1 ? mtRnr1PhenotypeOf(a1) : null;
    if (mt) phenotype = mt;
    const activityScore = (col(row, 'Activity Score') ?? '').trim();
    const lookupPhenotype =
      mt ?? (col(row, 'Recommendation Lookup Phenotype') === undefined ? phenotype : phenotypeCell(col(row, 'Recommendation Lookup Phenotype')));
    const lookupActivityScore = (col(row, 'Recommendation Lookup Activity Score') ?? activityScore).trim();
    for (const p of [
      checkPhenotype(def, phenotype, 'Phenotype'),
      checkActivity(def, activityScore, 'Activity score'),
      checkPhenotype(def, lookupPhenotype, 'Lookup phenotype'),
      checkActivity(def, lookupActivityScore, 'Lookup activity score'),
    ]) {
      if (p) problems.push(`line ${lineNo}: ${p}`);
    }
    const call: GeneCall = {
      gene,
      source: outside ? 'OUTSIDE' : 'MATCHER',
      diplotype,
      label: labelOf(gene, a1, a2),
      allele1: a1,
      allele1Function: mt ? capitalised(mt) : fn(col(row, 'Haplotype 1 Function')),
      allele2: a2,
      allele2Function: def.haploid ? null : fn(col(row, 'Haplotype 2 Function')),
      phenotype,
      activityScore,
      lookupPhenotype,
      lookupActivityScore,
    };
    const earlier = byGene.get(gene);
    if (earlier) {
      // PharmCAT writes one line per possible diplotype when it cannot tell them apart. They are
      // one call only when every one of them leads to the same recommendations.
      if (earlier.lookupPhenotype !== call.lookupPhenotype || earlier.lookupActivityScore !== call.lookupActivityScore) {
        problems.push(`line ${lineNo}: ${gene} has several possible diplotypes with different phenotypes; resolve the call before importing it`);
      } else {
        earlier.diplotype = `${earlier.diplotype} OR ${call.diplotype}`;
        earlier.label = `${earlier.label} OR ${call.label}`;
      }
      continue;
    }
    byGene.set(gene, call);
  }

  if (outsideTsv) {
    parseTsv(outsideTsv).forEach((row, i) => {
      const lineNo = i + 1;
      const gene = (row[0] ?? '').trim();
      if (!gene || gene.startsWith('#')) return;
      const def = catalogue.get(gene);
      const written = (row[1] ?? '').trim();
      if (!def) return problems.push(`outside calls line ${lineNo}: ${gene} is not a gene PharmCAT knows`);
      if (!written) return problems.push(`outside calls line ${lineNo}: ${gene} has no diplotype`);
      let alleles: [string, string | null];
      try {
        alleles = splitDiplotype(def, written);
      } catch (e) {
        return problems.push(`outside calls line ${lineNo}: ${(e as Error).message}`);
      }
      alleles = [normaliseAllele(def, alleles[0]), alleles[1] === null ? null : normaliseAllele(def, alleles[1])];
      const diplotype = alleles[1] === null ? alleles[0] : `${alleles[0]}/${alleles[1]}`;
      const known = byGene.get(gene);
      if (known) {
        // PharmCAT has already turned this outside call into a line of the calls TSV.
        if (known.source !== 'OUTSIDE' || (known.diplotype !== diplotype && known.diplotype !== written)) {
          problems.push(`outside calls line ${lineNo}: ${gene} ${written} disagrees with the calls TSV (${known.diplotype})`);
        }
        return;
      }
      const bad = alleles.map((a) => alleleProblem(def, a)).filter((p): p is string => p !== null);
      if (bad.length) return problems.push(...bad.map((p) => `outside calls line ${lineNo}: ${p}`));
      const given = phenotypeCell(row[2]);
      const givenScore = (row[3] ?? '').trim();
      let phenotype: string;
      if (given && given !== 'n/a') phenotype = given;
      else if (HLA.has(gene))
        phenotype = hlaStatuses(
          def,
          alleles.filter((a): a is string => a !== null),
        );
      else if (gene === 'MT-RNR1' && mtRnr1PhenotypeOf(alleles[0])) phenotype = mtRnr1PhenotypeOf(alleles[0])!;
      else {
        // The portal does not translate diplotypes to phenotypes itself (PharmCAT does): without one, the call cannot be read.
        return problems.push(
          `outside calls line ${lineNo}: ${gene} ${written} gives no phenotype; give the phenotype${def.activityScores.length ? ' and activity score' : ''} PharmCAT reports for it (columns 3${def.activityScores.length ? ' and 4' : ''}), or import PharmCAT's calls TSV that includes this outside call`,
        );
      }
      if (def.activityScores.length && !givenScore && !HLA.has(gene)) {
        return problems.push(`outside calls line ${lineNo}: ${gene} ${written} gives no activity score; CPIC looks ${gene} up by activity score (column 4)`);
      }
      for (const p of [checkPhenotype(def, phenotype, 'Phenotype'), checkActivity(def, givenScore, 'Activity score')]) {
        if (p) problems.push(`outside calls line ${lineNo}: ${p}`);
      }
      const functionOf = (a: string | null) => (a === null || gene !== 'MT-RNR1' ? null : capitalised(mtRnr1PhenotypeOf(a) ?? '') || null);
      byGene.set(gene, {
        gene,
        source: 'OUTSIDE',
        diplotype,
        label: labelOf(gene, alleles[0], alleles[1]),
        allele1: alleles[0],
        allele1Function: functionOf(alleles[0]),
        allele2: alleles[1],
        allele2Function: functionOf(alleles[1]),
        phenotype,
        activityScore: givenScore,
        lookupPhenotype: phenotype,
        lookupActivityScore: givenScore,
      });
    });
  }

  if (problems.length) throw new CallsError(problems);
  if (byGene.size === 0) throw new CallsError(['the file holds no calls']);

  const calls = [...catalogue.values()].map((def) => byGene.get(def.gene) ?? notCalled(def)).sort((a, b) => a.gene.localeCompare(b.gene));
  return { pharmcatVersion, calls };
}

/** A gene the calls leave out: PharmCAT reports it as not called ('No Result' where it has phenotypes). */
function notCalled(def: GeneDefinition): GeneCall {
  const phenotype = def.phenotypes.length ? NO_RESULT : '';
  const activityScore = def.activityScores.length ? NO_RESULT : '';
  return {
    gene: def.gene,
    source: 'NONE',
    diplotype: def.haploid ? 'Unknown' : 'Unknown/Unknown',
    label: def.haploid ? 'Unknown' : 'Unknown/Unknown',
    allele1: 'Unknown',
    allele1Function: null,
    allele2: def.haploid ? null : 'Unknown',
    allele2Function: null,
    phenotype,
    activityScore,
    lookupPhenotype: phenotype,
    lookupActivityScore: activityScore,
  };
}

/**
 * SPEC §3's metabolizer speed for an enzyme phenotype (CPIC's ultrarapid and indeterminate
 * included), CPIC's function term for a transporter, and null for every other kind of gene.
 */
export function metabolizerSpeedOf(def: GeneDefinition | undefined, phenotype: string): string | null {
  if (!def || !phenotype) return null;
  const p = phenotype.toLowerCase();
  const enzyme = def.phenotypes.some((x) => /metabolizer$/i.test(x));
  const transporter = def.phenotypes.some((x) => /function$/i.test(x));
  if (p === 'indeterminate' && (enzyme || transporter)) return 'indeterminate';
  if (enzyme) {
    for (const speed of ['ultrarapid', 'rapid', 'normal', 'intermediate', 'poor'] as const) {
      if (p.endsWith(`${speed} metabolizer`)) return speed;
    }
  }
  if (transporter) {
    for (const term of ['increased function', 'normal function', 'decreased function', 'poor function'] as const) {
      if (p.endsWith(term)) return term;
    }
  }
  return null;
}

export function toContractCall(c: GeneCall, def: GeneDefinition | undefined): PgxGeneCall {
  return {
    gene: c.gene,
    source: c.source,
    diplotype: c.diplotype,
    phenotype: c.phenotype,
    activityScore: c.activityScore,
    metabolizerSpeed: metabolizerSpeedOf(def, c.phenotype),
  };
}
