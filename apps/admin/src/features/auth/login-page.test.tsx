// @vitest-environment jsdom
import { adminApiPaths } from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { callsTo, closeBackOffice, installFakeApi, ok, refuse } from '../../testing/back-office';

afterEach(closeBackOffice);

/** The login page of a back-office started with no token, in English. */
async function openLogin() {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/admin/');
  vi.resetModules();
  await import('../../app/main');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'EN' }));
  return user;
}

/** The field block (label, input, message) of the input labelled `label`. */
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.field') as HTMLElement;

describe('login form (react-hook-form with the contract schemas)', () => {
  test('password step: the contract rule holds the button (a blank username); the username is sent trimmed; a refusal naming a field shows under it', async () => {
    const { calls } = installFakeApi({
      [`POST ${adminApiPaths.login}`]: () => refuse(400, 'validation.failed', 'Use your operator name', 'username'),
    });
    const user = await openLogin();
    const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    await user.type(screen.getByLabelText('Username'), '   ');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Username'), ' ops.anna ');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await waitFor(() =>
      expect(within(fieldOf('Username')).queryByRole('alert')?.textContent).toBe('Use your operator name'),
    );
    expect(fieldOf('Password').querySelector('[role="alert"]')).toBeNull();
    expect(document.querySelector('.error-note')).toBeNull();
    expect(callsTo(calls, 'POST', adminApiPaths.login).map((call) => call.body)).toEqual([
      { username: 'ops.anna', password: 'correct horse battery' },
    ]);
  });

  test('code step: 6 digits before sending; a refused code is emptied, a refusal naming the code shows under it, another one under the form', async () => {
    let answers = 0;
    const { calls } = installFakeApi({
      [`POST ${adminApiPaths.login}`]: () => ok({ token: 'token-7', stage: 'verify', expiresAt: Date.now() + 600_000 }),
      [`POST ${adminApiPaths.totpVerify}`]: () =>
        ++answers === 1
          ? refuse(400, 'validation.failed', 'That code was already used', 'code')
          : refuse(400, 'operator.totp.invalid', 'Wrong code'),
    });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Username'), 'ops.anna');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = (await screen.findByLabelText('6-digit code')) as HTMLInputElement;
    const verify = screen.getByRole('button', { name: 'Verify and sign in' }) as HTMLButtonElement;
    await user.type(code, '12a34');
    expect(code.value).toBe('1234');
    expect(verify.disabled).toBe(true);
    await user.type(code, '56');
    expect(verify.disabled).toBe(false);
    await user.click(verify);
    await waitFor(() =>
      expect(within(fieldOf('6-digit code')).queryByRole('alert')?.textContent).toBe('That code was already used'),
    );
    expect(code.value).toBe('');
    expect(document.querySelector('.error-note')).toBeNull();

    await user.type(code, '654321');
    await user.click(verify);
    await waitFor(() => expect(document.querySelector('.error-note')?.textContent).toBe('Wrong code'));
    expect(within(fieldOf('6-digit code')).queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'POST', adminApiPaths.totpVerify).map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
  });
});
