import type { OnboardingDraft, OnboardingDraftResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /portal/me/onboarding-draft: keeps what the form holds, valid or not yet. */
export function saveOnboardingDraft(draft: OnboardingDraft): Promise<OnboardingDraftResponse> {
  return apiRequest<OnboardingDraftResponse>('/portal/me/onboarding-draft', { method: 'PUT', body: draft });
}
