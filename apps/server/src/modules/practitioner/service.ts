import {
  ErrorCode,
  MAX_ADDRESSES,
  MAX_AVAILABILITY_SLOTS,
  MAX_PAYMENT_DETAILS,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_WRONG_TYPE,
  PractitionerStatus,
  SLOTS_OVERLAP,
  VALIDATION_MESSAGES,
  slotsOverlap,
  sniffImageType,
  type Address,
  type Availability,
  type AvailabilityInput,
  type OnboardingDraft,
  type PaymentDetails,
  type PractitionerMe,
  type ProfileImageType,
} from '@portal/contract';
import type { z } from 'zod';
import type { AddressInput, OnboardingBody, PaymentDetailsInput, UpdatePracticeBody } from '@portal/contract';
import type { AppContext } from '../../context';
import { lockPractice } from '../../db/sql';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { findUserById, getMe, hasAcceptedLatest } from '../account/service';
import * as repo from './repository';
import { composeMail, notificationSettingsUrl, type MailLine } from '../mail/service';

// The practitioner row of a user (the session access check reads it) and the admin review's filter.
export { findPractitionerByUser, type ReviewFilter } from './repository';

type Onboarding = z.output<typeof OnboardingBody>;
type PracticePatch = z.output<typeof UpdatePracticeBody>;
type AddressValues = z.output<typeof AddressInput>;
type PaymentValues = z.output<typeof PaymentDetailsInput>;

const iso = (d: Date) => d.toISOString();
const HPCSA_TAKEN = 'This HPCSA number is already registered with another practice';
const NOT_AN_OPTION = VALIDATION_MESSAGES.INVALID_NUMBER;

/** The caller's practitioner profile; 404 when they have none yet (the portal then onboards them). */
export async function getPractitionerMe(ctx: AppContext, userId: string): Promise<PractitionerMe> {
  const { db } = ctx.database;
  const p = await repo.findPractitionerByUser(db, userId);
  if (!p) throw notFound();
  const [lookups, category, tosAccepted, user] = await Promise.all([
    repo.practitionerLookups(db, p.id),
    p.categoryId === null ? null : repo.findCategory(db, p.categoryId),
    hasAcceptedLatest(db, userId, 'portal'),
    findUserById(db, userId),
  ]);
  return {
    id: p.id,
    status: p.status as PractitionerMe['status'],
    categoryID: p.categoryId,
    category: category ?? null,
    warehouseID: p.warehouseId,
    tosAccepted,
    languages: lookups.languages,
    specializations: lookups.specializations,
    hpcsaNumber: p.hpcsaNumber,
    practiceNumber: p.practiceNumber,
    description: p.description,
    profileImage: user?.profileImage ?? null,
  };
}

export async function getCategory(ctx: AppContext, id: number) {
  const row = await repo.findCategory(ctx.database.db, id);
  if (!row) throw notFound();
  return row;
}

/** The caller's practice; 404 without one, as GET /portal/me/ answers. */
export async function practiceOf(ctx: AppContext, userId: string) {
  const p = await repo.findPractice(ctx.database.db, userId);
  if (!p) throw notFound();
  return p;
}

async function checkLookups(ctx: AppContext, input: { categoryID?: number; languages?: number[]; specializations?: number[] }) {
  const { db } = ctx.database;
  const fieldErrors: Record<string, string[]> = {};
  if (input.categoryID !== undefined && !(await repo.existingIds(db, 'categories', [input.categoryID])).has(input.categoryID)) {
    fieldErrors.categoryID = [NOT_AN_OPTION];
  }
  for (const key of ['languages', 'specializations'] as const) {
    const ids = input[key];
    if (!ids) continue;
    const found = await repo.existingIds(db, key, ids);
    if (ids.some((id) => !found.has(id))) fieldErrors[key] = [NOT_AN_OPTION];
  }
  return fieldErrors;
}

