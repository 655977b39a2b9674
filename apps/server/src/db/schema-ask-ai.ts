import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practitioners, sessions } from './schema-core';

/** Ask AI answers, kept with their question, engine, model, the date of the data and the citations. */
export const aiAnswers = pgTable(
  'ai_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    preset: text('preset'),
    question: text('question').notNull(),
    engine: text('engine').notNull(),
    model: text('model'),
    dataDate: timestamp('data_date', { withTimezone: true, mode: 'date' }),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ai_answers_session_idx').on(t.sessionId, t.createdAt.desc())],
);
