/**
 * A patient's pharmacogene calls as a lab delivers them: PharmCAT's calls-only TSV (one line per
 * gene: diplotype, phenotype, activity score, haplotypes and their functions, and the values the
 * recommendations are looked up with) and, beside it, the outside calls the lab made with other
 * tools (CYP2D6, HLA-B, …) in PharmCAT's outside-call format (gene, then a diplotype, a phenotype or
 * an activity score, or several of them).
 *
 * Nothing is taken on trust (docs/decisions/020):
 * - every gene, allele, phenotype and activity score must be one PharmCAT lists;
 * - for the genes PharmCAT's phenotype tables cover, a call's phenotype, activity score and lookup
 *   values must be what the table gives for its diplotype, else the whole import is refused, naming
 *   the line, the diplotype, the value given and the one expected;
 * - a blank, 'n/a' or absent activity score is no score (never 0), a 'no call' line or an ambiguous
 *   diplotype is an uncalled gene with its reason, and HLA alleles carry their two-field allele's
 *   status at any resolution.
 */
import { PGX_HLA_GENES, PGX_MESSAGES, type PgxGeneCall } from '@portal/contract';
import type { Catalogue, GeneDefinition } from './catalogue';
import { CFTR_REFERENCE } from './catalogue';
import { phenotypeTable, tableEntry, type PhenotypeTable, type TableDiplotype } from './phenotype-tables';
import { parseTsv } from './tsv';

/**
 * How a call was checked: its phenotype and score follow from its diplotype by PharmCAT's table
 * ('table'); the gene has no table here, so they were taken as given ('noTable': CYP2D6, G6PD, RYR1);
 * the lab gave a phenotype or score without a diplotype ('noDiplotype'); HLA allele statuses read
 * from the alleles' names ('nomenclature').
 */
export type CallCheck = 'table' | 'noTable' | 'noDiplotype' | 'nomenclature';

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
  /** '' (none), 'n/a', 'No Result', or a CPIC activity score as CPIC spells it ('1.0'). */
  activityScore: string;
  /** What PharmCAT looks recommendations up with (its 'Recommendation Lookup' columns). */
  lookupPhenotype: string;
  lookupActivityScore: string;
  /** How the call was checked (absent from call sets stored before the checks existed). */
  check?: CallCheck | null;
  /** Why the gene has no usable call, in words (PharmCAT's 'no call', an ambiguous diplotype, …). */
  note?: string | null;
}

/**
 * The version of the rules below. Bump it when they change how a file is read: call sets stored
 * under older rules are read again from the lab's files at the next start (service.recheckCallSets).
 * 2: checked against PharmCAT's phenotype tables, blank scores, HLA at any resolution, PharmCAT's
 * no-call, ambiguous and lowest-function lines (2026-11-27).
 */
export const CALL_RULES_VERSION = 2;

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
/** Genes whose phenotype comes from their two lowest-function variants: PharmCAT joins the variants it found with ' AND '. */
const LOWEST_FUNCTION = new Set(['DPYD', 'RYR1']);

/** A value that is no value: empty, 'n/a' or 'No Result' (PharmCAT writes all three as a blank). */
export const noValue = (v: string | null | undefined) => !v || v === 'n/a' || v === NO_RESULT;

/** PharmCAT writes an absent function as 'null'; a blank phenotype cell it reports as n/a is one space. */
const fn = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' || t === 'null' ? null : t;
};
function phenotypeCell(v: string | undefined) {
  if (v === undefined || v === '') return '';
  return v.trim() === '' ? 'n/a' : v.trim();
}

/**
 * An activity score as CPIC spells it: '1' is '1.0' (compared as numbers against the gene's scores);
 * blank stays blank and 'n/a' n/a. A number the gene does not have is kept as written, to be refused.
 */
export function scoreCell(def: GeneDefinition, v: string | undefined): string {
  const t = (v ?? '').trim();
  if (t === '' || t === 'n/a' || t === NO_RESULT || !/^\d+(\.\d+)?$/.test(t)) return t;
  return def.activityScores.find((s) => /^\d+(\.\d+)?$/.test(s) && Number(s) === Number(t)) ?? t;
}

