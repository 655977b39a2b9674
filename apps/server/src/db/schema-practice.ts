import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { practitionerRef, users } from './schema-core';
import { createdAt, updatedAt } from './columns';

/**
 * The practice beyond its profile row: addresses, weekly availability, payment details, the
 * onboarding draft, profile pictures, the provider's reviews, and the onboarding course.
 */

export const practitionerAddresses = pgTable(
  'practitioner_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    streetAddress: text('street_address').notNull(),
    suburb: text('suburb').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull(),
    primary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('practitioner_addresses_practitioner_idx').on(t.practitionerId, t.createdAt),
    // At most one primary address per practice, whatever the timing of two requests.
    uniqueIndex('practitioner_addresses_primary_idx')
      .on(t.practitionerId)
      .where(sql`${t.primary}`),
  ],
);

/** Weekly slots; times are 'HH:MM' in the practice's local time, ISO weekday 1 (Monday) to 7. */
export const practitionerAvailability = pgTable(
  'practitioner_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('practitioner_availability_practitioner_idx').on(t.practitionerId, t.dayOfWeek, t.startTime),
    check('practitioner_availability_day_check', sql`${t.dayOfWeek} between 1 and 7`),
    check('practitioner_availability_span_check', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** SPEC §3 'Payment details': type 1 credit card, 2 PayPal. */
export const paymentDetails = pgTable(
  'payment_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    type: smallint('type').notNull(),
    identifier: text('identifier').notNull(),
    currency: text('currency').notNull(),
    /** The one the provider uses for the practice's fees; the first added is it, another can be made it. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_details_practitioner_idx').on(t.practitionerId, t.createdAt),
    check('payment_details_type_check', sql`${t.type} in (1, 2)`),
    uniqueIndex('payment_details_one_default_idx')
      .on(t.practitionerId)
      .where(sql`${t.isDefault}`),
  ],
);

/** What a user typed into the onboarding form before completing it, kept server-side. */
export const onboardingDrafts = pgTable('onboarding_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Profile pictures, served at an address carrying their random id. The bytes are kept as base64
 * text, which reads the same through PGlite and node-postgres.
 */
export const profileImages = pgTable(
  'profile_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: text('data_base64').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('profile_images_user_idx').on(t.userId),
    check('profile_images_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

/** The provider's review decisions, one row per transition (an audit trail). */
export const practitionerReviews = pgTable(
  'practitioner_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('practitioner_reviews_practitioner_idx').on(t.practitionerId, t.createdAt)],
);

export const courseLessonProgress = pgTable(
  'course_lesson_progress',
  {
    practitionerId: practitionerRef(),
    lessonId: text('lesson_id').notNull(),
    completedAt: createdAt(),
  },
  (t) => [uniqueIndex('course_lesson_progress_pk').on(t.practitionerId, t.lessonId)],
);

/** Every submission of the test, scored on the server. */
export const courseTestAttempts = pgTable(
  'course_test_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    courseVersion: integer('course_version').notNull(),
    answers: jsonb('answers').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    percent: integer('percent').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_test_attempts_practitioner_idx').on(t.practitionerId, t.createdAt)],
);

/**
 * One certificate per practice, issued by its first passing attempt; its id is the verification
 * id printed on the PDF. Its existence is what "the test is passed" means for listing.
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => courseTestAttempts.id, { onDelete: 'cascade' }),
    courseVersion: integer('course_version').notNull(),
    percent: integer('percent').notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('course_certificates_practitioner_idx').on(t.practitionerId)],
);
