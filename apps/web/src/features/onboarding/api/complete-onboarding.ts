import type { OnboardingBody, PractitionerMe } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** POST /portal/me/: registers the practice (status 1, created). */
export function completeOnboarding(body: OnboardingBody): Promise<PractitionerMe> {
  return apiRequest<PractitionerMe>('/portal/me/', { method: 'POST', body });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async (me) => {
      queryClient.removeQueries({ queryKey: onboardingKeys.all });
      // The shell reads the profile under this key (the practitioner feature's): it now exists.
      queryClient.setQueryData(['practitioner', 'me'], me);
      await queryClient.invalidateQueries({ queryKey: ['practitioner'] });
    },
  });
}
