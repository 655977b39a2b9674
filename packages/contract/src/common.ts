import { z } from 'zod';
import { ErrorCode } from './errors';
import { LIMITS } from './enums';

export const zId = z.uuid();
export const IdParams = z.strictObject({ id: zId });

/** Query for paged lists: limit/offset with a hard maximum. */
export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int(), limit: z.number().int(), offset: z.number().int() });
}

/** An unpaged list: every item at once. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

export const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    params: z.record(z.string(), z.unknown()).nullable().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).nullable().optional(),
    code: z.string(),
    cause: z.string().nullable().optional(),
  }),
});

export const Ok = z.object({ ok: z.literal(true) });

export { ErrorCode };
