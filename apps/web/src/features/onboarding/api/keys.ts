export const onboardingKeys = {
  all: ['onboarding'] as const,
  draft: () => [...onboardingKeys.all, 'draft'] as const,
};
