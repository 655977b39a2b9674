/**
 * The medicines a patient takes (the health questionnaire's prescription and over-the-counter
 * answers) read against the report: which report drugs they take now, and which of their medicines
 * inhibit or induce a drug-metabolising enzyme (data/pgx/phenoconversion, a small, partly
 * secondary-sourced list: read its README). A match is a decision-support flag beside the genetic
 * phenotype, never a new genotype (docs/decisions/005).
 */
import { populationLabel, type PgxPhenoconverter } from '@portal/contract';
import { CURRENT_MEDICINES } from '../../db/questionnaires';
import type { GeneCall } from './calls';
import { readPgxFile } from './catalogue';
import type { KbRecommendation, KnowledgeBaseContent } from './knowledge-base';
import { matchRecommendations, populationKey } from './mapping';
import { parseTsvRecords } from './tsv';

export interface Phenoconverter {
  enzyme: string;
  /** Lower-case generic name as the list writes it. */
  drug: string;
  strength: 'strong' | 'moderate';
  kind: 'inhibitor' | 'inducer';
  source: string;
  secondSource: string | null;
  note: string;
}

function parseList(file: string, kind: Phenoconverter['kind']): Phenoconverter[] {
  return parseTsvRecords(readPgxFile(file)).records.map((r) => {
    const strength = r['strength']!.trim();
    if (strength !== 'strong' && strength !== 'moderate') throw new Error(`${file}: strength '${strength}' is neither strong nor moderate`);
    return {
      enzyme: r['enzyme']!.trim(),
      drug: r['drug']!.trim().toLowerCase(),
      strength,
      kind,
      source: r['source']!.trim(),
      secondSource: r['second_source']?.trim() || null,
      note: r['note']?.trim() ?? '',
    };
  });
}

/**
 * FDA's page of drugs that interact with CYP enzymes: what a user is shown as the source of every
 * inhibitor flag (phenoconversion/README.md, "What a user may be shown as the source"). The addresses
 * the facts were read at stay in the data as provenance; one of them is a third-party mirror of a
 * commercial database and is never shown or linked.
 */
export const FDA_CYP_PAGE =
  'https://www.fda.gov/drugs/drug-interactions-labeling/healthcare-professionals-fdas-examples-drugs-interact-cyp-enzymes-and-transporter-systems';

/** An inhibitor or inducer as a user may see it: FDA's page, and whether the row was read from FDA's own words. */
export function shownConverter(c: Phenoconverter): PgxPhenoconverter {
  return {
    medicine: c.drug,
    enzyme: c.enzyme,
    strength: c.strength,
    kind: c.kind,
    reference: FDA_CYP_PAGE,
    basis: /^FDA\b/.test(c.note) ? 'fda' : 'secondary',
    unresolved: /^UNRESOLVED\b/.test(c.note),
  };
}

let converters: Phenoconverter[] | null = null;
export function phenoconverters(): Phenoconverter[] {
  converters ??= [...parseList('phenoconversion/cyp_inhibitors.tsv', 'inhibitor'), ...parseList('phenoconversion/cyp_inducers.tsv', 'inducer')];
  return converters;
}

/** Generic names compared case and spacing insensitively: lower case, every run of other characters one space. */
export const normaliseName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Does the free text name this medicine as a whole word (or words)? */
export function mentions(text: string, name: string): boolean {
  const n = normaliseName(name);
  return n.length > 0 && ` ${normaliseName(text)} `.includes(` ${n} `);
}

/** The text of the questionnaire answers that list the medicines the patient takes now. */
export function medicinesText(answers: Record<string, unknown> | null | undefined): string {
  return medicineAnswerTexts(answers).join('; ');
}

/** Each answer of the current-medicines questions, as the patient wrote it. */
export function medicineAnswerTexts(answers: Record<string, unknown> | null | undefined): string[] {
  if (!answers) return [];
  return CURRENT_MEDICINES.questionIds
    .map((id) => answers[id])
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** A medicine the patient says they no longer take ('stopped paroxetine', 'no longer on codeine'). */
const STOPPED = /\b(stopped|stop(ped)? taking|discontinued|no longer|not taking|ceased|quit|used to take|previously (took|taking|on)|formerly|came off)\b/i;
/** An answer that lists nothing ('none', 'nothing', 'n/a'). */
const NONE = /^(none|no|nothing|nil|n\/a|not applicable|-)\.?$/i;

/**
 * The answers split where the patient separated medicines (semicolons, new lines, commas outside
 * brackets), each a medicine entry as written.
 */
export function medicineEntries(texts: string[]): string[] {
  return texts
    .flatMap((t) => t.split(/[;\n]+|,(?![^()]*\))/))
    .map((e) => e.trim())
    .filter((e) => e && !NONE.test(e));
}
/** Every drug name the knowledge base has rows, guidelines or levels for, lower case. */
const namesCache = new WeakMap<object, string[]>();
export function knowledgeBaseDrugs(kb: KnowledgeBaseContent): string[] {
  const hit = namesCache.get(kb);
  if (hit) return hit;
  const names = new Set<string>();
  for (const r of kb.recommendations) names.add(r.drug.toLowerCase());
  for (const g of kb.guidelines ?? []) names.add(g.drug.toLowerCase());
  for (const l of kb.levels) names.add(l.drug.toLowerCase());
  const out = [...names].sort();
  namesCache.set(kb, out);
  return out;
}

