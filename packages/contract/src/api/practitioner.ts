import { z } from 'zod';
import { Tos, TosAccepted } from '../account';
import { IdParams, listOf } from '../common';
import { defineEndpoint } from '../endpoint';
import { Category, CategoryList, PractitionerMe } from '../portal';
import {
  Address,
  AddressInput,
  Availability,
  AvailabilityInput,
  LookupIdBody,
  LookupIdParams,
  LookupListResponse,
  OnboardingBody,
  OnboardingDraft,
  OnboardingDraftResponse,
  PaymentDetails,
  PaymentDetailsInput,
  PROFILE_IMAGE_TYPES,
  ProfileImageUpload,
  ProfileImageUploaded,
  UpdatePracticeBody,
} from '../practice';

// Listed in the API document under 'portal', as before these routes joined the practice's.
const portal = ['portal'];
const tags = ['practice'];

/** The caller's practitioner profile, the lookups a practice picks from, and the portal terms. */
export const practitionerApi = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/',
    tags: portal,
    summary: "The caller's practitioner profile",
    responses: { 200: PractitionerMe },
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/portal/categories/',
    tags: portal,
    summary: 'Practitioner categories',
    responses: { 200: CategoryList },
  }),
  category: defineEndpoint({
    method: 'GET',
    path: '/api/portal/categories/:id',
    tags: portal,
    summary: 'One practitioner category',
    params: LookupIdParams,
    responses: { 200: Category },
  }),
  languages: defineEndpoint({
    method: 'GET',
    path: '/api/portal/languages/',
    tags: portal,
    summary: 'Languages a practice can offer',
    responses: { 200: LookupListResponse },
  }),
  specializations: defineEndpoint({
    method: 'GET',
    path: '/api/portal/specializations/',
    tags: portal,
    summary: 'Specializations a practice can offer',
    responses: { 200: LookupListResponse },
  }),
  tos: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/tos/',
    tags: portal,
    summary: 'The latest Portal Terms & Conditions',
    responses: { 200: z.object({ data: Tos }) },
  }),
  acceptTos: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/tos/',
    tags: portal,
    summary: 'Accept the latest Portal Terms & Conditions',
    responses: { 200: TosAccepted },
  }),
};

/**
 * The practice calls of SPEC §7 (GET /portal/me/ itself is practitionerApi's): completing
 * onboarding, editing the practice, its languages, specializations, addresses, availability and
 * payment details; and the profile picture, under /api/account.
 */
export const practiceApi = {
  completeOnboarding: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/',
    tags,
    summary: 'Complete onboarding: register the practice (status 1, created)',
    body: OnboardingBody,
    responses: { 201: PractitionerMe },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/',
    tags,
    summary: 'Update the practice: category, HPCSA number, practice number, description',
    body: UpdatePracticeBody,
    responses: { 200: PractitionerMe },
  }),
  onboardingDraft: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/onboarding-draft',
    tags,
    summary: 'What the onboarding form held last time',
    responses: { 200: OnboardingDraftResponse },
  }),
  saveOnboardingDraft: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/onboarding-draft',
    tags,
    summary: 'Keep what the onboarding form holds (valid or not yet)',
    body: OnboardingDraft,
    responses: { 200: OnboardingDraftResponse },
  }),
  addLanguage: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/languages/',
    tags,
    summary: "Add one of the practice's languages",
    body: LookupIdBody,
    responses: { 200: LookupListResponse },
  }),
  removeLanguage: defineEndpoint({
    method: 'DELETE',
    path: '/api/portal/me/languages/:id',
    tags,
    summary: "Remove one of the practice's languages",
    params: LookupIdParams,
    responses: { 200: LookupListResponse },
  }),
  addSpecialization: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/specializations/',
    tags,
    summary: "Add one of the practice's specializations",
    body: LookupIdBody,
    responses: { 200: LookupListResponse },
  }),
  removeSpecialization: defineEndpoint({
    method: 'DELETE',
    path: '/api/portal/me/specializations/:id',
    tags,
    summary: "Remove one of the practice's specializations",
    params: LookupIdParams,
    responses: { 200: LookupListResponse },
  }),
  addresses: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/addresses/',
    tags,
    summary: "The practice's addresses, primary first",
    responses: { 200: listOf(Address) },
  }),
  addAddress: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/addresses/',
    tags,
    summary: 'Add an address (the first one is primary)',
    body: AddressInput,
    responses: { 201: Address },
  }),
  editAddress: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/addresses/:id',
    tags,
    summary: 'Edit an address',
    params: IdParams,
    body: AddressInput,
    responses: { 200: Address },
  }),
  makePrimaryAddress: defineEndpoint({
    method: 'PATCH',
    path: '/api/portal/me/addresses/:id/primary/',
    tags,
    summary: 'Make an address the primary one',
    params: IdParams,
    responses: { 200: Address },
  }),
  availability: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/availability/',
    tags,
    summary: "The practice's weekly slots",
    responses: { 200: listOf(Availability) },
  }),
  addSlot: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/availability/',
    tags,
    summary: 'Add a weekly slot',
    body: AvailabilityInput,
    responses: { 201: Availability },
  }),
  editSlot: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/availability/:id',
    tags,
    summary: 'Edit a weekly slot',
    params: IdParams,
    body: AvailabilityInput,
    responses: { 200: Availability },
  }),
  removeSlot: defineEndpoint({
    method: 'DELETE',
    path: '/api/portal/me/availability/:id',
    tags,
    summary: 'Remove a weekly slot',
    params: IdParams,
    responses: { 204: z.null() },
  }),
  paymentDetails: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/paymentDetails/',
    tags,
    summary: "The practice's payment details",
    responses: { 200: listOf(PaymentDetails) },
  }),
  addPaymentDetails: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/paymentDetails/',
    tags,
    summary: 'Add payment details',
    body: PaymentDetailsInput,
    responses: { 201: PaymentDetails },
  }),
  editPaymentDetails: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/paymentDetails/:id',
    tags,
    summary: 'Edit payment details',
    params: IdParams,
    body: PaymentDetailsInput,
    responses: { 200: PaymentDetails },
  }),
  makeDefaultPaymentDetails: defineEndpoint({
    method: 'PATCH',
    path: '/api/portal/me/paymentDetails/:id/default/',
    tags,
    summary: 'Make payment details the default ones (the others stop being it)',
    params: IdParams,
    responses: { 200: PaymentDetails },
  }),
  removePaymentDetails: defineEndpoint({
    method: 'DELETE',
    path: '/api/portal/me/paymentDetails/:id',
    tags,
    summary: 'Remove payment details (the oldest left becomes the default)',
    params: IdParams,
    responses: { 204: z.null() },
  }),
  uploadProfileImage: defineEndpoint({
    method: 'POST',
    path: '/api/account/me/profile-image',
    tags,
    summary: 'Upload a profile picture (PNG, JPEG or WebP, at most 2 MB)',
    body: ProfileImageUpload,
    responses: { 200: ProfileImageUploaded },
  }),
  /** The address `profileImage` carries: an <img> loads it, so nothing calls it by reference. */
  profileImage: defineEndpoint({
    method: 'GET',
    path: '/api/account/profile-images/:id',
    tags,
    summary: 'A profile picture',
    params: IdParams,
    reply: 'file',
    media: PROFILE_IMAGE_TYPES,
  }),
};
