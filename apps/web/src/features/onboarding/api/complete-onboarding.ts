import { type OnboardingBody } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** POST /portal/me/: registers the practice (status 1, created). */
export function completeOnboarding(body: OnboardingBody) {
  return call(practiceApi.completeOnboarding, { body });
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
