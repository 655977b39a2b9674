import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The onboarding course and test (/api/portal/course). Open to every practitioner with a practice,
 * accepted or not (SPEC §4: Course works before acceptance).
 */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, courseApi.overview, async (req) => service.overview(ctx, caller(req).userId));

  route(app, courseApi.lesson, async (req) => service.lesson(ctx, caller(req).userId, req.params.id));

  route(app, courseApi.completeLesson, async (req) => service.completeLesson(ctx, caller(req).userId, req.params.id));

  route(app, courseApi.test, async (req) => service.test(ctx, caller(req).userId));

  route(app, courseApi.submitTest, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req, reply) =>
    reply.status(201).send(await service.submit(ctx, caller(req).userId, req.body.answers)),
  );

  route(app, courseApi.certificate, async (req, reply) => {
    const { bytes, fileName } = await service.certificatePdf(ctx, caller(req).userId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  // Anyone holding the printed id may check it, as a certificate is meant to be shown.
  route(app, courseApi.verifyCertificate, { config: { auth: 'public' } }, async (req) => service.verify(ctx, req.params.id));
};
