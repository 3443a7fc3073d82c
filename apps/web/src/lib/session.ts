/**
 * Session storage of spec §3. Everything the site remembers lives here, under the spec's keys,
 * so closing the tab forgets the login (the token is never put in localStorage).
 */
export type Language = 'TH' | 'EN';

const keys = {
  token: 'token',
  isAgent: 'isAgent',
  lang: 'lang',
  /** The language chosen before the current one; the original kept it to restore after logout. */
  hisLang: 'hisLang',
  /** Caches of public data, so a reload draws at once while the fresh copy loads. */
  settings: 'settings',
  validate: 'validate',
  routers: 'routers',
  gameVendor: 'gameVendor',
  indexNotice: 'index_notice',
  merchantWallet: 'merchantWallet',
  /** Set once the popup announcement has been shown in this session. */
  popupShown: 'popupShown',
  /**
   * The original's "change password" mark (spec §4 "remove 'cpw'"): the account that must change its
   * password before anything else, so a reload during a forced change still knows whom to log in again.
   */
  cpw: 'cpw',
} as const;

export type CacheKey = 'settings' | 'validate' | 'routers' | 'gameVendor' | 'indexNotice' | 'merchantWallet';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, sandboxed frames): behave as an empty session.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Same as read: a session without storage simply remembers nothing.
  }
}

/**
 * Tells the server this browser has a logged-in member (a cookie that names no one; the token stays
 * in session storage): it then sends pages without a visitor's first screen drawn in them, which a
 * member's page would replace (apps/server/src/http/static-site.ts, memberHintCookie).
 */
function setMemberHint(isMember: boolean): void {
  try {
    document.cookie = isMember
      ? 'lotus_member=1; path=/; SameSite=Lax'
      : 'lotus_member=; path=/; max-age=0; SameSite=Lax';
  } catch {
    // No document (a test without one): nothing to tell.
  }
}

/**
 * Tells the server the language this browser last drew in (a session cookie, like the session storage
 * it mirrors), so a reload in English arrives drawn in English (apps/server/src/http/static-site.ts,
 * languageHintCookie) rather than Thai redrawn.
 */
function setLanguageHint(language: Language): void {
  try {
    document.cookie = `lotus_lang=${language}; path=/; SameSite=Lax`;
  } catch {
    // No document (a test without one): nothing to tell.
  }
}

/** Listeners told when the token appears or goes (login, logout, a forced logout on a 401). */
const tokenListeners = new Set<() => void>();
const notifyTokenListeners = (): void => tokenListeners.forEach((listener) => listener());

export const session = {
  getToken: (): string | null => read(keys.token),
  /** After a login or registration: keeps the token for this tab and tells the listeners. */
  logIn: (token: string): void => {
    write(keys.token, token);
    setMemberHint(true);
    notifyTokenListeners();
  },
  setIsAgent: (isAgent: number): void => write(keys.isAgent, String(isAgent)),
  /**
   * Logout and forced logout (spec §4): clears session storage except the language (lang, hisLang),
   * so the site stays in the member's language.
   */
  clear: (): void => {
    const hadToken = Boolean(read(keys.token));
    const lang = read(keys.lang);
    const hisLang = read(keys.hisLang);
    try {
      window.sessionStorage.clear();
    } catch {
      // Storage disabled: nothing was kept anyway.
    }
    write(keys.lang, lang);
    write(keys.hisLang, hisLang);
    if (hadToken) setMemberHint(false);
    if (hadToken) notifyTokenListeners();
  },
  subscribeToken: (listener: () => void): (() => void) => {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
  hasToken: (): boolean => Boolean(read(keys.token)),
  /** isAgent of spec §3: 1, 2, 41, 42 agents; 4 a trial or guest account. */
  getIsAgent: (): number | null => {
    const raw = read(keys.isAgent);
    return raw === null || raw === '' ? null : Number(raw);
  },
  getLanguage: (): Language | null => {
    const raw = read(keys.lang);
    return raw === 'TH' || raw === 'EN' ? raw : null;
  },
  setLanguage: (language: Language): void => {
    const previous = read(keys.lang);
    if (previous && previous !== language) write(keys.hisLang, previous);
    write(keys.lang, language);
    setLanguageHint(language);
  },
  /** The tab's language to the server again: tabs share cookies, not session storage. */
  tellServerLanguage: (): void => setLanguageHint(session.getLanguage() ?? 'TH'),
  readCache: <T>(key: CacheKey): T | undefined => {
    const raw = read(keys[key]);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      write(keys[key], null);
      return undefined;
    }
  },
  writeCache: (key: CacheKey, value: unknown): void => write(keys[key], JSON.stringify(value)),
  isPopupShown: (): boolean => read(keys.popupShown) === '1',
  markPopupShown: (): void => write(keys.popupShown, '1'),
  getPendingPasswordChange: (): string | null => read(keys.cpw) || null,
  setPendingPasswordChange: (account: string): void => write(keys.cpw, account),
  clearPendingPasswordChange: (): void => write(keys.cpw, null),
};
