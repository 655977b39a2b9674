import { z } from 'zod';
import { zId } from './common';
import { LIMITS } from './enums';
import { VALIDATION_MESSAGES } from './validators';

/** Length bounds of a journal note: a draft may be anything up to the maximum; a submitted note needs the minimum. */
export const JOURNAL_LIMITS = { min: 20, max: 20_000 } as const;

export const JournalStatusValue = z.enum(['Saved', 'Submitted']);

export const JournalEntry = z.object({
  id: zId,
  sessionID: zId,
  parentID: zId.nullable(),
  description: z.string(),
  status: JournalStatusValue,
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

/** SPEC §3 Journal entry with its session (patient and status) for the journals list. */
export const JournalListItem = JournalEntry.extend({
  session: z.object({
    id: zId,
    status: z.number().int(),
    bookingTime: z.string(),
    user: z.object({ id: zId, firstName: z.string(), lastName: z.string(), synthetic: z.boolean() }),
  }),
});
export type JournalListItem = z.infer<typeof JournalListItem>;

/** One journal entry with its session and addenda. */
export const JournalDetail = JournalListItem.extend({ addenda: z.array(JournalEntry) });
export type JournalDetail = z.infer<typeof JournalDetail>;

/**
 * A session's journal: the main entry (null before the first save), the addenda after it, and the
 * session's status (notes are written while it is accepted).
 */
export const SessionJournal = z.object({ entry: JournalEntry.nullable(), addenda: z.array(JournalEntry), sessionStatus: z.number().int() });
export type SessionJournal = z.infer<typeof SessionJournal>;

export const JournalDraftBody = z.strictObject({
  description: z.string().max(JOURNAL_LIMITS.max, { error: VALIDATION_MESSAGES.MAX_EXCEEDED }),
});

export const JournalTextBody = z.strictObject({
  description: z
    .string()
    .trim()
    .min(JOURNAL_LIMITS.min, { error: VALIDATION_MESSAGES.MIN_NOT_REACHED })
    .max(JOURNAL_LIMITS.max, { error: VALIDATION_MESSAGES.MAX_EXCEEDED }),
});

export const JournalListQuery = z.strictObject({
  status: JournalStatusValue.optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type JournalListQuery = z.infer<typeof JournalListQuery>;
