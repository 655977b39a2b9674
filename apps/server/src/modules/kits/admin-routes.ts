import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Consignment, KitStatus, zId, zSampleLabel } from '@portal/contract';
import { adminCheckFor } from '../admin/service';
import * as service from './service';

const tags = ['admin'];
const config = { auth: 'public' as const };

const ConsignBody = z.strictObject({
  practitionerEmail: z.email().max(254),
  count: z.number().int().min(1).max(500),
  collectionIds: z.array(z.number().int().min(1)).min(1).max(20).optional(),
});
const ConsignResult = z.object({
  practitionerID: zId,
  consignment: Consignment.nullable(),
  kits: z.array(z.object({ id: zId, sampleLabel: z.string() })),
});
// The contract's sample-label rule, not any string: a label with a NUL byte or other stray characters is a
// 400 here, never a query the database refuses (a 500).
const LabelParams = z.strictObject({
  sampleLabel: zSampleLabel,
});
const AdvancedKit = z.object({
  id: zId,
  sampleLabel: z.string(),
  status: KitStatus,
  sessionID: zId.nullable(),
});

/**
 * The provider's side of kits under /api/admin, behind the admin token: send kits to a practice,
 * move a kit through the lab's steps.
 */
export const kitAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', adminCheckFor(ctx));

  app.post(
    '/consignments',
    {
      config,
      schema: {
        tags,
        summary:
          'Send kits to a practice: a consignment to its primary warehouse (in transit until received), or straight into its stock when it has no warehouse',
        body: ConsignBody,
        response: { 201: ConsignResult },
      },
    },
    async (req, reply) => reply.status(201).send(await service.consignKits(ctx, req.body)),
  );

  app.post(
    '/kits/:sampleLabel/advance',
    {
      config,
      schema: {
        tags,
        summary: "The lab's next step for a kit: assigned → sample received → processing → results available (in stock cannot advance: 400414)",
        params: LabelParams,
        response: { 200: AdvancedKit },
      },
    },
    async (req) => {
      const kit = await service.advanceKit(ctx, req.params.sampleLabel);
      if (kit.sessionID) {
        await ctx.audit.record({
          actorUserId: null,
          sessionId: kit.sessionID,
          action: 'import',
          category: 'kit',
          outcome: 'allowed',
          sourceIp: req.ip,
          detail: `kit ${kit.sampleLabel} now ${kit.status}`,
        });
      }
      return kit;
    },
  );
};
