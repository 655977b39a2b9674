import {
  OnboardingBody,
  VALIDATION_MESSAGES,
  firstIssue,
  slotsOverlap,
  SLOTS_OVERLAP,
  zCategoryId,
  zDescription,
  zHpcsaNumber,
  zPracticeNumber,
} from '@portal/contract';
import { addressErrors, slotErrors } from '../../components/practice/checks';
import type { FieldErrors } from '../../lib/schema-errors';
import { STEPS, type OnboardingValues, type StepKey } from './form';

// The wizard's checks, with the contract's zod schemas: loaded beside the page, not in its chunk
// (`onboardingChecks`, issue 35).

const put = (errors: FieldErrors, key: string, message: string | null | undefined) => {
  if (message) errors[key] = message;
};

/** The errors of one step, checked with the contract's validators. */
export function stepErrors(step: StepKey, values: OnboardingValues, tosAccepted: boolean): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 'practice':
      put(errors, 'categoryID', values.categoryID === null ? VALIDATION_MESSAGES.REQUIRED : firstIssue(zCategoryId, values.categoryID));
      put(errors, 'hpcsaNumber', firstIssue(zHpcsaNumber, values.hpcsaNumber));
      put(errors, 'practiceNumber', firstIssue(zPracticeNumber, values.practiceNumber));
      put(errors, 'description', firstIssue(zDescription, values.description));
      break;
    case 'expertise':
      put(errors, 'languages', firstIssue(OnboardingBody.shape.languages, values.languages));
      put(errors, 'specializations', firstIssue(OnboardingBody.shape.specializations, values.specializations));
      break;
    case 'address':
      for (const [key, message] of Object.entries(addressErrors(values.address))) put(errors, `address.${key}`, message);
      break;
    case 'availability':
      if (values.availability.length === 0) put(errors, 'availability', VALIDATION_MESSAGES.REQUIRED);
      values.availability.forEach((slot, i) => {
        for (const [key, message] of Object.entries(slotErrors(slot))) put(errors, `availability.${i}.${key}`, message);
        const complete = slot.dayOfWeek !== null && !errors[`availability.${i}.startTime`] && !errors[`availability.${i}.endTime`];
        const overlaps = values.availability.some((other, j) => j < i && other.dayOfWeek !== null && complete && slotsOverlap(slot as never, other as never));
        if (overlaps) put(errors, `availability.${i}.startTime`, SLOTS_OVERLAP);
      });
      break;
    case 'terms':
      if (!tosAccepted) put(errors, 'tosAccepted', VALIDATION_MESSAGES.REQUIRED);
      break;
    case 'picture':
      break;
  }
  return errors;
}

export function allErrors(values: OnboardingValues, tosAccepted: boolean): FieldErrors {
  return Object.assign({}, ...STEPS.map((s) => stepErrors(s, values, tosAccepted)));
}
