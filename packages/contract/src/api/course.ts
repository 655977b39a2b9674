import { IdParams } from '../common';
import { CertificateCheck, CourseOverview, CourseTest, Lesson, LessonParams, TestAttemptResult, TestSubmission } from '../course';
import { defineEndpoint } from '../endpoint';

const tags = ['course'];

/** The onboarding course and test (SPEC §4: open before acceptance). */
export const courseApi = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/portal/course/',
    tags,
    summary: 'The course: modules, lessons, progress and the test status',
    responses: { 200: CourseOverview },
  }),
  lesson: defineEndpoint({
    method: 'GET',
    path: '/api/portal/course/lessons/:id',
    tags,
    summary: 'One lesson',
    params: LessonParams,
    responses: { 200: Lesson },
  }),
  completeLesson: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/course/lessons/:id/complete',
    tags,
    summary: 'Mark a lesson completed (kept across devices)',
    params: LessonParams,
    responses: { 200: CourseOverview },
  }),
  test: defineEndpoint({
    method: 'GET',
    path: '/api/portal/course/test/',
    tags,
    summary: 'The test’s questions (no answers); open once the course is complete',
    responses: { 200: CourseTest },
  }),
  submitTest: defineEndpoint({
    method: 'POST',
    path: '/api/portal/course/test/attempts',
    tags,
    summary: 'Submit answers; scored on the server, pass mark 80%',
    body: TestSubmission,
    responses: { 201: TestAttemptResult },
  }),
  certificate: defineEndpoint({
    method: 'GET',
    path: '/api/portal/course/certificate',
    tags,
    summary: 'The certificate of completion (PDF), once the test is passed',
    reply: 'file',
    media: ['application/pdf'],
  }),
  verifyCertificate: defineEndpoint({
    method: 'GET',
    path: '/api/portal/course/certificates/:id',
    tags,
    summary: 'Verify a certificate by its id',
    params: IdParams,
    responses: { 200: CertificateCheck },
  }),
};
