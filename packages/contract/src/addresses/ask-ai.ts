// Written by packages/contract/scripts/write-addresses.ts from src/api/ask-ai.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { askAiApi as askAiApiEndpoints } from '../api/ask-ai';

export const askAiApi: AddressesOf<typeof askAiApiEndpoints> = {
  ask: { method: 'POST', path: '/api/portal/sessions/:id/ai/ask', reply: 'stream' },
  answers: { method: 'GET', path: '/api/portal/sessions/:id/ai/answers' },
  answer: { method: 'GET', path: '/api/portal/sessions/:id/ai/answers/:answerId' },
  toJournalDraft: { method: 'POST', path: '/api/portal/sessions/:id/ai/answers/:answerId/journal-draft' },
};
