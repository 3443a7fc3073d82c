// @vitest-environment jsdom
import { apiPaths, type LoginVerifyRequiredValue } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { session } from '../../../lib/session';
import { modalStore, type LoginAttempt } from '../../../stores/modal-store';
import {
  initTestI18n,
  installFakeApi,
  ok,
  prepareSealing,
  refuse,
  renderWithProviders,
  type FakeRoute,
} from '../testing';
import { LoginVerificationModal } from './login-verification-modal';

const loginResult = { token: 'verified-token', firstTimeLogin: false, passwordExpired: false, captchaRequired: false };
const memberInfo = {
  id: 7,
  account: 'somchai88',
  userName: null,
  nickname: null,
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mobile: null,
  email: null,
  regDate: 0,
  language: 'EN',
  lastLoginAt: null,
};
const attempt: LoginAttempt = {
  type: 'username',
  username: 'somchai88',
  typedPassword: 'secret123',
  isRemembered: false,
};
const challenge: LoginVerifyRequiredValue = {
  verifyToken: 'vt-1',
  methods: ['mobile', 'email', 'bankName', 'totp'],
  mobile: '+66 81****678',
  email: 'so****@example.com',
};

function api(overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`POST ${apiPaths.loginVerificationCode}`]: () => ok({ expiredMinutes: 2 }),
    [`POST ${apiPaths.loginVerification}`]: () => ok(loginResult),
    [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
    [`DELETE ${apiPaths.rememberForget}`]: () => ok(null),
    ...overrides,
  });
}

function renderModal(value: LoginVerifyRequiredValue = challenge, loginAttempt: LoginAttempt = attempt) {
  modalStore.set({ kind: 'loginVerification', challenge: value, attempt: loginAttempt });
  return renderWithProviders(<LoginVerificationModal challenge={value} attempt={loginAttempt} />);
}

beforeAll(async () => {
  await initTestI18n();
  await prepareSealing();
});
beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
  modalStore.set(null);
});

const verifyButton = () => screen.getByRole('button', { name: 'Verify and log in' });

describe('new-IP verification modal (spec §4)', () => {
  test('offers exactly the methods of the answer, with where a code goes', () => {
    api();
    renderModal({ ...challenge, methods: ['email', 'totp'] });
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'By e-mail',
      'Authenticator app',
    ]);
    expect(screen.getByText('The code is sent to so****@example.com')).toBeTruthy();
  });

  test('mobile: send code counts down 60 s x expiredMinutes; the code finishes the login like a normal one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls } = api();
    renderModal();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: apiPaths.loginVerificationCode,
      body: { verifyToken: 'vt-1', method: 'mobile' },
    });
    expect(screen.getByRole('button', { name: 'Resend in 120s' })).toHaveProperty('disabled', true);
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(screen.getByRole('button', { name: 'Send again' })).toHaveProperty('disabled', false);
    vi.useRealTimers();

    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: ' 123 456 ' } });
    await act(async () => fireEvent.click(verifyButton()));
    await waitFor(() => expect(modalStore.get()).toBeNull());
    const verify = calls.find((call) => call.path === apiPaths.loginVerification)!;
    expect(verify.isSealed).toBe(true);
    expect(verify.body).toEqual({ verifyToken: 'vt-1', method: 'mobile', verificationCode: '123456' });
    expect(session.getToken()).toBe('verified-token');
  });

  test('bank account name is sent as payeeName; a wrong one is shown under the field', async () => {
    const { calls } = api({
      [`POST ${apiPaths.loginVerification}`]: () => refuse(400, 'login.verify.failed', 'The answer does not match'),
    });
    renderModal();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank account name' }));
    await act(async () => fireEvent.click(verifyButton()));
    expect(screen.getByText('Please enter the name on your bank account')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name on your bank account'), { target: { value: ' Somchai Jaidee ' } });
    await act(async () => fireEvent.click(verifyButton()));
    expect(await screen.findByText('The answer does not match')).toBeTruthy();
    expect(calls.find((call) => call.path === apiPaths.loginVerification)!.body).toEqual({
      verifyToken: 'vt-1',
      method: 'bankName',
      payeeName: 'Somchai Jaidee',
    });
    expect(session.getToken()).toBeNull();
  });

  test('authenticator: 6 digits checked before sending', async () => {
    const { calls } = api();
    renderModal({ ...challenge, methods: ['totp'] });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '12345' } });
    await act(async () => fireEvent.click(verifyButton()));
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  test('the rule message shows under the code field; a refusal naming verificationCode goes under it, not under the form', async () => {
    const { calls } = api({
      [`POST ${apiPaths.loginVerification}`]: () =>
        refuse(400, 'validation.failed', 'This code has expired', 'verificationCode'),
    });
    renderModal({ ...challenge, methods: ['totp'] });
    const code = screen.getByLabelText('Authenticator code');
    const field = code.closest('.auth-field') as HTMLElement;
    fireEvent.change(code, { target: { value: '12a456' } });
    await act(async () => fireEvent.click(verifyButton()));
    expect(field.querySelector('.auth-field__error')!.textContent).toBe('The code has 6 digits');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(verifyButton()));
    await waitFor(() => expect(field.querySelector('.auth-field__error')?.textContent).toBe('This code has expired'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((call) => call.path === apiPaths.loginVerification)!.body).toEqual({
      verifyToken: 'vt-1',
      method: 'totp',
      verificationCode: '123456',
    });
  });

  test('a forced change still follows: the password typed at login is carried over', async () => {
    api({ [`POST ${apiPaths.loginVerification}`]: () => ok({ ...loginResult, passwordExpired: true }) });
    renderModal({ ...challenge, methods: ['totp'] });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '654321' } });
    await act(async () => fireEvent.click(verifyButton()));
    await waitFor(() => expect(modalStore.get()?.kind).toBe('changePassword'));
    expect(modalStore.get()).toMatchObject({ isForced: true, account: 'somchai88', knownPassword: 'secret123' });
  });

  test('an expired verification asks to log in again', async () => {
    api({ [`POST ${apiPaths.loginVerificationCode}`]: () => refuse(400, 'login.verify.expired', 'Expired') });
    renderModal();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(screen.getByRole('alert').textContent).toBe('This verification has expired. Please log in again.');
    fireEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
  });
});
