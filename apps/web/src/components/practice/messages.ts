import { MESSAGES } from '@portal/contract';
import { translator } from '../../i18n/i18n';

/** The practice's form texts, shared by onboarding and Settings. */
export const practiceMessagesEn = {
  'practice.category': 'Practitioner category',
  'practice.categoryPlaceholder': 'Choose a category',
  'practice.hpcsaNumber': 'HPCSA registration number',
  'practice.hpcsaHint': 'As on your HPCSA registration, e.g. MP 0123456',
  'practice.practiceNumber': 'Practice number',
  'practice.practiceNumberHint': 'Digits only',
  'practice.description': 'Practice description',
  'practice.descriptionHint': 'What patients should know about your practice',
  'practice.languages': 'Languages',
  'practice.languagesHint': 'The languages you consult in',
  'practice.specializations': 'Specializations',
  'practice.specializationsHint': 'What your practice focuses on',
  'practice.lookupsFailed': 'The lists could not be loaded.',
  'practice.address.streetAddress': 'Street address',
  'practice.address.suburb': 'Suburb',
  'practice.address.city': 'City',
  'practice.address.state': 'Province or state',
  'practice.address.postalCode': 'Postal code',
  'practice.address.country': 'Country',
  'practice.availability.day': 'Day',
  'practice.availability.start': 'From',
  'practice.availability.end': 'To',
  'practice.availability.add': 'Add a slot',
  'practice.availability.remove': 'Remove the slot {slot}',
  'practice.availability.slot': '{day}, {start} to {end}',
  'practice.availability.empty': 'No weekly slots yet.',
  'practice.availability.hint': 'The weekly times patients can book, in your practice’s local time.',
  'practice.picture.label': 'Profile picture',
  'practice.picture.hint': 'PNG, JPEG or WebP, at most 2 MB. Shown in the sidebar and to patients in the app.',
  'practice.picture.choose': 'Choose a picture',
  'practice.picture.change': 'Change the picture',
  'practice.picture.alt': 'Your profile picture',
  'practice.picture.none': 'No picture yet',
  'practice.picture.uploaded': MESSAGES.fileUploaded,
} as const;

export type PracticeMessageKey = keyof typeof practiceMessagesEn;
export const practiceText = translator(practiceMessagesEn);
