import { createHash } from 'node:crypto';
import { AI_DISCLAIMER, AI_PRESETS, type AiAnswer, type AiPreset, type AiRecord, type AskBody } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { aiAnswers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { getSessionJournal, saveDraft } from '../journals/service';
import { accessibleSession } from '../sessions/service';
import { builtinAnswer, type EngineAnswer } from './builtin';
import { buildMessages, parseCitedText, streamCompletion } from './openai';
import { collectRecords, dataDateOf, type SourceRecord } from './records';

export type AskEvent = { type: 'statement'; statement: EngineAnswer['statements'][number] } | { type: 'delta'; text: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const questionOf = (ask: AskBody) => ('preset' in ask ? AI_PRESETS[ask.preset] : ask.question);
const toRecord = ({ ref, kind, label, href, date }: SourceRecord): AiRecord => ({ ref, kind, label, href, date });

type AnswerRow = typeof aiAnswers.$inferSelect;
interface StoredAnswer { statements: EngineAnswer['statements']; records: AiRecord[]; declined: boolean }

export function toAnswer(row: AnswerRow): AiAnswer {
  const a = row.answer as StoredAnswer;
  return {
    id: row.id, sessionID: row.sessionId, preset: row.preset, question: row.question, engine: row.engine, model: row.model,
    dataDate: row.dataDate?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
    declined: a.declined, statements: a.statements, records: a.records, disclaimer: AI_DISCLAIMER,
  };
}

/**
 * Checks access and gathers the records first (so a refusal is an ordinary 404), then returns a
 * runner that streams the answer's parts through `emit` and saves it.
 */
export async function prepareAsk(ctx: AppContext, userId: string, sessionId: string, ask: AskBody) {
  const { practitionerId, records, identifiers } = await collectRecords(ctx, userId, sessionId);
  const question = questionOf(ask);
  const external = ctx.env.AI_BASE_URL ? { baseUrl: ctx.env.AI_BASE_URL, apiKey: ctx.env.AI_API_KEY, model: ctx.env.AI_MODEL } : null;

  return async (emit: (e: AskEvent) => void, signal?: AbortSignal): Promise<AiAnswer> => {
    let result: EngineAnswer;
    let prompt: string;
    let output: string;
    if (external) {
      const messages = buildMessages(records, identifiers, question);
      prompt = JSON.stringify(messages);
      output = '';
      for await (const delta of streamCompletion(external, messages, signal)) {
        output += delta;
        emit({ type: 'delta', text: delta });
      }
      result = parseCitedText(output, records);
    } else {
      prompt = JSON.stringify({ ask, records: records.map((r) => r.ref) });
      result = builtinAnswer(records, 'preset' in ask ? { preset: ask.preset as AiPreset } : { question: ask.question });
      for (const statement of result.statements) emit({ type: 'statement', statement });
      output = JSON.stringify(result.statements);
    }
    const cited = new Set(result.statements.flatMap((s) => s.citations));
    const used = records.filter((r) => cited.has(r.ref)).map(toRecord);
    const dataDate = dataDateOf(used);
    const [row] = await ctx.database.db
      .insert(aiAnswers)
      .values({
        sessionId, practitionerId, preset: 'preset' in ask ? ask.preset : null, question,
        engine: external ? 'openai-compatible' : 'built-in', model: external ? external.model : null,
        dataDate: dataDate ? new Date(dataDate) : null,
        answer: { statements: result.statements, records: used, declined: result.declined } satisfies StoredAnswer,
      })
      .returning();
    // The trail seals what was asked and answered: a later change to the saved answer shows.
    await ctx.audit.record({
      actorUserId: userId, sessionId, action: 'ask', category: 'ai answer', outcome: 'allowed',
      detail: JSON.stringify({ answerId: row!.id, engine: row!.engine, model: row!.model, question, promptSha256: sha256(prompt), outputSha256: sha256(output) }),
    });
    return toAnswer(row!);
  };
}

/** The session's earlier answers (their typed questions too): under the same rules as the answers themselves. */
export async function listAnswers(ctx: AppContext, userId: string, sessionId: string) {
  await accessibleSession(ctx, userId, sessionId);
  const rows = await ctx.database.db.select().from(aiAnswers).where(eq(aiAnswers.sessionId, sessionId)).orderBy(desc(aiAnswers.createdAt)).limit(50);
  return { results: rows.map(toAnswer).map(({ id, preset, question, engine, model, createdAt, declined }) => ({ id, preset, question, engine, model, createdAt, declined })) };
}

/** A saved answer: readable by the session's practitioner under the same rules as the results. */
export async function getAnswer(ctx: AppContext, userId: string, sessionId: string, answerId: string) {
  await accessibleSession(ctx, userId, sessionId);
  const [row] = await ctx.database.db.select().from(aiAnswers).where(and(eq(aiAnswers.id, answerId), eq(aiAnswers.sessionId, sessionId))).limit(1);
  if (!row) throw notFound();
  return toAnswer(row);
}

/** Adds the answer, with its sources and the disclaimer, to the end of the session's journal draft. */
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
