import { createHash } from 'node:crypto';
import { AI_DISCLAIMER, AI_PRESETS, type AiAnswer, type AiPreset, type AiRecord, type AskBody } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { aiAnswers } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { getSessionJournal, saveDraft } from '../journals/service';
import { accessibleSession } from '../sessions/access';
import { builtinAnswer, linesAboutOthers, mustAnswerBuiltIn, othersDeclined, type EngineAnswer } from './builtin';
import { buildMessages, EngineFailure, parseCitedText, promptRecords, streamCompletion } from './openai';
import { collectRecords, dataDateOf, type SourceRecord } from './records';

export type AskEvent = { type: 'statement'; statement: EngineAnswer['statements'][number] } | { type: 'delta'; text: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const questionOf = (ask: AskBody) => ('preset' in ask ? AI_PRESETS[ask.preset] : ask.question);
const toRecord = ({ ref, kind, label, href, date }: SourceRecord): AiRecord => ({ ref, kind, label, href, date });

type AnswerRow = typeof aiAnswers.$inferSelect;
/** The saved answer; answers saved before the summary and evidence were split have neither evidence nor note. */
interface StoredAnswer {
  statements: EngineAnswer['statements'];
  evidence?: EngineAnswer['evidence'];
  note?: string | null;
  droppedCitations?: number;
  records: AiRecord[];
  declined: boolean;
}

export function toAnswer(row: AnswerRow): AiAnswer {
  const a = row.answer as StoredAnswer;
  return {
    id: row.id,
    sessionID: row.sessionId,
    preset: row.preset,
    question: row.question,
    engine: row.engine,
    model: row.model,
    dataDate: row.dataDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    declined: a.declined,
    statements: a.statements,
    evidence: a.evidence ?? [],
    note: a.note ?? null,
    droppedCitations: a.droppedCitations ?? 0,
    records: a.records,
    disclaimer: AI_DISCLAIMER,
  };
}

/**
 * Checks access and gathers the records first (so a refusal is an ordinary 404), then returns a
 * runner that streams the answer's parts through `emit` and saves it.
 */
export async function prepareAsk(ctx: AppContext, userId: string, sessionId: string, ask: AskBody) {
  const { practitionerId, records, identifiers, patient, otherNames } = await collectRecords(ctx, userId, sessionId);
  const question = questionOf(ask);
  const external = ctx.env.AI_BASE_URL
    ? { baseUrl: ctx.env.AI_BASE_URL, apiKey: ctx.env.AI_API_KEY, model: ctx.env.AI_MODEL, timeoutMs: ctx.env.AI_TIMEOUT_MS }
    : null;

  const context = { patient, otherNames };
  return async (emit: (e: AskEvent) => void, signal?: AbortSignal): Promise<AiAnswer> => {
    const builtin = () => {
      const answer = builtinAnswer(records, 'preset' in ask ? { preset: ask.preset as AiPreset } : { question: ask.question }, context);
      for (const statement of answer.statements) emit({ type: 'statement', statement });
      return answer;
    };
    let result: EngineAnswer & { droppedCitations?: number };
    let prompt = JSON.stringify({ ask, records: records.map((r) => r.ref) });
    let output: string;
    let engine = { name: 'built-in', model: null as string | null, note: null as string | null };
    // A question about anyone else (or the system) never reaches a model: the built-in engine declines it.
    if (external && ('preset' in ask || !mustAnswerBuiltIn(records, question, context))) {
      const given = promptRecords(records, question);
      const messages = buildMessages(given, identifiers, question);
      prompt = JSON.stringify(messages);
      output = '';
      try {
        for await (const delta of streamCompletion(external, messages, signal)) {
          output += delta;
          emit({ type: 'delta', text: delta });
        }
        result = parseCitedText(output, given);
        // Held to the same refusals: an answer that names someone else is not shown.
        if (linesAboutOthers(records, result.statements, context).length)
          result = { statements: [{ text: othersDeclined(patient), citations: [] }], evidence: [], declined: true, droppedCitations: result.droppedCitations };
        engine = { name: 'openai-compatible', model: external.model, note: null };
      } catch (err) {
        if (!(err instanceof EngineFailure)) throw err;
        // The practitioner still gets an answer, and is told which engine wrote it and why.
        result = builtin();
        output = JSON.stringify({ failed: err.note, statements: result.statements });
        engine = { name: 'built-in', model: null, note: `${err.note} This answer is from the built-in engine.` };
      }
    } else {
      result = builtin();
      output = JSON.stringify(result.statements);
    }
    // Numbered as a reader meets them: the summary's first citation is source 1.
    const byRef = new Map(records.map((r) => [r.ref, r]));
    const cited = [...new Set([...result.statements, ...result.evidence].flatMap((s) => s.citations))];
    const used = cited
      .map((ref) => byRef.get(ref))
      .filter((r): r is SourceRecord => r !== undefined)
      .map(toRecord);
    const dataDate = dataDateOf(used);
    const stored: StoredAnswer = {
      statements: result.statements,
      evidence: result.evidence,
      note: engine.note,
      droppedCitations: result.droppedCitations ?? 0,
      records: used,
      declined: result.declined,
    };
    const [row] = await ctx.database.db
      .insert(aiAnswers)
      .values({
        sessionId,
        practitionerId,
        preset: 'preset' in ask ? ask.preset : null,
        question,
        engine: engine.name,
        model: engine.model,
        dataDate: dataDate ? new Date(dataDate) : null,
        answer: stored,
      })
      .returning();
    // The trail seals what was asked and answered: a later change to the saved answer shows.
    await ctx.audit.record({
      actorUserId: userId,
      sessionId,
      action: 'ask',
      category: 'ai answer',
      outcome: 'allowed',
      detail: JSON.stringify({
        answerId: row!.id,
        engine: row!.engine,
        model: row!.model,
        fallback: engine.note !== null,
        question,
        promptSha256: sha256(prompt),
        outputSha256: sha256(output),
      }),
    });
    return toAnswer(row!);
  };
}

/** The session's earlier answers (their typed questions too): under the same rules as the answers themselves. */
export async function listAnswers(ctx: AppContext, userId: string, sessionId: string) {
  await accessibleSession(ctx, userId, sessionId);
  const rows = await ctx.database.db.select().from(aiAnswers).where(eq(aiAnswers.sessionId, sessionId)).orderBy(desc(aiAnswers.createdAt)).limit(50);
  return {
    results: rows
      .map(toAnswer)
      .map(({ id, preset, question, engine, model, createdAt, declined }) => ({ id, preset, question, engine, model, createdAt, declined })),
  };
}

/** A saved answer: readable by the session's practitioner under the same rules as the results. */
export async function getAnswer(ctx: AppContext, userId: string, sessionId: string, answerId: string) {
  await accessibleSession(ctx, userId, sessionId);
  const [row] = await ctx.database.db
    .select()
    .from(aiAnswers)
    .where(and(eq(aiAnswers.id, answerId), eq(aiAnswers.sessionId, sessionId)))
    .limit(1);
  if (!row) throw notFound();
  return toAnswer(row);
}

/**
 * Adds the summary lines the practitioner ticked to the end of the session's journal draft: the
 * patient will read the note, so the lines go in as plain sentences, without the source lists, the
 * engine or the disclaimer (those stay with the answer). The draft stays editable before submission.
 */
export async function answerToJournalDraft(ctx: AppContext, userId: string, sessionId: string, answerId: string, picked: number[]) {
  const answer = await getAnswer(ctx, userId, sessionId, answerId);
  if (answer.declined || picked.some((i) => i >= answer.statements.length))
    throw badRequest({ statements: ['Pick lines of this answer’s summary'] }, 'Pick lines of this answer’s summary');
  const lines = [...new Set(picked)].sort((a, b) => a - b).map((i) => answer.statements[i]!.text);
  const current = (await getSessionJournal(ctx, userId, sessionId)).entry?.description ?? '';
  return saveDraft(ctx, userId, sessionId, current ? `${current}\n\n${lines.join('\n')}` : lines.join('\n'));
}
