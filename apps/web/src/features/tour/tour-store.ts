import { create } from 'zustand';

/** Whether the demo tour is open and where in it the practitioner is. */
export interface TourState {
  opened: boolean;
  step: number;
  open: () => void;
  close: () => void;
  setStep: (step: number) => void;
}

export const useTourStore = create<TourState>()((set) => ({
  opened: false,
  step: 0,
  open: () => set({ opened: true, step: 0 }),
  close: () => set({ opened: false }),
  setStep: (step) => set({ step }),
}));
