// Written by packages/contract/scripts/write-addresses.ts from src/api/practitioner.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { practiceApi as practiceApiEndpoints, practitionerApi as practitionerApiEndpoints } from '../api/practitioner';

export const practiceApi: AddressesOf<typeof practiceApiEndpoints> = {
  completeOnboarding: { method: 'POST', path: '/api/portal/me/' },
  update: { method: 'PUT', path: '/api/portal/me/' },
  onboardingDraft: { method: 'GET', path: '/api/portal/me/onboarding-draft' },
  saveOnboardingDraft: { method: 'PUT', path: '/api/portal/me/onboarding-draft' },
  addLanguage: { method: 'POST', path: '/api/portal/me/languages/' },
  removeLanguage: { method: 'DELETE', path: '/api/portal/me/languages/:id' },
  addSpecialization: { method: 'POST', path: '/api/portal/me/specializations/' },
  removeSpecialization: { method: 'DELETE', path: '/api/portal/me/specializations/:id' },
  addresses: { method: 'GET', path: '/api/portal/me/addresses/' },
  addAddress: { method: 'POST', path: '/api/portal/me/addresses/' },
  editAddress: { method: 'PUT', path: '/api/portal/me/addresses/:id' },
  makePrimaryAddress: { method: 'PATCH', path: '/api/portal/me/addresses/:id/primary/' },
  availability: { method: 'GET', path: '/api/portal/me/availability/' },
  addSlot: { method: 'POST', path: '/api/portal/me/availability/' },
  editSlot: { method: 'PUT', path: '/api/portal/me/availability/:id' },
  removeSlot: { method: 'DELETE', path: '/api/portal/me/availability/:id' },
  paymentDetails: { method: 'GET', path: '/api/portal/me/paymentDetails/' },
  addPaymentDetails: { method: 'POST', path: '/api/portal/me/paymentDetails/' },
  editPaymentDetails: { method: 'PUT', path: '/api/portal/me/paymentDetails/:id' },
  makeDefaultPaymentDetails: { method: 'PATCH', path: '/api/portal/me/paymentDetails/:id/default/' },
  removePaymentDetails: { method: 'DELETE', path: '/api/portal/me/paymentDetails/:id' },
  uploadProfileImage: { method: 'POST', path: '/api/account/me/profile-image' },
  profileImage: { method: 'GET', path: '/api/account/profile-images/:id', reply: 'file' },
};

export const practitionerApi: AddressesOf<typeof practitionerApiEndpoints> = {
  me: { method: 'GET', path: '/api/portal/me/' },
  categories: { method: 'GET', path: '/api/portal/categories/' },
  category: { method: 'GET', path: '/api/portal/categories/:id' },
  languages: { method: 'GET', path: '/api/portal/languages/' },
  specializations: { method: 'GET', path: '/api/portal/specializations/' },
  tos: { method: 'GET', path: '/api/portal/me/tos/' },
  acceptTos: { method: 'PUT', path: '/api/portal/me/tos/' },
};
