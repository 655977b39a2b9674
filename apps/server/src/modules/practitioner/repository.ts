import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  languages,
  onboardingDrafts,
  paymentDetails,
  practitionerAddresses,
  practitionerAvailability,
  practitionerCategories,
  practitionerLanguages,
  practitionerReviews,
  practitioners,
  practitionerSpecializations,
  profileImages,
  specializations,
  users,
} from '../../db/schema';
import { flagOnlyOfPractice, insertFlaggedFirst, listOfPractice, lockPractice, updateOfPractice } from '../../db/sql';

type Executor = Db | Tx;

export const findPractitionerByUser = (db: Db, userId: string) => db.query.practitioners.findFirst({ where: eq(practitioners.userId, userId) });

export const findPractice = async (db: Executor, userId: string) => {
  const [row] = await db.select().from(practitioners).where(eq(practitioners.userId, userId)).limit(1);
  return row;
};

// ---- Lookups ---------------------------------------------------------------------------------

export const listCategories = (db: Db) => db.select().from(practitionerCategories).orderBy(asc(practitionerCategories.id));
export const findCategory = (db: Db, id: number) => db.query.practitionerCategories.findFirst({ where: eq(practitionerCategories.id, id) });
export const listLanguages = (db: Db) => db.select().from(languages).orderBy(asc(languages.name));
export const listSpecializations = (db: Db) => db.select().from(specializations).orderBy(asc(specializations.name));

export async function practitionerLookups(db: Db, practitionerId: string) {
  const [langs, specs] = await Promise.all([
    db
      .select({ id: languages.id, name: languages.name })
      .from(practitionerLanguages)
      .innerJoin(languages, eq(languages.id, practitionerLanguages.languageId))
      .where(eq(practitionerLanguages.practitionerId, practitionerId))
      .orderBy(asc(languages.name)),
    db
      .select({ id: specializations.id, name: specializations.name })
      .from(practitionerSpecializations)
      .innerJoin(specializations, eq(specializations.id, practitionerSpecializations.specializationId))
      .where(eq(practitionerSpecializations.practitionerId, practitionerId))
      .orderBy(asc(specializations.name)),
  ]);
  return { languages: langs, specializations: specs };
}

/** Which of the given ids exist in a lookup table. */
export async function existingIds(db: Executor, table: 'categories' | 'languages' | 'specializations', ids: number[]) {
  if (!ids.length) return new Set<number>();
  const t = table === 'categories' ? practitionerCategories : table === 'languages' ? languages : specializations;
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function hpcsaTakenByOther(db: Executor, hpcsaNumber: string, exceptPractitionerId?: string) {
  const where = exceptPractitionerId
    ? and(eq(practitioners.hpcsaNumber, hpcsaNumber), ne(practitioners.id, exceptPractitionerId))
    : eq(practitioners.hpcsaNumber, hpcsaNumber);
  const [row] = await db.select({ id: practitioners.id }).from(practitioners).where(where).limit(1);
  return Boolean(row);
}

// ---- Onboarding ------------------------------------------------------------------------------

export interface NewPractice {
  userId: string;
  categoryId: number;
  hpcsaNumber: string;
  practiceNumber: string;
  description: string;
  languages: number[];
  specializations: number[];
  address: Omit<typeof practitionerAddresses.$inferInsert, 'practitionerId' | 'primary'>;
  availability: Array<{ dayOfWeek: number; startTime: string; endTime: string }>;
  browserTimeZone: string | null;
}

/**
 * Creates the practice in status 1 with everything onboarding collected, in one transaction, and
 * drops the draft. Null when the user already has a practice (the unique index decides a race).
 */
export async function createPractice(db: Db, p: NewPractice) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(practitioners)
      .values({
        userId: p.userId,
        status: 1,
        categoryId: p.categoryId,
        hpcsaNumber: p.hpcsaNumber,
        practiceNumber: p.practiceNumber,
        description: p.description,
        browserTimeZone: p.browserTimeZone,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(practitionerLanguages).values(p.languages.map((languageId) => ({ practitionerId: row.id, languageId })));
    await tx.insert(practitionerSpecializations).values(p.specializations.map((specializationId) => ({ practitionerId: row.id, specializationId })));
    await tx.insert(practitionerAddresses).values({ ...p.address, practitionerId: row.id, primary: true });
    await tx.insert(practitionerAvailability).values(p.availability.map((s) => ({ ...s, practitionerId: row.id })));
    await tx.delete(onboardingDrafts).where(eq(onboardingDrafts.userId, p.userId));
    return row;
  });
}

