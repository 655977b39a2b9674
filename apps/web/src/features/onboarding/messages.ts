import { translator } from '../../i18n/i18n';

/** Onboarding and the provider's review: loaded with the onboarding and course pages. */
export const onboardingMessagesEn = {
  'onboarding.heading': 'Register your practice',
  'onboarding.intro': 'Tell us about your practice. What you type is saved as you go, so you can leave and come back.',
  'onboarding.step.practice': 'Practice',
  'onboarding.step.picture': 'Picture',
  'onboarding.step.expertise': 'Languages',
  'onboarding.step.address': 'Address',
  'onboarding.step.availability': 'Availability',
  'onboarding.step.terms': 'Terms',
  'onboarding.stepHeading.practice': 'Your practice',
  'onboarding.stepHeading.picture': 'Your profile picture',
  'onboarding.stepHeading.expertise': 'Languages and specializations',
  'onboarding.stepHeading.address': 'Practice address',
  'onboarding.stepHeading.availability': 'Availability',
  'onboarding.stepHeading.terms': 'Portal Terms & Conditions',
  'onboarding.stepOf': 'Step {step} of {total}',
  'onboarding.back': 'Back',
  'onboarding.next': 'Next',
  'onboarding.submit': 'Register my practice',
  'onboarding.skipPicture': 'You can add a picture later in Settings.',
  'onboarding.fixErrors': 'Some fields need your attention: {steps}.',
  'onboarding.draft.saving': 'Saving your draft…',
  'onboarding.draft.saved': 'Draft saved',
  'onboarding.draft.failed': 'Your draft could not be saved just now; it is kept on this page and saved again with your next change.',
  'onboarding.terms.intro': 'Read the Portal Terms & Conditions and accept them to register your practice.',
  'onboarding.terms.accept': 'Accept the Portal Terms & Conditions',
  'onboarding.terms.accepted': 'You have accepted the Portal Terms & Conditions.',
  'onboarding.terms.required': 'Accept the Portal Terms & Conditions to register your practice.',
  'review.heading': 'Your practice is being reviewed',
  'review.text':
    'Thank you for registering. The provider reviews every new practice: this usually takes a few hours, and we will confirm the outcome by email.',
  'review.meanwhile': 'Meanwhile, take the onboarding course and its test, or look around the portal with a demo tour.',
  'review.tour': 'Take the demo tour',
  'review.course': 'Go to the course',
  'review.banner': 'Your practice is awaiting the provider’s review (usually a few hours, confirmed by email).',
  'review.declinedHeading': 'Your practice was not accepted',
  'review.declined': 'The provider could not accept your practice registration. If you think this is a mistake, please contact us.',
  'review.contact': 'Contact us',
} as const;

export type OnboardingMessageKey = keyof typeof onboardingMessagesEn;
export const onboardingText = translator(onboardingMessagesEn);
