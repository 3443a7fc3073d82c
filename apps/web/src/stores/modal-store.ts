import { createStore, useStore } from './create-store';

/**
 * The site-wide modal that is open, if any. One at a time: opening another replaces it, as the
 * original did (login over register, register over login).
 */
export type OpenModal =
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'announcement'; announcementId?: string }
  | { kind: 'notice'; titleKey: string; messageKey: string };

export const modalStore = createStore<OpenModal | null>(null);

export const openModal = (modal: OpenModal): void => modalStore.set(modal);
export const closeModal = (): void => modalStore.set(null);
export const useOpenModal = (): OpenModal | null => useStore(modalStore);
