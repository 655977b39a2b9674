import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ModalState {
  opened: boolean;
  title: string;
  content: ReactNode;
}

const closed: ModalState = { opened: false, title: '', content: null };

/** SPEC §3 'system': app-wide UI state. Server data never lives here (TanStack Query holds it). */
export interface SystemState {
  errorModal: ModalState;
  successModal: ModalState;
  /** Whether the sidebar is shown on narrow screens (it is always shown on wide ones). */
  sidebarOpened: boolean;
  /** Title defaults to the error modal's fixed title. */
  showError: (content: ReactNode, title?: string) => void;
  closeError: () => void;
  showSuccess: (content: ReactNode, title?: string) => void;
  closeSuccess: () => void;
  toggleSidebar: () => void;
  closeSidebar: () => void;
}

export const useSystemStore = create<SystemState>()((set) => ({
  errorModal: closed,
  successModal: closed,
  sidebarOpened: false,
  showError: (content, title = '') => set({ errorModal: { opened: true, title, content } }),
  closeError: () => set((s) => ({ errorModal: { ...s.errorModal, opened: false } })),
  showSuccess: (content, title = '') => set({ successModal: { opened: true, title, content } }),
  closeSuccess: () => set((s) => ({ successModal: { ...s.successModal, opened: false } })),
  toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
  closeSidebar: () => set({ sidebarOpened: false }),
}));
