import type { SocialProvider } from '@lotus/contract';
import { startSocialFlow } from '../api/social-login';

/**
 * The browser's half of a social login (server: modules/identity/social): the flow token the start
 * call answers stays in this tab (sessionStorage: it survives the trip to the provider and back, and
 * no other tab or site sees it) until the callback page spends it.
 */

const storageKey = 'lotus.socialFlow';

export interface StoredSocialFlow {
  flowToken: string;
  provider: SocialProvider;
  /** Started from the member centre to link the provider to the logged-in account. */
  isLink: boolean;
  expiresAtMs: number;
}

/** Where the browser goes; an object so tests can watch it (jsdom does not navigate). */
export const socialNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export function saveSocialFlow(flow: StoredSocialFlow): void {
  window.sessionStorage.setItem(storageKey, JSON.stringify(flow));
}

/** The flow this tab started; null when none or expired. */
export function findSocialFlow(nowMs = Date.now()): StoredSocialFlow | null {
  const raw = window.sessionStorage.getItem(storageKey);
  if (!raw) return null;
  try {
    const flow = JSON.parse(raw) as Partial<StoredSocialFlow>;
    if (typeof flow.flowToken !== 'string' || typeof flow.provider !== 'string') return null;
    if (typeof flow.expiresAtMs === 'number' && flow.expiresAtMs < nowMs) return null;
    return flow as StoredSocialFlow;
  } catch {
    return null;
  }
}

/** Starts a flow and sends the browser to the provider. Throws the start call's ApiError (switched off, not configured). */
/** Forgets the flow once its callback is sent (a flow is spent once). */
export function clearSocialFlow(): void {
  window.sessionStorage.removeItem(storageKey);
}

export async function beginSocialFlow(provider: SocialProvider, isLink: boolean): Promise<void> {
  const started = await startSocialFlow(provider, isLink);
  saveSocialFlow({ flowToken: started.flowToken, provider, isLink, expiresAtMs: started.expiresAtMs });
  socialNavigation.assign(started.authorizationUrl);
}

export const socialProviderNames: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  line: 'LINE',
  google: 'Google',
};
