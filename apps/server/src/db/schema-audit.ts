import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * The audit trail: one row per read of patient data and per state change, denials included.
 * Rows are hash-chained (each row's hash covers the previous row's hash), and a database trigger
 * refuses UPDATE and DELETE, so the application can only insert.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    actorUserId: uuid('actor_user_id'),
    practitionerId: uuid('practitioner_id'),
    patientId: uuid('patient_id'),
    sessionId: uuid('session_id'),
    action: text('action').notNull(),
    category: text('category').notNull(),
    sourceIp: text('source_ip'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_events_patient_idx').on(t.patientId, t.id),
    index('audit_events_session_idx').on(t.sessionId, t.id),
    index('audit_events_practitioner_idx').on(t.practitionerId, t.id),
  ],
);
