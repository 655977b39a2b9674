import type { AiPreset, AiStatement } from '@portal/contract';
import type { SourceRecord } from './records';

export interface EngineAnswer {
  statements: AiStatement[];
  declined: boolean;
}

const components = (rs: SourceRecord[]) => rs.filter((r) => r.kind === 'component');
const outsideAverage = (rs: SourceRecord[]) => components(rs).filter((r) => r.facts.level === 'Decreased' || r.facts.level === 'Increased');
const notProcessed = (rs: SourceRecord[]) => components(rs).filter((r) => r.facts.notProcessed);
const answers = (rs: SourceRecord[], category: string) => rs.filter((r) => r.kind === 'questionnaire' && r.facts.category === category);
const pgx = (rs: SourceRecord[]) => rs.filter((r) => r.kind === 'pgx');

const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : Math.min(n % 10, 4) % 4] ?? 'th'}`;

function scoreStatement(r: SourceRecord): AiStatement {
  const pct = typeof r.facts.percentile === 'number' ? ` (${ordinal(Math.round(r.facts.percentile))} percentile of the reference population)` : '';
  return { text: `${r.facts.title}: the genetic score is ${String(r.facts.level).toLowerCase()}${pct}.`, citations: [r.ref] };
}

function notProcessedStatement(rs: SourceRecord[]): AiStatement[] {
  if (rs.length === 0) return [];
  // Named, never interpreted: there is no score to read.
  return [{ text: `Not calculated because too few SNPs could be scored, so no conclusion can be drawn: ${rs.map((r) => r.facts.title).join(', ')}.`, citations: rs.map((r) => r.ref) }];
}

function answerStatement(r: SourceRecord): AiStatement {
  return { text: `${r.facts.question} The patient answered: ${r.facts.answer}.`, citations: [r.ref] };
}

function pgxStatement(r: SourceRecord): AiStatement {
  const rec = r.facts.recommendation ? ` CPIC recommendation (${r.facts.classification ?? 'not classified'}): ${r.facts.recommendation}` : ' The knowledge base has no recommendation for this phenotype.';
  return { text: `${r.facts.gene} ${r.facts.phenotype} affects ${r.facts.drug}.${rec}`, citations: [r.ref] };
}

/** Medicines the patient reports whose names meet a drug with an actionable gene result. */
function medicineMatches(rs: SourceRecord[]): AiStatement[] {
  const meds = answers(rs, 'Current medicines and supplements');
  const out: AiStatement[] = [];
  for (const g of pgx(rs)) {
    const drug = String(g.facts.drug ?? '').toLowerCase();
    if (!drug) continue;
    for (const m of meds) {
      if (new RegExp(`\\b${drug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(String(m.facts.answer))) {
        out.push({ text: `The patient reports taking ${g.facts.drug}, and the pharmacogenomic report shows ${g.facts.gene} ${g.facts.phenotype} for it: review this medicine.`, citations: [m.ref, g.ref] });
      }
    }
  }
  return out;
}

