import {
  AI_REFUSAL,
  AI_SUMMARY_WORDS,
  AI_QUESTIONS_WORDS,
  KIT_STATUS_LABELS,
  PGX_MESSAGES,
  PGX_TIER_LABELS,
  countWords,
  pgxGeneResult,
  PGX_HLA_GENES,
  type AiPreset,
  type AiStatement,
  type PgxPhenoconverter,
  type PgxTier,
  type PgxVerdict,
} from '@portal/contract';
import { CURRENT_MEDICINES } from '../../db/questionnaires';
import { actionLines, mentions, shortList, splitRecommendation } from '../pharmacogenomics/service';
import { aboutOthers, othersNamed } from './people';
import { readingText, type PgxCallRecord, type PgxReportRecord, type PgxVerdictRecord, type SourceRecord } from './records';

/**
 * The built-in engine (docs/decisions/026): no network, no model. It answers from the patient's
 * records, the pharmacogenomic ones being the drug verdicts the report shows (never CPIC's sentences
 * split anew), each statement citing the records it stands on: a summary first, the records' own words
 * as evidence. A question about anyone but this patient is declined; one with no medical content is
 * refused; a drug no CPIC guideline covers is said to be so.
 */
export interface EngineAnswer {
  /** The summary, shown first. */
  statements: AiStatement[];
  /** The rest, behind 'Show all evidence'. */
  evidence: AiStatement[];
  declined: boolean;
}

/** Who the answer is about, and whom it must not be about. */
export interface AskContext {
  patient: { firstName: string; lastName: string };
  otherNames: string[];
}

/* ------------------------------------------------------------------ reading the records */

const components = (rs: SourceRecord[]) => rs.filter((r) => r.kind === 'component');
const withLevel = (rs: SourceRecord[], level: string) => components(rs).filter((r) => r.facts.level === level);
const notProcessed = (rs: SourceRecord[]) => components(rs).filter((r) => r.facts.notProcessed);
const answers = (rs: SourceRecord[], category: string) => rs.filter((r) => r.kind === 'questionnaire' && r.facts.category === category);
/** The questionnaire answers that list the medicines the patient takes now (prescribed and over the counter). */
const medicineAnswers = (rs: SourceRecord[]) =>
  answers(rs, CURRENT_MEDICINES.category).filter((r) => (CURRENT_MEDICINES.questionIds as readonly string[]).includes(String(r.facts.questionId)));

type Of<T> = SourceRecord & { pgx: T };
const verdicts = (rs: SourceRecord[]) => rs.filter((r): r is Of<PgxVerdictRecord> => r.pgx?.type === 'verdict');
const calls = (rs: SourceRecord[]) => rs.filter((r): r is Of<PgxCallRecord> => r.pgx?.type === 'call');
const reportOf = (rs: SourceRecord[]) => rs.find((r): r is Of<PgxReportRecord> => r.pgx?.type === 'report');
const verdictOf = (rs: SourceRecord[], drug: string) => verdicts(rs).find((v) => v.pgx.verdict.drug.toLowerCase() === drug.toLowerCase());

/* ------------------------------------------------------------------ writing */

const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : Math.min(n % 10, 4) % 4] ?? 'th'}`;
/**
 * A percentile as a whole ordinal, never rounded across its category's boundary (19,6 is Decreased:
 * '19th', not '20th'; decision 009) nor onto 0 or 100.
 */
function percentileText(p: unknown): string {
  if (typeof p !== 'number') return '';
  if (p < 1) return 'below the 1st percentile';
  if (p > 99) return 'above the 99th percentile';
  const n = p < 20 ? Math.min(Math.round(p), 19) : p > 80 ? Math.max(Math.round(p), 81) : Math.round(p);
  return `${ordinal(n)} percentile`;
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const end = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const names = shortList;

/** The questionnaire answers that name this medicine. */
const naming = (meds: SourceRecord[], drug: string) => meds.filter((m) => mentions(String(m.facts.answer), drug)).map((m) => m.ref);

/**
 * One drug as its verdict reads: the action for each population, CPIC's classification, the genes
 * and results it rests on and CPIC's whole recommendation (its 'Other Considerations' go to the
 * evidence), the alternatives CPIC names, the phenoconverted reading, the genes not read, and what
 * is heritable. The same words whatever the question.
 */
function verdictStatement(v: Of<PgxVerdictRecord>, meds: SourceRecord[], report: Of<PgxReportRecord> | undefined): AiStatement {
  const d = v.pgx.verdict;
  const parts = d.readings.map((r) => {
    const { main } = splitRecommendation(r.recommendation ?? '');
    return readingText({ ...r, recommendation: main || r.recommendation });
  });
  const alts = [...new Set(d.readings.flatMap((r) => r.alternatives))];
  const extra = [
    alts.length ? `CPIC names ${names(alts).replace(/ and (?=[^,]*$)/, ' or ')} instead` : null,
    // The flag in the report's words; where CPIC's advice for the inhibited phenotype is known, that advice in full once.
    d.phenoconversion ? PGX_MESSAGES.phenoconversionVerdict(d.phenoconversion.converters, null).replace(/\.$/, '') : null,
    d.phenoconversion?.reading
      ? `If phenoconverted (${d.phenoconversion.reading.genes.map((g) => `${g.gene} activity score ${g.activityScore ?? '0'}`).join(', ')}): ${readingText(d.phenoconversion.reading)}`
      : null,
    ...d.untested.map((u) => u.replace(/\.$/, '')),
    ...d.heritable.map((h) => h.replace(/\.$/, '')),
  ].filter((x): x is string => Boolean(x));
  const text = `${cap(d.drug)}${d.taking ? ' (currently taking)' : ''}: ${parts.map((p) => p.replace(/\.$/, '')).join('; ')}.${extra.length ? ` ${extra.map(end).join(' ')}` : ''}`;
  const citations = [...naming(meds, d.drug), v.ref, ...(d.phenoconversion && report ? [report.ref] : [])];
  return { text, citations: [...new Set(citations)] };
}

/** A medicine taken that inhibits or induces an enzyme, and the report's drugs it concerns. */
function converterStatement(rs: SourceRecord[], x: PgxPhenoconverter): AiStatement {
  const flagged = verdicts(rs).filter((v) => v.pgx.verdict.phenoconversion?.converters.some((y) => y.medicine === x.medicine && y.enzyme === x.enzyme));
  const effect = x.kind === 'inducer' ? 'faster' : 'poorer';
  return {
    text: `Takes ${x.medicine}, a ${x.strength} ${x.enzyme} ${x.kind}: for ${flagged.length} of the report's drugs the effective phenotype may be ${effect} than the genotype (${names(
      flagged.map((v) => v.pgx.verdict.drug),
      8,
    )}).`,
    citations: [...naming(medicineAnswers(rs), x.medicine), ...(reportOf(rs) ? [reportOf(rs)!.ref] : [])],
  };
}

/** CPIC's 'Other Considerations' for these verdicts, each text once with its drugs: the evidence. */
function otherConsiderations(vs: Array<Of<PgxVerdictRecord>>): AiStatement[] {
  const byText = new Map<string, { drugs: string[]; refs: string[] }>();
  for (const v of vs)
    for (const r of v.pgx.verdict.readings) {
      const other = splitRecommendation(r.recommendation ?? '').other;
      if (!other) continue;
      const g = byText.get(other) ?? { drugs: [], refs: [] };
      if (!g.drugs.includes(v.pgx.verdict.drug)) g.drugs.push(v.pgx.verdict.drug);
      if (!g.refs.includes(v.ref)) g.refs.push(v.ref);
      byText.set(other, g);
    }
  return [...byText.entries()].map(([text, g]) => ({ text: `CPIC's other considerations for ${names(g.drugs)}: ${end(text)}`, citations: g.refs }));
}

