import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  adminApiPaths,
  adminPath,
  apiPaths,
  brandPaths,
  brandSettingsSchema,
  brandSettingsSectionSchemas,
  createdBrandSchema,
  type BrandSettings,
  type BrandSettingsSection,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { findMerchant } from '../merchant/index.ts';
import { runMerchantCreate } from './merchant-create-command.ts';

/**
 * Brands in the back-office on a real database: platform and own-merchant visibility, creating a
 * merchant (API and `npm run merchant:create`), versioned settings and domains with their audit, and a
 * change seen by a second API instance on the same database.
 */
let testApp: TestApp;
let second: TestApp;
let admin: TestOperator;
let support: TestOperator;
let platform: TestOperator;
let otherAdmin: TestOperator;
let otherMerchantId: number;

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  token?: string,
  language = 'EN',
  merchant = 'demo',
) {
  return testApp.app.inject({
    method,
    url,
    headers: { merchant, language, ...(token ? { authorization: token } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

const brandUrl = (merchantId: number) => adminPath(brandPaths.brand, { merchantId });
const settingsUrl = (merchantId: number) => adminPath(brandPaths.brandSettings, { merchantId });
const domainsUrl = (merchantId: number) => adminPath(brandPaths.brandDomains, { merchantId });

async function settingsOf(merchantId: number, token = admin.token): Promise<BrandSettings> {
  const response = await send('GET', brandUrl(merchantId), undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return brandSettingsSchema.parse(response.json().value);
}

beforeAll(async () => {
  testApp = await createTestApp();
  second = await createTestApp({}, { database: testApp.database });
  const merchantId = testApp.demoMerchantId;
  [admin, support, platform] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId, role: 'admin' }),
    insertTestOperator(testApp.db, { merchantId, role: 'support' }),
    insertTestOperator(testApp.db, { merchantId, role: 'platform' }),
  ]);
  const output = { log: () => {}, error: () => {} };
  const code = await runMerchantCreate(
    ['--code', 'other', '--name', 'Other Brand', '--domain', 'other.example.com', '--currency', 'THB'],
    testApp.db,
    output,
    Date.now(),
  );
  expect(code).toBe(0);
  otherMerchantId = (
    await testApp.db.selectFrom('merchant').select('id').where('code', '=', 'other').executeTakeFirstOrThrow()
  ).id;
  otherAdmin = await insertTestOperator(testApp.db, { merchantId: otherMerchantId, role: 'admin' });
});
afterAll(async () => {
  await second?.close();
  await testApp?.close();
});

describe('who sees which merchant', () => {
  test('an admin (brands.manage) lists only their own merchant and cannot create one', async () => {
    const list = await send('GET', brandPaths.brands, undefined, admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items.map((item: { code: string }) => item.code)).toEqual(['demo']);
    expect(list.json().value.canCreate).toBe(false);
    const create = await send(
      'POST',
      brandPaths.brands,
      { code: 'nope', name: 'Nope', domain: 'nope.example.com', currency: 'THB' },
      admin.token,
    );
    expect(create.statusCode).toBe(403);
    expect(create.json().errorCode).toBe('operator.permission.denied');
  });

  test("another merchant's id is 404 to an admin, like an unknown id, for reads and writes", async () => {
    const other = await send('GET', brandUrl(otherMerchantId), undefined, admin.token);
    const unknown = await send('GET', brandUrl(999999), undefined, admin.token);
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    const write = await send(
      'PUT',
      domainsUrl(otherMerchantId),
      { version: 1, domains: [{ domain: 'stolen.example.com', isPrimary: true }] },
      admin.token,
    );
    expect(write.statusCode).toBe(404);
    // The other merchant's own admin sees it, and not demo.
    expect((await send('GET', brandUrl(otherMerchantId), undefined, otherAdmin.token, 'EN', 'other')).statusCode).toBe(
      200,
    );
    expect(
      (await send('GET', brandUrl(testApp.demoMerchantId), undefined, otherAdmin.token, 'EN', 'other')).statusCode,
    ).toBe(404);
  });

  test("the agents' settlement rules: saved, audited, and what the settlements then read", async () => {
    const before = await settingsOf(testApp.demoMerchantId, admin.token);
    expect(before.agentSettlement).toMatchObject({ shortfall: 'wait', claimDays: 3 });
    const value = {
      activeMember: { minValidBet: '50.00', minDeposit: '100.00', excludeSharedLogins: false },
      dividend: { platformFeeRate: 0.012, serviceFeeRate: 0.005 },
      claimDays: 5,
      shortfall: 'advance',
    };
    const response = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      { version: before.version, section: 'agentSettlement', value },
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const merchant = await findMerchant(testApp.db, { id: testApp.demoMerchantId });
    expect(merchant!.config.agentSettlement).toEqual(value);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'brand.agent_settlement.update')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ shortfall: 'wait' });
    expect(audit.after).toMatchObject({ shortfall: 'advance', claimDays: 5 });
    // Put back: other tests of this file read the demo's defaults.
    const restored = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      { version: before.version + 1, section: 'agentSettlement', value: before.agentSettlement },
      admin.token,
    );
    expect(restored.statusCode, restored.body).toBe(200);
  });

  test.each(Object.keys(brandSettingsSectionSchemas) as BrandSettingsSection[])(
    'the %s section saves as read, audited under a lower-case action',
    async (section) => {
      const before = await settingsOf(testApp.demoMerchantId, admin.token);
      const value = before[section];
      const response = await send(
        'PUT',
        settingsUrl(testApp.demoMerchantId),
        { version: before.version, section, value },
        admin.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      const action = `brand.${section.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}.update`;
      const audit = await testApp.db
        .selectFrom('operator_audit')
        .select('id')
        .where('action', '=', action)
        .where('target_id', '=', String(testApp.demoMerchantId))
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(1);
    },
  );

  test('support (no brands.manage) is refused every brand call', async () => {
    for (const [method, url] of [
      ['GET', brandPaths.brands],
      ['GET', brandUrl(testApp.demoMerchantId)],
      ['PUT', settingsUrl(testApp.demoMerchantId)],
    ] as const) {
      const response = await send(method, url, method === 'PUT' ? {} : undefined, support.token);
      expect(response.statusCode, url).toBe(403);
    }
  });

  test('a platform operator lists every merchant, reads and changes another one; both logs say who', async () => {
    const list = await send('GET', brandPaths.brands, undefined, platform.token);
    expect(list.json().value.items.map((item: { code: string }) => item.code)).toEqual(['demo', 'other']);
    expect(list.json().value.canCreate).toBe(true);
    const before = await settingsOf(otherMerchantId, platform.token);
    expect(before.merchant).toMatchObject({ code: 'other', name: 'Other Brand', primaryDomain: 'other.example.com' });
    const response = await send(
      'PUT',
      settingsUrl(otherMerchantId),
      {
        version: before.version,
        section: 'security',
        value: { ...before.security, sessions: { idleMinutes: 15, absoluteHours: 8 } },
      },
      platform.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['merchant_id', 'operator_id', 'after'])
      .where('action', '=', 'brand.security.update')
      .where('target_id', '=', String(otherMerchantId))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.merchant_id)).toEqual([testApp.demoMerchantId, otherMerchantId]);
    expect(audit[0]!.operator_id).toBe(platform.id);
    expect(audit[1]).toMatchObject({ operator_id: null, after: { by: `${platform.username}@demo` } });
  });
});

