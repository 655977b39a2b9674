import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, LIMITS, zId } from '@portal/contract';
import { adminCheckFor } from './admin-auth';
import * as service from './service';

const tags = ['admin'];

export const AdminPractitioner = z.object({
  id: zId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.number().int(),
  category: z.string().nullable(),
  hpcsaNumber: z.string().nullable(),
  practiceNumber: z.string().nullable(),
  testPassed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPractitioner = z.infer<typeof AdminPractitioner>;

const ListQuery = z.strictObject({
  status: z.coerce.number().int().min(1).max(3).optional(),
  email: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * The provider's review of new practices (/api/admin). Outside the practitioners' auth: the
 * routes are 'public' to the token plugin and checked here against the admin token instead.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const checkAdmin = adminCheckFor(ctx);
  app.addHook('onRequest', checkAdmin);
  const config = { auth: 'public' as const };

  app.get(
    '/practitioners/',
    {
      config,
      schema: {
        tags,
        summary: 'Practices, newest first; filter by status (1 created, 2 accepted, 3 declined) or email',
        querystring: ListQuery,
        response: { 200: z.object({ results: z.array(AdminPractitioner), count: z.number().int(), limit: z.number().int(), offset: z.number().int() }) },
      },
    },
    async (req) => service.listPractitioners(ctx, req.query),
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post(
      `/practitioners/:id/${decision}`,
      {
        config,
        schema: {
          tags,
          params: IdParams,
          response: { 200: AdminPractitioner },
          summary: `${decision === 'accept' ? 'Accept' : 'Decline'} a practice awaiting review (only from status 1; otherwise 400414) and mail the practitioner`,
        },
      },
      async (req) => service.review(ctx, req.params.id, decision),
    );
  }
};
