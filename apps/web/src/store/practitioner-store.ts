import { create } from 'zustand';

/**
 * SPEC §3 'practitioner': choices being edited before they are saved (languages and
 * specializations by id) and a flag that settings were saved, for a confirmation.
 */
export interface PractitionerState {
  languages: number[];
  specializations: number[];
  settingsUpdated: boolean;
  setLanguages: (ids: number[]) => void;
  setSpecializations: (ids: number[]) => void;
  setSettingsUpdated: (updated: boolean) => void;
}

export const usePractitionerStore = create<PractitionerState>()((set) => ({
  languages: [],
  specializations: [],
  settingsUpdated: false,
  setLanguages: (languages) => set({ languages }),
  setSpecializations: (specializations) => set({ specializations }),
  setSettingsUpdated: (settingsUpdated) => set({ settingsUpdated }),
}));