function overlapErrors(slots: AvailabilityInput[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  slots.forEach((slot, i) => {
    if (slots.some((other, j) => j < i && slotsOverlap(slot, other))) errors[`availability.${i}.startTime`] = [SLOTS_OVERLAP];
  });
  return errors;
}

/**
 * POST /portal/me/: completes onboarding. The practice starts in status 1 (created) and waits for
 * the provider's review; the portal terms must have been accepted first.
 */
export async function completeOnboarding(ctx: AppContext, userId: string, input: Onboarding): Promise<PractitionerMe> {
  const { db } = ctx.database;
  if (await repo.findPractice(db, userId)) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  const fieldErrors: Record<string, string[]> = {
    ...(await checkLookups(ctx, input)),
    ...overlapErrors(input.availability),
  };
  if (await repo.hpcsaTakenByOther(db, input.hpcsaNumber)) fieldErrors.hpcsaNumber = [HPCSA_TAKEN];
  if (!(await hasAcceptedLatest(db, userId, 'portal'))) fieldErrors.tosAccepted = [VALIDATION_MESSAGES.REQUIRED];
  if (Object.keys(fieldErrors).length) throw badRequest(fieldErrors);

  const created = await repo.createPractice(db, {
    userId,
    categoryId: input.categoryID,
    hpcsaNumber: input.hpcsaNumber,
    practiceNumber: input.practiceNumber,
    description: input.description,
    languages: input.languages,
    specializations: input.specializations,
    address: input.address,
    availability: input.availability,
    browserTimeZone: input.timeZone ?? null,
  });
  if (!created) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  const me = await getPractitionerMe(ctx, userId);
  const user = await getMe(ctx, userId).catch(() => null);
  if (user) {
    await ctx.mailer.send(
      composeMail({
        to: user.email,
        subject: 'We are reviewing your practice',
        lines: [
          `Hello ${user.firstName},`,
          '',
          'Thank you for registering your practice on the Practitioner Portal. Our team reviews every new practice, which usually takes a few hours; we will confirm the outcome by email.',
          '',
          ['Meanwhile you can take the onboarding course and its test: ', { href: `${ctx.env.portalUrl}/course` }],
          'Your practice appears in the patient app once it is accepted and the test is passed.',
        ],
        listUnsubscribe: notificationSettingsUrl(ctx.env.portalUrl),
      }),
    );
  }
  return me;
}

/** PUT /portal/me/: the practice fields Settings edits. */
export async function updatePractice(ctx: AppContext, userId: string, patch: PracticePatch): Promise<PractitionerMe> {
  const { db } = ctx.database;
  const practice = await practiceOf(ctx, userId);
  const fieldErrors = await checkLookups(ctx, { categoryID: patch.categoryID });
  if (patch.hpcsaNumber && (await repo.hpcsaTakenByOther(db, patch.hpcsaNumber, practice.id))) fieldErrors.hpcsaNumber = [HPCSA_TAKEN];
  if (Object.keys(fieldErrors).length) throw badRequest(fieldErrors);
  await repo.updatePractice(db, practice.id, {
    categoryId: patch.categoryID,
    hpcsaNumber: patch.hpcsaNumber,
    practiceNumber: patch.practiceNumber,
    description: patch.description,
  });
  return getPractitionerMe(ctx, userId);
}

// ---- Onboarding draft ------------------------------------------------------------------------

export async function getDraft(ctx: AppContext, userId: string) {
  const row = await repo.getDraft(ctx.database.db, userId);
  const tosAccepted = await hasAcceptedLatest(ctx.database.db, userId, 'portal');
  return { draft: (row?.data as OnboardingDraft | undefined) ?? null, updatedAt: row ? iso(row.updatedAt) : null, tosAccepted };
}

export async function saveDraft(ctx: AppContext, userId: string, draft: OnboardingDraft) {
  // Once the practice exists the form is done: a late autosave must not leave a stray draft.
  if (await repo.findPractice(ctx.database.db, userId)) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  const row = await repo.saveDraft(ctx.database.db, userId, draft);
  const tosAccepted = await hasAcceptedLatest(ctx.database.db, userId, 'portal');
  return { draft: row.data as OnboardingDraft, updatedAt: iso(row.updatedAt), tosAccepted };
}

// ---- Languages and specializations -----------------------------------------------------------

async function lookupsOf(ctx: AppContext, practitionerId: string, kind: 'languages' | 'specializations') {
  return { results: (await repo.practitionerLookups(ctx.database.db, practitionerId))[kind] };
}

export async function addLookup(ctx: AppContext, userId: string, kind: 'languages' | 'specializations', id: number) {
  const practice = await practiceOf(ctx, userId);
  if (!(await repo.existingIds(ctx.database.db, kind, [id])).has(id)) throw badRequest({ id: [NOT_AN_OPTION] });
  if (kind === 'languages') await repo.addLanguage(ctx.database.db, practice.id, id);
  else await repo.addSpecialization(ctx.database.db, practice.id, id);
  return lookupsOf(ctx, practice.id, kind);
}

export async function removeLookup(ctx: AppContext, userId: string, kind: 'languages' | 'specializations', id: number) {
  const practice = await practiceOf(ctx, userId);
  const removed =
    kind === 'languages' ? await repo.removeLanguage(ctx.database.db, practice.id, id) : await repo.removeSpecialization(ctx.database.db, practice.id, id);
  if (!removed) throw notFound();
  return lookupsOf(ctx, practice.id, kind);
}

// ---- Addresses -------------------------------------------------------------------------------

const toAddress = (r: Awaited<ReturnType<typeof repo.listAddresses>>[number]): Address => ({
  id: r.id,
  streetAddress: r.streetAddress,
  suburb: r.suburb,
  city: r.city,
  state: r.state,
  postalCode: r.postalCode,
  countryCode: r.countryCode,
  primary: r.primary,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listAddresses(ctx: AppContext, userId: string) {
  const practice = await practiceOf(ctx, userId);
  return { results: (await repo.listAddresses(ctx.database.db, practice.id)).map(toAddress) };
}

export async function addAddress(ctx: AppContext, userId: string, input: AddressValues) {
  const practice = await practiceOf(ctx, userId);
  // The limit is counted under the practice's lock with the insert: two at once cannot both pass it.
  const row = await repo.insertAddress(ctx.database.db, practice.id, input, MAX_ADDRESSES);
  if (row === 'full') throw badRequest({ address: [`A practice can have at most ${MAX_ADDRESSES} addresses`] });
  return toAddress(row);
}

export async function editAddress(ctx: AppContext, userId: string, id: string, input: AddressValues) {
  const practice = await practiceOf(ctx, userId);
  const row = await repo.updateAddress(ctx.database.db, practice.id, id, input);
  if (!row) throw notFound();
  return toAddress(row);
}

export async function makePrimaryAddress(ctx: AppContext, userId: string, id: string) {
  const practice = await practiceOf(ctx, userId);
  const row = await repo.setPrimaryAddress(ctx.database.db, practice.id, id);
  if (!row) throw notFound();
  return toAddress(row);
}

// ---- Availability ----------------------------------------------------------------------------

const toSlot = (r: Awaited<ReturnType<typeof repo.listAvailability>>[number]): Availability => ({
  id: r.id,
  dayOfWeek: r.dayOfWeek,
  startTime: r.startTime,
  endTime: r.endTime,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listAvailability(ctx: AppContext, userId: string) {
  const practice = await practiceOf(ctx, userId);
  return { results: (await repo.listAvailability(ctx.database.db, practice.id)).map(toSlot) };
}

/** Adds or edits a slot; the practice row is locked so two requests cannot both slip past the overlap check. */
export async function saveSlot(ctx: AppContext, userId: string, input: AvailabilityInput, id?: string) {
  const practice = await practiceOf(ctx, userId);
  const row = await ctx.database.db.transaction(async (tx) => {
    await lockPractice(tx, practice.id);
    const all = await repo.listAvailability(tx, practice.id);
    const others = all.filter((s) => s.id !== id);
    if (id && others.length === all.length) throw notFound();
    if (!id && others.length >= MAX_AVAILABILITY_SLOTS) throw badRequest({ availability: [VALIDATION_MESSAGES.MAX_EXCEEDED] });
    if (others.some((o) => slotsOverlap(input, o))) throw badRequest({ startTime: [SLOTS_OVERLAP] });
    return id ? repo.updateSlot(tx, practice.id, id, input) : repo.insertSlot(tx, practice.id, input);
  });
  if (!row) throw notFound();
  return toSlot(row);
}

export async function removeSlot(ctx: AppContext, userId: string, id: string) {
  const practice = await practiceOf(ctx, userId);
  if (!(await repo.deleteSlot(ctx.database.db, practice.id, id))) throw notFound();
}

// ---- Payment details -------------------------------------------------------------------------

const toPayment = (r: Awaited<ReturnType<typeof repo.listPaymentDetails>>[number]): PaymentDetails => ({
  id: r.id,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
  identifier: r.identifier,
  type: r.type as 1 | 2,
  currency: r.currency,
  isDefault: r.isDefault,
});

export async function listPayments(ctx: AppContext, userId: string) {
  const practice = await practiceOf(ctx, userId);
  return { results: (await repo.listPaymentDetails(ctx.database.db, practice.id)).map(toPayment) };
}

export async function addPayment(ctx: AppContext, userId: string, input: PaymentValues) {
  const practice = await practiceOf(ctx, userId);
  const row = await repo.insertPaymentDetails(ctx.database.db, practice.id, input, MAX_PAYMENT_DETAILS);
  if (row === 'full') throw badRequest({ identifier: [`A practice can have at most ${MAX_PAYMENT_DETAILS} payment details`] });
  return toPayment(row);
}

export async function makeDefaultPayment(ctx: AppContext, userId: string, id: string) {
  const practice = await practiceOf(ctx, userId);
  const row = await repo.setDefaultPaymentDetails(ctx.database.db, practice.id, id);
  if (!row) throw notFound();
  return toPayment(row);
}

export async function removePayment(ctx: AppContext, userId: string, id: string) {
  const practice = await practiceOf(ctx, userId);
  if (!(await repo.deletePaymentDetails(ctx.database.db, practice.id, id))) throw notFound();
}

export async function editPayment(ctx: AppContext, userId: string, id: string, input: PaymentValues) {
  const practice = await practiceOf(ctx, userId);
  const row = await repo.updatePaymentDetails(ctx.database.db, practice.id, id, input);
  if (!row) throw notFound();
  return toPayment(row);
}

// ---- Review by the provider ------------------------------------------------------------------

export type ReviewDecision = 'accept' | 'decline';
const TARGET: Record<ReviewDecision, number> = { accept: PractitionerStatus.ACCEPTED, decline: PractitionerStatus.DECLINED };

/**
 * SPEC §4: only created → accepted and created → declined; anything else is 400414. The
 * practitioner is told by mail either way.
 */
export async function review(ctx: AppContext, practitionerId: string, decision: ReviewDecision) {
  const { db } = ctx.database;
  const row = await repo.findForReview(db, practitionerId);
  if (!row) throw notFound();
  const to = TARGET[decision];
  if (!(await repo.transitionStatus(db, practitionerId, PractitionerStatus.CREATED, to))) {
    throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  }
  const mail: { subject: string; lines: MailLine[] } =
    decision === 'accept'
      ? {
          subject: 'Your practice has been accepted',
          lines: [
            `Hello ${row.firstName},`,
            '',
            'Good news: the provider has reviewed your practice registration and accepted it. The whole portal is now open to you, including Summary, Warehousing, Discount codes and payment details.',
            '',
            'If you have not done so yet, complete the onboarding course and pass its test: your practice appears in the patient app once both are done.',
            '',
            ['Sign in: ', { href: `${ctx.env.portalUrl}/` }],
          ],
        }
      : {
          subject: 'Your practice registration was declined',
          lines: [
            `Hello ${row.firstName},`,
            '',
            'The provider has reviewed your practice registration and could not accept it. Your practice will not be listed in the patient app.',
            '',
            ['If you think this is a mistake, or your details have changed, please contact us: ', { href: ctx.env.CONTACT_URL }],
          ],
        };
  await ctx.mailer.send(composeMail({ to: row.email, ...mail, listUnsubscribe: notificationSettingsUrl(ctx.env.portalUrl) }));
  return { ...row, status: to };
}

export async function listForReview(ctx: AppContext, filter: repo.ReviewFilter) {
  const { rows, count } = await repo.listForReview(ctx.database.db, filter);
  return {
    results: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    count,
    limit: filter.limit,
    offset: filter.offset,
  };
}

// ---- Profile picture -------------------------------------------------------------------------

export const profileImageUrl = (ctx: AppContext, id: string) => `${ctx.env.apiBase}/account/profile-images/${id}`;

/** Checks the bytes (not the name or the declared type) and the size, then stores the picture. */
export async function uploadProfileImage(ctx: AppContext, userId: string, input: { contentType: ProfileImageType; data: string }) {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw badRequest({ data: [VALIDATION_MESSAGES.REQUIRED] });
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw badRequest({ data: [PROFILE_IMAGE_TOO_LARGE] });
  const sniffed = sniffImageType(bytes);
  if (!sniffed || sniffed !== input.contentType) throw badRequest({ data: [PROFILE_IMAGE_WRONG_TYPE] });
  const url = await repo.replaceProfileImage(ctx.database.db, userId, { contentType: sniffed, byteSize: bytes.length, data: bytes.toString('base64') }, (id) =>
    profileImageUrl(ctx, id),
  );
  return { profileImage: url };
}

export async function profileImage(ctx: AppContext, id: string) {
  const row = await repo.findProfileImage(ctx.database.db, id);
  if (!row) throw notFound();
  return { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') };
}
