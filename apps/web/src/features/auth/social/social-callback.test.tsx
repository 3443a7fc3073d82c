// @vitest-environment jsdom
import { apiPaths, socialLoginPaths } from '@lotus/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import {
  demoRegisterSettings,
  installFakeApi,
  LocationProbe,
  ok,
  refuse,
  renderWithProviders,
  setUpSealedFormTests,
  type FakeRoute,
} from '../testing';
import { SocialCallback } from './social-callback';
import { saveSocialFlow } from './social-flow';

const flowToken = 't'.repeat(43);
const loginResult = { token: 'social-token', firstTimeLogin: false, passwordExpired: false, captchaRequired: false };
const memberInfo = {
  id: 7,
  account: 'line123456',
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

function api(routes: Record<string, FakeRoute>) {
  return installFakeApi({
    [`GET ${apiPaths.registerSettings}`]: () => ok(demoRegisterSettings),
    [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
    ...routes,
  });
}

const renderCallback = (query = '?code=the-code&state=the-state&iss=https%3A%2F%2Faccess.line.me') =>
  renderWithProviders(
    <>
      <SocialCallback />
      <LocationProbe />
    </>,
    { route: `/social/callback${query}` },
  );

setUpSealedFormTests();
beforeEach(() => {
  session.clear();
  modalStore.set(null);
  saveSocialFlow({ flowToken, provider: 'line', isLink: false, expiresAtMs: Date.now() + 600_000 });
});
afterEach(() => queryClient.clear());

describe('the social callback page', () => {
  test('sends the provider’s answer with this tab’s flow token, and a linked identity logs in', async () => {
    const { calls } = api({
      [`POST ${socialLoginPaths.callback}`]: () => ok({ outcome: 'loggedIn', provider: 'line', login: loginResult }),
    });
    renderCallback();
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/'));
    expect(calls.find((call) => call.path === socialLoginPaths.callback)?.body).toEqual({
      flowToken,
      code: 'the-code',
      state: 'the-state',
      iss: 'https://access.line.me',
    });
    expect(session.getToken()).toBe('social-token');
    // The flow is spent: a reload of the page cannot send it again.
    expect(window.sessionStorage.getItem('lotus.socialFlow')).toBeNull();
  });

  test('an unknown identity gets the registration form; the server’s refusal shows under its field', async () => {
    let registerAnswer = refuse(409, 'member.username.taken', 'This username is taken', 'username');
    const { calls } = api({
      [`POST ${socialLoginPaths.callback}`]: () =>
        ok({
          outcome: 'register',
          provider: 'line',
          registrationToken: 'r'.repeat(43),
          suggestedUsername: 'line123456',
          displayName: 'Somchai',
          expiresAtMs: Date.now() + 900_000,
        }),
      [`PUT ${socialLoginPaths.register}`]: () => registerAnswer,
    });
    renderCallback();
    const username = await screen.findByLabelText('Username');
    expect((username as HTMLInputElement).value).toBe('line123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create account' })));
    expect(screen.getByRole('alert').textContent).toMatch(/accept the terms/);
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create account' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This username is taken'));

    registerAnswer = ok(loginResult);
    fireEvent.change(username, { target: { value: 'somchai88' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create account' })));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/'));
    expect(calls.filter((call) => call.path === socialLoginPaths.register).at(-1)?.body).toEqual({
      registrationToken: 'r'.repeat(43),
      username: 'somchai88',
      acceptTerms: true,
    });
    expect(session.getToken()).toBe('social-token');
  });

  test('a refused callback says why; a page opened without a flow in this tab says so without a call', async () => {
    api({
      [`POST ${socialLoginPaths.callback}`]: () =>
        refuse(
          400,
          'social.flow.invalid',
          'This login has expired or is not valid: press the login button again',
          'state',
        ),
    });
    renderCallback();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This login has expired or is not valid: press the login button again',
    );

    window.sessionStorage.clear();
    const { calls } = api({});
    renderCallback();
    expect((await screen.findAllByRole('alert')).at(-1)?.textContent).toMatch(/not started in this browser tab/);
    expect(calls.filter((call) => call.path === socialLoginPaths.callback)).toEqual([]);
  });
});
