import { createHash } from 'node:crypto';
import { AI_DISCLAIMER, AI_PRESETS, type AiAnswer, type AiPreset, type AiRecord, type AskBody } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { aiAnswers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { getSessionJournal, saveDraft } from '../journals/service';
import { accessibleSession } from '../sessions/access';
import { builtinAnswer, type EngineAnswer } from './builtin';
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
  const { practitionerId, records, identifiers } = await collectRecords(ctx, userId, sessionId);
  const question = questionOf(ask);
  const external = ctx.env.AI_BASE_URL
    ? { baseUrl: ctx.env.AI_BASE_URL, apiKey: ctx.env.AI_API_KEY, model: ctx.env.AI_MODEL, timeoutMs: ctx.env.AI_TIMEOUT_MS }
    : null;

  return async (emit: (e: AskEvent) => void, signal?: AbortSignal): Promise<AiAnswer> => {
    const builtin = () => {
      const answer = builtinAnswer(records, 'preset' in ask ? { preset: ask.preset as AiPreset } : { question: ask.question });
      for (const statement of answer.statements) emit({ type: 'statement', statement });
      return answer;
    };
    let result: EngineAnswer & { droppedCitations?: number };
    let prompt = JSON.stringify({ ask, records: records.map((r) => r.ref) });
    let output: string;
    let engine = { name: 'built-in', model: null as string | null, note: null as string | null };
    if (external) {
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

/** Adds the answer's summary (not its evidence), with its sources and the disclaimer, to the end of the session's journal draft. */
export async function answerToJournalDraft(ctx: AppContext, userId: string, sessionId: string, answerId: string) {
  const answer = await getAnswer(ctx, userId, sessionId, answerId);
  const labels = new Map(answer.records.map((r) => [r.ref, r.label]));
  const lines = [
    `Ask AI (${answer.engine}${answer.model ? `, ${answer.model}` : ''}), ${answer.createdAt.slice(0, 10)}: ${answer.question}`,
    ...answer.statements.map((s) => `- ${s.text}${s.citations.length ? ` (source: ${s.citations.map((c) => labels.get(c) ?? c).join('; ')})` : ''}`),
    `Data as of ${answer.dataDate?.slice(0, 10) ?? 'unknown'}. ${AI_DISCLAIMER}`,
  ];
  const current = (await getSessionJournal(ctx, userId, sessionId)).entry?.description ?? '';
  return saveDraft(ctx, userId, sessionId, current ? `${current}\n\n${lines.join('\n')}` : lines.join('\n'));
}