export function labelOf(gene: string, a1: string | null, a2: string | null): string {
  const show = (a: string | null) => (a === null ? '' : gene === 'CFTR' && a === CFTR_REFERENCE ? 'Reference' : a);
  return a2 === null ? show(a1) : `${show(a1)}/${show(a2)}`;
}

/**
 * HLA alleles in HLA nomenclature at any resolution: two to four fields ('*57:01', '*57:01:01',
 * '*57:01:01:02') and an optional expression letter. CPIC's rows name two-field alleles, and a
 * longer name carries its two-field allele's status.
 */
const HLA_ALLELE = /^(\*\d{2,3}:\d{2,3})(:\d{2,3}){0,2}[NLSCAQ]?$/;
export const hlaTwoField = (allele: string) => HLA_ALLELE.exec(allele)?.[1] ?? null;

/** The allele statuses PharmCAT reports for an HLA call: each allele the guidelines name, positive or negative. */
export function hlaStatuses(def: GeneDefinition, alleles: string[]): string {
  const carried = new Set(alleles.map((a) => hlaTwoField(a) ?? a));
  return def.namedAlleles.map((a) => `${a} ${carried.has(a) ? 'positive' : 'negative'}`).join(';');
}

/**
 * The one documented normalisation of an allele name: an MT-RNR1 variant written without the
 * mitochondrial prefix ('1555A>G', as PharmCAT's own example outside call writes it) is the named
 * allele 'm.1555A>G'. Anything else is taken as written.
 */
export function normaliseAllele(def: GeneDefinition, allele: string): string {
  if (def.gene === 'MT-RNR1' && !def.namedAlleles.includes(allele) && def.namedAlleles.includes(`m.${allele}`)) return `m.${allele}`;
  return allele;
}

/** A named allele of the gene: PharmCAT's phenotype list, or its phenotype table (which names some alleles the list leaves out). */
const isNamedAllele = (def: GeneDefinition, a: string) => def.namedAlleles.includes(a) || (phenotypeTable(def.gene)?.functions.has(a) ?? false);

/** Why an allele of a call is not one the portal can read, or null when it is. */
function alleleProblem(def: GeneDefinition, allele: string | null): string | null {
  if (allele === null || allele === 'Unknown') return null;
  if (PGX_HLA_GENES.has(def.gene))
    return HLA_ALLELE.test(allele) ? null : `'${allele}' is not an ${def.gene} allele in HLA nomenclature (such as *57:01 or *57:01:01)`;
  return isNamedAllele(def, allele) ? null : `'${allele}' is not a named allele of ${def.gene}`;
}

