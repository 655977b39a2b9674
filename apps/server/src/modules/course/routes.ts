import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CourseOverview, CourseTest, IdParams, Lesson, LessonParams, TestAttemptResult, TestSubmission } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

const tags = ['course'];

/**
 * The onboarding course and test (/api/portal/course). Open to every practitioner with a practice,
 * accepted or not (SPEC §4: Course works before acceptance).
 */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: { tags, summary: 'The course: modules, lessons, progress and the test status', response: { 200: CourseOverview } },
    },
    async (req) => service.overview(ctx, caller(req).userId),
  );

  app.get(
    '/lessons/:id',
    {
      schema: { tags, summary: 'One lesson', params: LessonParams, response: { 200: Lesson } },
    },
    async (req) => service.lesson(ctx, caller(req).userId, req.params.id),
  );

  app.put(
    '/lessons/:id/complete',
    {
      schema: { tags, summary: 'Mark a lesson completed (kept across devices)', params: LessonParams, response: { 200: CourseOverview } },
    },
    async (req) => service.completeLesson(ctx, caller(req).userId, req.params.id),
  );

  app.get(
    '/test/',
    {
      schema: { tags, summary: 'The test’s questions (no answers); open once the course is complete', response: { 200: CourseTest } },
    },
    async (req) => service.test(ctx, caller(req).userId),
  );

  app.post(
    '/test/attempts',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Submit answers; scored on the server, pass mark 80%', body: TestSubmission, response: { 201: TestAttemptResult } },
    },
    async (req, reply) => reply.status(201).send(await service.submit(ctx, caller(req).userId, req.body.answers)),
  );

  app.get(
    '/certificate',
    {
      schema: { tags, summary: 'The certificate of completion (PDF), once the test is passed' },
    },
    async (req, reply) => {
      const { bytes, fileName } = await service.certificatePdf(ctx, caller(req).userId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/certificates/:id',
    {
      // Anyone holding the printed id may check it, as a certificate is meant to be shown.
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Verify a certificate by its id',
        params: IdParams,
        response: {
          200: z.object({
            id: z.string(),
            name: z.string(),
            courseTitle: z.string(),
            courseVersion: z.number().int(),
            percent: z.number().int(),
            issuedAt: z.string(),
          }),
        },
      },
    },
    async (req) => service.verify(ctx, req.params.id),
  );
};
