import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Address,
  Category,
  CategoryList,
  Lookup,
  Tos,
  TosAccepted,
  AddressInput,
  Availability,
  AvailabilityInput,
  IdParams,
  LookupIdBody,
  LookupIdParams,
  LookupListResponse,
  OnboardingBody,
  OnboardingDraft,
  OnboardingDraftResponse,
  PROFILE_IMAGE_MAX_BYTES,
  PaymentDetails,
  PaymentDetailsInput,
  PractitionerMe,
  ProfileImageUpload,
  ProfileImageUploaded,
  UpdatePracticeBody,
} from '@portal/contract';
import { caller } from '../../plugins/auth';
import { acceptLatestTos, latestTos } from '../account/service';
import * as repo from './repository';
import * as service from './service';

const tags = ['practice'];
const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const LookupList = list(Lookup);

/** The caller's practitioner profile, the lookups a practice picks from, and the portal terms, under /api/portal. */
export const practitionerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Listed in the API document under 'portal', as before these routes joined the practice's.
  const tags = ['portal'];

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

/**
 * The practice calls of SPEC §7 under /api/portal (GET /portal/me/ itself is practitionerRoutes'):
 * completing onboarding, editing the practice, its languages, specializations, addresses,
 * availability and payment details. Another practice's id answers 404 like a missing one.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/me/',
    {
      schema: { tags, summary: 'Complete onboarding: register the practice (status 1, created)', body: OnboardingBody, response: { 201: PractitionerMe } },
    },
    async (req, reply) => reply.status(201).send(await service.completeOnboarding(ctx, caller(req).userId, req.body)),
  );

  app.put(
    '/me/',
    {
      schema: {
        tags,
        summary: 'Update the practice: category, HPCSA number, practice number, description',
        body: UpdatePracticeBody,
        response: { 200: PractitionerMe },
      },
    },
    async (req) => service.updatePractice(ctx, caller(req).userId, req.body),
  );

  app.get(
    '/me/onboarding-draft',
    {
      schema: { tags, summary: 'What the onboarding form held last time', response: { 200: OnboardingDraftResponse } },
    },
    async (req) => service.getDraft(ctx, caller(req).userId),
  );

  app.put(
    '/me/onboarding-draft',
    {
      schema: { tags, summary: 'Keep what the onboarding form holds (valid or not yet)', body: OnboardingDraft, response: { 200: OnboardingDraftResponse } },
    },
    async (req) => service.saveDraft(ctx, caller(req).userId, req.body),
  );

  for (const kind of ['languages', 'specializations'] as const) {
    app.post(
      `/me/${kind}/`,
      {
        schema: { tags, summary: `Add one of the practice's ${kind}`, body: LookupIdBody, response: { 200: LookupListResponse } },
      },
      async (req) => service.addLookup(ctx, caller(req).userId, kind, req.body.id),
    );

    app.delete(
      `/me/${kind}/:id`,
      {
        schema: { tags, summary: `Remove one of the practice's ${kind}`, params: LookupIdParams, response: { 200: LookupListResponse } },
      },
      async (req) => service.removeLookup(ctx, caller(req).userId, kind, req.params.id),
    );
  }

  app.get(
    '/me/addresses/',
    {
      schema: { tags, summary: "The practice's addresses, primary first", response: { 200: list(Address) } },
    },
    async (req) => service.listAddresses(ctx, caller(req).userId),
  );

  app.post(
    '/me/addresses/',
    {
      schema: { tags, summary: 'Add an address (the first one is primary)', body: AddressInput, response: { 201: Address } },
    },
    async (req, reply) => reply.status(201).send(await service.addAddress(ctx, caller(req).userId, req.body)),
  );

  app.put(
    '/me/addresses/:id',
    {
      schema: { tags, summary: 'Edit an address', params: IdParams, body: AddressInput, response: { 200: Address } },
    },
    async (req) => service.editAddress(ctx, caller(req).userId, req.params.id, req.body),
  );

  app.patch(
    '/me/addresses/:id/primary/',
    {
      schema: { tags, summary: 'Make an address the primary one', params: IdParams, response: { 200: Address } },
    },
    async (req) => service.makePrimaryAddress(ctx, caller(req).userId, req.params.id),
  );

  app.get(
    '/me/availability/',
    {
      schema: { tags, summary: "The practice's weekly slots", response: { 200: list(Availability) } },
    },
    async (req) => service.listAvailability(ctx, caller(req).userId),
  );

  app.post(
    '/me/availability/',
    {
      schema: { tags, summary: 'Add a weekly slot', body: AvailabilityInput, response: { 201: Availability } },
    },
    async (req, reply) => reply.status(201).send(await service.saveSlot(ctx, caller(req).userId, req.body)),
  );

  app.put(
    '/me/availability/:id',
    {
      schema: { tags, summary: 'Edit a weekly slot', params: IdParams, body: AvailabilityInput, response: { 200: Availability } },
    },
    async (req) => service.saveSlot(ctx, caller(req).userId, req.body, req.params.id),
  );

  app.delete(
    '/me/availability/:id',
    {
      schema: { tags, summary: 'Remove a weekly slot', params: IdParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.removeSlot(ctx, caller(req).userId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  // SPEC §4: payment details need an accepted practitioner.
  const accepted = { requiresAccepted: true };
  app.get(
    '/me/paymentDetails/',
    {
      config: accepted,
      schema: { tags, summary: "The practice's payment details", response: { 200: list(PaymentDetails) } },
    },
    async (req) => service.listPayments(ctx, caller(req).userId),
  );

  app.post(
    '/me/paymentDetails/',
    {
      config: accepted,
      schema: { tags, summary: 'Add payment details', body: PaymentDetailsInput, response: { 201: PaymentDetails } },
    },
    async (req, reply) => reply.status(201).send(await service.addPayment(ctx, caller(req).userId, req.body)),
  );

  app.put(
    '/me/paymentDetails/:id',
    {
      config: accepted,
      schema: { tags, summary: 'Edit payment details', params: IdParams, body: PaymentDetailsInput, response: { 200: PaymentDetails } },
    },
    async (req) => service.editPayment(ctx, caller(req).userId, req.params.id, req.body),
  );

  app.patch(
    '/me/paymentDetails/:id/default/',
    {
      config: accepted,
      schema: { tags, summary: 'Make payment details the default ones (the others stop being it)', params: IdParams, response: { 200: PaymentDetails } },
    },
    async (req) => service.makeDefaultPayment(ctx, caller(req).userId, req.params.id),
  );

  app.delete(
    '/me/paymentDetails/:id',
    {
      config: accepted,
      schema: { tags, summary: 'Remove payment details (the oldest left becomes the default)', params: IdParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.removePayment(ctx, caller(req).userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** The profile picture, under /api/account: uploaded as JSON (base64), served by its random id. */
export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Room for the largest allowed picture in base64 and the JSON around it; anything bigger is a 413.
  const bodyLimit = Math.ceil(PROFILE_IMAGE_MAX_BYTES / 3) * 4 + 4096;

  app.post(
    '/me/profile-image',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Upload a profile picture (PNG, JPEG or WebP, at most 2 MB)',
        body: ProfileImageUpload,
        response: { 200: ProfileImageUploaded },
      },
    },
    async (req) => service.uploadProfileImage(ctx, caller(req).userId, req.body),
  );

  app.get(
    '/profile-images/:id',
    {
      // An <img> cannot send a bearer token; the address carries a random id instead (122 bits).
      config: { auth: 'public' },
      schema: { tags, summary: 'A profile picture', params: IdParams },
    },
    async (req, reply) => {
      const image = await service.profileImage(ctx, req.params.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
