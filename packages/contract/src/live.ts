import { z } from 'zod';
import { zId } from './common';
import { LIVE_EVENT_KINDS } from './live-stream';

export * from './live-stream';

export const LiveEvent = z.object({ kind: z.enum(LIVE_EVENT_KINDS), sessionId: zId.nullable() });
export type LiveEvent = z.infer<typeof LiveEvent>;
