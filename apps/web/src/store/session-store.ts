import { create } from 'zustand';

/** SPEC §3 'session': selections and flags of the session screens (ids only; records stay in Query). */
export interface SessionState {
  /** The sidebar shows the session links while a session's pages are open. */
  sessionSidebar: boolean;
  /** Id of the session whose pages are open. */
  selectedSession: string | null;
  openSession: (id: string) => void;
  closeSession: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  sessionSidebar: false,
  selectedSession: null,
  openSession: (id) => set({ sessionSidebar: true, selectedSession: id }),
  closeSession: () => set({ sessionSidebar: false, selectedSession: null }),
}));
