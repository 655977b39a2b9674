import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './schema-commerce';
import { mailOutbox, practitionerRef, practitioners, sessions } from './schema-core';
import { createdAt, instant, updatedAt } from './columns';

/**
 * What a practitioner wants to hear by e-mail (decision 013): each kind 'off', 'instant' or
 * 'digest' (one mail at 07:00 in `time_zone`). No row means every kind instantly, in the practice's
 * own zone (its address's, else the browser's at registration, else UTC: decision 024).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    practitionerId: uuid('practitioner_id')
      .primaryKey()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    sessionRequest: text('session_request').notNull().default('instant'),
    dataRequest: text('data_request').notNull().default('instant'),
    kitResults: text('kit_results').notNull().default('instant'),
    feeDue: text('fee_due').notNull().default('instant'),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'notification_settings_delivery_check',
      sql`${t.sessionRequest} in ('off', 'instant', 'digest') and ${t.dataRequest} in ('off', 'instant', 'digest') and ${t.kitResults} in ('off', 'instant', 'digest') and ${t.feeDue} in ('off', 'instant', 'digest')`,
    ),
  ],
);

/**
 * Something a practitioner may be told by e-mail, written by the database's own triggers (migration
 * 0015) in the same transaction as the change, so no path that changes the data can skip it. The
 * server turns each into a mail, a digest line or nothing, once: 'new' → 'sent' | 'digest' | 'skipped',
 * 'digest' → 'sent'. Ids only; the mail reads the names when it is written.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    kind: text('kind').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('new'),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    handledAt: instant('handled_at'),
  },
  (t) => [
    index('notifications_open_idx')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} in ('new', 'digest')`),
    index('notifications_practitioner_idx').on(t.practitionerId, t.createdAt),
    // A fee is reminded of once, whichever process looks first.
    uniqueIndex('notifications_fee_idx')
      .on(t.transactionId)
      .where(sql`${t.kind} = 'feeDue'`),
    check('notifications_kind_check', sql`${t.kind} in ('sessionRequest', 'dataRequestConfirmed', 'dataRequestDeclined', 'kitResults', 'feeDue')`),
    check('notifications_state_check', sql`${t.state} in ('new', 'digest', 'sent', 'skipped')`),
  ],
);
