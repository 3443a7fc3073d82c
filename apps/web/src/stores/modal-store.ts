import { createStore, useStore } from './create-store';

/**
 * The site-wide modal that is open, if any. One at a time: opening another replaces it, as the
 * original did (login over register, register over login).
 */
export type OpenModal =
  /** `prefill`: the top bar's form was submitted; the modal goes straight to the slider. */
  | { kind: 'login'; prefill?: { username: string; password: string } }
  /** The logout confirmation of the logged-in strip (spec §2). */
  | { kind: 'logout' }
  | { kind: 'register' }
  | { kind: 'announcement'; announcementId?: string }
  | { kind: 'notice'; titleKey: string; messageKey: string };

export const modalStore = createStore<OpenModal | null>(null);

export const openModal = (modal: OpenModal): void => modalStore.set(modal);
export const closeModal = (): void => modalStore.set(null);
export const useOpenModal = (): OpenModal | null => useStore(modalStore);
