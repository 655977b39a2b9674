import { z } from 'zod';
import { AiAnswer, AiAnswerSummary, AskBody } from '../ask-ai';
import { IdParams, listOf, zId } from '../common';
import { defineEndpoint } from '../endpoint';
import { JournalEntry } from '../journals';

const tags = ['ask-ai'];
const AnswerParams = z.strictObject({ id: zId, answerId: zId });
/** The summary lines to add, by their position in the answer's summary. */
const AnswerToJournalBody = z.strictObject({ statements: z.array(z.number().int().min(0).max(99)).min(1).max(50) });

/** Ask AI about a session's patient; answers stream as server-sent events (decision 010). */
export const askAiApi = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/portal/sessions/:id/ai/ask',
    tags,
    summary: 'Ask about the patient: streams `statement` (built-in) or `delta` (external engine) events, then `done` with the saved answer',
    params: IdParams,
    body: AskBody,
    reply: 'stream',
    media: ['text/event-stream'],
  }),
  answers: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/ai/answers',
    tags,
    summary: 'Earlier answers for this session',
    params: IdParams,
    responses: { 200: listOf(AiAnswerSummary) },
  }),
  answer: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/ai/answers/:answerId',
    tags,
    summary: 'One saved answer with its citations',
    params: AnswerParams,
    responses: { 200: AiAnswer },
  }),
  toJournalDraft: defineEndpoint({
    method: 'POST',
    path: '/api/portal/sessions/:id/ai/answers/:answerId/journal-draft',
    tags,
    summary: "Add the summary lines the practitioner ticked (by their position) to the session's journal draft, in plain words: no source list, no disclaimer",
    params: AnswerParams,
    body: AnswerToJournalBody,
    responses: { 200: JournalEntry },
  }),
};
