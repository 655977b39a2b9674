import { pgTable, uniqueIndex, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practitioners } from './schema-core';

/**
 * A practitioner's private calendar feed (decision 012): the SHA-256 of the token in its address,
 * never the token itself. One per practitioner; regenerating replaces it, revoking deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    practitionerId: uuid('practitioner_id')
      .primaryKey()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