function checkPhenotype(def: GeneDefinition, phenotype: string, what: string): string | null {
  if (noValue(phenotype)) return null;
  if (PGX_HLA_GENES.has(def.gene)) {
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
  if (noValue(score)) return null;
  if (!def.activityScores.length) return `${def.gene} has no CPIC activity scores, but ${what.toLowerCase()} '${score}' was given`;
  if (!def.activityScores.includes(score)) return `${what} '${score}' is not one of ${def.gene}'s CPIC activity scores (${def.activityScores.join(', ')})`;
  return null;
}

const sameScore = (a: string, b: string | null) => (noValue(a) && noValue(b)) || a === b || (!noValue(a) && !noValue(b) && Number(a) === Number(b));
const isIndeterminate = (p: string) => /^indeterminate$/i.test(p);

/**
 * A diplotype's phenotype and score against PharmCAT's table: what the call gives must be what the
 * table gives (a blank is 'not given', not a contradiction). Problems name the diplotype, the value
 * given and the one expected.
 */
function againstTable(
  table: PhenotypeTable,
  alleles: [string, string | null],
  given: { phenotype: string; score: string },
  what: string,
): { entry: TableDiplotype | null; problems: string[] } {
  const dip = alleles[1] === null ? alleles[0] : `${alleles[0]}/${alleles[1]}`;
  const entry = tableEntry(table, alleles);
  if (!entry) {
    // A diplotype the table does not hold can still be indeterminate; a definite phenotype or score for it cannot be checked.
    const definite = (!noValue(given.phenotype) && !isIndeterminate(given.phenotype)) || !noValue(given.score);
    return {
      entry,
      problems: definite
        ? [
            `${table.gene} ${dip} is not in PharmCAT's ${table.gene} phenotype table, so ${what} '${[given.phenotype, given.score].filter((v) => !noValue(v)).join("' and '")}' cannot be checked`,
          ]
        : [],
    };
  }
  const problems: string[] = [];
  if (!noValue(given.phenotype) && given.phenotype !== entry.phenotype)
    problems.push(`${table.gene} ${dip} is given ${what} '${given.phenotype}', but PharmCAT's table gives '${entry.phenotype}' for ${dip}`);
  if (!noValue(given.score) && !sameScore(given.score, entry.activityScore))
    problems.push(
      `${table.gene} ${dip} is given ${what === 'the phenotype' ? 'the activity score' : 'the lookup activity score'} '${given.score}', but PharmCAT's table gives '${entry.activityScore ?? 'none'}' for ${dip}`,
    );
  return { entry, problems };
}

/** The problems of a call that has no table: its lookup columns must not contradict its own phenotype and score. */
function lookupAgreesWithCall(gene: string, given: { phenotype: string; score: string }, lookup: { phenotype: string; score: string }): string[] {
  const out: string[] = [];
  if (!noValue(given.phenotype) && !noValue(lookup.phenotype) && given.phenotype !== lookup.phenotype)
    out.push(`${gene}'s lookup phenotype '${lookup.phenotype}' contradicts its phenotype '${given.phenotype}'`);
  if (!noValue(given.score) && !noValue(lookup.score) && !sameScore(given.score, lookup.score))
    out.push(`${gene}'s lookup activity score '${lookup.score}' contradicts its activity score '${given.score}'`);
  return out;
}

const functionOf = (def: GeneDefinition, allele: string | null) => (allele === null ? null : (phenotypeTable(def.gene)?.functions.get(allele) ?? null));

/** A diplotype written 'A/B' (or one allele for a haploid gene), normalised. */
function splitDiplotype(def: GeneDefinition, diplotype: string): [string, string | null] {
  if (def.haploid) return [normaliseAllele(def, diplotype.trim()), null];
  const parts = diplotype.split('/').map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new Error(`'${diplotype}' is not a diplotype (two haplotypes joined by '/')`);
  return [normaliseAllele(def, parts[0]), normaliseAllele(def, parts[1])];
}

/** A gene the lab did not call, or called in a way no lookup can use: PharmCAT reports it as not called ('No Result'). */
function notCalled(def: GeneDefinition, note: string | null = null, written?: string): GeneCall {
  const phenotype = def.phenotypes.length ? NO_RESULT : '';
  const activityScore = def.activityScores.length ? NO_RESULT : '';
  const unknown = def.haploid ? 'Unknown' : 'Unknown/Unknown';
  return {
    gene: def.gene,
    source: 'NONE',
    diplotype: written ?? unknown,
    label: written ?? unknown,
    allele1: 'Unknown',
    allele1Function: null,
    allele2: def.haploid ? null : 'Unknown',
    allele2Function: null,
    phenotype,
    activityScore,
    lookupPhenotype: phenotype,
    lookupActivityScore: activityScore,
    check: null,
    note,
  };
}

/** What a call line or outside call gives, before it is checked. */
interface Given {
  source: 'MATCHER' | 'OUTSIDE';
  /** The diplotype as written ('' when the line gives only a phenotype or score). */
  written: string;
  /** The haplotype columns of the calls TSV, when the line has them. */
  haplotypes?: [string | null, string | null];
  functions?: [string | null, string | null];
  phenotype: string;
  score: string;
  /** The calls TSV's Recommendation Lookup columns; absent for outside calls (their lookup is what they give). */
  lookup?: { diplotype: string; phenotype: string; score: string };
}

/**
 * One gene's call from what a line gives, or the problems that refuse it. Shared by the calls TSV
 * and the outside calls, so both are held to the same checks.
 */
function readCall(def: GeneDefinition, g: Given): GeneCall | string[] {
  const gene = def.gene;
  const table = phenotypeTable(gene);
  const problems: string[] = [];
  const lookup = g.lookup ?? { diplotype: '', phenotype: g.phenotype, score: g.score };
  const lookupGiven = (!noValue(lookup.phenotype) || !noValue(lookup.score)) && lookup.diplotype.trim() !== '';

  if (/^no call$/i.test(g.written)) return notCalled(def, PGX_MESSAGES.callNotes.noCall);

  // PharmCAT could not tell which of several diplotypes the sample carries; without a lookup diplotype it is unknown.
  if (g.written.includes(' OR ') && !lookupGiven) return notCalled(def, PGX_MESSAGES.callNotes.ambiguous(g.written), g.written);

  // DPYD and RYR1 from unphased data: the variants found, and the two lowest-function ones looked up.
  if (g.written.includes(' AND ')) {
    if (!LOWEST_FUNCTION.has(gene)) return [`${gene}'s diplotype '${g.written}' joins variants with AND, which PharmCAT does only for DPYD and RYR1`];
    return readLowestFunction(def, g, lookup);
  }

  let alleles: [string, string | null] | null = null;
  if (g.written && !g.written.includes(' OR ')) {
    try {
      alleles = splitDiplotype(def, g.written);
    } catch (e) {
      return [(e as Error).message];
    }
    if (g.haplotypes) {
      const [h1, h2] = g.haplotypes.map((h) => (h ? normaliseAllele(def, h) : h));
      if (!h1 || (!def.haploid && !h2)) return [`${gene} needs a diplotype and its haplotypes`];
      if (!def.haploid && g.written !== `${h1}/${h2}` && g.written !== `${h2}/${h1}`)
        problems.push(`${gene}'s diplotype '${g.written}' does not match its haplotypes ${h1} and ${h2}`);
      alleles = [h1, def.haploid ? null : h2!];
    }
  } else if (g.written.includes(' OR ')) {
    // Ambiguous, but PharmCAT gave the one diplotype its recommendations were looked up with.
    try {
      alleles = splitDiplotype(def, lookup.diplotype);
    } catch (e) {
      return [(e as Error).message];
    }
  }
  for (const a of alleles ?? []) {
    const p = alleleProblem(def, a);
    if (p) problems.push(p);
  }

  let phenotype = g.phenotype;
  let score = g.score;
  let check: CallCheck | null = null;

  if (PGX_HLA_GENES.has(gene)) {
    check = 'nomenclature';
    if (alleles) {
      const derived = hlaStatuses(
        def,
        alleles.filter((a): a is string => a !== null),
      );
      if (!noValue(phenotype)) {
        const statuses = new Set(derived.split(';'));
        const bad = readHlaStatuses(def, phenotype);
        if (typeof bad === 'string') problems.push(bad);
        else for (const s of bad) if (!statuses.has(s)) problems.push(`${gene} ${g.written} is given the status '${s}', but its alleles give '${derived}'`);
      }
      phenotype = derived;
    } else if (!noValue(phenotype)) {
      const statuses = readHlaStatuses(def, phenotype);
      if (typeof statuses === 'string') problems.push(statuses);
      else phenotype = statuses.join(';');
    } else problems.push(`${gene} gives neither alleles nor an allele status`);
    if (problems.length) return problems;
    return call(def, g, alleles, { phenotype, score: '', lookupPhenotype: phenotype, lookupScore: '', check });
  }

  for (const p of [checkPhenotype(def, phenotype, 'Phenotype'), checkActivity(def, score, 'Activity score')]) if (p) problems.push(p);
  for (const p of [checkPhenotype(def, lookup.phenotype, 'Lookup phenotype'), checkActivity(def, lookup.score, 'Lookup activity score')])
    if (p && g.lookup) problems.push(p);

  let lookupPhenotype = lookup.phenotype;
  let lookupScore = lookup.score;
  const hasPhenotypes = def.phenotypes.length > 0 || def.activityScores.length > 0;
  if (alleles && table && hasPhenotypes) {
    check = 'table';
    const mt = gene === 'MT-RNR1' && noValue(phenotype) ? tableEntry(table, alleles) : null;
    // PharmCAT reports 'n/a' for an MT-RNR1 call written without 'm.' (its own example's '1555A>G'): the normalised allele has a phenotype.
    if (mt) phenotype = lookupPhenotype = mt.phenotype;
    const own = againstTable(table, alleles, { phenotype, score }, 'the phenotype');
    problems.push(...own.problems);
    const lookupAlleles = g.lookup && lookup.diplotype.trim() && !g.written.includes(' OR ') ? splitLookup(def, lookup.diplotype) : alleles;
    if (typeof lookupAlleles === 'string') problems.push(lookupAlleles);
    else if (g.lookup)
      problems.push(...againstTable(table, lookupAlleles, { phenotype: lookupPhenotype, score: lookupScore }, 'the lookup phenotype').problems);
    // An outside call that gives only a diplotype: PharmCAT reads its phenotype and score from the table, and so does the portal.
    if (!g.lookup && own.entry && noValue(phenotype) && noValue(score)) {
      phenotype = lookupPhenotype = own.entry.phenotype;
      score = lookupScore = own.entry.activityScore ?? '';
    }
  } else if (alleles && hasPhenotypes) {
    check = 'noTable';
    problems.push(...lookupAgreesWithCall(gene, { phenotype, score }, { phenotype: lookupPhenotype, score: lookupScore }));
    if (!g.lookup && noValue(phenotype))
      problems.push(
        `${gene} ${g.written} gives no phenotype, and the portal has no PharmCAT table to read it from; give the phenotype${def.activityScores.length ? ' and activity score' : ''} PharmCAT reports for it (columns 3${def.activityScores.length ? ' and 4' : ''}), or import PharmCAT's calls TSV that includes this outside call`,
      );
  } else if (!alleles) {
    if (noValue(phenotype) && noValue(score)) return [`${gene} gives neither a diplotype, a phenotype nor an activity score`];
    check = 'noDiplotype';
    // A phenotype with a score: the pair must be one the table knows (no Normal Metabolizer at activity score 0).
    if (
      table &&
      !noValue(phenotype) &&
      !noValue(score) &&
      ![...table.diplotypes.values()].some((d) => d.phenotype === phenotype && sameScore(score, d.activityScore))
    )
      problems.push(`${gene}'s phenotype '${phenotype}' with activity score '${score}' is no combination PharmCAT's ${gene} table gives`);
  }
  if (problems.length) return problems;
  return call(def, g, alleles, { phenotype, score, lookupPhenotype, lookupScore, check });
}

/** The lookup diplotype of the calls TSV as two alleles, or why it cannot be read. */
function splitLookup(def: GeneDefinition, written: string): [string, string | null] | string {
  try {
    const alleles = splitDiplotype(def, written);
    const bad = alleles.map((a) => alleleProblem(def, a)).find(Boolean);
    return bad ?? alleles;
  } catch (e) {
    return `the lookup diplotype: ${(e as Error).message}`;
  }
}

/** HLA allele statuses as a lab writes them ('*57:01 positive', '*58:01:01 negative; …'), each for an allele CPIC names. */
function readHlaStatuses(def: GeneDefinition, text: string): string[] | string {
  const out: string[] = [];
  for (const part of text
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\S+)\s+(positive|negative)$/i.exec(part);
    const allele = m ? hlaTwoField(m[1]!) : null;
    if (!m || !allele) return `'${part}' is not an ${def.gene} allele status (such as '*57:01 positive')`;
    if (!def.namedAlleles.includes(allele))
      return `'${part}' is not a status CPIC's ${def.gene} recommendations use (they name ${def.namedAlleles.join(', ')})`;
    out.push(`${allele} ${m[2]!.toLowerCase()}`);
  }
  return out;
}

