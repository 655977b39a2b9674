import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';

/**
 * The core tables: users and sign-on, practitioners, invites, mail, sessions and their data requests,
 * questionnaires. Every other schema-*.ts file imports from here (or from a file after it) and this
 * file imports none of them: the one-way order of decision 014. Import tables from './schema', the
 * barrel that re-exports every file for drizzle and the app.
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    profileImage: text('profile_image'),
    passwordHash: text('password_hash').notNull(),
    /** 'practitioner' or 'patient': the scope the sign-on puts in the access token. */
    role: text('role').notNull().default('practitioner'),
    isActive: boolean('is_active').notNull().default(true),
    /** Demo data: a synthetic person, labelled so wherever shown. */
    synthetic: boolean('synthetic').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), check('users_role_check', sql`${t.role} in ('practitioner', 'patient')`)],
);

/** A signed-in session of one device: the family its rotating refresh tokens belong to. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** The stand-in sign-on's signing key, shared by every server process on one database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
});

/** Versioned terms: 'account' (Terms & Conditions) and 'portal' (Portal Terms & Conditions). */
export const tosDocuments = pgTable(
  'tos_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    publishedAt: createdAt(),
  },
  (t) => [uniqueIndex('tos_documents_kind_version_idx').on(t.kind, t.version), check('tos_documents_kind_check', sql`${t.kind} in ('account', 'portal')`)],
);

export const tosAcceptances = pgTable(
  'tos_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tosDocumentId: integer('tos_document_id')
      .notNull()
      .references(() => tosDocuments.id),
    acceptedAt: createdAt(),
  },
  (t) => [uniqueIndex('tos_acceptances_pk').on(t.userId, t.tosDocumentId)],
);

export const practitionerCategories = pgTable('practitioner_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const practitioners = pgTable(
  'practitioners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    categoryId: integer('category_id').references(() => practitionerCategories.id),
    warehouseId: uuid('warehouse_id'),
    hpcsaNumber: text('hpcsa_number'),
    practiceNumber: text('practice_number'),
    description: text('description'),
    /** The browser's IANA time zone when the practice registered: its zone when the address names none (decision 024). */
    browserTimeZone: text('browser_time_zone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('practitioners_user_idx').on(t.userId), check('practitioners_status_check', sql`${t.status} in (1, 2, 3)`)],
);

export const languages = pgTable('languages', { id: integer('id').primaryKey(), name: text('name').notNull() });
export const specializations = pgTable('specializations', { id: integer('id').primaryKey(), name: text('name').notNull() });

/** The practice a row belongs to, gone with it: the column most tables of the practice carry. */
export const practitionerRef = () =>
  uuid('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' });

export const practitionerLanguages = pgTable(
  'practitioner_languages',
  {
    practitionerId: practitionerRef(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
  },
  (t) => [uniqueIndex('practitioner_languages_pk').on(t.practitionerId, t.languageId)],
);
export const practitionerSpecializations = pgTable(
  'practitioner_specializations',
  {
    practitionerId: practitionerRef(),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id),
  },
  (t) => [uniqueIndex('practitioner_specializations_pk').on(t.practitionerId, t.specializationId)],
);

/** Sample collections the provider's kits carry (GET /account/collections/). */
export const collections = pgTable('collections', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    redirectUrl: text('redirect_url'),
    status: text('status').notNull().default('pending'),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (t) => [
    uniqueIndex('invites_token_idx').on(t.tokenHash),
    index('invites_inviter_idx').on(t.inviterId),
    check('invites_kind_check', sql`${t.kind} in ('app', 'workspace')`),
    check('invites_status_check', sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/** Mail that went out (SMTP) or waits in the dev mailbox (no SMTP configured). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    /** The List-Unsubscribe page (RFC 2369) the mail carries; null for mail to someone with no notification settings. */
    listUnsubscribe: text('list_unsubscribe'),
    transport: text('transport').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
    /** Delivery by SMTP (decision 013): tries so far, when the next may start, and until when one process holds it. */
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    claimedUntil: instant('claimed_until'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.transport} = 'smtp'`),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    properties: jsonb('properties').notNull().default({}),
    createdAt: createdAt(),
    forwardedAt: instant('forwarded_at'),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.createdAt)],
);

/** A patient's session with a practitioner (SPEC §3, §4): 1 requested, 2 accepted, 3 declined, 4 completed. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: practitionerRef(),
    status: smallint('status').notNull().default(1),
    bookingTime: instant('booking_time').notNull(),
    requestedByPractitioner: boolean('requested_by_practitioner').notNull().default(false),
    rescheduledByPractitioner: boolean('rescheduled_by_practitioner').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    acceptedAt: instant('accepted_at'),
    declinedAt: instant('declined_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    // Exactly the lists' `order by created_at desc, id desc` (migration 0014): DESC there means NULLS FIRST, and
    // an index built DESC NULLS LAST (drizzle's plain .desc()) does not give the planner that order, NOT NULL or not.
    index('sessions_practitioner_status_idx').on(t.practitionerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sessions_practitioner_created_idx').on(t.practitionerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sessions_patient_idx').on(t.patientId, t.createdAt.desc()),
    check('sessions_status_check', sql`${t.status} in (1, 2, 3, 4)`),
  ],
);

/** One data request per session (the unique index); the patient confirms or declines it. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: instant('answered_at'),
  },
  (t) => [
    uniqueIndex('data_requests_session_idx').on(t.sessionId),
    check('data_requests_status_check', sql`${t.status} in ('pending', 'confirmed', 'declined')`),
  ],
);

/** A questionnaire collection (SPEC §3) with its questions. */
export const questionnaires = pgTable('questionnaires', {
  id: integer('id').primaryKey(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  questions: jsonb('questions').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A patient's answers to one questionnaire. */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    answers: jsonb('answers').notNull(),
    completedAt: instant('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('questionnaire_responses_patient_idx').on(t.patientId, t.questionnaireId)],
);
