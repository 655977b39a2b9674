import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { practitionerRef, sessions } from './schema-core';
import { createdAt, instant } from './columns';

/** Ask AI answers, kept with their question, engine, model, the date of the data and the citations. */
export const aiAnswers = pgTable(
  'ai_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    practitionerId: practitionerRef(),
    preset: text('preset'),
    question: text('question').notNull(),
    engine: text('engine').notNull(),
    model: text('model'),
    dataDate: instant('data_date'),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_answers_session_idx').on(t.sessionId, t.createdAt.desc())],
);
