// The contract's check of a live event, in a chunk of its own: live-updates.ts loads it beside the
// stream's request, so zod is no part of a signed-in page's first load (issue 35).
export { LiveEvent } from '@portal/contract';
