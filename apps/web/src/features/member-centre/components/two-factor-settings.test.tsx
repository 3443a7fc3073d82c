// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import memberCentreEn from '../../../locales/member-centre/en.json';
import { initTestI18n, installFakeApi, ok, refuse, renderWithProviders, type FakeRoute } from '../../auth/testing';
import { TwoFactorSettings } from './two-factor-settings';

const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Lotus88:somchai88?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};

/** A fake server holding the switch; `validCode` is the only code it accepts. */
function api(isEnabled: boolean, validCode = '123456') {
  let enabled = isEnabled;
  const answer: (next: boolean) => FakeRoute = (next) => (call) => {
    if (call.body?.verificationCode !== validCode)
      return refuse(400, 'totp.invalid', 'The authenticator code is wrong');
    enabled = next;
    return ok(null);
  };
  return installFakeApi({
    [`GET ${apiPaths.totp}`]: () => ok({ enabled }),
    [`POST ${apiPaths.totp}`]: () => ok(enrolment),
    [`PUT ${apiPaths.totp}`]: answer(true),
    [`DELETE ${apiPaths.totp}`]: answer(false),
  });
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', memberCentreEn, true, false);
});
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = () => screen.getByRole('region', { name: /Two-factor login/ });

describe('two-factor login on the security page', () => {
  test('turn on: QR code and setup key, a wrong code is refused under the field, the right one switches it on', async () => {
    const { calls } = api(false);
    renderWithProviders(<TwoFactorSettings />);
    expect(await within(await screen.findByRole('region')).findByText('Off')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(enrolment.qrCode);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByLabelText('6-digit code from your authenticator app');
    fireEvent.change(code, { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' })));
    expect(screen.getByText('Please enter the 6-digit code shown in your authenticator app')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' })));
    expect(await screen.findByText('The authenticator code is wrong')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('6-digit code from your authenticator app'), {
      target: { value: '123456' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' })));
    expect(await screen.findByText('Two-factor login is on. Keep your authenticator app safe.')).toBeTruthy();
    expect(within(section()).getByText('On')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { verificationCode: '654321' },
      { verificationCode: '123456' },
    ]);
  });

  test('turn off needs a current code', async () => {
    const { calls } = api(true, '111222');
    renderWithProviders(<TwoFactorSettings />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Turn off' })));
    fireEvent.change(screen.getByLabelText('6-digit code from your authenticator app'), {
      target: { value: '111222' },
    });
    await act(async () => fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Turn off' })));
    expect(await screen.findByText('Two-factor login is off.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')!.body).toEqual({ verificationCode: '111222' });
    expect(within(section()).getByText('Off')).toBeTruthy();
  });

  test('the code rule message and a refusal naming the code show under the code field', async () => {
    const { calls } = installFakeApi({
      [`GET ${apiPaths.totp}`]: () => ok({ enabled: true }),
      [`DELETE ${apiPaths.totp}`]: () =>
        refuse(400, 'validation.failed', 'This code was already used', 'verificationCode'),
    });
    renderWithProviders(<TwoFactorSettings />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Turn off' })));
    const code = screen.getByLabelText('6-digit code from your authenticator app');
    expect(document.activeElement).toBe(code);
    const field = code.closest('.auth-field') as HTMLElement;
    fireEvent.change(code, { target: { value: '12a' } });
    await act(async () => fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Turn off' })));
    expect(within(field).getByText('Please enter the 6-digit code shown in your authenticator app')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '111222' } });
    await act(async () => fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Turn off' })));
    expect(await within(field).findByText('This code was already used')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { verificationCode: '111222' },
    ]);
  });
});