/** DPYD's and RYR1's ' AND ' line: the variants found, and the two lowest-function ones CPIC's rule looks up. */
function readLowestFunction(def: GeneDefinition, g: Given, lookup: { diplotype: string; phenotype: string; score: string }): GeneCall | string[] {
  const gene = def.gene;
  const components = g.written.split(' AND ').map((c) => c.trim());
  const found: string[] = [];
  const problems: string[] = [];
  for (const c of components) {
    // A variant found on both copies is written 'X/X'.
    const parts = c.split('/').map((p) => p.trim());
    if (parts.length > 2 || (parts.length === 2 && parts[0] !== parts[1]) || !parts[0]) {
      problems.push(`'${c}' in ${gene}'s '${g.written}' is neither one variant nor one variant on both copies`);
      continue;
    }
    for (const p of parts) {
      const bad = alleleProblem(def, p);
      if (bad) problems.push(bad);
      else found.push(p);
    }
  }
  if (problems.length) return problems;
  if (!lookup.diplotype.trim()) return notCalled(def, PGX_MESSAGES.callNotes.noLookup(g.written), g.written);
  const alleles = splitLookup(def, lookup.diplotype);
  if (typeof alleles === 'string') return [alleles];
  const reference = def.referenceAllele ?? 'Reference';
  for (const a of alleles)
    if (a !== null && a !== reference && !found.includes(a))
      problems.push(`${gene}'s lookup diplotype '${lookup.diplotype}' names ${a}, which '${g.written}' does not list`);
  const table = phenotypeTable(gene);
  let check: CallCheck = 'noTable';
  if (table) {
    check = 'table';
    // CPIC's DPYD rule: the activity score is the sum of the two lowest variant activity values, a missing second copy being the reference.
    const valueOf = (a: string) => Number(table.activityValues.get(a));
    const values = [...found, reference, reference].map(valueOf).sort((x, y) => x - y);
    const wanted = [values[0]!, values[1]!];
    const got = alleles.map((a) => valueOf(a ?? reference)).sort((x, y) => x - y);
    if (wanted.some((v) => !Number.isFinite(v)) || got[0] !== wanted[0] || got[1] !== wanted[1])
      problems.push(`${gene}'s lookup diplotype '${lookup.diplotype}' is not the two lowest-function variants of '${g.written}' (CPIC's ${gene} rule)`);
    problems.push(...againstTable(table, alleles, { phenotype: lookup.phenotype, score: lookup.score }, 'the lookup phenotype').problems);
  }
  for (const p of [checkPhenotype(def, lookup.phenotype, 'Lookup phenotype'), checkActivity(def, lookup.score, 'Lookup activity score')])
    if (p) problems.push(p);
  if (problems.length) return problems;
  const c = call(def, g, alleles, { phenotype: lookup.phenotype, score: lookup.score, lookupPhenotype: lookup.phenotype, lookupScore: lookup.score, check });
  return { ...c, diplotype: g.written, label: g.written };
}

