import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** The caller's live updates (decision 011). */
export const liveApi = {
  events: defineEndpoint({
    method: 'GET',
    path: '/api/portal/events',
    tags: ['live'],
    summary: 'Live updates for the caller: server-sent events naming what changed (a kind and a session id, no patient data)',
    description:
      'text/event-stream. `event: ready` once open; then `data: {"kind","sessionId"}` per change (kinds: session, dataRequest, kit, report, resync); `event: end` with `{"reason"}` when the sign-on session ends. Comment lines every 25 s keep it open.',
    query: z.strictObject({}),
    responses: { 200: z.string().describe('text/event-stream') },
    reply: 'stream',
    media: ['text/event-stream'],
  }),
};