const STOP = new Set(['the', 'and', 'for', 'what', 'which', 'does', 'this', 'that', 'with', 'about', 'patient', 'patients', 'have', 'has', 'any', 'are', 'his', 'her', 'their', 'should', 'could', 'would', 'how', 'why', 'when', 'who', 'can', 'from', 'into', 'take', 'takes', 'taking', 'level', 'levels', 'score', 'scores']);
const SYNONYMS: Record<string, string[]> = {
  medicine: ['medicines', 'medication', 'medications', 'drug', 'drugs', 'prescription', 'pills'],
  supplements: ['supplement', 'vitamins', 'minerals'],
  diet: ['eat', 'eats', 'eating', 'food', 'foods', 'dairy', 'meat', 'vegetables', 'salt'],
  sleep: ['sleeps', 'sleeping', 'tired', 'fatigue'],
  alcohol: ['drink', 'drinks', 'drinking'],
  smoking: ['smoke', 'smokes', 'smoker', 'cigarettes'],
  activity: ['exercise', 'exercises', 'sport', 'active'],
  family: ['relatives', 'hereditary', 'inherited'],
  conditions: ['condition', 'diagnosed', 'diagnosis', 'disease', 'diseases'],
};

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Records a free question is about: by component title, gene or drug, or questionnaire wording. */
function matchRecords(question: string, rs: SourceRecord[]): SourceRecord[] {
  const q = question.toLowerCase();
  const qWords = new Set(words(q).filter((w) => w.length > 2 && !STOP.has(w)));
  for (const [key, alts] of Object.entries(SYNONYMS)) if (alts.some((a) => qWords.has(a)) || qWords.has(key)) qWords.add(key);
  return rs.filter((r) => {
    if (r.kind === 'component') return q.includes(String(r.facts.title).toLowerCase());
    if (r.kind === 'pgx') return [r.facts.gene, r.facts.drug].some((v) => v && q.includes(String(v).toLowerCase()));
    if (r.kind === 'questionnaire') {
      const hay = new Set(words(`${r.facts.category} ${r.facts.question} ${r.facts.questionId}`));
      return [...qWords].some((w) => hay.has(w));
    }
    return false;
  });
}

function statementsFor(r: SourceRecord): AiStatement[] {
  if (r.kind === 'component') return r.facts.notProcessed ? notProcessedStatement([r]) : [scoreStatement(r)];
  if (r.kind === 'questionnaire') return [answerStatement(r)];
  if (r.kind === 'pgx') return [pgxStatement(r)];
  return [];
}

/**
 * The built-in engine: no network, no model. It writes statements by rules from the records, each
 * citing the records it stands on, and declines what the records cannot answer.
 */
export function builtinAnswer(records: SourceRecord[], ask: { preset?: AiPreset; question?: string }): EngineAnswer {
  const done = (statements: AiStatement[]): EngineAnswer => (statements.length ? { statements, declined: false } : declined());
  const declined = (): EngineAnswer => ({ statements: [{ text: "The patient's records cannot answer this.", citations: [] }], declined: true });

  switch (ask.preset) {
    case 'summary': {
      const avg = components(records).filter((r) => r.facts.level === 'Average');
      return done([
        ...outsideAverage(records).map(scoreStatement),
        ...(avg.length ? [{ text: `In the average band: ${avg.map((r) => r.facts.title).join(', ')}.`, citations: avg.map((r) => r.ref) }] : []),
        ...notProcessedStatement(notProcessed(records)),
        ...pgx(records).map(pgxStatement),
        ...medicineMatches(records),
      ]);
    }
    case 'nutrition':
      return done([
        ...outsideAverage(records).map((r) => ({
          text: `${r.facts.title} (${String(r.facts.level).toLowerCase()} genetic score): a focus area.${r.facts.recommendation ? ` ${r.facts.recommendation}` : ''}`,
          citations: [r.ref],
        })),
        ...answers(records, 'Diet').map(answerStatement),
        ...answers(records, 'Current medicines and supplements').filter((r) => r.facts.questionId === 'supplements').map(answerStatement),
      ]);
    case 'medicines':
      return done([
        ...medicineMatches(records),
        ...pgx(records).map(pgxStatement),
        ...answers(records, 'Current medicines and supplements').map(answerStatement),
      ]);
    case 'questions':
      return done([
        ...outsideAverage(records).map((r) => ({
          text: `Ask about the patient's intake of ${r.facts.title} and any symptoms they link to it, given the ${String(r.facts.level).toLowerCase()} genetic score.`,
          citations: [r.ref],
        })),
        ...answers(records, 'Current medicines and supplements').filter((r) => r.facts.questionId !== 'supplements').map((r) => ({
          text: `Ask whether the patient still takes what they listed (${r.facts.answer}) and at what dose.`,
          citations: [r.ref],
        })),
        ...medicineMatches(records).map((s) => ({ text: `Ask how the patient gets on with the medicine flagged here: ${s.text}`, citations: s.citations })),
      ]);
    default: {
      const matched = matchRecords(ask.question ?? '', records);
      return done(matched.flatMap(statementsFor));
    }
  }
}
