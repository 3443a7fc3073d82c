// @vitest-environment jsdom
import { apiPaths, socialLoginPaths, type FeatureSwitches } from '@lotus/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import { findRememberedLogin, rememberedLoginStorageKey, saveRememberedLogin } from '../remember-login';
import {
  demoCountries,
  demoRegisterSettings,
  installFakeApi,
  LocationProbe,
  ok,
  refuse,
  renderWithProviders,
  setUpSealedFormTests,
  type FakeCall,
  type FakeRoute,
} from '../testing';
import { socialNavigation } from '../social/social-flow';
import { LoginPanel } from './login-panel';

const switchesAllOn: FeatureSwitches = {
  mobileRegistration: true,
  smsVerificationOnRegister: true,
  mobileRegistrationPassword: true,
  usernameRegistration: true,
  freePlay: true,
  forcedPasswordChangeOnExpiry: true,
  smsCodeLogin: true,
  directRegistration: true,
  agentPolicy: true,
  manualPlayRebate: false,
  memberCentre: true,
  phoneVerification: true,
  firebase: { facebook: false, line: false, google: false, sms: false },
};

const loginResult = { token: 'new-token', firstTimeLogin: false, passwordExpired: false, captchaRequired: false };
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
const rememberToken = 'r'.repeat(43);

function api(switches: Partial<FeatureSwitches> = {}, overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { ...switchesAllOn, ...switches } }),
    [`GET ${apiPaths.registerSettings}`]: () => ok(demoRegisterSettings),
    [`GET ${apiPaths.country}`]: () => ok(demoCountries),
    [`POST ${apiPaths.login}`]: () => ok(loginResult),
    [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
    [`DELETE ${apiPaths.rememberForget}`]: () => ok(null),
    [`POST ${apiPaths.smsLogin}`]: () => ok({ expiredMinutes: 5 }),
    ...overrides,
  });
}

setUpSealedFormTests();
beforeEach(() => {
  window.localStorage.clear();
  modalStore.set({ kind: 'login' });
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name = 'Log in') => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const loginCalls = (calls: FakeCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === apiPaths.login);

describe('login modal tabs', () => {
  test('the SMS tab is offered only when smsCodeLogin is on', async () => {
    api({ smsCodeLogin: false });
    renderWithProviders(<LoginPanel />);
    await screen.findByRole('button', { name: 'Try for free' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  test('with smsCodeLogin on: Username and SMS tabs, arrow keys move between them', async () => {
    api();
    renderWithProviders(<LoginPanel />);
    const smsTab = await screen.findByRole('tab', { name: 'SMS' });
    const usernameTab = screen.getByRole('tab', { name: 'Username' });
    expect(usernameTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(usernameTab, { key: 'ArrowRight' });
    expect(smsTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
  });
});

describe('login by username: messages under their fields', () => {
  test('empty fields: each rule message under its own field; nothing is sent', async () => {
    const { calls } = api();
    renderWithProviders(<LoginPanel />);
    await submit();
    const fieldOf = (text: string) => screen.getByText(text).closest('.auth-field')?.querySelector('input')?.id;
    expect(fieldOf('Please enter your username')).toBe('login-username');
    expect(fieldOf('Please enter your password')).toBe('login-password');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(loginCalls(calls)).toHaveLength(0);
  });

  test('a refusal that names a field shows under it; one that names none under the form', async () => {
    let answer = refuse(400, 'validation.failed', 'The username holds characters that are not allowed', 'username');
    api({}, { [`POST ${apiPaths.login}`]: () => answer });
    renderWithProviders(<LoginPanel />);
    type('Username', 'som<chai>');
    type('Password', 'secret123');
    await submit();
    const message = await screen.findByText('The username holds characters that are not allowed');
    expect(message.closest('.auth-field')?.querySelector('input')?.id).toBe('login-username');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = refuse(400, 'login.failed', 'Wrong username or password');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
  });
});

describe('remember me', () => {
  test('ticked: the answer’s remember token is kept with the username for a day, never the password', async () => {
    const { calls } = api({}, { [`POST ${apiPaths.login}`]: () => ok({ ...loginResult, rememberToken }) });
    renderWithProviders(<LoginPanel />);
    type('Username', 'somchai88');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me for 1 day' }));
    await submit();
    await waitFor(() => expect(modalStore.get()).toBeNull());
    expect(loginCalls(calls)[0]!.body).toEqual({
      type: 'username',
      username: 'somchai88',
      password: 'secret123',
      sliderToken: 'bypass',
      remember: true,
    });
    const stored = window.localStorage.getItem(rememberedLoginStorageKey)!;
    expect(stored).not.toContain('secret123');
    expect(JSON.parse(stored)).toMatchObject({ username: 'somchai88', rememberToken });
    expect(session.getToken()).toBe('new-token');
  });

  test('a live remembered login fills the username; an empty password logs in with the token', async () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken });
    const { calls } = api();
    renderWithProviders(<LoginPanel />);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('somchai88');
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Remembered – leave empty to use it');
    expect((screen.getByRole('checkbox', { name: 'Remember me for 1 day' }) as HTMLInputElement).checked).toBe(true);
    await submit();
    await waitFor(() => expect(modalStore.get()).toBeNull());
    expect(loginCalls(calls)[0]!.body).toEqual({
      type: 'remember',
      username: 'somchai88',
      rememberToken,
      sliderToken: 'bypass',
      remember: true,
    });
  });

  test('another username does not use the remembered token and needs a password', async () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken });
    const { calls } = api();
    renderWithProviders(<LoginPanel />);
    type('Username', 'someoneelse');
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Enter your password');
    await submit();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(loginCalls(calls)).toHaveLength(0);
  });

  test('a refused remember token is forgotten and the password is asked for', async () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken });
    api(
      {},
      {
        [`POST ${apiPaths.login}`]: () =>
          refuse(400, 'login.remember.invalid', 'Your saved login has expired. Please enter your password.'),
      },
    );
    renderWithProviders(<LoginPanel />);
    await submit();
    expect(await screen.findByText('Your saved login has expired. Please enter your password.')).toBeTruthy();
    expect(findRememberedLogin()).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Enter your password');
    expect(modalStore.get()?.kind).toBe('login');
  });

  test('unticking revokes the remembered login on the server and here', async () => {
    saveRememberedLogin({ username: 'somchai88', rememberToken });
    const { calls } = api();
    renderWithProviders(<LoginPanel />);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me for 1 day' })));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')!.body).toEqual({ username: 'somchai88', rememberToken });
    expect(findRememberedLogin()).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Enter your password');
  });
});

