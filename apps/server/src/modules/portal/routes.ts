import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category, CategoryList, Lookup, PractitionerMe, Tos, TosAccepted } from '@portal/contract';
import { caller } from '../../plugins/auth';
import { acceptLatestTos, latestTos } from '../account/service';
import * as repo from './repository';
import * as service from './service';

const tags = ['portal'];
const LookupList = z.object({ results: z.array(Lookup) });

export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/me/',
    {
      schema: { tags, summary: "The caller's practitioner profile", response: { 200: PractitionerMe } },
    },
    async (req) => service.getPractitionerMe(ctx, caller(req).userId),
  );

  app.get(
    '/categories/',
    {
      schema: { tags, summary: 'Practitioner categories', response: { 200: CategoryList } },
    },
    async () => ({ results: await repo.listCategories(ctx.database.db) }),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'One practitioner category',
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(1_000_000) }),
        response: { 200: Category },
      },
    },
    async (req) => service.getCategory(ctx, req.params.id),
  );

  app.get(
    '/languages/',
    {
      schema: { tags, summary: 'Languages a practice can offer', response: { 200: LookupList } },
    },
    async () => ({ results: await repo.listLanguages(ctx.database.db) }),
  );

  app.get(
    '/specializations/',
    {
      schema: { tags, summary: 'Specializations a practice can offer', response: { 200: LookupList } },
    },
    async () => ({ results: await repo.listSpecializations(ctx.database.db) }),
  );

  app.get(
    '/me/tos/',
    {
      schema: { tags, summary: 'The latest Portal Terms & Conditions', response: { 200: z.object({ data: Tos }) } },
    },
    async () => ({ data: await latestTos(ctx, 'portal') }),
  );

  app.put(
    '/me/tos/',
    {
      schema: { tags, summary: 'Accept the latest Portal Terms & Conditions', response: { 200: TosAccepted } },
    },
    async (req) => acceptLatestTos(ctx, caller(req).userId, 'portal'),
  );
};
