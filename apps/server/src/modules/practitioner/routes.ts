import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_MAX_BYTES, practiceApi, practitionerApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { acceptLatestTos, latestTos } from '../account/service';
import * as repo from './repository';
import * as service from './service';

/** The caller's practitioner profile, the lookups a practice picks from, and the portal terms, under /api/portal. */
export const practitionerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, practitionerApi.me, async (req) => service.getPractitionerMe(ctx, caller(req).userId));

  route(app, practitionerApi.categories, async () => ({ results: await repo.listCategories(ctx.database.db) }));

  route(app, practitionerApi.category, async (req) => service.getCategory(ctx, req.params.id));

  route(app, practitionerApi.languages, async () => ({ results: await repo.listLanguages(ctx.database.db) }));

  route(app, practitionerApi.specializations, async () => ({ results: await repo.listSpecializations(ctx.database.db) }));

  route(app, practitionerApi.tos, async () => ({ data: await latestTos(ctx, 'portal') }));

  route(app, practitionerApi.acceptTos, async (req) => acceptLatestTos(ctx, caller(req).userId, 'portal'));
};

/**
 * The practice calls of SPEC §7 under /api/portal (GET /portal/me/ itself is practitionerRoutes'):
 * completing onboarding, editing the practice, its languages, specializations, addresses,
 * availability and payment details. Another practice's id answers 404 like a missing one.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, practiceApi.completeOnboarding, async (req, reply) => reply.status(201).send(await service.completeOnboarding(ctx, caller(req).userId, req.body)));

  route(app, practiceApi.update, async (req) => service.updatePractice(ctx, caller(req).userId, req.body));

  route(app, practiceApi.onboardingDraft, async (req) => service.getDraft(ctx, caller(req).userId));

  route(app, practiceApi.saveOnboardingDraft, async (req) => service.saveDraft(ctx, caller(req).userId, req.body));

  route(app, practiceApi.addLanguage, async (req) => service.addLookup(ctx, caller(req).userId, 'languages', req.body.id));
  route(app, practiceApi.removeLanguage, async (req) => service.removeLookup(ctx, caller(req).userId, 'languages', req.params.id));
  route(app, practiceApi.addSpecialization, async (req) => service.addLookup(ctx, caller(req).userId, 'specializations', req.body.id));
  route(app, practiceApi.removeSpecialization, async (req) => service.removeLookup(ctx, caller(req).userId, 'specializations', req.params.id));

  route(app, practiceApi.addresses, async (req) => service.listAddresses(ctx, caller(req).userId));

  route(app, practiceApi.addAddress, async (req, reply) => reply.status(201).send(await service.addAddress(ctx, caller(req).userId, req.body)));

  route(app, practiceApi.editAddress, async (req) => service.editAddress(ctx, caller(req).userId, req.params.id, req.body));

  route(app, practiceApi.makePrimaryAddress, async (req) => service.makePrimaryAddress(ctx, caller(req).userId, req.params.id));

  route(app, practiceApi.availability, async (req) => service.listAvailability(ctx, caller(req).userId));

  route(app, practiceApi.addSlot, async (req, reply) => reply.status(201).send(await service.saveSlot(ctx, caller(req).userId, req.body)));

  route(app, practiceApi.editSlot, async (req) => service.saveSlot(ctx, caller(req).userId, req.body, req.params.id));

  route(app, practiceApi.removeSlot, async (req, reply) => {
    await service.removeSlot(ctx, caller(req).userId, req.params.id);
    return reply.status(204).send(null);
  });

  // SPEC §4: payment details need an accepted practitioner.
  const accepted = { config: { requiresAccepted: true } };
  route(app, practiceApi.paymentDetails, accepted, async (req) => service.listPayments(ctx, caller(req).userId));

  route(app, practiceApi.addPaymentDetails, accepted, async (req, reply) =>
    reply.status(201).send(await service.addPayment(ctx, caller(req).userId, req.body)),
  );

  route(app, practiceApi.editPaymentDetails, accepted, async (req) => service.editPayment(ctx, caller(req).userId, req.params.id, req.body));

  route(app, practiceApi.makeDefaultPaymentDetails, accepted, async (req) => service.makeDefaultPayment(ctx, caller(req).userId, req.params.id));

  route(app, practiceApi.removePaymentDetails, accepted, async (req, reply) => {
    await service.removePayment(ctx, caller(req).userId, req.params.id);
    return reply.status(204).send(null);
  });
};

/** The profile picture, under /api/account: uploaded as JSON (base64), served by its random id. */
export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Room for the largest allowed picture in base64 and the JSON around it; anything bigger is a 413.
  const bodyLimit = Math.ceil(PROFILE_IMAGE_MAX_BYTES / 3) * 4 + 4096;

  route(app, practiceApi.uploadProfileImage, { bodyLimit }, async (req) => service.uploadProfileImage(ctx, caller(req).userId, req.body));

  // An <img> cannot send a bearer token; the address carries a random id instead (122 bits).
  route(app, practiceApi.profileImage, { config: { auth: 'public' } }, async (req, reply) => {
    const image = await service.profileImage(ctx, req.params.id);
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
};
