import { create } from 'zustand';

/** SPEC §3 'session': selections and flags of the session screens (ids only; records stay in Query). */
export interface SessionState {
  result: string | null;
  selectedCollection: number | null;
  warehouseCreated: boolean;
  /** Raised when a session changed, so lists know to refresh; reset once the shell has loaded. */
  sessionsChange: boolean;
  /** The sidebar shows the session links while a session's pages are open. */
  sessionSidebar: boolean;
  /** Id of the session whose pages are open. */
  selectedSession: string | null;
  setResult: (id: string | null) => void;
  setSelectedCollection: (id: number | null) => void;
  setWarehouseCreated: (created: boolean) => void;
  setSessionsChange: (changed: boolean) => void;
  openSession: (id: string) => void;
  closeSession: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  result: null,
  selectedCollection: null,
  warehouseCreated: false,
  sessionsChange: false,
  sessionSidebar: false,
  selectedSession: null,
  setResult: (result) => set({ result }),
  setSelectedCollection: (selectedCollection) => set({ selectedCollection }),
  setWarehouseCreated: (warehouseCreated) => set({ warehouseCreated }),
  setSessionsChange: (sessionsChange) => set({ sessionsChange }),
  openSession: (id) => set({ sessionSidebar: true, selectedSession: id }),
  closeSession: () => set({ sessionSidebar: false, selectedSession: null }),
}));
