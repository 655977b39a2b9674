import {
  COURSE_PASS_PERCENT,
  ErrorCode,
  Progress,
  VALIDATION_MESSAGES,
  type CourseOverview,
  type CourseTest,
  type Lesson,
  type TestAttemptResult,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { getMe } from '../account/service';
import { practiceOf } from '../practitioner/service';
import { renderCertificate } from './certificate';
import { ALL_LESSONS, COURSE, TEST_QUESTIONS } from './content';
import * as repo from './repository';

const COURSE_INCOMPLETE = 'Complete every lesson of the course before taking the test';

/** Whether a score passes: compared in whole numbers, so 79.99% never rounds up to a pass. */
export const passes = (correct: number, total: number) => total > 0 && correct * 100 >= COURSE_PASS_PERCENT * total;

async function state(ctx: AppContext, userId: string) {
  const practice = await practiceOf(ctx, userId);
  const { db } = ctx.database;
  const [done, stats, certificate] = await Promise.all([
    repo.completedLessonIds(db, practice.id),
    repo.attemptStats(db, practice.id),
    repo.findCertificate(db, practice.id),
  ]);
  const completed = ALL_LESSONS.every((l) => done.has(l.id));
  return { practice, done, stats, certificate, completed };
}

export async function overview(ctx: AppContext, userId: string): Promise<CourseOverview> {
  const { done, stats, certificate, completed } = await state(ctx, userId);
  const modules = COURSE.modules.map((m) => {
    const finished = m.lessons.filter((l) => done.has(l.id)).length;
    return {
      id: m.id,
      title: m.title,
      summary: m.summary,
      progress: finished === m.lessons.length ? Progress.COMPLETED : finished > 0 ? Progress.IN_PROGRESS : Progress.PENDING,
      lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, minutes: l.minutes, completed: done.has(l.id) })),
    };
  });
  return {
    id: COURSE.id,
    title: COURSE.title,
    description: COURSE.description,
    version: COURSE.version,
    modules,
    completedLessons: ALL_LESSONS.filter((l) => done.has(l.id)).length,
    totalLessons: ALL_LESSONS.length,
    completed,
    test: {
      available: completed,
      passed: Boolean(certificate),
      attempts: stats.attempts,
      bestPercent: stats.best,
      passPercent: COURSE_PASS_PERCENT,
      questionCount: TEST_QUESTIONS.length,
      passedAt: certificate ? certificate.issuedAt.toISOString() : null,
      certificateId: certificate?.id ?? null,
    },
  };
}

export async function lesson(ctx: AppContext, userId: string, lessonId: string): Promise<Lesson> {
  const { done } = await state(ctx, userId);
  const index = ALL_LESSONS.findIndex((l) => l.id === lessonId);
  const found = ALL_LESSONS[index];
  if (!found) throw notFound();
  return {
    id: found.id,
    moduleId: found.moduleId,
    moduleTitle: found.moduleTitle,
    title: found.title,
    minutes: found.minutes,
    body: found.body,
    completed: done.has(found.id),
    previousId: ALL_LESSONS[index - 1]?.id ?? null,
    nextId: ALL_LESSONS[index + 1]?.id ?? null,
  };
}

export async function completeLesson(ctx: AppContext, userId: string, lessonId: string) {
  const practice = await practiceOf(ctx, userId);
  if (!ALL_LESSONS.some((l) => l.id === lessonId)) throw notFound();
  await repo.markLessonComplete(ctx.database.db, practice.id, lessonId);
  return overview(ctx, userId);
}

/** The test's questions, never its answer key; it opens once the course is complete. */
export async function test(ctx: AppContext, userId: string): Promise<CourseTest> {
  const { completed } = await state(ctx, userId);
  if (!completed) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION, COURSE_INCOMPLETE);
  return {
    passPercent: COURSE_PASS_PERCENT,
    questions: TEST_QUESTIONS.map((q) => ({ id: q.id, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) })),
  };
}

/**
 * Scores a submission on the server. Every question needs one of its options. The correct options
 * and explanations are sent back only once the test is passed, so a retry still tests the course.
 */