describe('login outcomes', () => {
  test('passwordExpired opens the forced change with the password just typed, and keeps the account in cpw', async () => {
    api({}, { [`POST ${apiPaths.login}`]: () => ok({ ...loginResult, passwordExpired: true }) });
    renderWithProviders(<LoginPanel />);
    type('Username', 'agentkid01');
    type('Password', 'Given1234');
    await submit();
    await waitFor(() => expect(modalStore.get()?.kind).toBe('changePassword'));
    expect(modalStore.get()).toEqual({
      kind: 'changePassword',
      isForced: true,
      account: 'agentkid01',
      knownPassword: 'Given1234',
      isRemembered: false,
    });
    expect(session.getPendingPasswordChange()).toBe('agentkid01');
  });

  test('login_verify_required opens the verification modal carrying the same attempt', async () => {
    const value = { verifyToken: 'vt-1', methods: ['mobile', 'totp'], mobile: '+66 81****678', email: null };
    api(
      {},
      {
        [`POST ${apiPaths.login}`]: () => ({
          status: 403,
          envelope: { success: false, value, errorCode: 'login_verify_required', message: 'Please verify' },
        }),
      },
    );
    renderWithProviders(<LoginPanel />);
    type('Username', 'somchai88');
    type('Password', 'secret123');
    await submit();
    await waitFor(() => expect(modalStore.get()?.kind).toBe('loginVerification'));
    expect(modalStore.get()).toEqual({
      kind: 'loginVerification',
      challenge: value,
      attempt: { type: 'username', username: 'somchai88', typedPassword: 'secret123', isRemembered: false },
    });
    expect(session.getToken()).toBeNull();
  });
});

describe('SMS login', () => {
  async function openSmsTab() {
    renderWithProviders(<LoginPanel />);
    fireEvent.click(await screen.findByRole('tab', { name: 'SMS' }));
  }

  test('the number is checked before a code is asked for', async () => {
    const { calls } = api();
    await openSmsTab();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(screen.getByText('Please enter your mobile number')).toBeTruthy();
    type('Mobile number', '12ab');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(screen.getByText('Please enter a valid mobile number')).toBeTruthy();
    expect(calls.filter((call) => call.path === apiPaths.smsLogin)).toHaveLength(0);
  });

  test('send code (after the slider), count down 60 s x expiredMinutes, log in with type sms and no slider', async () => {
    const { calls } = api({}, { [`POST ${apiPaths.login}`]: () => ok({ ...loginResult, passwordExpired: true }) });
    await openSmsTab();
    type('Mobile number', '081-234 5678');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(calls.find((call) => call.path === apiPaths.smsLogin)!.body).toEqual({
      countryDialingCode: '66',
      mobileNum: '0812345678',
      sliderToken: 'bypass',
    });
    expect(screen.getByRole('button', { name: 'Resend in 300s' })).toHaveProperty('disabled', true);

    await submit();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    type('SMS code', '123456');
    await submit();
    await waitFor(() => expect(modalStore.get()).toBeNull());
    const login = loginCalls(calls)[0]!;
    expect(login.isSealed).toBe(true);
    expect(login.body).toEqual({
      type: 'sms',
      countryDialingCode: '66',
      mobileNum: '0812345678',
      verificationCode: '123456',
    });
    // spec §4: no forced change after an SMS login.
    expect(session.getToken()).toBe('new-token');
    expect(session.getPendingPasswordChange()).toBeNull();
  });

  test('a refused code request shows the warning dialog with the server message and Confirm', async () => {
    api(
      {},
      {
        [`POST ${apiPaths.smsLogin}`]: () =>
          refuse(429, 'sms.too.many.requests', 'Too many requests, please retry after 5 minutes.'),
      },
    );
    await openSmsTab();
    type('Mobile number', '0812345678');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Too many requests, please retry after 5 minutes.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });
});

