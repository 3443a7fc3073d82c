// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  clearRememberedLogin,
  findRememberedLogin,
  forgetRememberedLogin,
  isRememberedUsername,
  rememberDurationMs,
  rememberedLoginStorageKey,
  saveRememberedLogin,
} from './remember-login';
import { installFakeApi, ok, refuse } from './testing';

const token = 'r'.repeat(43);

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('remembered login (spec §4, §9: one day, never the password)', () => {
  test('keeps exactly username, token and an expiry one day ahead', () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken: token }, 1_000);
    expect(JSON.parse(window.localStorage.getItem(rememberedLoginStorageKey)!)).toEqual({
      username: 'somchai88',
      rememberToken: token,
      expiresAt: 1_000 + rememberDurationMs,
    });
    expect(rememberDurationMs).toBe(24 * 60 * 60 * 1000);
    expect(findRememberedLogin(1_000 + rememberDurationMs - 1)?.username).toBe('somchai88');
  });

  test('an expired one is dropped when read', () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken: token }, 1_000);
    expect(findRememberedLogin(1_000 + rememberDurationMs)).toBeNull();
    expect(window.localStorage.getItem(rememberedLoginStorageKey)).toBeNull();
  });

  test.each([
    ['not JSON', '{oops'],
    ['no token', JSON.stringify({ username: 'a', expiresAt: Date.now() + 1000 })],
    ['empty username', JSON.stringify({ username: '', rememberToken: token, expiresAt: Date.now() + 1000 })],
    ['expiry not a number', JSON.stringify({ username: 'a', rememberToken: token, expiresAt: '2099' })],
  ])('an unreadable entry (%s) is dropped', (_case, raw) => {
    window.localStorage.setItem(rememberedLoginStorageKey, raw);
    expect(findRememberedLogin()).toBeNull();
    expect(window.localStorage.getItem(rememberedLoginStorageKey)).toBeNull();
  });

  test('the username matches whatever the case and surrounding spaces', () => {
    saveRememberedLogin({ username: 'Somchai88', rememberToken: token });
    const remembered = findRememberedLogin();
    expect(isRememberedUsername(remembered, ' somchai88 ')).toBe(true);
    expect(isRememberedUsername(remembered, 'somchai8')).toBe(false);
    expect(isRememberedUsername(null, 'somchai88')).toBe(false);
  });

  test('forgetting revokes it on the server with username and token, then clears it', async () => {
    const { calls } = installFakeApi({ [`DELETE ${apiPaths.rememberForget}`]: () => ok(null) });
    saveRememberedLogin({ username: 'somchai88', rememberToken: token });
    await forgetRememberedLogin();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['DELETE', apiPaths.rememberForget, { username: 'somchai88', rememberToken: token }],
    ]);
    expect(findRememberedLogin()).toBeNull();
  });

  test('forgetting clears it here even when the server refuses, and calls nothing when there is none', async () => {
    const { calls } = installFakeApi({
      [`DELETE ${apiPaths.rememberForget}`]: () => refuse(400, 'login.remember.invalid', 'Invalid'),
    });
    saveRememberedLogin({ username: 'somchai88', rememberToken: token });
    await forgetRememberedLogin();
    expect(findRememberedLogin()).toBeNull();
    await forgetRememberedLogin();
    expect(calls).toHaveLength(1);
    clearRememberedLogin();
  });
});
