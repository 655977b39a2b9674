import { z } from 'zod';
import { AiAnswer, AiAnswerSummary, AskBody } from '../ask-ai';
import { IdParams, listOf, zId } from '../common';
import { defineEndpoint } from '../endpoint';
import { JournalEntry } from '../journals';

const tags = ['ask-ai'];
const AnswerParams = z.strictObject({ id: zId, answerId: zId });

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
    summary: "Add the answer to the session's journal draft",
    params: AnswerParams,
    responses: { 200: JournalEntry },
  }),
};