export async function updatePractice(
  db: Executor,
  practitionerId: string,
  patch: Partial<Pick<typeof practitioners.$inferInsert, 'categoryId' | 'hpcsaNumber' | 'practiceNumber' | 'description'>>,
) {
  const [row] = await db
    .update(practitioners)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(practitioners.id, practitionerId))
    .returning();
  return row;
}

export async function getDraft(db: Executor, userId: string) {
  const [row] = await db.select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, userId)).limit(1);
  return row;
}

export async function saveDraft(db: Executor, userId: string, data: unknown) {
  const now = new Date();
  const [row] = await db
    .insert(onboardingDrafts)
    .values({ userId, data, updatedAt: now })
    .onConflictDoUpdate({ target: onboardingDrafts.userId, set: { data, updatedAt: now } })
    .returning();
  return row!;
}

// ---- Review (status transitions) -------------------------------------------------------------

/**
 * A status transition as one conditional update, with its audit row in the same transaction.
 * Of two concurrent reviews exactly one matches the row.
 */
export async function transitionStatus(db: Db, practitionerId: string, from: number, to: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(practitioners)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(practitioners.id, practitionerId), eq(practitioners.status, from)))
      .returning({ id: practitioners.id });
    if (rows.length !== 1) return false;
    await tx.insert(practitionerReviews).values({ practitionerId, fromStatus: from, toStatus: to });
    return true;
  });
}

export interface ReviewFilter {
  status?: number;
  email?: string;
  id?: string;
  limit: number;
  offset: number;
}

