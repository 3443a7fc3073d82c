// @vitest-environment jsdom
import {
  adminPath,
  brandPaths,
  brandSettingsSchema,
  brandSettingsUpdateBodySchema,
  defaultAgentSettlementConfig,
  type BrandSettings,
  type BrandSettingsUpdateBody,
} from '@lotus/contract';
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

const summary = {
  id: 1,
  code: 'demo',
  name: 'Lotus88',
  status: 'active',
  currency: 'THB',
  defaultLanguage: 'TH',
  primaryDomain: 'demo.lotus88.test',
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

function settings(version: number, primary = '#d9a935'): BrandSettings {
  const rule = { enabled: true, required: false, acceptedPattern: '*', patternId: 0, minLength: 0, maxLength: 0 };
  return brandSettingsSchema.parse({
    merchant: summary,
    version,
    domains: [{ domain: 'demo.lotus88.test', isPrimary: true }],
    identity: {
      name: 'Lotus88',
      logoUrl: '/art/brand/logo.svg',
      faviconUrl: '',
      footerDescription: { TH: 'ไทย', EN: 'English' },
      copyrightStartYear: 2019,
    },
    theme: {
      colors: {
        '--brand-primary': primary,
        '--brand-primary-strong': '#f3c85a',
        '--brand-primary-contrast': '#1b1304',
        '--brand-accent': '#c8283f',
        '--brand-accent-strong': '#e5415a',
        '--brand-accent-contrast': '#ffffff',
        '--bg': '#0a0c12',
        '--bg-elevated': '#10131c',
        '--surface': '#161a26',
        '--surface-2': '#1e2332',
        '--surface-3': '#282e41',
        '--border': '#2e3447',
        '--text': '#f4efe4',
        '--text-muted': '#a7a9b7',
        '--text-dim': '#6f7386',
        '--link': '#f3c85a',
        '--success': '#2fb872',
        '--warning': '#f0a22e',
        '--danger': '#e5484d',
        '--header-bg': '#0d1018',
        '--footer-bg': '#07080d',
        '--gradient-gold': 'linear-gradient(135deg, #f3c85a 0%, #d9a935 45%, #9c7417 100%)',
        '--gradient-hero': 'linear-gradient(180deg, rgba(10, 12, 18, 0) 0%, #0a0c12 100%)',
      },
    },
    languages: { defaultLanguage: 'TH', languages: ['TH', 'EN'], timeZone: 'Asia/Bangkok' },
    switches: {
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
      trialHours: 24,
    },
    registerRules: {
      rules: Object.fromEntries(
        [
          'username',
          'password',
          'payeeName',
          'email',
          'qqNum',
          'mobileNum',
          'recommenderId',
          'captcha',
          'verificationCode',
          'affiliateCode',
          'paymentPassword',
          'line',
          'whatsapp',
          'facebook',
          'wechat',
          'idNumber',
          'referralCode',
          'zalo',
          'telegram',
          'birthday',
          'nickname',
        ].map((name) => [name, rule]),
      ),
      minimumAge: 18,
    },
    security: {
      sessions: { idleMinutes: 30, absoluteHours: 24 },
      verification: { codeExpiredMinutes: 5, maxCodesPerHour: 5 },
      loginSecurity: { newIpVerification: false, methods: ['mobile', 'email'], passwordMaxAgeDays: 90 },
    },
    agentSettlement: defaultAgentSettlementConfig,
  });
}

const settingsPath = adminPath(brandPaths.brandSettings, { merchantId: 1 });
const brandPath = adminPath(brandPaths.brand, { merchantId: 1 });

async function openTheme(routes: Parameters<typeof installFakeApi>[0]) {
  const fake = installFakeApi({
    [`GET ${brandPaths.brands}`]: () => ok({ items: [summary], canCreate: false }),
    ...routes,
  });
  const user = await openBackOffice('Brands');
  await user.click(await screen.findByText('Lotus88', {}, { timeout: 10_000 }));
  await user.click(await screen.findByRole('button', { name: 'Colours' }, { timeout: 10_000 }));
  return { ...fake, user };
}

// Each test loads the whole back-office and logs in: generous limits for a busy machine.
describe('brand settings', { timeout: 120_000 }, () => {
  test('the theme preview follows the colour typed before saving; the save sends the version read', async () => {
    let current = settings(4);
    const { calls, user } = await openTheme({
      [`GET ${brandPath}`]: () => ok(current),
      [`PUT ${settingsPath}`]: (call) => {
        const body = call.body as BrandSettingsUpdateBody;
        current = settings(5, (body.value as { colors: Record<string, string> }).colors['--brand-primary']);
        return ok(current);
      },
    });
    const field = (await screen.findByLabelText('Main colour', {}, { timeout: 10_000 })) as HTMLInputElement;
    const preview = screen.getByRole('figure', { name: 'Preview of the member site' });
    expect(preview.style.getPropertyValue('--brand-primary')).toBe('#d9a935');
    await user.clear(field);
    await user.type(field, '#2266ee');
    expect(preview.style.getPropertyValue('--brand-primary')).toBe('#2266ee');
    // Nothing is sent before Save.
    expect(callsTo(calls, 'PUT', settingsPath)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The site shows the change now.', {}, { timeout: 10_000 })).toBeTruthy();
    const [sent] = callsTo(calls, 'PUT', settingsPath);
    const body = brandSettingsUpdateBodySchema.parse(sent!.body);
    expect(body).toMatchObject({ version: 4, section: 'theme' });
    expect((body.value as { colors: Record<string, string> }).colors['--brand-primary']).toBe('#2266ee');
  });

  test('a colour that is not a colour stays in the form with its message; nothing is sent', async () => {
    const { calls, user } = await openTheme({ [`GET ${brandPath}`]: () => ok(settings(4)) });
    const field = (await screen.findByLabelText('Main colour', {}, { timeout: 10_000 })) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, 'url(https://evil.test/x)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const note = await screen.findByText('Check this value: it is not in the allowed format or range.');
    expect(note.closest('.field')).toBe(field.closest('.field'));
    expect(callsTo(calls, 'PUT', settingsPath)).toHaveLength(0);
  });

  test('a stale save: the operator is told, and the form shows the current values (nothing overwritten)', async () => {
    let reads = 0;
    const { user } = await openTheme({
      // The first read is version 4; after the conflict the page reads version 5 with another colour.
      [`GET ${brandPath}`]: () => ok(reads++ === 0 ? settings(4) : settings(5, '#00aa55')),
      [`PUT ${settingsPath}`]: () =>
        refuse(409, 'brand.version.conflict', 'This setting was changed by someone else after you opened it.'),
    });
    const field = (await screen.findByLabelText('Main colour', {}, { timeout: 10_000 })) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '#2266ee');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this brand's settings/, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Main colour') as HTMLInputElement).value).toBe('#00aa55'), {
      timeout: 10_000,
    });
  });

  test('the time zone is chosen from the IANA list and saved with the languages', async () => {
    const fake = installFakeApi({
      [`GET ${brandPaths.brands}`]: () => ok({ items: [summary], canCreate: false }),
      [`GET ${brandPath}`]: () => ok(settings(4)),
      [`PUT ${settingsPath}`]: () => ok(settings(5)),
    });
    const user = await openBackOffice('Brands');
    await user.click(await screen.findByText('Lotus88', {}, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Languages and time zone' }, { timeout: 10_000 }));
    const select = (await screen.findByLabelText('Time zone', {}, { timeout: 10_000 })) as HTMLSelectElement;
    expect(select.value).toBe('Asia/Bangkok');
    expect(within(select).getByRole('option', { name: 'Europe/London' })).toBeTruthy();
    await user.selectOptions(select, 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The site shows the change now.', {}, { timeout: 10_000 })).toBeTruthy();
    const [sent] = callsTo(fake.calls, 'PUT', settingsPath);
    expect(brandSettingsUpdateBodySchema.parse(sent!.body)).toEqual({
      version: 4,
      section: 'languages',
      value: { defaultLanguage: 'TH', languages: ['TH', 'EN'], timeZone: 'Europe/London' },
    });
  });

  test("the agents' settlement rules: a short upline's rule and the fee sent as the contract reads them", async () => {
    const fake = installFakeApi({
      [`GET ${brandPaths.brands}`]: () => ok({ items: [summary], canCreate: false }),
      [`GET ${brandPath}`]: () => ok(settings(4)),
      [`PUT ${settingsPath}`]: () => ok(settings(5)),
    });
    const user = await openBackOffice('Brands');
    await user.click(await screen.findByText('Lotus88', {}, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Agent settlement' }, { timeout: 10_000 }));
    const rule = (await screen.findByLabelText(
      "When an upline cannot cover its downlines' share",
      {},
      {
        timeout: 10_000,
      },
    )) as HTMLSelectElement;
    expect(rule.value).toBe('wait');
    expect(screen.getByText(/stays unpaid \(upline short\)/)).toBeTruthy();
    await user.selectOptions(rule, 'advance');
    expect(screen.getByText(/recovered from its next settlements/)).toBeTruthy();
    const fee = screen.getByLabelText("Dividend platform fee (of the team's net loss)");
    await user.clear(fee);
    await user.type(fee, '0.012');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The site shows the change now.', {}, { timeout: 10_000 })).toBeTruthy();
    const [sent] = callsTo(fake.calls, 'PUT', settingsPath);
    expect(brandSettingsUpdateBodySchema.parse(sent!.body)).toEqual({
      version: 4,
      section: 'agentSettlement',
      value: {
        ...defaultAgentSettlementConfig,
        dividend: { platformFeeRate: 0.012, serviceFeeRate: 0 },
        shortfall: 'advance',
      },
    });
  });

  test('a platform operator creates a brand and sees the first password once', async () => {
    installFakeApi({
      [`GET ${brandPaths.brands}`]: () => ok({ items: [summary], canCreate: true }),
      [`POST ${brandPaths.brands}`]: () =>
        ok({
          merchant: { ...summary, id: 2, code: 'siam', name: 'Siam Play', primaryDomain: 'www.siam.test' },
          admin: { username: 'admin', role: 'admin', password: 'Zq8-one-time-pass' },
        }),
    });
    const user = await openBackOffice('Brands');
    await user.click(await screen.findByRole('button', { name: 'Create a brand' }, { timeout: 10_000 }));
    const dialog = await findDialog('Create a brand');
    await user.type(within(dialog).getByLabelText('Code'), 'siam');
    await user.type(within(dialog).getByLabelText('Brand name'), 'Siam Play');
    await user.type(within(dialog).getByLabelText('Primary domain'), 'www.siam.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create a brand' }));
    const created = await findDialog('Brand created');
    expect(within(created).getByTestId('one-time-password').textContent).toBe('Zq8-one-time-pass');
    await user.click(within(created).getByRole('button', { name: 'I have copied the password' }));
    await waitFor(() => expect(screen.queryByText('Zq8-one-time-pass')).toBeNull());
  });
});