describe('social buttons and free play', () => {
  test('with every firebase switch off no social button (nor its code) appears', async () => {
    api();
    renderWithProviders(<LoginPanel />);
    await screen.findByRole('button', { name: 'Try for free' });
    expect(screen.queryByRole('button', { name: /Log in with/ })).toBeNull();
  });

  test('a switched-on provider shows its button, which starts its flow and leaves for the provider', async () => {
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    const { calls } = api(
      { firebase: { facebook: false, line: true, google: true, sms: false } },
      {
        [`POST ${socialLoginPaths.start}`]: () =>
          ok({
            authorizationUrl: 'https://access.line.me/oauth2/v2.1/authorize?x=1',
            flowToken: 'f'.repeat(43),
            expiresAtMs: Date.now() + 600_000,
          }),
      },
    );
    renderWithProviders(<LoginPanel />);
    const line = await screen.findByRole('button', { name: 'Log in with LINE' });
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in with Facebook' })).toBeNull();
    await act(async () => fireEvent.click(line));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://access.line.me/oauth2/v2.1/authorize?x=1'));
    expect(calls.find((call) => call.path === socialLoginPaths.start)?.body).toEqual({ provider: 'line' });
    expect(JSON.parse(window.sessionStorage.getItem('lotus.socialFlow') ?? '{}')).toMatchObject({
      flowToken: 'f'.repeat(43),
      provider: 'line',
      isLink: false,
    });
    assign.mockRestore();
  });

  test('a provider the server refuses says why, and the browser stays', async () => {
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    api(
      { firebase: { facebook: false, line: true, google: false, sms: false } },
      {
        [`POST ${socialLoginPaths.start}`]: () =>
          refuse(
            403,
            'social.provider.unconfigured',
            'Login with LINE is not ready yet: please contact customer service',
            'provider',
          ),
      },
    );
    renderWithProviders(<LoginPanel />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Log in with LINE' })));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Login with LINE is not ready yet: please contact customer service',
      ),
    );
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('free play: sealed call, member info (isAgent 4), cpw removed, modal closed, home', async () => {
    session.setPendingPasswordChange('someone');
    const { calls } = api(
      { smsCodeLogin: false },
      {
        [`POST ${apiPaths.freePlay}`]: () => ok({ ...loginResult, token: 'trial-token' }),
        [`GET ${apiPaths.memberInfo}`]: () => ok({ ...memberInfo, account: 'trial_8x2k', type: 4 }),
      },
    );
    renderWithProviders(
      <>
        <LoginPanel />
        <LocationProbe />
      </>,
      { route: '/vip' },
    );
    expect(screen.getByLabelText('location').textContent).toBe('/vip');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Try for free' })));
    await waitFor(() => expect(modalStore.get()).toBeNull());
    expect(calls.find((call) => call.path === apiPaths.freePlay)!.isSealed).toBe(true);
    expect(session.getToken()).toBe('trial-token');
    expect(session.getIsAgent()).toBe(4);
    expect(session.getPendingPasswordChange()).toBeNull();
    // The button goes home once the session has started, a moment after the modal closes.
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/'));
  });

  test('free play switched off: no trial button', async () => {
    api({ freePlay: false });
    renderWithProviders(<LoginPanel />);
    await screen.findByRole('tab', { name: 'SMS' });
    expect(screen.queryByRole('button', { name: 'Try for free' })).toBeNull();
  });
});

describe('links', () => {
  test('forgot opens the forgot-password modal, register switches to register', async () => {
    api();
    renderWithProviders(<LoginPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(modalStore.get()).toEqual({ kind: 'forgotPassword' });
    fireEvent.click(screen.getByRole('button', { name: 'No account yet? Register' }));
    expect(modalStore.get()).toEqual({ kind: 'register' });
  });
});
