import { create } from 'zustand';

/** SPEC §3 'onboarding': progress of the onboarding steps in this tab. */
export interface OnboardingState {
  onboardingCompleted: boolean;
  identifier: string | null;
  setOnboardingCompleted: (completed: boolean) => void;
  setIdentifier: (identifier: string | null) => void;
}

export const useOnboardingStore = create<OnboardingState>()((set) => ({
  onboardingCompleted: false,
  identifier: null,
  setOnboardingCompleted: (onboardingCompleted) => set({ onboardingCompleted }),
  setIdentifier: (identifier) => set({ identifier }),
}));
