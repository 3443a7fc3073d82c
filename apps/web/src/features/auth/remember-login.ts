import { apiPaths, type ForgetRememberRequest } from '@lotus/contract';
import { apiRequest } from '../../lib/api-client';

/**
 * "Remember me" (spec §4, §9; ARCHITECTURE.md "Member site"): never the password, only the username
 * and the one-day, revocable remember token the server answered. It lives in localStorage so that
 * it outlasts the tab (the session token does not), and dies after one day here whatever the
 * server's own expiry says.
 */
export interface RememberedLogin {
  username: string;
  rememberToken: string;
  /** Epoch ms after which it is dropped unread. */
  expiresAt: number;
}

export const rememberedLoginStorageKey = 'rememberedLogin';
/** spec §9: remembered for one day. */
export const rememberDurationMs = 24 * 60 * 60_000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (private modes, sandboxed frames): nothing is remembered.
    return null;
  }
}

function isRememberedLogin(value: unknown): value is RememberedLogin {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.username === 'string' &&
    candidate.username !== '' &&
    typeof candidate.rememberToken === 'string' &&
    candidate.rememberToken !== '' &&
    typeof candidate.expiresAt === 'number'
  );
}

/** The live remembered login, or null; an expired or unreadable one is removed on the way. */
export function findRememberedLogin(nowMs = Date.now()): RememberedLogin | null {
  const raw = storage()?.getItem(rememberedLoginStorageKey);
  if (!raw) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isRememberedLogin(parsed) || parsed.expiresAt <= nowMs) {
    clearRememberedLogin();
    return null;
  }
  return parsed;
}

/** Whether `username` (as typed) is the remembered one: usernames are unique whatever the case. */
export function isRememberedUsername(
  remembered: RememberedLogin | null,
  username: string,
): remembered is RememberedLogin {
  return remembered !== null && remembered.username.toLowerCase() === username.trim().toLowerCase();
}

export function saveRememberedLogin(login: { username: string; rememberToken: string }, nowMs = Date.now()): void {
  const remembered: RememberedLogin = {
    username: login.username,
    rememberToken: login.rememberToken,
    expiresAt: nowMs + rememberDurationMs,
  };
  try {
    storage()?.setItem(rememberedLoginStorageKey, JSON.stringify(remembered));
  } catch {
    // Quota or disabled storage: the member simply types the password next time.
  }
}

/** Forgets locally only: for a token the server already refused. */
export function clearRememberedLogin(): void {
  try {
    storage()?.removeItem(rememberedLoginStorageKey);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The member unticked "remember me" (or logged in without it): DELETE /wps/session/remember so the
 * token stops working on the server too, then forget it here. Forgotten locally even when the call
 * fails, so unticking always means "not remembered on this browser".
 */
export async function forgetRememberedLogin(): Promise<void> {
  const remembered = findRememberedLogin();
  if (!remembered) return;
  clearRememberedLogin();
  const body: ForgetRememberRequest = { username: remembered.username, rememberToken: remembered.rememberToken };
  await apiRequest<unknown>(apiPaths.rememberForget, { method: 'DELETE', body, isSilent: true }).catch(() => undefined);
}
