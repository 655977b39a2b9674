import { practiceApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** GET /portal/me/onboarding-draft: what the form held last time, kept on the server (not in the browser). */
export function getOnboardingDraft(signal?: AbortSignal) {
  return call(practiceApi.onboardingDraft, { signal });
}

export const onboardingDraftQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.draft(),
    queryFn: ({ signal }) => getOnboardingDraft(signal),
    // Read once when the form opens; from then on the form is the source and saves itself.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useOnboardingDraft() {
  return useQuery(onboardingDraftQueryOptions());
}
