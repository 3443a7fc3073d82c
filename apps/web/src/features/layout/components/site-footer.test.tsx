// @vitest-environment jsdom
import { apiPaths, type Whitelabel } from '@lotus/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../../auth/testing';
import { copyrightYears, SiteFooter } from './site-footer';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function whitelabel(copyrightStartYear: number | null): Whitelabel {
  return {
    merchantCode: 'demo',
    platform: 'web',
    lotteryType: 'SEA',
    device: 'WEB',
    defaultLanguage: 'TH',
    languages: ['TH', 'EN'],
    currency: 'THB',
    currencySymbol: '฿',
    brand: {
      name: 'Lotus88',
      logoUrl: '/art/brand/logo.svg',
      faviconUrl: '/art/brand/favicon.svg',
      colors: {},
      footerDescription: 'Play responsibly.',
      copyright: 'not drawn by the footer',
      copyrightStartYear,
    },
    switches: {
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
    },
    loginedToHomePage: false,
    esportsVendors: [],
    cockfightVendors: [],
    customerService: [],
    resources: [],
    partners: [],
    promotionCount: 0,
  };
}

function renderFooter(copyrightStartYear: number | null, today: Date) {
  installFakeApi({
    [`GET ${apiPaths.whitelabel}`]: () => ok(whitelabel(copyrightStartYear)),
    [`GET ${apiPaths.helpCenter}`]: () => ok([]),
    [`GET ${apiPaths.gameMenus}`]: () => ok([]),
  });
  renderWithProviders(<SiteFooter today={today} />);
}

describe('site footer copyright', () => {
  test('runs from the brand start year to the year of the clock', async () => {
    renderFooter(2019, new Date(2031, 5, 1));
    expect(await screen.findByText('© 2019-2031 Lotus88. All rights reserved.')).toBeTruthy();
  });

  test('on the first of January the new year shows at once', async () => {
    renderFooter(2019, new Date(2032, 0, 1, 0, 0, 1));
    expect(await screen.findByText('© 2019-2032 Lotus88. All rights reserved.')).toBeTruthy();
  });

  test('without a start year, only the current year', async () => {
    renderFooter(null, new Date(2031, 5, 1));
    expect(await screen.findByText('© 2031 Lotus88. All rights reserved.')).toBeTruthy();
  });

  test.each([
    [2019, new Date(2026, 10, 26), '2019-2026'],
    [2026, new Date(2026, 10, 26), '2026'],
    [null, new Date(2026, 10, 26), '2026'],
    [undefined, new Date(2026, 10, 26), '2026'],
  ])('copyrightYears(%s, %s) is %s', (startYear, today, expected) => {
    expect(copyrightYears(startYear, today)).toBe(expected);
  });
});
