import { useCallback } from 'react';
import { openModal } from '../stores/modal-store';
import { session } from './session';

/** isAgent value of a trial or guest account (spec §3), which may not use real-money features. */
export const trialAccountIsAgent = 4;

export type LoginGateResult = 'allowed' | 'needs-login' | 'needs-real-account';

/** spec §4 "Login gate", as a pure decision so it can be tested without a page. */
export function decideLoginGate(token: string | null, isAgent: number | null): LoginGateResult {
  if (!token) return 'needs-login';
  if (isAgent === trialAccountIsAgent) return 'needs-real-account';
  return 'allowed';
}

/**
 * Guards a protected action: without a token the login modal opens and the action stops; a trial
 * account gets "Please Register An Account First" and stops; otherwise the action runs.
 */
export function useLoginGate(): (action: () => void) => void {
  return useCallback((action: () => void) => {
    const result = decideLoginGate(session.getToken(), session.getIsAgent());
    if (result === 'needs-login') openModal({ kind: 'login' });
    else if (result === 'needs-real-account')
      openModal({ kind: 'notice', titleKey: 'in_popup_prompt', messageKey: 'in_need_real_account' });
    else action();
  }, []);
}
