import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { practitionerRef, sessions } from './schema-core';
import { createdAt, instant, updatedAt } from './columns';

/**
 * Journal notes (SPEC §3): one entry per session, 'Saved' (a draft) until 'Submitted' to the
 * patient, which completes the session; after that only addenda (entries with parent_id) are added.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    practitionerId: practitionerRef(),
    parentId: uuid('parent_id'),
    description: text('description').notNull(),
    status: text('status').notNull().default('Saved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: instant('submitted_at'),
  },
  (t) => [
    // One main entry per session; addenda hang off it.
    uniqueIndex('journal_entries_session_main_idx')
      .on(t.sessionId)
      .where(sql`${t.parentId} is null`),
    index('journal_entries_practitioner_idx').on(t.practitionerId, t.updatedAt.desc(), t.id),
    index('journal_entries_parent_idx').on(t.parentId),
    check('journal_entries_status_check', sql`${t.status} in ('Saved', 'Submitted')`),
  ],
);