describe('creating a merchant from the back-office', () => {
  test('a platform operator creates one; its admin logs in with the password shown once', async () => {
    const response = await send(
      'POST',
      brandPaths.brands,
      { code: 'Siam', name: 'Siam Play', domain: 'WWW.Siam.example.com', currency: 'thb', defaultLanguage: 'EN' },
      platform.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = createdBrandSchema.parse(response.json().value);
    expect(created.merchant).toMatchObject({
      code: 'siam',
      name: 'Siam Play',
      currency: 'THB',
      defaultLanguage: 'EN',
      primaryDomain: 'www.siam.example.com',
    });
    expect(created.admin).toMatchObject({ username: 'admin', role: 'admin' });
    const login = await testApp.app.inject({
      method: 'POST',
      url: adminApiPaths.login,
      headers: { host: 'www.siam.example.com' },
      payload: { username: 'admin', password: created.admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.stage).toBe('enrol');
    // The site answers on the new domain with the new brand's defaults, nothing of the demo's content.
    const site = await testApp.app.inject({
      method: 'GET',
      url: apiPaths.whitelabel,
      headers: { host: 'www.siam.example.com' },
    });
    expect(site.statusCode).toBe(200);
    expect(site.json().value).toMatchObject({
      merchantCode: 'siam',
      currency: 'THB',
      brand: { name: 'Siam Play', logoUrl: '' },
    });
    const settings = await settingsOf(created.merchant.id, platform.token);
    expect(settings.identity.footerDescription.EN).not.toContain('Lotus88');
    const merchant = await testApp.db
      .selectFrom('merchant')
      .select('config')
      .where('code', '=', 'siam')
      .executeTakeFirstOrThrow();
    expect(merchant.config.deposits.channels.BANK.accounts).toEqual([]);
    expect(merchant.config.deposits.channels.DEMOPAY.enabled).toBe(false);
    // The built-in roles exist for it, and the creation is in both logs.
    const roles = await testApp.db
      .selectFrom('operator_role')
      .select('code')
      .where('merchant_id', '=', created.merchant.id)
      .orderBy('code')
      .execute();
    expect(roles.map((role) => role.code)).toEqual(['admin', 'finance', 'platform', 'support']);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['merchant_id', 'action'])
      .where('target_type', '=', 'merchant')
      .where('target_id', '=', String(created.merchant.id))
      .where('action', '=', 'brand.create')
      .execute();
    expect(audit.map((row) => row.merchant_id).sort()).toEqual([testApp.demoMerchantId, created.merchant.id].sort());
    expect(
      JSON.stringify(await testApp.db.selectFrom('operator_audit').select(['before', 'after']).execute()),
    ).not.toContain(created.admin.password);
  });

  test.each([
    ['a taken code (any case)', { code: 'DEMO', domain: 'fresh1.example.com' }, 'brand.code.taken', 'code'],
    ['a taken domain', { code: 'fresh2', domain: 'demo.lotus88.test' }, 'brand.domain.taken', 'domain'],
  ])('%s is refused with 409 and nothing is created', async (_name, input, errorCode, field) => {
    const before = await testApp.db.selectFrom('merchant').select('id').execute();
    const response = await send(
      'POST',
      brandPaths.brands,
      { name: 'X', currency: 'THB', ...input },
      platform.token,
      'TH',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode, field });
    expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await testApp.db.selectFrom('merchant').select('id').execute()).toHaveLength(before.length);
  });
});

