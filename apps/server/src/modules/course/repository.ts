import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseCertificates, courseLessonProgress, courseTestAttempts, practitioners, users } from '../../db/schema';

export async function completedLessonIds(db: Db, practitionerId: string) {
  const rows = await db.select({ id: courseLessonProgress.lessonId }).from(courseLessonProgress).where(eq(courseLessonProgress.practitionerId, practitionerId));
  return new Set(rows.map((r) => r.id));
}

export async function markLessonComplete(db: Db, practitionerId: string, lessonId: string) {
  await db.insert(courseLessonProgress).values({ practitionerId, lessonId }).onConflictDoNothing();
}

export async function attemptStats(db: Db, practitionerId: string) {
  const [row] = await db
    .select({ attempts: count(), best: max(courseTestAttempts.percent) })
    .from(courseTestAttempts)
    .where(eq(courseTestAttempts.practitionerId, practitionerId));
  return { attempts: Number(row?.attempts ?? 0), best: row?.best ?? null };
}

export async function findCertificate(db: Db, practitionerId: string) {
  const [row] = await db.select().from(courseCertificates).where(eq(courseCertificates.practitionerId, practitionerId)).limit(1);
  return row;
}

/**
 * Records an attempt and, for the first pass, the certificate, in one transaction. The unique index
 * on the certificate's practice keeps it to one even when two passing attempts race.
 */
export async function insertAttempt(db: Db, values: typeof courseTestAttempts.$inferInsert) {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.insert(courseTestAttempts).values(values).returning();
    if (attempt!.passed) {
      await tx
        .insert(courseCertificates)
        .values({ practitionerId: values.practitionerId, attemptId: attempt!.id, courseVersion: values.courseVersion, percent: values.percent })
        .onConflictDoNothing();
    }
    const [certificate] = await tx.select().from(courseCertificates).where(eq(courseCertificates.practitionerId, values.practitionerId)).limit(1);
    return { attempt: attempt!, certificate };
  });
}

export async function certificateWithHolder(db: Db, certificateId: string) {
  const [row] = await db
    .select({ certificate: courseCertificates, firstName: users.firstName, lastName: users.lastName })
    .from(courseCertificates)
    .innerJoin(practitioners, eq(practitioners.id, courseCertificates.practitionerId))
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(eq(courseCertificates.id, certificateId))
    .limit(1);
  return row;
}

export async function passedAmong(db: Db, practitionerIds: string[]) {
  if (!practitionerIds.length) return new Set<string>();
  const rows = await db
    .select({ id: courseCertificates.practitionerId })
    .from(courseCertificates)
    .where(inArray(courseCertificates.practitionerId, practitionerIds))
    .orderBy(asc(courseCertificates.practitionerId));
  return new Set(rows.map((r) => r.id));
}

/** Demo data: a practice that completed the course and passed (idempotent). */
export async function seedPassed(db: Db, practitionerId: string, lessonIds: string[], attempt: Omit<typeof courseTestAttempts.$inferInsert, 'practitionerId'>) {
  await db
    .insert(courseLessonProgress)
    .values(lessonIds.map((lessonId) => ({ practitionerId, lessonId })))
    .onConflictDoNothing();
  if (await findCertificate(db, practitionerId)) return;
  await insertAttempt(db, { ...attempt, practitionerId });
}

export async function seedProgress(db: Db, practitionerId: string, lessonIds: string[]) {
  if (!lessonIds.length) return;
  await db
    .insert(courseLessonProgress)
    .values(lessonIds.map((lessonId) => ({ practitionerId, lessonId })))
    .onConflictDoNothing();
}