export async function listForReview(db: Db, filter: ReviewFilter) {
  const conditions = [];
  if (filter.id) conditions.push(eq(practitioners.id, filter.id));
  if (filter.status) conditions.push(eq(practitioners.status, filter.status));
  if (filter.email) conditions.push(sql`lower(${users.email}) = lower(${filter.email})`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: practitioners.id,
        status: practitioners.status,
        hpcsaNumber: practitioners.hpcsaNumber,
        practiceNumber: practitioners.practiceNumber,
        createdAt: practitioners.createdAt,
        updatedAt: practitioners.updatedAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        category: practitionerCategories.name,
      })
      .from(practitioners)
      .innerJoin(users, eq(users.id, practitioners.userId))
      .leftJoin(practitionerCategories, eq(practitionerCategories.id, practitioners.categoryId))
      .where(where)
      .orderBy(desc(practitioners.createdAt), desc(practitioners.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(practitioners).innerJoin(users, eq(users.id, practitioners.userId)).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findForReview(db: Db, practitionerId: string) {
  const [row] = await db
    .select({ id: practitioners.id, status: practitioners.status, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(eq(practitioners.id, practitionerId))
    .limit(1);
  return row;
}

// ---- Languages and specializations -----------------------------------------------------------

export async function addLanguage(db: Executor, practitionerId: string, languageId: number) {
  await db.insert(practitionerLanguages).values({ practitionerId, languageId }).onConflictDoNothing();
}
export async function removeLanguage(db: Executor, practitionerId: string, languageId: number) {
  const rows = await db
    .delete(practitionerLanguages)
    .where(and(eq(practitionerLanguages.practitionerId, practitionerId), eq(practitionerLanguages.languageId, languageId)))
    .returning({ id: practitionerLanguages.languageId });
  return rows.length === 1;
}
export async function addSpecialization(db: Executor, practitionerId: string, specializationId: number) {
  await db.insert(practitionerSpecializations).values({ practitionerId, specializationId }).onConflictDoNothing();
}
export async function removeSpecialization(db: Executor, practitionerId: string, specializationId: number) {
  const rows = await db
    .delete(practitionerSpecializations)
    .where(and(eq(practitionerSpecializations.practitionerId, practitionerId), eq(practitionerSpecializations.specializationId, specializationId)))
    .returning({ id: practitionerSpecializations.specializationId });
  return rows.length === 1;
}

// ---- Addresses -------------------------------------------------------------------------------

export const listAddresses = (db: Executor, practitionerId: string) =>
  listOfPractice(db, practitionerAddresses, practitionerId, desc(practitionerAddresses.primary), asc(practitionerAddresses.createdAt));

/** The first address of a practice becomes its primary one; 'full' at `max`. */
export const insertAddress = (
  db: Db,
  practitionerId: string,
  values: Omit<typeof practitionerAddresses.$inferInsert, 'practitionerId' | 'primary'>,
  max: number,
) => insertFlaggedFirst(db, practitionerAddresses, 'primary', practitionerId, values, max);

export const updateAddress = (
  db: Executor,
  practitionerId: string,
  id: string,
  values: Omit<typeof practitionerAddresses.$inferInsert, 'practitionerId' | 'primary'>,
) => updateOfPractice(db, practitionerAddresses, practitionerId, id, values);

/** Makes one address primary and every other one not, in one transaction. */
export const setPrimaryAddress = (db: Db, practitionerId: string, id: string) =>
  db.transaction((tx) => flagOnlyOfPractice(tx, practitionerAddresses, 'primary', practitionerId, id));

// ---- Availability ----------------------------------------------------------------------------

export const listAvailability = (db: Executor, practitionerId: string) =>
  listOfPractice(db, practitionerAvailability, practitionerId, asc(practitionerAvailability.dayOfWeek), asc(practitionerAvailability.startTime));

export async function insertSlot(tx: Executor, practitionerId: string, slot: { dayOfWeek: number; startTime: string; endTime: string }) {
  const [row] = await tx
    .insert(practitionerAvailability)
    .values({ ...slot, practitionerId })
    .returning();
  return row!;
}

export const updateSlot = (tx: Executor, practitionerId: string, id: string, slot: { dayOfWeek: number; startTime: string; endTime: string }) =>
  updateOfPractice(tx, practitionerAvailability, practitionerId, id, slot);

export async function deleteSlot(db: Executor, practitionerId: string, id: string) {
  const rows = await db
    .delete(practitionerAvailability)
    .where(and(eq(practitionerAvailability.id, id), eq(practitionerAvailability.practitionerId, practitionerId)))
    .returning({ id: practitionerAvailability.id });
  return rows.length === 1;
}

// ---- Payment details -------------------------------------------------------------------------

export const listPaymentDetails = (db: Executor, practitionerId: string) =>
  listOfPractice(db, paymentDetails, practitionerId, desc(paymentDetails.isDefault), asc(paymentDetails.createdAt));

/** The first payment details of a practice become its default; 'full' at `max`. */
export const insertPaymentDetails = (db: Db, practitionerId: string, values: { type: number; identifier: string; currency: string }, max: number) =>
  insertFlaggedFirst(db, paymentDetails, 'isDefault', practitionerId, values, max);

/** Makes one of the practice's payment details its default and the others not, in one transaction. */
export const setDefaultPaymentDetails = (db: Db, practitionerId: string, id: string) =>
  db.transaction((tx) => flagOnlyOfPractice(tx, paymentDetails, 'isDefault', practitionerId, id));

/** Removes payment details; when they were the default, the oldest left becomes it. False: not the practice's. */
export async function deletePaymentDetails(db: Db, practitionerId: string, id: string) {
  return db.transaction(async (tx) => {
    await lockPractice(tx, practitionerId);
    const [gone] = await tx
      .delete(paymentDetails)
      .where(and(eq(paymentDetails.id, id), eq(paymentDetails.practitionerId, practitionerId)))
      .returning({ isDefault: paymentDetails.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: paymentDetails.id })
        .from(paymentDetails)
        .where(eq(paymentDetails.practitionerId, practitionerId))
        .orderBy(asc(paymentDetails.createdAt), asc(paymentDetails.id))
        .limit(1);
      if (next) await tx.update(paymentDetails).set({ isDefault: true, updatedAt: new Date() }).where(eq(paymentDetails.id, next.id));
    }
    return true;
  });
}

export const updatePaymentDetails = (db: Executor, practitionerId: string, id: string, values: { type: number; identifier: string; currency: string }) =>
  updateOfPractice(db, paymentDetails, practitionerId, id, values);

// ---- Profile images --------------------------------------------------------------------------

/**
 * Stores a new picture, points the user at it and drops the previous ones, in one transaction.
 * users.profile_image holds the picture's address, as GET /account/me/ answers it.
 */
export async function replaceProfileImage(
  db: Db,
  userId: string,
  image: { contentType: string; byteSize: number; data: string },
  urlOf: (id: string) => string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profileImages)
      .values({ ...image, userId })
      .returning({ id: profileImages.id });
    const url = urlOf(row!.id);
    await tx.update(users).set({ profileImage: url, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(profileImages).where(and(eq(profileImages.userId, userId), ne(profileImages.id, row!.id)));
    return url;
  });
}

export async function findProfileImage(db: Db, id: string) {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.id, id)).limit(1);
  return row;
}