export interface MedicineContext {
  /** The questionnaire lists the patient's medicines (answered, even if 'none'). */
  answered: boolean;
  /** Report drugs the patient takes now (lower case): named, by generic or loaded brand name, and not stopped. */
  taking: string[];
  /** The patient's current medicines that inhibit or induce an enzyme. */
  converters: Phenoconverter[];
  /** Drugs the patient says they stopped (lower case): not taking, whatever else the answer says. */
  stopped: string[];
  /** Entries that name no drug the knowledge base, the inhibitor list or a loaded brand list knows. */
  notRecognised: string[];
}

/**
 * The patient's medicines that flag a report row of `drug` and `gene`: those that inhibit or induce the
 * gene's enzyme, never the drug itself. CPIC's advice for paroxetine is written for paroxetine, its own
 * CYP2D6 inhibition included, so its genotype's recommendation stands (no rule in the shipped data says
 * to read it at activity score 0); it flags the enzyme's other drugs.
 */
export function convertersFlagging(m: Pick<MedicineContext, 'converters'>, gene: string, drug: string): Phenoconverter[] {
  const self = drug.toLowerCase();
  return m.converters.filter((c) => c.enzyme === gene && c.drug !== self);
}

/** A loaded brand name and the generic it is (lower case), for matching what the patient wrote. */
export interface BrandName {
  brand: string;
  generic: string;
}

/**
 * The patient's medicines read as a clinician reads them: each entry matched to the knowledge base's
 * drugs and the inhibitor list by generic name or by a loaded brand name (whole words, case and
 * spacing insensitive); an entry that says the medicine was stopped does not count as taken; an entry
 * that matches nothing is kept, to be listed as not checked against the genotype.
 */
export function medicineContext(texts: string | string[], kb: KnowledgeBaseContent, brands: BrandName[] = []): MedicineContext {
  const answers = (Array.isArray(texts) ? texts : [texts]).filter((t) => t.trim() !== '');
  const known = knowledgeBaseDrugs(kb);
  const taking = new Set<string>();
  const stopped = new Set<string>();
  const converters: Phenoconverter[] = [];
  const notRecognised: string[] = [];
  for (const entry of medicineEntries(answers)) {
    const generics = new Set([
      ...known.filter((d) => mentions(entry, d)),
      ...phenoconverters()
        .filter((c) => mentions(entry, c.drug))
        .map((c) => c.drug),
    ]);
    for (const b of brands) if (mentions(entry, b.brand)) generics.add(b.generic.toLowerCase());
    if (generics.size === 0) {
      notRecognised.push(entry);
      continue;
    }
    const isStopped = STOPPED.test(entry);
    for (const g of generics) {
      if (isStopped) stopped.add(g);
      else {
        if (known.includes(g)) taking.add(g);
        for (const c of phenoconverters()) if (c.drug === g && !converters.includes(c)) converters.push(c);
      }
    }
  }
  // A medicine named as taken in one answer and stopped in another is taken: the patient listed it as current.
  for (const g of taking) stopped.delete(g);
  return { answered: answers.length > 0, taking: [...taking].sort(), converters, stopped: [...stopped].sort(), notRecognised };
}

/**
 * What CPIC recommends for a drug if the patient's CYP2D6 activity were 0: a strong CYP2D6
 * inhibitor is accepted to bring activity to nearly nothing (Cicali 2020, see the README). Only
 * for CYP2D6 and only for strong inhibitors; moderate inhibitors and other enzymes get the flag
 * alone. Keyed by drug and population.
 */
export const PHENOCONVERTED_CYP2D6_SCORE = '0.0';
export function recommendationsIfPhenoconverted(kb: KnowledgeBaseContent, calls: GeneCall[]): Map<string, KbRecommendation> {
  const cyp2d6 = calls.find((c) => c.gene === 'CYP2D6');
  const converted: GeneCall = {
    ...(cyp2d6 ?? { gene: 'CYP2D6', diplotype: '', label: '', allele1: null, allele1Function: null, allele2: null, allele2Function: null }),
    source: cyp2d6 && cyp2d6.source !== 'NONE' ? cyp2d6.source : 'OUTSIDE',
    phenotype: 'Poor Metabolizer',
    activityScore: PHENOCONVERTED_CYP2D6_SCORE,
    lookupPhenotype: 'Poor Metabolizer',
    lookupActivityScore: PHENOCONVERTED_CYP2D6_SCORE,
  };
  const out = new Map<string, KbRecommendation>();
  for (const r of matchRecommendations(kb, [...calls.filter((c) => c.gene !== 'CYP2D6'), converted])) {
    if (r.genes.includes('CYP2D6') && r.recommendation.trim()) out.set(phenoconvertedKey(r.drug, populationLabel(populationKey(r.population))), r);
  }
  return out;
}
/** Drug and population as a report row names them (the population in plain words). */
export const phenoconvertedKey = (drug: string, population: string | null) => `${drug.toLowerCase()}|${population ?? ''}`;