/** The report's lines (the Overview's: pharmacogenomics' actionLines), each citing the verdicts it rests on. */
function actionStatements(rs: SourceRecord[], meds: SourceRecord[]): AiStatement[] {
  const report = reportOf(rs);
  if (!report) return [];
  // The Overview's lines, with those about what the patient takes first: a summary cut short by its
  // word budget must still say what it found for the medicines taken (the rest is under the evidence).
  const rank = (l: ReturnType<typeof actionLines>[number]) =>
    l.kind === 'medicine' || l.kind === 'phenoconversion' ? 0 : l.kind === 'medicines' ? 1 : l.kind === 'pharmacogene' ? 2 : 3;
  const lines = actionLines(report.pgx.reading)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map(({ l }) => l);
  return lines.map((l) => ({
    text: `${cap(l.title)}${l.title.includes(':') ? ' —' : ':'} ${l.level}`,
    citations: [
      ...new Set([...l.drugs.flatMap((d) => naming(meds, d)), ...l.drugs.map((d) => verdictOf(rs, d)?.ref).filter((x): x is string => Boolean(x)), report.ref]),
    ],
  }));
}

function scoreLine(rs: SourceRecord[], level: 'Decreased' | 'Increased'): AiStatement | null {
  const list = withLevel(rs, level);
  if (!list.length) return null;
  const items = list.map((r) => `${r.facts.title}${typeof r.facts.percentile === 'number' ? ` (${percentileText(r.facts.percentile)})` : ''}`);
  return { text: `${level} genetic scores: ${names(items, 8)}.`, citations: list.map((r) => r.ref) };
}

/** What could not be scored or covered, counted: nutrigenomic components, and the report's drug-gene pairs. */
function countLine(rs: SourceRecord[]): AiStatement | null {
  const np = notProcessed(rs);
  const report = reportOf(rs);
  const parts: string[] = [];
  if (np.length) parts.push(`${np.length} nutrigenomic ${np.length === 1 ? 'component' : 'components'} not calculated (too few SNPs)`);
  const pairs = report ? new Set(report.pgx.notCovered.pairs.map((p) => `${p.drug}|${p.gene}`)).size : 0;
  if (pairs)
    parts.push(`${pairs} drug–gene ${pairs === 1 ? 'pair' : 'pairs'} of the pharmacogenomic report not covered by the knowledge base (read the guideline)`);
  if (report?.pgx.reading.notTested.length) parts.push(`not tested: ${names(report.pgx.reading.notTested)}`);
  if (!parts.length) return null;
  return { text: `Not scored or not covered: ${parts.join('; ')}.`, citations: [...np.map((r) => r.ref), ...(report ? [report.ref] : [])] };
}

const scoreEvidence = (r: SourceRecord): AiStatement => {
  const pct = typeof r.facts.percentile === 'number' ? ` (${percentileText(r.facts.percentile)} of the reference population)` : '';
  return {
    text: `${r.facts.title}: the genetic score is ${String(r.facts.level).toLowerCase()}${pct}.${r.facts.recommendation ? ` ${r.facts.recommendation}` : ''}`,
    citations: [r.ref],
  };
};

function notProcessedEvidence(rs: SourceRecord[]): AiStatement[] {
  // Named, never interpreted: there is no score to read.
  return rs.length
    ? [
        {
          text: `Not calculated because too few SNPs could be scored, so no conclusion can be drawn: ${rs.map((r) => r.facts.title).join(', ')}.`,
          citations: rs.map((r) => r.ref),
        },
      ]
    : [];
}

const answerStatement = (r: SourceRecord): AiStatement => {
  const q = String(r.facts.question);
  return { text: `${q}${/[?.]$/.test(q) ? ' The patient answered:' : ', as the patient answered:'} ${end(String(r.facts.answer))}`, citations: [r.ref] };
};

/* ------------------------------------------------------------------ shaping an answer */

