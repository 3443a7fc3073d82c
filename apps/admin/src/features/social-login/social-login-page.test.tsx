// @vitest-environment jsdom
import { socialLoginPaths, type AdminSocialProvider } from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const redirectUris = ['https://demo.lotus88.test/social/callback'];
const row = (over: Partial<AdminSocialProvider>): AdminSocialProvider => ({
  provider: 'line',
  isSwitchedOn: true,
  clientId: null,
  secretHint: null,
  updatedAt: null,
  redirectUris,
  ...over,
});

describe('social login page', () => {
  test('sets a provider’s client (the secret is sent, never shown), shows refusals under their field, removes after a confirm', async () => {
    let providers = [
      row({}),
      row({ provider: 'google', isSwitchedOn: false }),
      row({ provider: 'facebook', isSwitchedOn: false }),
    ];
    let putAnswer = refuse(400, 'validation.failed', 'clientSecret is required', 'clientSecret');
    const { calls } = installFakeApi({
      [`GET ${socialLoginPaths.adminProviders}`]: () => ok({ providers }),
      [`PUT /admin-api/social-login/line`]: () => putAnswer,
      [`DELETE /admin-api/social-login/line`]: () => {
        providers = [row({}), ...providers.slice(1)];
        return ok({ providers });
      },
    });
    const user = await openBackOffice('Social login');
    const line = (await screen.findByRole('heading', { name: 'LINE' })).closest('section')!;
    expect(within(line).getByText('Switched on')).toBeTruthy();
    expect(within(line).getByText(redirectUris[0]!)).toBeTruthy();

    await user.type(within(line).getByLabelText(/Client ID/), '1650000000');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    expect(await within(line).findByText('clientSecret is required')).toBeTruthy();

    const saved = [row({ clientId: '1650000000', secretHint: 'c0de', updatedAt: Date.now() }), ...providers.slice(1)];
    putAnswer = ok({ providers: saved });
    providers = saved;
    await user.type(within(line).getByLabelText(/Client secret/), 'channel-secret-c0de');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(line).getByText(/ending in c0de is stored/)).toBeTruthy());
    expect(callsTo(calls, 'PUT', '/admin-api/social-login/line').at(-1)!.body).toEqual({
      clientId: '1650000000',
      clientSecret: 'channel-secret-c0de',
    });
    expect(document.body.innerHTML).not.toContain('channel-secret-c0de');

    await user.click(within(line).getByRole('button', { name: 'Remove client' }));
    const confirm = await findDialog('Remove the LINE client?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove client' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/admin-api/social-login/line')).toHaveLength(1));
  });
});
