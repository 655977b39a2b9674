import { z } from 'zod';
import { Progress } from './enums';

/**
 * The onboarding course and its test (SPEC §1, §4, §6). The course text and the test's answer key
 * live on the server only: nothing here, and nothing the API sends before a submission, says
 * which option is correct.
 */

/** SPEC: a pass needs at least 80%. */
export const COURSE_PASS_PERCENT = 80;

export const LessonSummary = z.object({
  id: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  completed: z.boolean(),
});
export type LessonSummary = z.infer<typeof LessonSummary>;

export const CourseModule = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  progress: z.enum([Progress.COMPLETED, Progress.IN_PROGRESS, Progress.PENDING]),
  lessons: z.array(LessonSummary),
});
export type CourseModule = z.infer<typeof CourseModule>;

export const TestStatus = z.object({
  /** The test opens once every lesson is completed. */
  available: z.boolean(),
  passed: z.boolean(),
  attempts: z.number().int(),
  bestPercent: z.number().int().nullable(),
  passPercent: z.number().int(),
  questionCount: z.number().int(),
  passedAt: z.string().nullable(),
  /** The certificate's verification id once passed. */
  certificateId: z.string().nullable(),
});
export type TestStatus = z.infer<typeof TestStatus>;

/** GET /portal/course/. */
export const CourseOverview = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  version: z.number().int(),
  modules: z.array(CourseModule),
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  completed: z.boolean(),
  test: TestStatus,
});
export type CourseOverview = z.infer<typeof CourseOverview>;

/**
 * A lesson. `body` is plain text with a small markdown-like syntax the portal renders itself
 * (## heading, - list item, > note, **bold**, blank line between paragraphs); never HTML.
 */
export const Lesson = z.object({
  id: z.string(),
  moduleId: z.string(),
  moduleTitle: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  body: z.string(),
  completed: z.boolean(),
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
});
export type Lesson = z.infer<typeof Lesson>;

export const LessonParams = z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/** GET /portal/course/test/: questions and options, never the answer key. */
export const TestQuestion = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TestQuestion = z.infer<typeof TestQuestion>;
export const CourseTest = z.object({
  questions: z.array(TestQuestion),
  passPercent: z.number().int(),
});
export type CourseTest = z.infer<typeof CourseTest>;

/** POST /portal/course/test/attempts: one option per question, by id. */
export const TestSubmission = z.strictObject({
  answers: z.record(z.string().regex(/^[a-z0-9-]{1,64}$/), z.string().regex(/^[a-z0-9-]{1,64}$/)),
});
export type TestSubmission = z.infer<typeof TestSubmission>;

export const TestAttemptResult = z.object({
  id: z.string(),
  correct: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  createdAt: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      correct: z.boolean(),
      /** The lesson to read again for a question answered wrongly. */
      lessonId: z.string(),
      /** Shown only once the test is passed, so a retry still tests what was learned. */
      correctOptionId: z.string().nullable(),
      explanation: z.string().nullable(),
    }),
  ),
  certificateId: z.string().nullable(),
});
export type TestAttemptResult = z.infer<typeof TestAttemptResult>;

/** A certificate as anyone holding its printed id may check it. */
export const CertificateCheck = z.object({
  id: z.string(),
  name: z.string(),
  courseTitle: z.string(),
  courseVersion: z.number().int(),
  percent: z.number().int(),
  issuedAt: z.string(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;