export async function submit(ctx: AppContext, userId: string, answers: Record<string, string>): Promise<TestAttemptResult> {
  const { practice, completed } = await state(ctx, userId);
  if (!completed) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION, COURSE_INCOMPLETE);
  const fieldErrors: Record<string, string[]> = {};
  for (const key of Object.keys(answers)) if (!TEST_QUESTIONS.some((q) => q.id === key)) fieldErrors[`answers.${key}`] = ['Unknown field'];
  for (const q of TEST_QUESTIONS) {
    const given = answers[q.id];
    if (given === undefined) fieldErrors[`answers.${q.id}`] = [VALIDATION_MESSAGES.REQUIRED];
    else if (!q.options.some((o) => o.id === given)) fieldErrors[`answers.${q.id}`] = [VALIDATION_MESSAGES.INVALID_NUMBER];
  }
  if (Object.keys(fieldErrors).length) throw badRequest(fieldErrors);

  const marks = TEST_QUESTIONS.map((q) => ({ q, correct: answers[q.id] === q.correct }));
  const correct = marks.filter((m) => m.correct).length;
  const total = TEST_QUESTIONS.length;
  const passed = passes(correct, total);
  const { attempt, certificate } = await repo.insertAttempt(ctx.database.db, {
    practitionerId: practice.id,
    courseVersion: COURSE.version,
    answers,
    correct,
    total,
    percent: Math.floor((correct * 100) / total),
    passed,
  });
  return {
    id: attempt.id,
    correct,
    total,
    percent: attempt.percent,
    passed,
    createdAt: attempt.createdAt.toISOString(),
    questions: marks.map(({ q, correct: ok }) => ({
      id: q.id,
      correct: ok,
      lessonId: q.lessonId,
      correctOptionId: passed ? q.correct : null,
      explanation: passed ? q.explanation : null,
    })),
    certificateId: certificate?.id ?? null,
  };
}

export async function certificatePdf(ctx: AppContext, userId: string) {
  const practice = await practiceOf(ctx, userId);
  const certificate = await repo.findCertificate(ctx.database.db, practice.id);
  if (!certificate) throw notFound();
  const user = await getMe(ctx, userId);
  const bytes = await renderCertificate({
    name: `${user.firstName} ${user.lastName}`.trim(),
    courseTitle: COURSE.title,
    courseVersion: certificate.courseVersion,
    percent: certificate.percent,
    issuedAt: certificate.issuedAt,
    verificationId: certificate.id,
    verifyUrl: `${ctx.env.apiBase}/portal/course/certificates/${certificate.id}`,
  });
  return { bytes: Buffer.from(bytes), fileName: `certificate-${certificate.id.slice(0, 8)}.pdf` };
}

/** Public: what a certificate's verification id stands for. */
export async function verify(ctx: AppContext, certificateId: string) {
  const row = await repo.certificateWithHolder(ctx.database.db, certificateId);
  if (!row) throw notFound();
  return {
    id: row.certificate.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    courseTitle: COURSE.title,
    courseVersion: row.certificate.courseVersion,
    percent: row.certificate.percent,
    issuedAt: row.certificate.issuedAt.toISOString(),
  };
}

/** Which practices have passed the test: the other half of being listed for patients. */
export const passedPractitionerIds = (ctx: AppContext, ids: string[]) => repo.passedAmong(ctx.database.db, ids);

/** Demo data: a practice that completed the course and passed with the given answers' score. */
export async function seedDemoCourse(db: AppContext['database']['db'], practitionerId: string, opts: { passed: boolean; lessons?: number }) {
  const lessonIds = ALL_LESSONS.map((l) => l.id);
  if (!opts.passed) return repo.seedProgress(db, practitionerId, lessonIds.slice(0, opts.lessons ?? 0));
  const answers = Object.fromEntries(TEST_QUESTIONS.map((q) => [q.id, q.correct]));
  const total = TEST_QUESTIONS.length;
  await repo.seedPassed(db, practitionerId, lessonIds, { courseVersion: COURSE.version, answers, correct: total, total, percent: 100, passed: true });
}