describe('settings', () => {
  test('two concurrent saves of the same version: one is stored, the other 409 and nothing overwritten', async () => {
    const before = await settingsOf(testApp.demoMerchantId);
    const save = (name: string) =>
      send(
        'PUT',
        settingsUrl(testApp.demoMerchantId),
        { version: before.version, section: 'identity', value: { ...before.identity, name } },
        admin.token,
      );
    const [first, secondSave] = await Promise.all([save('Lotus First'), save('Lotus Second')]);
    const statuses = [first.statusCode, secondSave.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? 'Lotus First' : 'Lotus Second';
    const loser = first.statusCode === 409 ? first : secondSave;
    expect(loser.json()).toMatchObject({ errorCode: 'brand.version.conflict', value: { version: before.version + 1 } });
    const after = await settingsOf(testApp.demoMerchantId);
    expect(after.identity.name).toBe(winner);
    expect(after.merchant.name).toBe(winner);
    expect(after.version).toBe(before.version + 1);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'brand.identity.update')
      .where(sql<string>`after->>'name'`, 'in', ['Lotus First', 'Lotus Second'])
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { name: before.identity.name }, after: { name: winner } });
  });

  test('the theme saved through one instance is what the site of another instance serves at once', async () => {
    const read = async (app: TestApp) => {
      const response = await app.app.inject({ method: 'GET', url: apiPaths.whitelabel, headers: { merchant: 'demo' } });
      return response.json().value.brand.colors as Record<string, string>;
    };
    expect((await read(second))['--brand-primary']).toBe('#d9a935');
    const before = await settingsOf(testApp.demoMerchantId);
    const response = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      {
        version: before.version,
        section: 'theme',
        value: { colors: { ...before.theme.colors, '--brand-primary': '#2266ee' } },
      },
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    await second.settle();
    expect((await read(second))['--brand-primary']).toBe('#2266ee');
  });

  test('languages write the default language column and the list together', async () => {
    const before = await settingsOf(testApp.demoMerchantId);
    const response = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      { version: before.version, section: 'languages', value: { defaultLanguage: 'EN', languages: ['EN', 'TH'] } },
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    // No zone sent (a client from before the field): the merchant's stays, Asia/Bangkok when it has none.
    expect(response.json().value.languages).toEqual({
      defaultLanguage: 'EN',
      languages: ['EN', 'TH'],
      timeZone: 'Asia/Bangkok',
    });
    expect(response.json().value.merchant.defaultLanguage).toBe('EN');
  });

  test('the time zone is saved with the languages into config.timezone, audited, and kept when a save leaves it out', async () => {
    const before = await settingsOf(testApp.demoMerchantId);
    const saved = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      { version: before.version, section: 'languages', value: { ...before.languages, timeZone: 'Europe/London' } },
      admin.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.languages.timeZone).toBe('Europe/London');
    const row = await testApp.db
      .selectFrom('merchant')
      .select('config')
      .where('id', '=', testApp.demoMerchantId)
      .executeTakeFirstOrThrow();
    expect((row.config as { timezone?: string }).timezone).toBe('Europe/London');
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'brand.languages.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ timeZone: before.languages.timeZone });
    expect(audit.after).toMatchObject({ timeZone: 'Europe/London' });
    // The back-office's schedule inputs read the zone from `me`.
    await testApp.settle();
    const me = await send('GET', adminApiPaths.me, undefined, admin.token);
    expect(me.json().value.merchant.timeZone).toBe('Europe/London');

    const { timeZone: _left, ...withoutZone } = saved.json().value.languages;
    const kept = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      { version: saved.json().value.version, section: 'languages', value: withoutZone },
      admin.token,
    );
    expect(kept.json().value.languages.timeZone).toBe('Europe/London');
    // Back to the demo's zone for the rest of the file.
    const restored = await send(
      'PUT',
      settingsUrl(testApp.demoMerchantId),
      {
        version: kept.json().value.version,
        section: 'languages',
        value: { ...withoutZone, timeZone: 'Asia/Bangkok' },
      },
      admin.token,
    );
    expect(restored.statusCode, restored.body).toBe(200);
  });

  test('domains: replace the list, move the primary; a domain of another merchant is 409; a stale version 409', async () => {
    const before = await settingsOf(testApp.demoMerchantId);
    const domains = [
      ...before.domains.map((entry) => ({ domain: entry.domain, isPrimary: false })),
      { domain: 'www.lotus88.test', isPrimary: true },
    ];
    const response = await send(
      'PUT',
      domainsUrl(testApp.demoMerchantId),
      { version: before.version, domains },
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = brandSettingsSchema.parse(response.json().value);
    expect(after.domains[0]).toEqual({ domain: 'www.lotus88.test', isPrimary: true });
    expect(after.domains).toHaveLength(before.domains.length + 1);
    const site = await testApp.app.inject({
      method: 'GET',
      url: apiPaths.whitelabel,
      headers: { host: 'www.lotus88.test' },
    });
    expect(site.json().value.merchantCode).toBe('demo');

    const stolen = await send(
      'PUT',
      domainsUrl(testApp.demoMerchantId),
      { version: after.version, domains: [...domains, { domain: 'other.example.com', isPrimary: false }] },
      admin.token,
    );
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({ errorCode: 'brand.domain.taken', field: `domains.${domains.length}.domain` });
    const stale = await send(
      'PUT',
      domainsUrl(testApp.demoMerchantId),
      { version: before.version, domains },
      admin.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('brand.version.conflict');
    expect((await settingsOf(testApp.demoMerchantId)).domains).toEqual(after.domains);
  });
});

