import { pgTable, uniqueIndex, text, uuid } from 'drizzle-orm/pg-core';
import { practitioners } from './schema-core';
import { createdAt } from './columns';

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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
