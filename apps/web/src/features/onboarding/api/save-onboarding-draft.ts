import { type OnboardingDraft } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { call } from '../../../lib/api-client';

/** Keeps what the onboarding form holds, valid or not yet. */
export function saveOnboardingDraft(draft: OnboardingDraft) {
  return call(practiceApi.saveOnboardingDraft, { body: draft });
}