describe('npm run merchant:create', () => {
  function recorder() {
    const lines: string[] = [];
    const errors: string[] = [];
    return {
      lines,
      errors,
      output: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
    };
  }

  test.each([
    [
      'a taken code',
      ['--code', 'demo', '--name', 'D', '--domain', 'd1.example.com', '--currency', 'THB'],
      1,
      'code "demo" is already taken',
    ],
    [
      'a taken domain',
      ['--code', 'fresh3', '--name', 'D', '--domain', 'localhost', '--currency', 'THB'],
      1,
      'domain "localhost" already belongs',
    ],
    ['a missing --domain', ['--code', 'fresh4', '--name', 'D', '--currency', 'THB'], 2, '--domain is required'],
    [
      'a bad --currency',
      ['--code', 'fresh5', '--name', 'D', '--domain', 'd5.example.com', '--currency', 'baht'],
      2,
      '--currency "baht" is not valid',
    ],
    ['an unknown option', ['--code', 'fresh6', '--colour', 'red'], 2, "Unknown option '--colour'"],
  ])('refuses %s with a clear message and exit code, creating nothing', async (_name, args, exitCode, message) => {
    const before = await testApp.db.selectFrom('merchant').select('id').execute();
    const { lines, errors, output } = recorder();
    expect(await runMerchantCreate(args, testApp.db, output, Date.now())).toBe(exitCode);
    expect(errors.join('\n')).toContain(message);
    expect(lines).toEqual([]);
    expect(await testApp.db.selectFrom('merchant').select('id').execute()).toHaveLength(before.length);
  });

  test('--platform gives the first operator the platform role', async () => {
    const { lines, output } = recorder();
    const code = await runMerchantCreate(
      [
        '--code',
        'hq',
        '--name',
        'HQ',
        '--domain',
        'hq.example.com',
        '--currency',
        'USD',
        '--platform',
        '--admin',
        'root',
      ],
      testApp.db,
      output,
      Date.now(),
    );
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain('username "root", role platform');
    const operator = await testApp.db
      .selectFrom('operator')
      .select('role')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(operator.role).toBe('platform');
  });

  // Two child processes (tsx starting the script): about 10 s each on a busy machine.
  test(
    'the real command: creates, prints the password once, and that admin can log in',
    { timeout: 120_000 },
    async () => {
      const run = promisify(execFile);
      const { stdout, stderr } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/scripts/merchant-create.ts',
          '--code',
          'cli',
          '--name',
          'CLI Brand',
          '--domain',
          'cli.example.com',
          '--currency',
          'THB',
        ],
        { env: { ...process.env, DATABASE_URL: testApp.database.connectionString, LOG_LEVEL: 'warn' } },
      );
      const password = /password "([^"]+)"/.exec(stdout)?.[1];
      expect(password, stdout + stderr).toBeDefined();
      expect(stdout.split(password!).length - 1).toBe(1);
      expect(stdout).toContain('merchant "cli" (CLI Brand');
      const login = await testApp.app.inject({
        method: 'POST',
        url: adminApiPaths.login,
        headers: { merchant: 'cli' },
        payload: { username: 'admin', password },
      });
      expect(login.statusCode, login.body).toBe(200);
      // A second run with the same code is refused with exit code 1.
      const again = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/scripts/merchant-create.ts',
          '--code',
          'cli',
          '--name',
          'X',
          '--domain',
          'x.example.com',
          '--currency',
          'THB',
        ],
        { env: { ...process.env, DATABASE_URL: testApp.database.connectionString, LOG_LEVEL: 'warn' } },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already taken');
    },
  );
});