function call(
  def: GeneDefinition,
  g: Given,
  alleles: [string, string | null] | null,
  v: { phenotype: string; score: string; lookupPhenotype: string; lookupScore: string; check: CallCheck | null },
): GeneCall {
  const [a1, a2] = alleles ?? [null, null];
  const given = (i: 0 | 1, a: string | null) =>
    (g.functions && g.haplotypes && alleles && !g.written.includes(' OR ') ? g.functions[i] : null) ?? functionOf(def, a);
  const label =
    alleles && !g.written.includes(' OR ') ? labelOf(def.gene, a1, a2) : g.written || (noValue(v.phenotype) ? `activity score ${v.score}` : v.phenotype);
  return {
    gene: def.gene,
    source: g.source,
    diplotype: g.written && !g.written.includes(' OR ') && alleles ? (a2 === null ? a1! : `${a1}/${a2}`) : g.written,
    label,
    allele1: a1,
    allele1Function: given(0, a1),
    allele2: a2,
    allele2Function: def.haploid ? null : given(1, a2),
    phenotype: v.phenotype,
    activityScore: v.score,
    lookupPhenotype: v.lookupPhenotype,
    lookupActivityScore: v.lookupScore,
    check: v.check,
    note: null,
  };
}

const CALLS_COLUMNS = ['Gene', 'Source Diplotype', 'Phenotype', 'Activity Score', 'Haplotype 1', 'Haplotype 1 Function', 'Haplotype 2', 'Haplotype 2 Function'];

