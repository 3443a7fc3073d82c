/**
 * What the back-office remembers. The token lives in sessionStorage under its own key (the member
 * site on the same origin uses `token`), so closing the tab logs the operator out and a member's
 * login never mixes with an operator's. The language survives in localStorage.
 */
export type Language = 'TH' | 'EN';

const keys = {
  token: 'lotus.admin.token',
  language: 'lotus.admin.language',
  merchant: 'lotus.admin.merchant',
} as const;

function read(storage: 'session' | 'local', key: string): string | null {
  try {
    return (storage === 'session' ? window.sessionStorage : window.localStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: 'session' | 'local', key: string, value: string | null): void {
  try {
    const store = storage === 'session' ? window.sessionStorage : window.localStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage can be disabled: the session then lasts as long as the page.
  }
}

const listeners = new Set<() => void>();
let memoryToken: string | null = null;

export const session = {
  getToken(): string | null {
    return read('session', keys.token) ?? memoryToken;
  },
  setToken(token: string): void {
    memoryToken = token;
    write('session', keys.token, token);
    for (const listener of listeners) listener();
  },
  clear(): void {
    memoryToken = null;
    write('session', keys.token, null);
    for (const listener of listeners) listener();
  },
  onTokenChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getLanguage(): Language | null {
    const value = read('local', keys.language);
    return value === 'TH' || value === 'EN' ? value : null;
  },
  setLanguage(language: Language): void {
    write('local', keys.language, language);
  },
  /**
   * The merchant code sent as `Merchant`, when the back-office is not on the merchant's own domain
   * (`/admin?merchant=code` sets it). Null: the server resolves the merchant from the host.
   */
  getMerchant(): string | null {
    return read('local', keys.merchant);
  },
  setMerchant(code: string | null): void {
    write('local', keys.merchant, code);
  },
};
