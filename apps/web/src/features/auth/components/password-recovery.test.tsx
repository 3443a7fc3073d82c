// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { ModalHost } from '../../../app/modal-host';
import { modalStore, useOpenModal } from '../../../stores/modal-store';
import {
  demoCountries,
  demoRegisterSettings,
  installFakeApi,
  ok,
  refuse,
  renderWithProviders,
  setUpSealedFormTests,
  type FakeRoute,
} from '../testing';
import { ForgotPasswordModal } from './forgot-password-modal';
import { ResetPasswordModal } from './reset-password-modal';

const loginResult = { token: 'after-reset', firstTimeLogin: false, passwordExpired: false, captchaRequired: false };

function api(overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`GET ${apiPaths.registerSettings}`]: () => ok(demoRegisterSettings),
    [`GET ${apiPaths.country}`]: () => ok(demoCountries),
    [`POST ${apiPaths.passwordSms}`]: () => ok({ expiredMinutes: 5 }),
    [`POST ${apiPaths.passwordVerification}`]: () => ok(null),
    [`POST ${apiPaths.login}`]: () => ok(loginResult),
    [`GET ${apiPaths.memberInfo}`]: () => ok({ id: 1, account: 'somchai1', type: 0 }),
    [`POST ${apiPaths.passwordEmail}`]: () => ok(null),
    [`POST ${apiPaths.passwordEmailReset}`]: () => ok(null),
    ...overrides,
  });
}

/** Where the router is, and which modal is open, as text the test can read. */
function Probe() {
  const location = useLocation();
  const modal = useOpenModal();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="modal">{JSON.stringify(modal)}</output>
    </>
  );
}

setUpSealedFormTests();
beforeEach(() => {
  modalStore.set({ kind: 'forgotPassword' });
});

const type = (target: string | RegExp | HTMLElement, value: string) =>
  fireEvent.change(target instanceof HTMLElement ? target : screen.getByLabelText(target), { target: { value } });

