import { AI_REFUSAL, AI_SUMMARY_WORDS, PGX_MESSAGES, countWords, type AiPreset, type AiStatement, type PgxPhenoconverter } from '@portal/contract';
import { CURRENT_MEDICINES } from '../../db/questionnaires';
import { mentions, shortList, splitRecommendation } from '../pharmacogenomics/service';
import { recommended, type PgxGene, type PgxPair, type PgxReport, type SourceRecord } from './records';

export interface EngineAnswer {
  /** The summary, shown first. */
  statements: AiStatement[];
  /** The rest, behind 'Show all evidence'. */
  evidence: AiStatement[];
  declined: boolean;
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
const pairs = (rs: SourceRecord[]) => rs.filter((r): r is Of<PgxPair> => r.pgx?.type === 'pair');
const genes = (rs: SourceRecord[]) => rs.filter((r): r is Of<PgxGene> => r.pgx?.type === 'gene');
/** How many of the report's drugs a medicine the patient takes flags for this gene. */
const flaggedCount = (rs: SourceRecord[], gene: string) => genes(rs).find((g) => g.pgx.gene === gene)?.pgx.flaggedDrugs.length ?? 0;
const reportOf = (rs: SourceRecord[]) => rs.find((r): r is Of<PgxReport> => r.pgx?.type === 'report');

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
const end = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

const names = shortList;

/** The first sentence of CPIC's recommendation (the whole of it when it is one). */
function firstSentence(text: string): string {
  const { main } = splitRecommendation(text);
  const m = /^(.+?[.!?])\s+(?=[A-Z])/.exec(main);
  return end(m && countWords(m[1]!) >= 4 ? m[1]! : main);
}

const population = (p: string | null | undefined) => (p && p !== 'General' ? ` (${p})` : '');

/** The questionnaire answers that name this medicine. */
const naming = (meds: SourceRecord[], drug: string) => meds.filter((m) => mentions(String(m.facts.answer), drug)).map((m) => m.ref);

/** The strongest actionable recommendation of a pair, as one clause: 'CYP2C19 Intermediate Metabolizer, Strong CPIC recommendation (…): Avoid …'. */
function actionableClause(p: PgxPair): string | null {
  const best = recommended(p.rows)[0];
  if (!p.actionable || !best) return null;
  return `${p.gene} ${p.phenotype}, ${best.classification} CPIC recommendation${population(best.specialtyPopulation)}: ${firstSentence(best.recommendation!)}`;
}

/** A medicine the patient takes that inhibits or induces an enzyme: what it may change, and what CPIC advises at activity score 0 for this drug. */
function flagClause(p: PgxPair, c: PgxPhenoconverter, flagged: number): string {
  const converted = p.rows.find((r) => r.ifPhenoconverted)?.ifPhenoconverted;
  const who =
    c.medicine === p.drug.toLowerCase()
      ? `a ${c.strength} ${c.enzyme} ${c.kind}`
      : `flagged because the patient takes ${c.medicine}, a ${c.strength} ${c.enzyme} ${c.kind}`;
  const effect = `the ${p.gene} ${p.phenotype} result may act ${c.kind === 'inhibitor' ? 'poorer' : 'faster'} (phenoconversion; ${flagged} of the report's drugs flagged)`;
  const advice = converted
    ? `; if phenoconverted (CYP2D6 activity score 0), ${converted.classification ?? 'not classified'} CPIC recommendation: ${firstSentence(converted.recommendation)}`
    : '';
  return `${who}: ${effect}${advice}`;
}

/**
 * What the report says for one drug the patient takes: actionable, flagged, only standard advice, or
 * nothing. A drug that itself inhibits or induces an enzyme (paroxetine, CYP2D6) says so first, as a
 * flag on the enzyme's other drugs; its own advice is CPIC's for the genotype, since a medicine never
 * flags its own row (pharmacogenomics' toContractRow).
 */
function medicineStatement(rs: SourceRecord[], drug: string, meds: SourceRecord[]): AiStatement {
  const report = reportOf(rs);
  const own = report ? report.pgx.converters.filter((c) => c.medicine === drug) : [];
  const s = drugStatement(rs, drug, meds);
  if (!own.length) return s;
  const what = own.map((c) => `a ${c.strength} ${c.enzyme} ${c.kind}`).join(' and ');
  const effect = own.map((c) => `${PGX_MESSAGES.phenoconversionOthers(c)} (phenoconversion; ${flaggedCount(rs, c.enzyme)} flagged)`).join('; ');
  const rest = s.text.replace(new RegExp(`^Takes ${drug}[:,]\\s*`), '');
  return {
    text: end(`Takes ${drug}, ${what}: ${effect}; for ${drug} itself, ${rest.replace(/\.$/, '')}`),
    citations: [...new Set([...s.citations, report!.ref])],
  };
}

function drugStatement(rs: SourceRecord[], drug: string, meds: SourceRecord[]): AiStatement {
  const mine = pairs(rs).filter((p) => p.pgx.drug.toLowerCase() === drug);
  const cites = (ps: typeof mine) => [...naming(meds, drug), ...ps.map((p) => p.ref)];
  const actionable = mine.map((p) => actionableClause(p.pgx)).filter((c): c is string => Boolean(c));
  const flags = mine.flatMap((p) => p.pgx.rows[0]!.phenoconversion.map((c) => ({ p, c })));
  if (actionable.length || flags.length) {
    const parts = [
      ...actionable.map((a) => a.replace(/\.$/, '')),
      ...flags.map(({ p, c }) => flagClause(p.pgx, c, flaggedCount(rs, p.pgx.gene)).replace(/\.$/, '')),
    ];
    return {
      text: end(`Takes ${drug}${parts.length === 1 && flags.length === 1 && !actionable.length ? ', ' : ': '}${parts.join('; ')}`),
      citations: cites(mine.filter((p) => p.pgx.actionable || p.pgx.rows[0]!.phenoconversion.length)),
    };
  }
  const standard = mine.map((p) => ({ p, best: recommended(p.pgx.rows)[0] })).filter((x) => x.best);
  if (standard.length) {
    const what = standard.map(
      ({ p, best }) =>
        `${p.pgx.gene} ${p.pgx.phenotype}, ${best!.classification ?? 'not classified'}: ${firstSentence(best!.recommendation!).replace(/\.$/, '')}`,
    );
    return {
      text: end(`Takes ${drug}: no actionable pharmacogenomic recommendation for ${drug} in this report — ${what.join('; ')}`),
      citations: cites(standard.map((x) => x.p)),
    };
  }
  if (mine.length)
    return {
      text: `Takes ${drug}: no pharmacogenomic recommendation for ${drug} in this report (${names(mine.map((p) => p.pgx.gene))}: not covered by the knowledge base or no CPIC recommendation for this result).`,
      citations: cites(mine),
    };
  return { text: `Takes ${drug}: no pharmacogenomic recommendation for ${drug} in this report.`, citations: [...naming(meds, drug), reportOf(rs)!.ref] };
}

/** The part of a medicine answer that names no drug of the report (split where the patient separated them). */
function unmatchedMedicines(meds: SourceRecord[], report: PgxReport): Array<{ text: string; ref: string }> {
  const known = [...report.taking, ...report.converters.map((c) => c.medicine)];
  return meds.flatMap((m) =>
    String(m.facts.answer)
      .split(/[;\n]+/)
      .map((s) => s.trim())
      .filter((s) => s && !/^(none|no|nothing|n\/a)\.?$/i.test(s) && !known.some((d) => mentions(s, d)))
      .map((text) => ({ text, ref: m.ref })),
  );
}

/**
 * A gene's actionable drugs in one line: those whose recommendation changes prescribing, strongest
 * first, then those for which CPIC advises standard dosing (a 'Strong' classification alone would read
 * like a warning); `only` keeps some classifications, `except` leaves drugs out.
 */
function geneLine(g: Of<PgxGene>, opts: { only?: string[]; except?: string[]; max?: number } = {}): AiStatement | null {
  const drugs = g.pgx.drugs.filter((d) => (!opts.only || opts.only.includes(d.classification)) && !(opts.except ?? []).includes(d.drug.toLowerCase()));
  if (!drugs.length) return null;
  const by = new Map<string, string[]>();
  for (const d of drugs.filter((x) => !x.standardDosing)) by.set(d.classification, [...(by.get(d.classification) ?? []), d.drug]);
  const parts = [...by.entries()]
    .sort(([a], [b]) => ['Strong', 'Moderate', 'Optional'].indexOf(a) - ['Strong', 'Moderate', 'Optional'].indexOf(b))
    .map(([c, ds]) => `${c} for ${names(ds, opts.max)}`);
  const standard = drugs.filter((d) => d.standardDosing).map((d) => d.drug);
  const clauses = [
    ...(parts.length ? [`CPIC recommendations that change prescribing, ${parts.join('; ')}`] : []),
    ...(standard.length ? [`CPIC advises standard dosing for ${names(standard, opts.max)}`] : []),
  ];
  const others = opts.except?.some((e) => g.pgx.drugs.some((d) => d.drug.toLowerCase() === e)) ? ' (other drugs)' : '';
  return { text: `${g.pgx.gene} ${g.pgx.phenotype}${others}: ${clauses.join('; ')}.`, citations: [g.ref] };
}

function scoreLine(rs: SourceRecord[], level: 'Decreased' | 'Increased'): AiStatement | null {
  const list = withLevel(rs, level);
  if (!list.length) return null;
  const items = list.map((r) => `${r.facts.title}${typeof r.facts.percentile === 'number' ? ` (${percentileText(r.facts.percentile)})` : ''}`);
  return { text: `${level} genetic scores: ${names(items, 8)}.`, citations: list.map((r) => r.ref) };
}

function countLine(rs: SourceRecord[]): AiStatement | null {
  const np = notProcessed(rs);
  const report = reportOf(rs);
  const parts: string[] = [];
  if (np.length) parts.push(`${np.length} nutrigenomic ${np.length === 1 ? 'component' : 'components'} not calculated (too few SNPs)`);
  if (report && report.pgx.notCoveredRows)
    parts.push(`${report.pgx.notCoveredRows} pharmacogenomic report rows not covered by the knowledge base (${names(report.pgx.notCoveredGenes, 8)})`);
  if (!parts.length) return null;
  // Without medicines to name it by (medicinesFirst), the absent report is said here, beside what else is missing.
  if (!report && !medicineAnswers(rs).length) parts.push('there is no pharmacogenomic report for this kit');
  return {
    text: `Not scored or not covered: ${parts.join('; ')}.`,
    citations: [...np.map((r) => r.ref), ...(report && report.pgx.notCoveredRows ? [report.ref] : [])],
  };
}

/* ------------------------------------------------------------------ evidence */

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

/**
 * CPIC's words for a set of pairs, grouped so that no sentence repeats: one statement per gene,
 * phenotype, classification and recommendation naming every drug it applies to, then each
 * 'Other Considerations' text once with the drugs it belongs to.
 */
function pgxEvidence(ps: Array<Of<PgxPair>>): AiStatement[] {
  const groups = new Map<string, { head: string; text: string; drugs: string[]; populations: string[]; refs: string[] }>();
  /** Each sentence of CPIC's 'Other Considerations' once, with the drugs it is written for. */
  const others = new Map<string, { drugs: string[]; refs: string[] }>();
  const add = <T extends { drugs: string[]; refs: string[] }>(g: T, p: Of<PgxPair>) => {
    if (!g.drugs.includes(p.pgx.drug)) g.drugs.push(p.pgx.drug);
    if (!g.refs.includes(p.ref)) g.refs.push(p.ref);
    return g;
  };
  for (const p of ps) {
    for (const r of recommended(p.pgx.rows)) {
      const { main, other } = splitRecommendation(r.recommendation!);
      const head = `${p.pgx.gene} ${p.pgx.phenotype}, ${r.classification ?? 'not classified'} CPIC recommendation`;
      const g = add(groups.get(`${head}|${main}`) ?? { head, text: main, drugs: [], populations: [], refs: [] }, p);
      if (r.specialtyPopulation && r.specialtyPopulation !== 'General' && !g.populations.includes(r.specialtyPopulation))
        g.populations.push(r.specialtyPopulation);
      groups.set(`${head}|${main}`, g);
      for (const sentence of other?.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []) {
        const key = sentence.trim();
        if (key) others.set(key, add(others.get(key) ?? { drugs: [], refs: [] }, p));
      }
    }
    const converted = p.pgx.rows.find((r) => r.ifPhenoconverted)?.ifPhenoconverted;
    if (converted)
      groups.set(`${p.ref}|converted`, {
        head: `${PGX_MESSAGES.ifPhenoconverted}, ${converted.classification ?? 'not classified'} CPIC recommendation`,
        text: converted.recommendation,
        drugs: [p.pgx.drug],
        populations: [],
        refs: [p.ref],
      });
  }
  return [
    ...[...groups.values()].map((g) => ({
      text: `${g.drugs.join(', ')} — ${g.head}${g.populations.length ? ` (${g.populations.join('; ')})` : ''}: ${end(g.text)}`,
      citations: g.refs,
    })),
    ...otherConsiderations(others),
  ];
}

/** The sentences written for the same drugs, together: one statement per set of drugs, in CPIC's order. */
function otherConsiderations(sentences: Map<string, { drugs: string[]; refs: string[] }>): AiStatement[] {
  const bySet = new Map<string, { drugs: string[]; refs: string[]; text: string[] }>();
  for (const [sentence, o] of sentences) {
    const key = [...o.drugs].sort().join(', ');
    const g = bySet.get(key) ?? { drugs: [...o.drugs].sort(), refs: o.refs, text: [] };
    g.text.push(end(sentence));
    bySet.set(key, g);
  }
  return [...bySet.values()].map((g) => ({ text: `CPIC's other considerations for ${g.drugs.join(', ')}: ${g.text.join(' ')}`, citations: g.refs }));
}

/* ------------------------------------------------------------------ the answers */

/**
 * Keeps the summary within AI_SUMMARY_WORDS words: lines past the budget move to the evidence,
 * and a last line says how many (the count line always stays).
 */
function fit(lines: AiStatement[], tail: AiStatement | null): { shown: AiStatement[]; moved: AiStatement[] } {
  const budget = AI_SUMMARY_WORDS - (tail ? countWords(tail.text) : 0) - 12;
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
      text: `${moved.length} more ${moved.length === 1 ? 'finding is' : 'findings are'} under all evidence.`,
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

function medicinesFirst(rs: SourceRecord[]): { lines: AiStatement[]; taken: string[] } {
  const report = reportOf(rs);
  const meds = medicineAnswers(rs);
  if (!report) {
    // Said first, so that an absent report never reads as medicines with nothing to review.
    return meds.length
      ? {
          lines: [
            {
              text: `Takes ${meds.map((m) => String(m.facts.answer).trim()).join('; ')}: there is no pharmacogenomic report for this kit, so these medicines cannot be checked against one.`,
              citations: meds.map((m) => m.ref),
            },
          ],
          taken: [],
        }
      : { lines: [], taken: [] };
  }
  const lines: AiStatement[] = [];
  const quiet: string[] = [];
  const quietRefs: string[] = [];
  for (const drug of report.pgx.taking) {
    const s = medicineStatement(rs, drug, meds);
    // Only CPIC's usual-dose advice is folded into one line; a medicine the knowledge base cannot answer
    // for keeps a line of its own, so it never reads as nothing to do.
    if (s.text.startsWith(`Takes ${drug}: no actionable `)) {
      quiet.push(drug);
      quietRefs.push(...s.citations);
    } else lines.push(s);
  }
  // A medicine that inhibits or induces an enzyme but is no drug of the report itself.
  for (const c of report.pgx.converters.filter((c) => !report.pgx.taking.includes(c.medicine))) {
    lines.push({ text: end(PGX_MESSAGES.phenoconversionAcross(c)), citations: [...naming(meds, c.medicine), report.ref] });
  }
  if (quiet.length)
    lines.push({
      // 'Also' only after a medicine of her own line: first, it would point back at nothing.
      text: `${lines.length ? 'Also takes' : 'Takes'}, with no actionable pharmacogenomic recommendation in this report: ${names(quiet, 8)}.`,
      citations: [...new Set(quietRefs)],
    });
  return { lines, taken: report.pgx.taking };
}

function summaryAnswer(rs: SourceRecord[]): EngineAnswer {
  const { lines: first, taken } = medicinesFirst(rs);
  const geneLines = genes(rs)
    .filter((g) => g.pgx.actionable)
    .sort(
      (a, b) =>
        Number(!a.pgx.drugs.some((d) => d.classification === 'Strong')) - Number(!b.pgx.drugs.some((d) => d.classification === 'Strong')) ||
        a.pgx.gene.localeCompare(b.pgx.gene),
    )
    .map((g) => geneLine(g, { only: ['Strong', 'Moderate'], except: taken }))
    .filter((s): s is AiStatement => s !== null);
  const scores = [scoreLine(rs, 'Decreased'), scoreLine(rs, 'Increased')].filter((s): s is AiStatement => s !== null);
  const { shown, moved } = fit([...first, ...geneLines, ...scores], countLine(rs));

  const evidence = [
    ...moved,
    ...pgxEvidence(pairs(rs).filter((p) => p.pgx.actionable || (p.pgx.taking && recommended(p.pgx.rows).length))),
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
    ...medicineAnswers(rs).map(answerStatement),
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
    return listed.length
      ? {
          statements: [
            ...listed,
            { text: 'There is no pharmacogenomic report for this kit, so these medicines cannot be checked against one.', citations: meds.map((m) => m.ref) },
          ],
          evidence: [],
          declined: false,
        }
      : { statements: [], evidence: [], declined: true };
  }
  const statements: AiStatement[] = [...listed];
  if (!report.pgx.answered)
    statements.push({
      text: 'The patient has not listed current medicines in the questionnaire, so none can be checked against the report.',
      citations: [report.ref],
    });
  for (const drug of report.pgx.taking) statements.push(medicineStatement(rs, drug, meds));
  for (const c of report.pgx.converters.filter((c) => !report.pgx.taking.includes(c.medicine)))
    statements.push({ text: end(PGX_MESSAGES.phenoconversionAcross(c)), citations: [...naming(meds, c.medicine), report.ref] });
  for (const u of unmatchedMedicines(meds, report.pgx))
    statements.push({
      text: `‘${u.text}’: not matched to any drug in this report, so no pharmacogenomic recommendation for it in this report.`,
      citations: [u.ref, report.ref],
    });
  const other = genes(rs)
    .filter((g) => g.pgx.actionable)
    .map((g) => geneLine(g, { except: report.pgx.taking }))
    .filter((s): s is AiStatement => s !== null);
  if (other.length) statements.push(...other);
  const evidence = pgxEvidence(pairs(rs).filter((p) => p.pgx.taking || p.pgx.actionable));
  const [s, e] = oncePerSentence(statements, evidence);
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

function questionsAnswer(rs: SourceRecord[]): EngineAnswer {
  const meds = medicineAnswers(rs);
  const report = reportOf(rs);
  const flagged = report ? medicinesFirst(rs).lines.filter((l) => l.text.startsWith('Takes ')) : [];
  const statements = [
    ...flagged.map((s) => {
      const drug = /^Takes ([^:,]+)/.exec(s.text)![1];
      // A medicine the knowledge base cannot answer for has a line of its own too: it is asked about as unchecked, not as flagged.
      const why = /^Takes [^:,]+: no pharmacogenomic recommendation/.test(s.text)
        ? 'the report holds no recommendation for it, so it has not been checked against the genotype'
        : 'the report has a recommendation or a flag for it';
      // Its dose is asked with the medicines the patient listed, below.
      return { text: `Ask how the patient gets on with ${drug} (${why}).`, citations: s.citations };
    }),
    ...[...withLevel(rs, 'Decreased'), ...withLevel(rs, 'Increased')].map((r) => ({
      text: `Ask about the patient's intake of ${r.facts.title} and any symptoms they link to it, given the ${String(r.facts.level).toLowerCase()} genetic score.`,
      citations: [r.ref],
    })),
    ...meds.map((r) => ({ text: `Ask whether the patient still takes what they listed (${r.facts.answer}) and at what dose.`, citations: [r.ref] })),
  ];
  const [s, e] = oncePerSentence(statements, flagged);
  return { statements: s!, evidence: e!, declined: s!.length === 0 };
}

/* ------------------------------------------------------------------ free questions */

/** Questions about anything but this patient's records: other people, the system, or instructions to behave otherwise. */
const OFF_LIMITS = [
  /\b(ignore|disregard|forget|override|bypass)\b[^.?!]*\b(instructions?|rules?|prompts?|previous|above|guidelines?|restrictions?|everything)\b/i,
  /\b(system prompt|your (instructions|rules|prompt|guidelines|configuration|training)|jailbreak|developer mode|dan mode)\b/i,
  /\b(pretend|act as|you are now|role-?play|from now on)\b/i,
  /\b(other|another|all|every|any|list)\s+(patients?|people|clients?|users?|practitioners?|doctors?|persons?)\b/i,
  /\b(someone|somebody|anyone|anybody|everyone|everybody|who) else\b/i,
  /\b(previous|last|next|other|different|another|earlier)\s+(patient|person|client)s?\b/i,
  /\bpatients?\s+(seen\s+)?(before|after)\b/i,
  /\b(database|sql|api key|apikey|password|credentials?|tokens?|server|admin(istrator)?|source code|environment variables?|secret|hack)\b/i,
  /\b(patients|users)\b[^.?!]*\b(names?|emails?|addresses|phone|list|data)\b/i,
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
const MEDICINE_WORDS = [
  'statin',
  'statins',
  'antidepressant',
  'antidepressants',
  'ssri',
  'ssris',
  'opioid',
  'opioids',
  'painkiller',
  'painkillers',
  'analgesic',
  'analgesics',
  'antibiotic',
  'antibiotics',
  'blood thinner',
  'blood thinners',
  'anticoagulant',
  'anticoagulants',
  'antiplatelet',
  'nsaid',
  'nsaids',
  'dose',
  'doses',
  'dosing',
  'dosage',
  'medicine',
  'medicines',
  'medication',
  'medications',
  'drug',
  'drugs',
  'prescription',
  'prescriptions',
  'pills',
  'tablets',
  'take',
  'takes',
  'taking',
  'prescribe',
  'prescribing',
  'pharmacogenomic',
  'pharmacogenomics',
  'pharmacogenetic',
  'pharmaco',
];
const MEDICINE_NOUNS = ['medicine', 'medicines', 'medication', 'medications', 'drug', 'drugs', 'prescription', 'prescriptions'];
const NUTRITION_WORDS = ['nutrition', 'nutritional', 'nutrient', 'nutrients', 'nutrigenomic', 'nutrigenomics', 'deficiency', 'deficiencies'];
const SUMMARY_WORDS = ['summary', 'summarise', 'summarize', 'overview', 'stand out', 'stands out', 'key findings', 'main findings', 'results'];
const QUESTION_WORDS = ['questions to ask', 'what should i ask', 'what to ask', 'ask the patient', 'ask her', 'ask him', 'ask them'];

const has = (q: string, phrase: string) => new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(q);

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

function freeAnswer(rs: SourceRecord[], question: string): EngineAnswer {
  const q = question.toLowerCase();
  if (OFF_LIMITS.some((re) => re.test(q))) return refusal();
  const report = reportOf(rs);
  const meds = medicineAnswers(rs);
  const statements: AiStatement[] = [];

  // A named gene: its result and the drugs it changes, and whether the patient takes any of them.
  const namedGenes = genes(rs).filter((g) => has(q, g.pgx.gene));
  for (const g of namedGenes) {
    const line = geneLine(g, { max: 50 });
    statements.push(line ?? { text: `${g.pgx.gene} ${g.pgx.phenotype}: no actionable CPIC recommendation in this report.`, citations: [g.ref] });
    for (const c of g.pgx.converters)
      statements.push({
        text: `${end(PGX_MESSAGES.phenoconversion(c))} Flagged in the report: ${names(g.pgx.flaggedDrugs, 8)}.`,
        citations: [...naming(meds, c.medicine), g.ref],
      });
    if (report && report.pgx.answered) {
      // The enzyme's own inhibitors and inducers count too: a medicine is not flagged by itself (paroxetine).
      const affected = new Set([
        ...g.pgx.drugs.map((d) => d.drug.toLowerCase()),
        ...g.pgx.flaggedDrugs.map((d) => d.toLowerCase()),
        ...report.pgx.converters.filter((c) => c.enzyme === g.pgx.gene).map((c) => c.medicine),
      ]);
      const taken = report.pgx.taking.filter((d) => affected.has(d));
      statements.push(
        taken.length
          ? {
              text: `Of the medicines the patient takes, ${names(taken)} ${taken.length === 1 ? 'is' : 'are'} among the report's ${g.pgx.gene} drugs with a recommendation or flag.`,
              citations: [...new Set(taken.flatMap((d) => naming(meds, d))), g.ref],
            }
          : {
              text: `None of the medicines the patient takes (${names(report.pgx.taking) || "none of the report's drugs"}) is among the drugs with a ${g.pgx.gene} recommendation or flag here.`,
              citations: [...meds.map((m) => m.ref), g.ref],
            },
      );
    }
  }

  // A named drug of the report (or one the patient takes).
  const drugsNamed = [...new Set(pairs(rs).map((p) => p.pgx.drug.toLowerCase()))].filter((d) => has(q, d));
  for (const drug of drugsNamed) {
    if (report?.pgx.taking.includes(drug)) statements.push(medicineStatement(rs, drug, meds));
    else {
      const mine = pairs(rs).filter((p) => p.pgx.drug.toLowerCase() === drug);
      const clauses = mine.map(
        (p) =>
          actionableClause(p.pgx) ??
          (recommended(p.pgx.rows)[0]
            ? `${p.pgx.gene} ${p.pgx.phenotype}: no actionable recommendation (${recommended(p.pgx.rows)[0]!.classification ?? 'not classified'}: ${firstSentence(recommended(p.pgx.rows)[0]!.recommendation!).replace(/\.$/, '')})`
            : `${p.pgx.gene} ${p.pgx.phenotype}: no CPIC recommendation for this result`),
      );
      const flags = mine.flatMap((p) => p.pgx.rows[0]!.phenoconversion.map((c) => flagClause(p.pgx, c, flaggedCount(rs, p.pgx.gene))));
      statements.push({
        text: end(`${cap(drug)} (not among the medicines the patient lists): ${[...clauses, ...flags].map((c) => c.replace(/\.$/, '')).join('; ')}`),
        citations: mine.map((p) => p.ref),
      });
    }
  }

  // A named nutrient.
  for (const r of components(rs).filter((r) => namesComponent(q, r))) statements.push(r.facts.notProcessed ? notProcessedEvidence([r])[0]! : scoreEvidence(r));

  // Questionnaire topics.
  const topicQuestions = new Set(TOPICS.filter((t) => t.words.some((w) => has(q, w))).flatMap((t) => t.questions));
  for (const r of rs.filter((r) => r.kind === 'questionnaire' && topicQuestions.has(String(r.facts.questionId)))) statements.push(answerStatement(r));

  const specific = statements.length > 0;
  // General asks, when nothing more specific was named.
  if (!specific && QUESTION_WORDS.some((w) => q.includes(w))) return questionsAnswer(rs);
  if (!specific && MEDICINE_WORDS.some((w) => has(q, w))) return medicinesAnswer(rs);
  if (!specific && NUTRITION_WORDS.some((w) => has(q, w))) return nutritionAnswer(rs);
  if (!specific && SUMMARY_WORDS.some((w) => has(q, w))) return summaryAnswer(rs);
  if (!specific) return refusal();
  // 'Does she smoke, and which medicines does she take?': the medicines too, when named as such.
  if (MEDICINE_NOUNS.some((w) => has(q, w)) && namedGenes.length === 0 && drugsNamed.length === 0) statements.unshift(...medicinesAnswer(rs).statements);
  const [s] = oncePerSentence(statements);
  return { statements: s!, evidence: [], declined: false };
}

/**
 * The built-in engine: no network, no model. It writes statements by rules from the records, each
 * citing the records it stands on; a summary first (at most AI_SUMMARY_WORDS words for the summary
 * of results), the records' own words as evidence; anything but this patient's records is refused.
 */
export function builtinAnswer(records: SourceRecord[], ask: { preset?: AiPreset; question?: string }): EngineAnswer {
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
      return freeAnswer(records, ask.question ?? '');
  }
}
