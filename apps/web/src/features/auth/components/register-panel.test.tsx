// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { modalStore } from '../../../stores/modal-store';
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
import { RegisterPanel } from './register-panel';

const loginResult = { token: 'new-token', firstTimeLogin: true, passwordExpired: false, captchaRequired: false };
const memberInfo = {
  id: 7,
  account: '0812345678',
  userName: null,
  nickname: null,
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mobile: '+66 81****678',
  email: null,
  regDate: 0,
  language: 'EN',
  lastLoginAt: null,
};

function api(overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`GET ${apiPaths.registerSettings}`]: () => ok(demoRegisterSettings),
    [`GET ${apiPaths.country}`]: () => ok(demoCountries),
    [`POST ${apiPaths.smsRegister}`]: () => ok({ expiredMinutes: 5 }),
    [`PUT ${apiPaths.registerMobile}`]: () => ok(loginResult),
    [`PUT ${apiPaths.register}`]: () => ok(loginResult),
    [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
    [`GET ${apiPaths.agentAffiliate}`]: (call) =>
      call.query.get('affiliateCode') === 'LOTUS88'
        ? ok({ affiliateCode: 'LOTUS88', agent: 'de****nt' })
        : refuse(400, 'affiliate.code.invalid', 'Invalid affiliate code'),
    ...overrides,
  });
}