describe('forgot password by phone', () => {
  test('mobile is the default method; the number is checked before a code is asked', async () => {
    const { calls } = api();
    renderWithProviders(<ForgotPasswordModal />);
    expect(screen.getByRole('tab', { name: 'By mobile' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter Mobile number')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('the whole form is checked before sending', async () => {
    const { calls } = api();
    renderWithProviders(<ForgotPasswordModal />);
    type(await screen.findByLabelText(/^Mobile number/), '0812345678');
    type(/^New password/, 'abc');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' })));
    expect(screen.getByText('Please enter SMS code')).toBeTruthy();
    expect(
      screen
        .getAllByText('Letters or digits (6-20 characters)')
        .some((element) => element.className === 'auth-field__error'),
    ).toBe(true);
    expect(screen.getByText('Please enter Confirm password')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('code, new password, then the slider and a login with the number; the modal closes and the site goes home', async () => {
    const { calls } = api();
    renderWithProviders(
      <>
        <ForgotPasswordModal />
        <Probe />
      </>,
      { route: '/promotions' },
    );
    type(await screen.findByLabelText(/^Mobile number/), '0812345678');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    // Sealing takes a moment (the public key, RSA): wait for the call rather than assume it.
    await screen.findByRole('button', { name: 'Resend in 300s' }, { timeout: 5000 });
    const codeRequest = calls.find((call) => call.path === apiPaths.passwordSms)!;
    expect(codeRequest.isSealed).toBe(true);
    expect(codeRequest.body).toEqual({ countryDialingCode: '66', mobileNum: '0812345678', sliderToken: 'bypass' });
    type(/^SMS code/, '246810');
    type(/^New password/, 'newpass1');
    type(/^Confirm password/, 'newpass1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' })));

    await waitFor(() => expect(screen.getByTestId('modal').textContent).toBe('null'), { timeout: 5000 });
    const reset = calls.find((call) => call.path === apiPaths.passwordVerification)!;
    expect(reset.isSealed).toBe(true);
    expect(reset.body).toEqual({
      countryDialingCode: '66',
      mobileNum: '0812345678',
      verificationCode: '246810',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
    });
    const login = calls.find((call) => call.path === apiPaths.login)!;
    expect(login.body).toEqual({
      type: 'username',
      username: '0812345678',
      password: 'newpass1',
      sliderToken: 'bypass',
    });
    expect(calls.indexOf(login)).toBeGreaterThan(calls.indexOf(reset));
    expect(window.sessionStorage.getItem('token')).toBe('after-reset');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  test('a refused code shows the server message and logs nobody in', async () => {
    const { calls } = api({
      [`POST ${apiPaths.passwordVerification}`]: () =>
        refuse(400, 'sms.code.invalid', 'The verification code is incorrect'),
    });
    renderWithProviders(<ForgotPasswordModal />);
    type(await screen.findByLabelText(/^Mobile number/), '0812345678');
    type(/^SMS code/, '000000');
    type(/^New password/, 'newpass1');
    type(/^Confirm password/, 'newpass1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' })));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The verification code is incorrect',
    );
    expect(calls.some((call) => call.path === apiPaths.login)).toBe(false);
    expect(modalStore.get()).toEqual({ kind: 'forgotPassword' });
  });
});

describe('forgot password by e-mail', () => {
  test('username and a valid e-mail, sent form-encoded; success says a link may be on its way and closes', async () => {
    const { calls } = api();
    renderWithProviders(<ForgotPasswordModal />);
    fireEvent.click(screen.getByRole('tab', { name: 'By e-mail' }));
    type(/^Username/, 'somchai1');
    type(/^E-mail/, 'somchai@example');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    expect(screen.getByText('Please enter a valid e-mail address')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type(/^E-mail/, ' somchai@example.com ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    const request = calls.find((call) => call.path === apiPaths.passwordEmail)!;
    expect(request.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers.get('Language')).toBe('EN');
    expect(request.body).toEqual({ username: 'somchai1', email: 'somchai@example.com' });
    expect(modalStore.get()).toEqual({ kind: 'notice', titleKey: 'forgot_title', messageKey: 'forgot_email_sent' });
  });

  test('a failure keeps the form as it was, with the message', async () => {
    api({
      [`POST ${apiPaths.passwordEmail}`]: () => refuse(429, 'TOO_MANY_REQUESTS', 'Too many requests, please wait'),
    });
    renderWithProviders(<ForgotPasswordModal />);
    fireEvent.click(screen.getByRole('tab', { name: 'By e-mail' }));
    type(/^Username/, 'somchai1');
    type(/^E-mail/, 'somchai@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Too many requests, please wait',
    );
    expect(modalStore.get()).toEqual({ kind: 'forgotPassword' });
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('somchai1');
  });
});

describe('reset by the e-mailed link', () => {
  test('the address ?resetPassword=<token> opens the reset modal', async () => {
    modalStore.set(null);
    api();
    renderWithProviders(<ModalHost />, { route: '/?resetPassword=link-token-1' });
    expect(modalStore.get()).toEqual({ kind: 'resetPassword', resetToken: 'link-token-1' });
    await screen.findByRole('dialog', { name: 'Set a new password' }, { timeout: 5000 });
  });

  test('the new password goes sealed with the token; the token leaves the address and login opens with a success', async () => {
    const { calls } = api();
    modalStore.set({ kind: 'resetPassword', resetToken: 'link-token-1' });
    renderWithProviders(
      <>
        <ResetPasswordModal resetToken="link-token-1" />
        <Probe />
      </>,
      { route: '/vip?resetPassword=link-token-1&page=2' },
    );
    type(await screen.findByLabelText(/^New password/), 'brandnew9');
    type(/^Confirm password/, 'brandnew9');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    await waitFor(() => expect(modalStore.get()).toEqual({ kind: 'login', messageKey: 'reset_password_done' }), {
      timeout: 5000,
    });
    const reset = calls.find((call) => call.path === apiPaths.passwordEmailReset)!;
    expect(reset.isSealed).toBe(true);
    expect(reset.body).toEqual({ resetToken: 'link-token-1', newPassword: 'brandnew9', confirmPassword: 'brandnew9' });
    // The address is cleaned by a navigation that may land just after the modal switched.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vip?page=2'));
  });

  test('a spent link says so and offers a new one', async () => {
    api({
      [`POST ${apiPaths.passwordEmailReset}`]: () =>
        refuse(400, 'password.reset.token.invalid', 'This link has expired or was already used'),
    });
    modalStore.set({ kind: 'resetPassword', resetToken: 'old' });
    renderWithProviders(<ResetPasswordModal resetToken="old" />, { route: '/?resetPassword=old' });
    type(await screen.findByLabelText(/^New password/), 'brandnew9');
    type(/^Confirm password/, 'brandnew9');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'This link has expired or was already used',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(modalStore.get()).toEqual({ kind: 'forgotPassword' });
  });
});