/**
 * Keeps a summary within its words: lines past the budget move to the evidence, and a last line
 * says how many lines moved, exactly (the tail line, the count of what was not covered, always stays).
 */
export function fit(lines: AiStatement[], tail: AiStatement | null, words: number): { shown: AiStatement[]; moved: AiStatement[] } {
  const budget = words - (tail ? countWords(tail.text) : 0) - 12;
  const shown: AiStatement[] = [];
  const moved: AiStatement[] = [];
  let used = 0;
  for (const l of lines) {
    if (moved.length === 0 && used + countWords(l.text) <= budget) {
      shown.push(l);
      used += countWords(l.text);
    } else moved.push(l);
  }
  if (moved.length)
    shown.push({
      text: `${moved.length} more ${moved.length === 1 ? 'line is' : 'lines are'} under Show all evidence.`,
      citations: [...new Set(moved.flatMap((m) => m.citations))],
    });
  if (tail) shown.push(tail);
  return { shown, moved };
}

/** Removes any sentence that appeared before in this answer, and any statement left empty. */
function oncePerSentence(...lists: AiStatement[][]): AiStatement[][] {
  const seen = new Set<string>();
  return lists.map((list) =>
    list
      .map((s) => {
        const kept = (s.text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [s.text]).filter((sentence) => {
          const key = sentence.trim().toLowerCase();
          if (countWords(key) < 4) return true;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        return { ...s, text: kept.join('').trim() };
      })
      .filter((s) => countWords(s.text) > 0),
  );
}

/** 'There is no pharmacogenomic report for this kit yet (kit …: status)', with the kit's record to cite. */
function noReportYet(rs: SourceRecord[]): { text: string; kit?: SourceRecord } {
  const kit = rs.find((r) => r.kit);
  const status = kit?.kit?.status ? ` (kit ${kit.kit.sampleLabel}: ${(KIT_STATUS_LABELS as Record<string, string>)[kit.kit.status] ?? kit.kit.status})` : '';
  return { text: `There is no pharmacogenomic report for this kit yet${status}`, kit };
}

/** Without a report the patient's medicines cannot be checked: said first, so it never reads as nothing to review. */
function noReportLines(rs: SourceRecord[]): AiStatement[] {
  const meds = medicineAnswers(rs);
  const { text, kit } = noReportYet(rs);
  return [
    {
      text: meds.length
        ? `Takes ${meds.map((m) => String(m.facts.answer).trim()).join('; ')}: ${text[0]!.toLowerCase()}${text.slice(1)}, so these medicines cannot be checked against one.`
        : `${text}.`,
      citations: [...meds.map((m) => m.ref), ...(kit ? [kit.ref] : [])],
    },
  ].filter((s) => s.citations.length > 0);
}

function summaryAnswer(rs: SourceRecord[]): EngineAnswer {
  const meds = medicineAnswers(rs);
  const report = reportOf(rs);
  const first = report ? actionStatements(rs, meds) : noReportLines(rs);
  const scores = [scoreLine(rs, 'Decreased'), scoreLine(rs, 'Increased')].filter((s): s is AiStatement => s !== null);
  const { shown, moved } = fit([...first, ...scores], countLine(rs), AI_SUMMARY_WORDS);
  const acted = verdicts(rs).filter(
    (v) => v.pgx.verdict.taking || v.pgx.verdict.tier === 'avoid' || v.pgx.verdict.tier === 'adjust' || v.pgx.verdict.phenoconversion,
  );
  const evidence = [
    ...moved,
    ...acted.map((v) => verdictStatement(v, meds, report)),
    ...otherConsiderations(acted),
    ...[...withLevel(rs, 'Decreased'), ...withLevel(rs, 'Increased')].map(scoreEvidence),
    ...(withLevel(rs, 'Average').length
      ? [
          {
            text: `In the average band: ${withLevel(rs, 'Average')
              .map((r) => r.facts.title)
              .join(', ')}.`,
            citations: withLevel(rs, 'Average').map((r) => r.ref),
          },
        ]
      : []),
    ...notProcessedEvidence(notProcessed(rs)),
    ...meds.map(answerStatement),
  ];
  const [statements, rest] = oncePerSentence(shown, evidence);
  return { statements: statements!, evidence: rest!, declined: false };
}

function medicinesAnswer(rs: SourceRecord[]): EngineAnswer {
  const meds = medicineAnswers(rs);
  const report = reportOf(rs);
  const listed: AiStatement[] = meds.length
    ? [{ text: `The patient lists: ${meds.map((m) => `${String(m.facts.answer).trim()}`).join('; ')}.`, citations: meds.map((m) => m.ref) }]
    : [];
  if (!report) {
    const none = noReportLines(rs);
    return listed.length || none.length
      ? { statements: [...listed, ...none.map((s) => ({ ...s, text: s.text.replace(/^Takes .*?: there/, 'There') }))], evidence: [], declined: false }
      : { statements: [], evidence: [], declined: true };
  }
  const m = report.pgx.reading.medicines;
  const statements: AiStatement[] = [...listed];
  if (!m.answered)
    statements.push({
      text: 'The patient has not listed current medicines in the questionnaire, so none can be checked against the report.',
      citations: [report.ref],
    });
  const taken = verdicts(rs).filter((v) => v.pgx.verdict.taking);
  statements.push(...taken.map((v) => verdictStatement(v, meds, report)));
  // A medicine taken that inhibits or induces an enzyme: said whether or not it is a drug of the report itself.
  for (const c of m.phenoconverters) statements.push(converterStatement(rs, c));
  if (m.notRecognised.length)
    statements.push({
      text: `${names(m.notRecognised.map((n) => `‘${n}’`))}: not recognised — not checked against the genotype.`,
      citations: [...meds.map((x) => x.ref), report.ref],
    });
  if (m.stopped.length) statements.push({ text: `Stopped, so not counted as taken: ${names(m.stopped)}.`, citations: [...meds.map((x) => x.ref), report.ref] });
  const [s, e] = oncePerSentence(statements, otherConsiderations(taken));
  return { statements: s!, evidence: e!, declined: false };
}

function nutritionAnswer(rs: SourceRecord[]): EngineAnswer {
  const outside = [...withLevel(rs, 'Decreased'), ...withLevel(rs, 'Increased')];
  const statements = [
    ...outside.map((r) => ({
      text: `${r.facts.title} (${String(r.facts.level).toLowerCase()} genetic score, ${percentileText(r.facts.percentile)}): a focus area.`,
      citations: [r.ref],
    })),
    ...answers(rs, 'Diet').map(answerStatement),
    ...answers(rs, CURRENT_MEDICINES.category)
      .filter((r) => r.facts.questionId === 'supplements')
      .map(answerStatement),
  ];
  const [s, e] = oncePerSentence(statements, [
    ...outside.filter((r) => r.facts.recommendation).map((r) => ({ text: `${r.facts.title}: ${r.facts.recommendation}`, citations: [r.ref] })),
    ...notProcessedEvidence(notProcessed(rs)),
  ]);
  return { statements: s!, evidence: e!, declined: s!.length === 0 };
}

/** Symptoms a patient may report, and the conditions CPIC's rows name that they may point to. */
const SYMPTOMS: Array<{ words: RegExp; condition: RegExp }> = [
  { words: /\b(muscle (aches?|pains?|cramps?|weakness)|myalgia|myopathy|aching muscles)\b/i, condition: /myopathy/i },
  { words: /\b(hearing|deaf(ness)?|tinnitus)\b/i, condition: /hearing loss/i },
  { words: /\b(rash(es)?|skin reactions?|blisters?|peeling skin|sjs|ten)\b/i, condition: /stevens|cutaneous|hypersensitivity/i },
  { words: /\b(an(a)?emia|hemoly(sis|tic)|haemoly(sis|tic))\b/i, condition: /ha?emolytic/i },
];

/**
 * Questions the findings raise, most pressing first, within AI_QUESTIONS_WORDS words: the indication
 * where CPIC's advice depends on it, earlier exposure to the drugs a risk allele concerns, relatives
 * for a heritable finding, a symptom the questionnaire names beside the medicine that may cause it,
 * how long an inhibiting medicine has been taken, what a medicine not recognised is; without a report,
 * the medicines to check when it arrives.
 */
function questionsAnswer(rs: SourceRecord[]): EngineAnswer {
  const meds = medicineAnswers(rs);
  const report = reportOf(rs);
  const out: AiStatement[] = [];
  if (!report) {
    const kit = rs.find((r) => r.kit);
    out.push({
      text: `Ask which medicines the patient takes now, so they can be checked when the pharmacogenomic result arrives${kit?.kit?.status ? ` (kit: ${(KIT_STATUS_LABELS as Record<string, string>)[kit.kit.status] ?? kit.kit.status})` : ''}.`,
      citations: [...meds.map((m) => m.ref), ...(kit ? [kit.ref] : [])],
    });
  } else {
    const vs = verdicts(rs);
    for (const v of vs.filter((x) => x.pgx.verdict.taking)) {
      const d = v.pgx.verdict;
      const pops = [...new Set(d.readings.map((r) => r.population).filter((p): p is string => p !== null))];
      if (pops.length > 1 && new Set(d.readings.map((r) => r.tier)).size > 1)
        out.push({
          text: `Ask what ${d.drug} is prescribed for (${pops.join('; ')}): CPIC's advice differs by indication.`,
          citations: [...naming(meds, d.drug), v.ref],
        });
    }
    const hla = vs.filter((v) => v.pgx.verdict.tier === 'avoid' && v.pgx.verdict.heritable.some((h) => /^HLA/.test(h)));
    if (hla.length)
      out.push({
        text: `Ask whether the patient has taken ${names(
          hla.map((v) => v.pgx.verdict.drug),
          4,
        ).replace(/ and (?=[^,]*$)/, ' or ')} before, for how long, and about any rash or reaction.`,
        citations: hla.map((v) => v.ref),
      });
    const mt = vs.find((v) => v.pgx.verdict.heritable.some((h) => /^MT-RNR1/.test(h)));
    if (mt) out.push({ text: 'Ask about hearing loss after antibiotics in the patient, their mother or maternal relatives.', citations: [mt.ref] });
    const notes = rs.filter((r) => r.kind === 'questionnaire' && ['notes', 'conditions'].includes(String(r.facts.questionId)));
    for (const s of SYMPTOMS)
      for (const n of notes.filter((x) => s.words.test(String(x.facts.answer)))) {
        const suspects = vs.filter((v) => v.pgx.verdict.taking && v.pgx.conditions.some((c) => s.condition.test(c)));
        if (suspects.length)
          out.push({
            text: `Ask when the ${s.words.exec(String(n.facts.answer))![0]} began relative to starting ${names(suspects.map((v) => v.pgx.verdict.drug))}.`,
            citations: [n.ref, ...suspects.map((v) => v.ref)],
          });
      }
    for (const c of report.pgx.reading.medicines.phenoconverters)
      out.push({
        text: `Ask how long the patient has taken ${c.medicine}, and whether they plan to stop it: it may change how ${c.enzyme} drugs act.`,
        citations: [...naming(meds, c.medicine), report.ref],
      });
    for (const n of report.pgx.reading.medicines.notRecognised.slice(0, 2))
      out.push({ text: `Ask what ‘${n}’ is, to check it against the report.`, citations: [...meds.map((m) => m.ref), report.ref] });
  }
  // At most AI_QUESTIONS_WORDS words: the first questions, in the order above.
  const kept: AiStatement[] = [];
  let used = 0;
  for (const q of out) {
    if (used + countWords(q.text) > AI_QUESTIONS_WORDS) break;
    kept.push(q);
    used += countWords(q.text);
  }
  const [s] = oncePerSentence(kept.filter((q) => q.citations.length > 0));
  return { statements: s!, evidence: [], declined: s!.length === 0 };
}

/* ------------------------------------------------------------------ free questions */

/** Instructions to behave otherwise, or questions about the system itself: refused whatever else they ask. */
const SYSTEM = [
  /\b(ignore|disregard|forget|override|bypass)\b[^.?!]*\b(instructions?|rules?|prompts?|previous|above|guidelines?|restrictions?|everything)\b/i,
  /\b(system prompt|your (instructions|rules|prompt|guidelines|configuration|training)|jailbreak|developer mode|dan mode)\b/i,
  /\b(pretend|act as|you are now|role-?play|from now on)\b/i,
  /\b(database|sql|api key|apikey|password|credentials?|tokens?|server|admin(istrator)?|source code|environment variables?|secret|hack)\b/i,
];

/** Questionnaire answers by topic: the words that name a topic, and the questions that answer it. */
const TOPICS: Array<{ words: string[]; questions: string[] }> = [
  {
    words: ['condition', 'conditions', 'diagnosed', 'diagnosis', 'diagnoses', 'disease', 'diseases', 'illness', 'cholesterol', 'blood pressure', 'diabetes'],
    questions: ['conditions'],
  },
  { words: ['family', 'relatives', 'hereditary', 'inherited', 'parents'], questions: ['family'] },
  { words: ['tired', 'tiredness', 'fatigue', 'energy', 'exhausted'], questions: ['fatigue'] },
  { words: ['symptom', 'symptoms', 'complaint', 'complaints', 'aches', 'pain', 'notes'], questions: ['notes', 'fatigue'] },
  {
    words: ['diet', 'eat', 'eats', 'eating', 'food', 'foods', 'vegetarian', 'vegan', 'meal', 'meals'],
    questions: ['pattern', 'dairy', 'vegetables', 'redMeat', 'salt'],
  },
  { words: ['dairy', 'milk', 'cheese', 'yoghurt', 'yogurt'], questions: ['dairy'] },
  { words: ['vegetables', 'vegetable', 'fruit', 'fruits'], questions: ['vegetables'] },
  { words: ['meat', 'red meat'], questions: ['redMeat'] },
  { words: ['salt', 'salty'], questions: ['salt'] },
  { words: ['sleep', 'sleeps', 'sleeping', 'insomnia'], questions: ['sleep'] },
  { words: ['exercise', 'exercises', 'activity', 'active', 'sport', 'physical'], questions: ['activity'] },
  { words: ['sun', 'sunlight', 'daylight', 'outdoors', 'outside'], questions: ['sun'] },
  { words: ['alcohol', 'drink', 'drinks', 'drinking', 'wine', 'beer'], questions: ['alcohol'] },
  { words: ['smoke', 'smokes', 'smoking', 'smoker', 'cigarettes', 'tobacco'], questions: ['smoking'] },
  { words: ['supplement', 'supplements', 'vitamins', 'minerals'], questions: ['supplements'] },
  { words: ['lifestyle'], questions: ['sleep', 'activity', 'sun', 'alcohol', 'smoking'] },
];
/** Drug classes as people name them, and the report's class labels (atc.ts) they stand for. */
const cls = (re: RegExp) => (v: PgxVerdict) => v.class.some((c) => re.test(c));
const CLASSES: Array<{ name: string; words: RegExp; matches: (v: PgxVerdict) => boolean }> = [
  { name: 'statins', words: /\b(statins?|cholesterol (medicines?|drugs?|tablets?|pills?))\b/i, matches: cls(/statin/i) },
  { name: 'antidepressants', words: /\b(antidepressants?|ssris?|snris?|tricyclics?|tcas?)\b/i, matches: cls(/antidepressant|SSRI|serotonin reuptake/i) },
  { name: 'opioids', words: /\b(opioids?|opiates?|painkillers?|pain relief|analgesics?)\b/i, matches: cls(/opioid/i) },
  { name: 'anti-inflammatories (NSAIDs)', words: /\b(nsaids?|anti-?inflammator(y|ies)|painkillers?|pain relief)\b/i, matches: cls(/NSAID/i) },
  {
    name: 'antibiotics',
    words: /\b(antibiotics?|aminoglycosides?|antibacterials?)\b/i,
    matches: cls(/antibiotic|aminoglycoside|antibacterial|fluoroquinolone|sulfonamide/i),
  },
  { name: 'blood thinners', words: /\b(blood thinners?|antiplatelets?|anticoagulants?)\b/i, matches: cls(/antiplatelet|anticoagulant/i) },
  { name: 'proton pump inhibitors', words: /\b(ppis?|proton pump inhibitors?|antacids?|reflux)\b/i, matches: cls(/proton pump/i) },
  { name: 'antiepileptics', words: /\b(anti-?epileptics?|anticonvulsants?|epilepsy|seizures?)\b/i, matches: cls(/antiepileptic/i) },
  { name: 'anaesthetics', words: /\b(an(a)?esthe(tic|tics|sia))\b/i, matches: cls(/anaesthetic|muscle relaxant/i) },
  { name: 'immunosuppressants', words: /\b(immunosuppressants?|thiopurines?|transplant)\b/i, matches: cls(/immunosuppress|purine analogue/i) },
  { name: 'anticancer drugs', words: /\b(chemo(therapy)?|anticancer|cancer (drugs?|treatment))\b/i, matches: (v) => v.category.some((c) => /cancer/i.test(c)) },
  { name: 'HIV medicines', words: /\b(hiv|antiretrovirals?)\b/i, matches: cls(/HIV|reverse transcriptase|protease/i) },
  { name: 'antipsychotics', words: /\bantipsychotics?\b/i, matches: cls(/antipsychotic/i) },
  { name: 'antiemetics', words: /\b(antiemetics?|anti-nausea|nausea|vomiting)\b/i, matches: cls(/antiemetic/i) },
];

/** Words that say a question is medical, though it names nothing the records hold. */
const MEDICAL =
  /\b(medicines?|medications?|drugs?|dose|doses|dosing|dosage|prescri\w*|take|takes|taking|safe|genes?|genetic|genotype|pharmaco\w*|metaboli\w*|interact\w*|side effects?|tablets?|pills?|treatment|therapy|symptoms?|results?|risk|health|blood|allerg\w*|switch\w*)\b/i;
const GENERAL_QUESTIONS = /\b(questions to ask|what should i ask|what to ask|ask the patient|ask her|ask him|ask them)\b/i;
const GENERAL_MEDICINES = /\b(medicines?|medications?|drugs?|prescriptions?|dose|doses|dosing|pharmacogenomic\w*|pharmacogenetic\w*|pharmaco)\b/i;
const GENERAL_NUTRITION = /\b(nutrition\w*|nutrients?|nutrigenomic\w*|deficienc(y|ies))\b/i;
const GENERAL_SUMMARY = /\b(summary|summari[sz]e|overview|stand out|stands out|key findings|main findings|results)\b/i;

/** A word that stands where a medicine would ('Is amlodipine safe', 'start her on amlodipine'), to say when no guideline covers it. */
const DRUG_SLOTS = [
  /\b(?:is|are|would|could)\s+([a-z][a-z0-9-]{3,})\s+(?:safe|ok(?:ay)?|suitable|appropriate|fine|right|a good (?:choice|option))\b/gi,
  /\b(?:take|taking|takes|start(?:ing)?(?: her| him| them)? on|prescrib(?:e|ing)|switch(?:ing)?(?: her| him| them)? to|add(?:ing)?|giv(?:e|ing)(?: her| him| them)?)\s+([a-z][a-z0-9-]{3,})\b/gi,
  /\b([a-z][a-z0-9-]{3,})\s+(?:dose|doses|dosing|dosage|tablets?)\b/gi,
];
const NOT_DRUGS = new Set(
  `anything something nothing everything care more less over with that this them these those what which their there here time long well daily often
  note notes part form action account medicine medicines medication medications drug drugs pills tablets treatment therapy dose doses dosing dosage genes
  genotype results report after before still also just only same other another higher lower usual normal standard current starting maintenance
  their your some many much most such`.split(/\s+/),
);

const has = (q: string, phrase: string) => new RegExp(`(^|[^\\p{L}\\p{N}*])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(q);

/** Component titles and the way people write them ('vitamin D', 'B12', 'folate'). */
function namesComponent(q: string, r: SourceRecord): boolean {
  const title = String(r.facts.title);
  const plain = title.replace(/\s*\(.*\)$/, '');
  const inner = /\(([^)]+)\)/.exec(title)?.[1];
  const short = /^Vitamin (\w+)$/i.exec(plain)?.[1];
  return [title, plain, inner, short && short.length > 1 ? short : undefined].some((n) => n && has(q, n));
}

/** The one sentence for a question Ask AI does not answer, citing nothing. */
const refusal = (): EngineAnswer => ({ statements: [{ text: AI_REFUSAL, citations: [] }], evidence: [], declined: true });
/** A quick ask the patient's records hold nothing for. */
export const CANNOT_ANSWER = "The patient's records cannot answer this.";
const cannotAnswer = (): EngineAnswer => ({ statements: [{ text: CANNOT_ANSWER, citations: [] }], evidence: [], declined: true });
/** The answer to a question about anyone but this patient: names this patient, and nothing of anyone's data. */
export const othersDeclined = (p: AskContext['patient']) => `Ask AI answers only about this patient, ${p.firstName} ${p.lastName}, and not about anyone else.`;

/** The words of the records a question may use that are never a person's name. */
function vocabularyOf(rs: SourceRecord[]): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => {
    for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) out.add(w);
  };
  for (const v of verdicts(rs)) {
    add(v.pgx.verdict.drug);
    for (const r of v.pgx.verdict.readings) for (const g of r.genes) add(g.gene);
    for (const c of [...v.pgx.verdict.class, ...v.pgx.verdict.category]) add(c);
  }
  for (const c of calls(rs)) add(c.pgx.call.gene);
  for (const d of rs.find((r) => r.kit)?.kit?.drugs ?? []) add(d);
  for (const r of components(rs)) add(String(r.facts.title));
  for (const t of TOPICS) t.words.forEach(add);
  return out;
}

/** The question's clauses ('…, and what does X take?'), so the part about this patient can still be answered. */
const clausesOf = (q: string) =>
  q
    .split(/[?;]|,\s*(?:and|but)\s+|\s+(?:and|but)\s+(?=(?:what|which|does|do|is|are|how|can|should|tell|who|whose)\b)/i)
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * Does the question (or a part of it) ask about anyone but this patient, or about the system? Then
 * the built-in engine answers it, whichever engine is configured: such a question never reaches a
 * model, and the answer declines it in the same words.
 */
export function mustAnswerBuiltIn(rs: SourceRecord[], question: string, ctx: AskContext): boolean {
  const people = { own: [ctx.patient.firstName, ctx.patient.lastName], others: ctx.otherNames, vocabulary: vocabularyOf(rs) };
  return SYSTEM.some((re) => re.test(question)) || aboutOthers(question) || othersNamed(question, people).length > 0;
}

/** Lines of an external engine's answer that name someone other than this patient. */
export function linesAboutOthers(rs: SourceRecord[], lines: AiStatement[], ctx: AskContext): AiStatement[] {
  const people = { own: [ctx.patient.firstName, ctx.patient.lastName], others: ctx.otherNames, vocabulary: vocabularyOf(rs) };
  return lines.filter((l) => othersNamed(l.text, people).length > 0);
}

function freeAnswer(rs: SourceRecord[], question: string, ctx: AskContext): EngineAnswer {
  const vocabulary = vocabularyOf(rs);
  const people = { own: [ctx.patient.firstName, ctx.patient.lastName], others: ctx.otherNames, vocabulary };
  const clauses = clausesOf(question);
  const mine = clauses.filter((c) => othersNamed(c, people).length === 0 && !aboutOthers(c));
  const others = mine.length < clauses.length || othersNamed(question, people).some((n) => n.includes('@'));
  const declineOthers: AiStatement = { text: othersDeclined(ctx.patient), citations: [] };
  if (SYSTEM.some((re) => re.test(question))) return refusal();
  const q = mine.join('. ');
  if (others && !MEDICAL.test(q) && !mine.some((c) => vocabularyHit(c, vocabulary))) return { statements: [declineOthers], evidence: [], declined: true };

  const answer = answerAboutPatient(rs, q, vocabulary);
  if (!others) return answer;
  // A mixed question: the part about someone else is declined first, the rest answered as asked.
  if (answer.declined) return { statements: [declineOthers], evidence: [], declined: true };
  return { ...answer, statements: [declineOthers, ...answer.statements] };
}

const vocabularyHit = (q: string, vocabulary: Set<string>) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((w) => w.length > 2 && vocabulary.has(w));

function answerAboutPatient(rs: SourceRecord[], q: string, vocabulary: Set<string>): EngineAnswer {
  const report = reportOf(rs);
  const meds = medicineAnswers(rs);
  const statements: AiStatement[] = [];
  const told = new Set<string>();
  const tell = (v: Of<PgxVerdictRecord>) => {
    if (told.has(v.pgx.verdict.drug)) return;
    told.add(v.pgx.verdict.drug);
    statements.push(verdictStatement(v, meds, report));
  };
  const vs = verdicts(rs);

  // Drugs named: each verdict in full, the medicines taken first.
  const named = vs.filter((v) => has(q, v.pgx.verdict.drug)).sort((a, b) => Number(b.pgx.verdict.taking) - Number(a.pgx.verdict.taking));
  named.forEach(tell);

  // Drug classes named ('statins', 'antidepressants'): the ones taken in full, the others by what CPIC advises.
  for (const c of CLASSES.filter((x) => x.words.test(q))) {
    const members = vs.filter((v) => c.matches(v.pgx.verdict));
    if (!members.length) continue;
    members.filter((v) => v.pgx.verdict.taking).forEach(tell);
    const rest = members.filter((v) => !told.has(v.pgx.verdict.drug));
    if (!rest.length) continue;
    const byTier = new Map<PgxTier, Array<Of<PgxVerdictRecord>>>();
    for (const v of rest) byTier.set(v.pgx.verdict.tier, [...(byTier.get(v.pgx.verdict.tier) ?? []), v]);
    const parts = [...byTier.entries()]
      .sort(([a], [b]) => ['avoid', 'adjust', 'usual', 'noAdvice', 'notCovered'].indexOf(a) - ['avoid', 'adjust', 'usual', 'noAdvice', 'notCovered'].indexOf(b))
      .map(([t, group]) => {
        const genes =
          t === 'notCovered'
            ? []
            : [
                ...new Set(
                  group.flatMap((v) =>
                    v.pgx.verdict.readings.filter((r) => r.tier === t).flatMap((r) => r.genes.filter((g) => g.phenotype).map((g) => pgxGeneResult(g))),
                  ),
                ),
              ];
        const flagged = group.filter((v) => v.pgx.verdict.phenoconversion).map((v) => v.pgx.verdict.drug);
        return `${PGX_TIER_LABELS[t]}: ${names(
          group.map((v) => v.pgx.verdict.drug),
          8,
        )}${genes.length ? ` (${names(genes, 3)})` : ''}${flagged.length ? `; phenoconversion flag on ${names(flagged, 6)}` : ''}`;
      });
    const taken = members.some((v) => v.pgx.verdict.taking);
    statements.push({ text: `${taken ? `Other ${c.name}` : cap(c.name)} in the report — ${parts.join('; ')}.`, citations: rest.map((v) => v.ref) });
  }

  // A symptom: the medicines taken whose CPIC rows name the condition it may point to, and what the patient wrote.
  for (const s of SYMPTOMS.filter((x) => x.words.test(q))) {
    const suspects = vs.filter((v) => v.pgx.conditions.some((c) => s.condition.test(c)));
    suspects.filter((v) => v.pgx.verdict.taking).forEach(tell);
    if (!suspects.some((v) => v.pgx.verdict.taking) && suspects.length)
      statements.push({
        text: `None of the medicines the patient takes is among the report's drugs whose CPIC rows name this (${names(
          suspects.map((v) => v.pgx.verdict.drug),
          6,
        )}).`,
        citations: [...meds.map((m) => m.ref), ...suspects.map((v) => v.ref)],
      });
    for (const r of rs.filter((x) => x.kind === 'questionnaire' && s.words.test(String(x.facts.answer)))) statements.push(answerStatement(r));
  }

  // Genes named: the result, how it was checked, the drugs whose advice it changes, and what inhibits it.
  for (const c of calls(rs).filter((x) => has(q, x.pgx.call.gene))) {
    const call = c.pgx.call;
    const changed = vs.filter(
      (v) =>
        (v.pgx.verdict.tier === 'avoid' || v.pgx.verdict.tier === 'adjust') &&
        v.pgx.verdict.readings.some((r) => r.tier === v.pgx.verdict.tier && r.genes.some((g) => g.gene === call.gene)),
    );
    const byTier = (t: PgxTier) => changed.filter((v) => v.pgx.verdict.tier === t).map((v) => v.pgx.verdict.drug);
    // A drug whose advice rests on this result and another gene's says so: the other result may be what changes it.
    const withOthers = (drug: string, t: PgxTier) => {
      const others = [
        ...new Set(
          vs
            .find((v) => v.pgx.verdict.drug === drug)!
            .pgx.verdict.readings.filter((r) => r.tier === t)
            .flatMap((r) => r.genes.filter((g) => g.gene !== call.gene && g.phenotype).map((g) => pgxGeneResult(g))),
        ),
      ];
      return others.length ? `${drug} (with ${names(others)})` : drug;
    };
    const drugs = (['avoid', 'adjust'] as const)
      .filter((t) => byTier(t).length)
      .map(
        (t) =>
          `${PGX_TIER_LABELS[t]}: ${names(
            byTier(t).map((d) => withOthers(d, t)),
            12,
          )}`,
      );
    statements.push({
      text: `${call.gene}${PGX_HLA_GENES.has(call.gene) ? '' : ' '}${call.diplotype}: ${!call.phenotype ? 'no phenotype given' : PGX_HLA_GENES.has(call.gene) ? pgxGeneResult(call) : pgxGeneResult(call).slice(call.gene.length + 1)}. ${drugs.length ? `Drugs for which CPIC advises a change or a precaution at this result — ${drugs.join('; ')}.` : 'No drug of the report needs a change or a precaution for this result.'}`,
      citations: [c.ref, ...changed.map((v) => v.ref)],
    });
    changed.filter((v) => v.pgx.verdict.taking).forEach(tell);
    const converters = report?.pgx.reading.medicines.phenoconverters.filter((x) => x.enzyme === call.gene) ?? [];
    for (const x of converters) statements.push(converterStatement(rs, x));
    if (report?.pgx.reading.medicines.answered) {
      const taken = changed.filter((v) => v.pgx.verdict.taking).map((v) => v.pgx.verdict.drug);
      if (!taken.length && !converters.length)
        statements.push({
          text: `None of the medicines the patient takes (${names(report.pgx.reading.medicines.taking) || "none of the report's drugs"}) is among them.`,
          citations: [...meds.map((m) => m.ref), report.ref],
        });
    }
  }

  // A medicine no guideline covers: said so, never refused as off-topic.
  const candidates = new Set<string>();
  for (const re of DRUG_SLOTS) for (const m of q.matchAll(re)) candidates.add(m[1]!.toLowerCase());
  // Without a report, a drug a report would cover is named as such: it cannot be checked yet.
  const covered = report ? [] : (rs.find((r) => r.kit)?.kit?.drugs ?? []).filter((d) => has(q, d) && !told.has(d));
  for (const word of covered) {
    told.add(word);
    const { text, kit } = noReportYet(rs);
    statements.push({ text: `${text}, so ${word} cannot be checked against one.`, citations: [...meds.map((m) => m.ref), ...(kit ? [kit.ref] : [])] });
  }
  for (const word of candidates) {
    if (NOT_DRUGS.has(word) || vocabulary.has(word) || CLASSES.some((c) => c.words.test(word)) || SYMPTOMS.some((s) => s.words.test(word))) continue;
    if (told.has(word)) continue;
    if (report) statements.push({ text: `No CPIC guideline covers ${word}; nothing in the patient's report concerns it.`, citations: [report.ref] });
    else {
      // Without a report the drug names CPIC covers are not in the records: whatever the word, it cannot be checked yet.
      const { text, kit } = noReportYet(rs);
      const cited = [...meds.map((m) => m.ref), ...(kit ? [kit.ref] : [])];
      if (cited.length) statements.push({ text: `${text}, so ${word} cannot be checked against one.`, citations: cited });
    }
  }

  // A named nutrient, and the questionnaire's topics.
  for (const r of components(rs).filter((r) => namesComponent(q, r))) statements.push(r.facts.notProcessed ? notProcessedEvidence([r])[0]! : scoreEvidence(r));
  const topicQuestions = new Set(TOPICS.filter((t) => t.words.some((w) => has(q, w))).flatMap((t) => t.questions));
  for (const r of rs.filter((r) => r.kind === 'questionnaire' && topicQuestions.has(String(r.facts.questionId)))) statements.push(answerStatement(r));

  const specific = statements.filter((s) => s.citations.length > 0).length > 0;
  // 'Does she smoke, and which medicines does she take?': the medicines too, when asked for as such.
  if (specific && /\b(medicines?|medications?|prescriptions?)\b/i.test(q) && !named.length && !told.size) statements.unshift(...medicinesAnswer(rs).statements);
  if (!specific) {
    // General asks, when nothing more specific was named.
    if (GENERAL_QUESTIONS.test(q)) return questionsAnswer(rs);
    if (GENERAL_MEDICINES.test(q)) return medicinesAnswer(rs);
    if (GENERAL_NUTRITION.test(q)) return nutritionAnswer(rs);
    if (GENERAL_SUMMARY.test(q)) return summaryAnswer(rs);
    return MEDICAL.test(q) || vocabularyHit(q, vocabulary) ? cannotAnswer() : refusal();
  }
  const [s, e] = oncePerSentence(statements, otherConsiderations(vs.filter((v) => told.has(v.pgx.verdict.drug))));
  return { statements: s!, evidence: e!, declined: false };
}

/**
 * The built-in engine's answer to a preset or a question in the practitioner's words, about this
 * patient only.
 */
export function builtinAnswer(records: SourceRecord[], ask: { preset?: AiPreset; question?: string }, ctx: AskContext): EngineAnswer {
  const orDecline = (a: EngineAnswer): EngineAnswer => (a.statements.length ? a : cannotAnswer());
  switch (ask.preset) {
    case 'summary':
      return orDecline(summaryAnswer(records));
    case 'nutrition':
      return orDecline(nutritionAnswer(records));
    case 'medicines':
      return orDecline(medicinesAnswer(records));
    case 'questions':
      return orDecline(questionsAnswer(records));
    default:
      return freeAnswer(records, ask.question ?? '', ctx);
  }
}