setUpSealedFormTests();
beforeEach(() => {
  window.history.replaceState({}, '', '/register');
  modalStore.set({ kind: 'register' });
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openMobileTab() {
  renderWithProviders(<RegisterPanel />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Mobile number' }));
  return screen.getByRole('tabpanel');
}

async function fillMobileForm() {
  type(/^Mobile number \(your username\)/, '0812345678');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
  type(/^SMS code/, '123456');
  type(/^Password/, 'secret123');
  type(/^Confirm password/, 'secret123');
  type(/^Full name/, 'Somchai Jaidee');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('register modal tabs', () => {
  test('both switches on: username tab first; the mobile tab asks number, code and password, not a username', async () => {
    api();
    renderWithProviders(<RegisterPanel />);
    const usernameTab = await screen.findByRole('tab', { name: 'Username' });
    expect(usernameTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByLabelText(/^Username/)).toBeNull();
    expect(within(panel).getByLabelText(/^Mobile number \(your username\)/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Country code: Thailand, +66' })).toBeTruthy();
    expect(within(panel).getByLabelText(/^SMS code/)).toBeTruthy();
    expect(within(panel).getByLabelText(/^Password/)).toBeTruthy();
    expect(within(panel).getByLabelText(/^Confirm password/)).toBeTruthy();
  });

  test('mobile registration off: no tab bar, only the username form', async () => {
    api({ [`GET ${apiPaths.registerSettings}`]: () => ok({ ...demoRegisterSettings, mobileRegistration: false }) });
    renderWithProviders(<RegisterPanel />);
    await screen.findByLabelText(/^Username/);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  test('without mobileRegistrationPassword the mobile tab asks no password', async () => {
    api({
      [`GET ${apiPaths.registerSettings}`]: () => ok({ ...demoRegisterSettings, mobileRegistrationPassword: false }),
    });
    const panel = await openMobileTab();
    expect(within(panel).queryByLabelText(/^Password/)).toBeNull();
    expect(within(panel).queryByLabelText(/^Confirm password/)).toBeNull();
  });
});

describe('registration by mobile', () => {
  test('the number is checked before a code is asked for it', async () => {
    const { calls } = api();
    await openMobileTab();
    type(/^Mobile number \(your username\)/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Digits only (9-10 characters)')).toBeTruthy();
    expect(calls.filter((call) => call.path === apiPaths.smsRegister)).toHaveLength(0);
  });

  test('code by SMS after the slider, then the sealed PUT /register/mobile; the session starts and the modal closes', async () => {
    const { calls } = api();
    await openMobileTab();
    await fillMobileForm();
    expect(calls.find((call) => call.path === apiPaths.smsRegister)?.body).toEqual({
      countryDialingCode: '66',
      mobileNo: '0812345678',
      sliderToken: 'bypass',
    });
    expect(screen.getByRole('button', { name: 'Resend in 300s' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(modalStore.get()).toBeNull(), { timeout: 5000 });
    const registration = calls.find((call) => call.path === apiPaths.registerMobile)!;
    expect(registration.isSealed).toBe(true);
    expect(registration.method).toBe('PUT');
    expect(registration.body).toEqual({
      mobileNum: '0812345678',
      countryDialingCode: '66',
      verificationCode: '123456',
      password: 'secret123',
      confirmPassword: 'secret123',
      payeeName: 'Somchai Jaidee',
      sliderToken: 'bypass',
      registerMethod: 'WEB',
      registerUrl: 'http://localhost:3000/register',
      domain: 'localhost',
    });
    expect(window.sessionStorage.getItem('token')).toBe('new-token');
    expect(calls.some((call) => call.path === apiPaths.memberInfo)).toBe(true);
  });

  test('a missing code, a wrong confirmation and no agreement are told under their fields; nothing is sent', async () => {
    const { calls } = api();
    await openMobileTab();
    type(/^Mobile number \(your username\)/, '0812345678');
    type(/^Password/, 'secret123');
    type(/^Confirm password/, 'secret124');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    expect(screen.getByText('Please enter SMS code')).toBeTruthy();
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(screen.getByText('Please confirm you are over 18 and accept the terms')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  test("the server's refusal (a wrong code) shows its message and keeps the modal open", async () => {
    api({
      [`PUT ${apiPaths.registerMobile}`]: () => refuse(400, 'sms.code.invalid', 'The verification code is incorrect'),
    });
    await openMobileTab();
    await fillMobileForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The verification code is incorrect',
    );
    expect(modalStore.get()).toEqual({ kind: 'register' });
  });
});

describe('a refusal that names a field', () => {
  test('a number already registered shows under the number, not under the form', async () => {
    api({
      [`PUT ${apiPaths.registerMobile}`]: () =>
        refuse(409, 'mobile.taken', 'This mobile number is already registered', 'mobileNum'),
    });
    await openMobileTab();
    await fillMobileForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    const message = await screen.findByText('This mobile number is already registered', {}, { timeout: 5000 });
    expect(message.closest('.auth-field')?.querySelector('input[name="mobileNum"]')).toBeTruthy();
    expect(screen.getByLabelText(/^Mobile number \(your username\)/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(modalStore.get()).toEqual({ kind: 'register' });
  });
});

describe('the slider and the terms', () => {
  test("the second slider (the registration's) scrolls itself to the middle of the view and takes the focus", async () => {
    api({
      [`GET ${apiPaths.sliderChallenge}`]: () =>
        ok({
          challengeId: 'c1',
          background: 'data:image/png;base64,',
          piece: 'data:image/png;base64,',
          width: 300,
          height: 160,
          pieceSize: 44,
          pieceY: 50,
        }),
    });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      await openMobileTab();
      await fillMobileForm();
      // The code's slider was passed by the bypass; the registration's is drawn.
      window.__lotusSliderBypass = false;
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
      const slider = await screen.findByRole('group', { name: 'Slide the piece into the gap' });
      expect(document.activeElement).toBe(slider);
      expect(scrollIntoView.mock.contexts).toEqual([slider]);
      expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  test('the terms in the 18+ checkbox are a link to the terms topic in a new tab; the box still ticks by its text', async () => {
    api();
    await openMobileTab();
    const terms = screen.getByRole('link', { name: 'terms and conditions' });
    expect(terms.getAttribute('href')).toBe('/helpmc#rules');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toContain('noopener');
    const checkbox = screen.getByRole('checkbox', {
      name: 'I am over 18 years old and accept the terms and conditions',
    });
    fireEvent.click(screen.getByText(/^I am over 18 years old/));
    expect((checkbox as HTMLInputElement).checked).toBe(true);
  });
});

describe('username tab and the SMS code', () => {
  test('the code is asked only once a mobile number is typed, and then travels with it', async () => {
    const { calls } = api();
    renderWithProviders(<RegisterPanel />);
    await screen.findByLabelText(/^Username/);
    expect(screen.queryByLabelText(/^SMS code/)).toBeNull();
    type(/^Username/, 'somchai1');
    type(/^Password/, 'secret123');
    type(/^Confirm password/, 'secret123');
    type(/^Full name/, 'Somchai Jaidee');
    type(/^Mobile number/, '0812345678');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(calls.find((call) => call.path === apiPaths.smsRegister)?.body).toMatchObject({
      mobileNo: '0812345678',
      username: 'somchai1',
    });
    type(/^SMS code/, '654321');
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(modalStore.get()).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.path === apiPaths.register)?.body).toMatchObject({
      username: 'somchai1',
      mobileNum: '0812345678',
      countryDialingCode: '66',
      verificationCode: '654321',
    });
  });

  test('username and password explain their rule while focused or hovered, and step aside for an error', async () => {
    api();
    renderWithProviders(<RegisterPanel />);
    const username = await screen.findByLabelText(/^Username/);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(username);
    const hint = screen.getByRole('tooltip');
    expect(hint.textContent).toBe('Letters and digits, starting with a letter (4-16 characters)');
    expect(username.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.blur(username);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const password = screen.getByLabelText(/^Password/);
    fireEvent.mouseEnter(password.closest('.auth-field')!);
    expect(screen.getByRole('tooltip').textContent).toBe('Letters or digits (6-20 characters)');
    fireEvent.mouseLeave(password.closest('.auth-field')!);
    // Other fields keep their rule's message under them.
    expect(screen.getByText('First and last name separated by a space (3-60 characters)')).toBeTruthy();
    // Once checked and wrong, the error under the field says the rule; the bubble does not repeat it.
    type(/^Username/, '1ab');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    fireEvent.focus(username);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(
      screen
        .getAllByText('Letters and digits, starting with a letter (4-16 characters)')
        .map((element) => element.className),
    ).toEqual(['auth-field__error']);
  });
});

describe('affiliate code (spec §2, §4)', () => {
  test('a valid code in the address hides the field and is sent', async () => {
    window.history.replaceState({}, '', '/register?affiliateCode=LOTUS88');
    const { calls } = api();
    await openMobileTab();
    expect(await screen.findByText('Invitation code LOTUS88 applied')).toBeTruthy();
    expect(screen.queryByLabelText(/^Affiliate code/)).toBeNull();
    const check = calls.find((call) => call.path === apiPaths.agentAffiliate)!;
    expect(Object.fromEntries(check.query)).toEqual({ affiliateCode: 'LOTUS88', domain: 'localhost' });
    await fillMobileForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(modalStore.get()).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.path === apiPaths.registerMobile)?.body).toMatchObject({
      affiliateCode: 'LOTUS88',
    });
  });

  test('an invalid code in the address shows the field', async () => {
    window.history.replaceState({}, '', '/register?affiliateCode=NOPE99');
    api();
    renderWithProviders(<RegisterPanel />);
    expect(await screen.findByLabelText(/^Affiliate code/)).toBeTruthy();
    expect(screen.queryByText(/Invitation code .* applied/)).toBeNull();
  });

  test('a typed code is checked first: a refusal is the invitation_code_error dialog and nothing is registered', async () => {
    const { calls } = api();
    await openMobileTab();
    await fillMobileForm();
    type(/^Affiliate code/, 'WRONG1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Invalid invitation code');
    expect(calls.find((call) => call.path === apiPaths.agentAffiliate)?.query.get('affiliateCode')).toBe('WRONG1');
    expect(calls.some((call) => call.path === apiPaths.registerMobile)).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    type(/^Affiliate code/, 'LOTUS88');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(modalStore.get()).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.path === apiPaths.registerMobile)?.body).toMatchObject({
      affiliateCode: 'LOTUS88',
    });
  });
});