/**
 * Parses PharmCAT's calls-only TSV (and the outside calls beside it) into one call per gene of the
 * phenotype list, the genes not called included as NONE. Throws CallsError listing every problem.
 */
export function parseCalls(catalogue: Catalogue, callsTsv: string, outsideTsv?: string | null): CallSet {
  const problems: string[] = [];
  let lines: string[][];
  try {
    lines = parseTsv(callsTsv);
  } catch (e) {
    throw new CallsError([(e as Error).message]);
  }
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
  const add = (call: GeneCall, where: string) => {
    const earlier = byGene.get(call.gene);
    if (!earlier) return byGene.set(call.gene, call);
    // PharmCAT writes one line per possible diplotype when it cannot tell them apart. They are
    // one call only when every one of them leads to the same recommendations.
    if (
      earlier.source === 'NONE' ||
      call.source === 'NONE' ||
      earlier.lookupPhenotype !== call.lookupPhenotype ||
      earlier.lookupActivityScore !== call.lookupActivityScore
    ) {
      problems.push(`${where}: ${call.gene} has several possible diplotypes with different phenotypes; resolve the call before importing it`);
      return;
    }
    earlier.diplotype = `${earlier.diplotype} OR ${call.diplotype}`;
    earlier.label = `${earlier.label} OR ${call.label}`;
  };

  for (let i = headerAt + 1; i < lines.length; i++) {
    const row = lines[i]!;
    const where = `line ${i + 1}`;
    const gene = (col(row, 'Gene') ?? '').trim();
    if (!gene) continue;
    const def = catalogue.get(gene);
    if (!def) {
      problems.push(`${where}: ${gene} is not a gene PharmCAT calls`);
      continue;
    }
    const cell = (name: string) => (col(row, name) ?? '').trim() || null;
    const hasLookup = col(row, 'Recommendation Lookup Phenotype') !== undefined || col(row, 'Recommendation Lookup Activity Score') !== undefined;
    const phenotype = phenotypeCell(col(row, 'Phenotype'));
    const score = scoreCell(def, col(row, 'Activity Score'));
    const result = readCall(def, {
      source: (col(row, 'Outside Call') ?? '').trim().toLowerCase() === 'yes' ? 'OUTSIDE' : 'MATCHER',
      written: (col(row, 'Source Diplotype') ?? '').trim(),
      haplotypes: [cell('Haplotype 1'), def.haploid ? null : cell('Haplotype 2')],
      functions: [fn(col(row, 'Haplotype 1 Function')), def.haploid ? null : fn(col(row, 'Haplotype 2 Function'))],
      phenotype,
      score,
      lookup: hasLookup
        ? {
            diplotype: (col(row, 'Recommendation Lookup Diplotype') ?? '').trim(),
            phenotype: phenotypeCell(col(row, 'Recommendation Lookup Phenotype')),
            score: scoreCell(def, col(row, 'Recommendation Lookup Activity Score')),
          }
        : { diplotype: '', phenotype, score },
    });
    if (Array.isArray(result)) problems.push(...result.map((p) => `${where}: ${p}`));
    else add(result, where);
  }

  if (outsideTsv) {
    let outside: string[][] = [];
    try {
      outside = parseTsv(outsideTsv);
    } catch (e) {
      problems.push(`outside calls: ${(e as Error).message}`);
    }
    outside.forEach((row, i) => {
      const where = `outside calls line ${i + 1}`;
      const gene = (row[0] ?? '').trim();
      if (!gene || gene.startsWith('#')) return;
      const def = catalogue.get(gene);
      if (!def) return problems.push(`${where}: ${gene} is not a gene PharmCAT knows`);
      const written = (row[1] ?? '').trim();
      const known = byGene.get(gene);
      if (known) {
        // PharmCAT has already turned this outside call into a line of the calls TSV: they must agree.
        const same = (() => {
          if (!written) return true;
          try {
            const [a1, a2] = splitDiplotype(def, written);
            const dip = a2 === null ? a1 : `${a1}/${a2}`;
            const flip = a2 === null ? a1 : `${a2}/${a1}`;
            return known.diplotype === dip || known.diplotype === flip || known.diplotype === written;
          } catch {
            return false;
          }
        })();
        if (known.source !== 'OUTSIDE' || !same) problems.push(`${where}: ${gene} ${written} disagrees with the calls TSV (${known.diplotype})`);
        return;
      }
      const result = readCall(def, { source: 'OUTSIDE', written, phenotype: phenotypeCell(row[2]), score: scoreCell(def, row[3]) });
      if (Array.isArray(result)) problems.push(...result.map((p) => `${where}: ${p}`));
      else byGene.set(gene, result);
    });
  }

  if (problems.length) throw new CallsError(problems);
  if (byGene.size === 0) throw new CallsError(['the file holds no calls']);

  const calls = [...catalogue.values()].map((def) => byGene.get(def.gene) ?? notCalled(def)).sort((a, b) => a.gene.localeCompare(b.gene));
  return { pharmcatVersion, calls };
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
    check: c.check ?? null,
    note: c.note ?? null,
  };
}
