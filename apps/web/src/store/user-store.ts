import { create } from 'zustand';

/** SPEC §3 'user': only whether the signed-in user's data has loaded; the data itself is in Query. */
export interface UserState {
  loaded: boolean;
  setLoaded: (loaded: boolean) => void;
}

export const useUserStore = create<UserState>()((set) => ({
  loaded: false,
  setLoaded: (loaded) => set({ loaded }),
}));
