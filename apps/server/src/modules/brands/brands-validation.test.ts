import { adminPath, brandPaths, brandSettingsSchema, type BrandSettings } from '@lotus/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';

/** Bad input of every brand form: 400 `validation.failed` naming the field, in TH and EN, nothing written. */
let testApp: TestApp;
let platform: TestOperator;
let settings: BrandSettings;

beforeAll(async () => {
  testApp = await createTestApp();
  platform = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'platform' });
  const response = await testApp.app.inject({
    method: 'GET',
    url: adminPath(brandPaths.brand, { merchantId: testApp.demoMerchantId }),
    headers: { merchant: 'demo', authorization: platform.token },
  });
  settings = brandSettingsSchema.parse(response.json().value);
});
afterAll(() => testApp?.close());

type Case = [name: string, url: 'settings' | 'domains' | 'create', body: () => unknown, field: string];
const cases: Case[] = [
  [
    'empty brand name',
    'settings',
    () => ({ section: 'identity', value: { ...settings.identity, name: ' ' } }),
    'value.name',
  ],
  [
    'a javascript: logo',
    'settings',
    () => ({ section: 'identity', value: { ...settings.identity, logoUrl: 'javascript:alert(1)' } }),
    'value.logoUrl',
  ],
  [
    'a protocol-relative favicon',
    'settings',
    () => ({ section: 'identity', value: { ...settings.identity, faviconUrl: '//evil.example/x.png' } }),
    'value.faviconUrl',
  ],
  [
    'a copyright year out of range',
    'settings',
    () => ({ section: 'identity', value: { ...settings.identity, copyrightStartYear: 1200 } }),
    'value.copyrightStartYear',
  ],
  [
    'a colour that loads a URL',
    'settings',
    () => ({
      section: 'theme',
      value: { colors: { ...settings.theme.colors, '--brand-primary': 'url(https://x.test/a)' } },
    }),
    'value.colors.--brand-primary',
  ],
  [
    'a gradient with var()',
    'settings',
    () => ({
      section: 'theme',
      value: { colors: { ...settings.theme.colors, '--gradient-gold': 'linear-gradient(var(--x), red)' } },
    }),
    'value.colors.--gradient-gold',
  ],
  [
    'a default language not offered',
    'settings',
    () => ({ section: 'languages', value: { defaultLanguage: 'EN', languages: ['TH'] } }),
    'value.defaultLanguage',
  ],
  [
    'a time zone given as an offset',
    'settings',
    () => ({ section: 'languages', value: { ...settings.languages, timeZone: '+07:00' } }),
    'value.timeZone',
  ],
  [
    'a time zone the IANA database does not have',
    'settings',
    () => ({ section: 'languages', value: { ...settings.languages, timeZone: 'Mars/Olympus_Mons' } }),
    'value.timeZone',
  ],
  [
    'a register rule with maximum below minimum',
    'settings',
    () => ({
      section: 'registerRules',
      value: {
        ...settings.registerRules,
        rules: {
          ...settings.registerRules.rules,
          username: { ...settings.registerRules.rules.username!, minLength: 9, maxLength: 4 },
        },
      },
    }),
    'value.rules.username.maxLength',
  ],
  [
    'a register rule with a broken pattern',
    'settings',
    () => ({
      section: 'registerRules',
      value: {
        ...settings.registerRules,
        rules: {
          ...settings.registerRules.rules,
          email: { ...settings.registerRules.rules.email!, acceptedPattern: '([a-z' },
        },
      },
    }),
    'value.rules.email.acceptedPattern',
  ],
  [
    'a minimum age under 18',
    'settings',
    () => ({ section: 'registerRules', value: { ...settings.registerRules, minimumAge: 16 } }),
    'value.minimumAge',
  ],
  [
    'a session idle time of 0',
    'settings',
    () => ({ section: 'security', value: { ...settings.security, sessions: { idleMinutes: 0, absoluteHours: 24 } } }),
    'value.sessions.idleMinutes',
  ],
  [
    'an unknown login verification method',
    'settings',
    () => ({
      section: 'security',
      value: {
        ...settings.security,
        loginSecurity: { ...settings.security.loginSecurity, methods: ['carrier-pigeon'] },
      },
    }),
    'value.loginSecurity.methods.0',
  ],
  [
    'an unknown shortfall rule',
    'settings',
    () => ({ section: 'agentSettlement', value: { ...settings.agentSettlement, shortfall: 'forgive' } }),
    'value.shortfall',
  ],
  [
    'a dividend platform fee over 100 %',
    'settings',
    () => ({
      section: 'agentSettlement',
      value: { ...settings.agentSettlement, dividend: { platformFeeRate: 1.5, serviceFeeRate: 0 } },
    }),
    'value.dividend.platformFeeRate',
  ],
  [
    'a trial of 0 hours',
    'settings',
    () => ({ section: 'switches', value: { ...settings.switches, trialHours: 0 } }),
    'value.trialHours',
  ],
  [
    'a domain with a space',
    'domains',
    () => ({ domains: [{ domain: 'bad domain.test', isPrimary: true }] }),
    'domains.0.domain',
  ],
  [
    'two primary domains',
    'domains',
    () => ({
      domains: [
        { domain: 'a.example.com', isPrimary: true },
        { domain: 'b.example.com', isPrimary: true },
      ],
    }),
    'domains.0.isPrimary',
  ],
  [
    'a merchant code with a symbol',
    'create',
    () => ({ code: 'x!', name: 'X', domain: 'x.example.com', currency: 'THB' }),
    'code',
  ],
  [
    'a currency of four letters',
    'create',
    () => ({ code: 'xx', name: 'X', domain: 'x.example.com', currency: 'BAHT' }),
    'currency',
  ],
];

test.each(cases)('%s: 400 naming the field in TH and EN, nothing written', async (_name, kind, body, field) => {
  const url =
    kind === 'create'
      ? brandPaths.brands
      : adminPath(kind === 'settings' ? brandPaths.brandSettings : brandPaths.brandDomains, {
          merchantId: testApp.demoMerchantId,
        });
  const messages: string[] = [];
  for (const language of ['TH', 'EN']) {
    const response = await testApp.app.inject({
      method: kind === 'create' ? 'POST' : 'PUT',
      url,
      headers: { merchant: 'demo', language, authorization: platform.token },
      payload: { ...(kind === 'create' ? {} : { version: settings.version }), ...(body() as object) },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    messages.push(response.json().message);
  }
  expect(messages[0]).toMatch(/[\u0E00-\u0E7F]/);
  expect(messages[1]).not.toMatch(/[\u0E00-\u0E7F]/);
  const version = await testApp.db
    .selectFrom('merchant')
    .select('version')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  expect(version.version).toBe(settings.version);
});
