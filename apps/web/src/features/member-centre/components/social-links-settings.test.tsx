// @vitest-environment jsdom
import { socialLoginPaths, type SocialLinks } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import memberCentreEn from '../../../locales/member-centre/en.json';
import { socialNavigation } from '../../auth/social/social-flow';
import { initTestI18n, installFakeApi, ok, refuse, renderWithProviders } from '../../auth/testing';
import { SocialLinksSettings } from './social-links-settings';

const lineLink = { provider: 'line', displayName: 'Somchai', email: null, linkedAt: 0, lastLoginAt: null } as const;

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
  vi.restoreAllMocks();
});

describe('linked accounts in the security centre', () => {
  test('lists the offered providers; Link starts a link flow and leaves for the provider', async () => {
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    const links: SocialLinks = { links: [lineLink], available: ['line', 'google'], hasPassword: true };
    const { calls } = installFakeApi({
      [`GET ${socialLoginPaths.links}`]: () => ok(links),
      [`POST ${socialLoginPaths.linkStart}`]: () =>
        ok({
          authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth?x',
          flowToken: 'g'.repeat(43),
          expiresAtMs: Date.now() + 1000,
        }),
    });
    renderWithProviders(<SocialLinksSettings />);
    expect(await screen.findByText('Linked: Somchai')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Facebook' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link Google' })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?x'));
    expect(calls.find((call) => call.path === socialLoginPaths.linkStart)?.body).toEqual({ provider: 'google' });
    expect(JSON.parse(window.sessionStorage.getItem('lotus.socialFlow') ?? '{}')).toMatchObject({ isLink: true });
  });

  test('unlink asks first; the last way in of an account without password is refused, with why', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    installFakeApi({
      [`GET ${socialLoginPaths.links}`]: () => ok({ links: [lineLink], available: ['line'], hasPassword: false }),
      [`DELETE /wps/member/social/line`]: () =>
        refuse(409, 'social.unlink.last', 'LINE cannot be unlinked: it is the only way to log in to this account'),
    });
    renderWithProviders(<SocialLinksSettings />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Unlink LINE' })));
    expect(window.confirm).toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toMatch(/only way to log in/);
  });
});
