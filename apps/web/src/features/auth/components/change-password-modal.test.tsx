// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { apiRequest } from '../../../lib/api-client';
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
import { ChangePasswordModal, type ChangePasswordModalProps } from './change-password-modal';

const loginResult = { token: 'fresh-token', firstTimeLogin: false, passwordExpired: false, captchaRequired: false };
const memberInfo = {
  id: 9,
  account: 'agentkid01',
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

function api(overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`GET ${apiPaths.registerSettings}`]: () => ok(demoRegisterSettings),
    [`POST ${apiPaths.passwordChange}`]: () => ok(null),
    [`POST ${apiPaths.login}`]: () => ok(loginResult),
    [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
    [`DELETE ${apiPaths.logout}`]: () => ok(null),
    ...overrides,
  });
}

function renderModal(props: ChangePasswordModalProps) {
  modalStore.set({ kind: 'changePassword', ...props });
  return renderWithProviders(
    <>
      <ChangePasswordModal {...props} />
      <LocationProbe />
    </>,
    { route: '/promotions' },
  );
}

setUpSealedFormTests();
beforeEach(() => {
  window.localStorage.clear();
  session.logIn('old-token');
});
afterEach(() => {
  queryClient.clear();
  modalStore.set(null);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));

describe('change-password modal (spec §4, §5)', () => {
  test('forced after login: the old password is not asked; the rule, required and confirmation are checked first', async () => {
    const { calls } = api();
    renderModal({ isForced: true, account: 'agentkid01', knownPassword: 'Given1234' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.getByText('agentkid01')).toBeTruthy();
    expect(await screen.findByText('Letters or digits (6-20 characters)')).toBeTruthy();

    await submit();
    expect(screen.getByText('Please enter New password')).toBeTruthy();
    type('New password', 'ab');
    type('Confirm new password', 'ab');
    await submit();
    expect(screen.getByText('Letters or digits (6-20 characters)')).toBeTruthy();
    type('New password', 'Better5678');
    type('Confirm new password', 'Better567');
    await submit();
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(calls.filter((call) => call.path === apiPaths.passwordChange)).toHaveLength(0);
  });

  test('success: sealed change with the known old password, login again with the new one (slider), close, home', async () => {
    session.setPendingPasswordChange('agentkid01');
    const { calls } = api();
    renderModal({ isForced: true, account: 'agentkid01', knownPassword: 'Given1234' });
    type('New password', 'Better5678');
    type('Confirm new password', 'Better5678');
    await submit();
    await waitFor(() => expect(modalStore.get()).toBeNull());
    const change = calls.find((call) => call.path === apiPaths.passwordChange)!;
    expect(change.isSealed).toBe(true);
    expect(change.headers.get('Authorization')).toBe('old-token');
    expect(change.body).toEqual({
      oldPassword: 'Given1234',
      newPassword: 'Better5678',
      confirmNewPassword: 'Better5678',
    });
    const login = calls.find((call) => call.path === apiPaths.login)!;
    expect(login.body).toEqual({
      type: 'username',
      username: 'agentkid01',
      password: 'Better5678',
      sliderToken: 'bypass',
      remember: false,
    });
    expect(session.getToken()).toBe('fresh-token');
    expect(session.getPendingPasswordChange()).toBeNull();
    expect(screen.getByLabelText('location').textContent).toBe('/');
  });

  test('voluntary: the old password is asked, and a wrong one is shown under its field', async () => {
    const { calls } = api({
      [`POST ${apiPaths.passwordChange}`]: () =>
        refuse(400, 'password.old.invalid', 'The current password is wrong', 'oldPassword'),
    });
    renderModal({ isForced: false, account: 'agentkid01' });
    type('Current password', 'nope1234');
    type('New password', 'Better5678');
    type('Confirm new password', 'Better5678');
    await submit();
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.path === apiPaths.passwordChange)!.body).toMatchObject({
      oldPassword: 'nope1234',
    });
    expect(calls.some((call) => call.path === apiPaths.login)).toBe(false);
    expect(modalStore.get()?.kind).toBe('changePassword');
  });

  test('each rule message of the schema shows under its own field', async () => {
    api();
    renderModal({ isForced: false, account: 'agentkid01' });
    type('New password', 'ab');
    type('Confirm new password', 'abc');
    await submit();
    const fieldOf = (text: string) =>
      screen.getByText(text).closest('.auth-field')?.querySelector('input')?.getAttribute('id');
    expect(fieldOf('Please enter Current password')).toBe('change-password-oldPassword');
    expect(fieldOf('Letters or digits (6-20 characters)')).toBe('change-password-newPassword');
    expect(fieldOf('Incorrect confirmation input')).toBe('change-password-confirmNewPassword');
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
  });

  test('a server refusal that names a field shows under that field, one that names none under the form', async () => {
    let answer = refuse(400, 'password.unchanged', 'The new password must differ from the current one', 'newPassword');
    api({ [`POST ${apiPaths.passwordChange}`]: () => answer });
    renderModal({ isForced: false, account: 'agentkid01' });
    type('Current password', 'Better5678');
    type('New password', 'Better5678');
    type('Confirm new password', 'Better5678');
    await submit();
    const underField = await screen.findByText('The new password must differ from the current one');
    expect(underField.closest('.auth-field')?.querySelector('input')?.id).toBe('change-password-newPassword');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = refuse(429, 'too.many.requests', 'Too many attempts, try again later');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again later');
    expect(screen.queryByText('The new password must differ from the current one')).toBeNull();
  });

  test('closing a forced change logs out (nothing else would work), closing a voluntary one only closes', async () => {
    const { calls } = api();
    const { unmount } = renderModal({ isForced: false, account: 'agentkid01' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(modalStore.get()).toBeNull();
    expect(session.getToken()).toBe('old-token');
    unmount();

    renderModal({ isForced: true, account: 'agentkid01', knownPassword: 'Given1234' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(modalStore.get()).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === apiPaths.logout)).toBe(true);
    expect(session.getToken()).toBeNull();
  });
});

describe('403 password.change.required', () => {
  test('any refused call opens the forced change for the cpw account instead of an error popup', async () => {
    api({
      [`GET ${apiPaths.memberInfo}`]: () =>
        refuse(403, 'password.change.required', 'Please change your password first'),
    });
    session.setPendingPasswordChange('agentkid01');
    await expect(apiRequest(apiPaths.memberInfo)).rejects.toMatchObject({ errorCode: 'password.change.required' });
    expect(modalStore.get()).toEqual({ kind: 'changePassword', isForced: true, account: 'agentkid01' });
  });

  test('an open change-password modal is left as it is (it may hold the password typed at login)', async () => {
    api({
      [`GET ${apiPaths.memberInfo}`]: () =>
        refuse(403, 'password.change.required', 'Please change your password first'),
    });
    const open = { kind: 'changePassword' as const, isForced: true, account: 'agentkid01', knownPassword: 'Given1234' };
    modalStore.set(open);
    await expect(apiRequest(apiPaths.memberInfo)).rejects.toThrow();
    expect(modalStore.get()).toBe(open);
  });

  test('the same code without a token opens nothing', async () => {
    session.clear();
    api({
      [`GET ${apiPaths.memberInfo}`]: () =>
        refuse(403, 'password.change.required', 'Please change your password first'),
    });
    await expect(apiRequest(apiPaths.memberInfo)).rejects.toThrow();
    expect(modalStore.get()).toBeNull();
  });
});
