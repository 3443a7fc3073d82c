import { adminApiPaths, operatorLoginValueSchema } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ensureFirstAdmins, logFirstAdmins } from './first-admin.ts';

/** The first admin of each merchant: from ADMIN_USERNAME / ADMIN_PASSWORD, or generated and printed once. */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

function recordingLogger(level = 'info'): FastifyBaseLogger & { lines: string[] } {
  const lines: string[] = [];
  const write = (first: unknown, second?: unknown) => {
    lines.push(typeof first === 'string' ? first : `${JSON.stringify(first)} ${String(second ?? '')}`);
  };
  return {
    level,
    lines,
    info: write,
    warn: write,
    error: write,
    fatal: write,
    debug: write,
    trace: write,
    silent: () => {},
    child: () => recordingLogger(),
  } as never;
}

function login(testApp: TestApp, username: string, password: string) {
  return testApp.app.inject({
    method: 'POST',
    url: adminApiPaths.login,
    headers: { merchant: 'demo' },
    payload: { username, password },
  });
}

describe('first admin', () => {
  test('from ADMIN_USERNAME and ADMIN_PASSWORD: created at start, audited, must enrol TOTP first', async () => {
    const testApp = await createTestApp({ ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'boss-password-123' });
    apps.push(testApp);
    const operators = await testApp.db
      .selectFrom('operator')
      .select(['username', 'role', 'status', 'totp_secret', 'password_hash'])
      .execute();
    expect(operators).toHaveLength(1);
    expect(operators[0]).toMatchObject({ username: 'Boss', role: 'admin', status: 'active', totp_secret: null });
    expect(operators[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const response = await login(testApp, 'boss', 'boss-password-123');
    expect(response.statusCode, response.body).toBe(200);
    expect(operatorLoginValueSchema.parse(response.json().value).stage).toBe('enrol');
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'after', 'ip'])
      .execute();
    expect(audit).toEqual([
      {
        action: 'operator.create',
        operator_id: null,
        after: { username: 'Boss', role: 'admin', status: 'active', source: 'ADMIN_USERNAME' },
        ip: 'system',
      },
    ]);

    // A second start (another instance on the same database) creates nothing and leaves the password alone.
    const again = await ensureFirstAdmins(
      testApp.db,
      { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'a-different-password' },
      Date.now(),
    );
    expect(again).toEqual([]);
    expect((await login(testApp, 'boss', 'boss-password-123')).statusCode).toBe(200);
  });

  test('without settings: a random password, printed once and never again, never the hash', async () => {
    const testApp = await createTestApp();
    apps.push(testApp);
    // The app's own start already created `admin` (silently, in tests): start from a fresh merchant to watch it happen.
    const merchant = await testApp.db
      .insertInto('merchant')
      .values({
        code: 'fresh',
        name: 'Fresh',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'TH',
        config: JSON.stringify({}) as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const logger = recordingLogger();
    const created = await ensureFirstAdmins(testApp.db, {}, Date.now());
    logFirstAdmins(logger, created);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ merchantCode: 'fresh', username: 'admin' });
    const password = created[0]!.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toContain(`password "${password}"`);
    const row = await testApp.db
      .selectFrom('operator')
      .select('password_hash')
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(logger.lines.join('\n')).not.toContain(row.password_hash);

    // Next start: an operator exists, nothing is created or printed.
    logFirstAdmins(logger, await ensureFirstAdmins(testApp.db, {}, Date.now()));
    expect(logger.lines).toHaveLength(1);

    // The demo merchant got its admin at the app's start, with a password nobody saw (silent log) but that works only as argon2id.
    const demo = await testApp.db
      .selectFrom('operator')
      .select(['username', 'role'])
      .where('merchant_id', '=', testApp.demoMerchantId)
      .execute();
    expect(demo).toEqual([{ username: 'admin', role: 'admin' }]);
  });

  test('several instances starting together create one admin', async () => {
    const testApp = await createTestApp();
    apps.push(testApp);
    await testApp.db.deleteFrom('operator_session').execute();
    const merchant = await testApp.db
      .insertInto('merchant')
      .values({
        code: 'race',
        name: 'Race',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'TH',
        config: JSON.stringify({}) as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureFirstAdmins(testApp.db, {}, Date.now())));
    expect(results.flat()).toHaveLength(1);
    expect(
      await testApp.db.selectFrom('operator').select('id').where('merchant_id', '=', merchant.id).execute(),
    ).toHaveLength(1);
  });
});

describe('settings', () => {
  test.each([
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD: required when ADMIN_USERNAME is set'],
    [{ ADMIN_PASSWORD: 'long-enough-1' }, 'ADMIN_USERNAME: required when ADMIN_PASSWORD is set'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: at least 10 characters'],
    [
      { ADMIN_USERNAME: 'bad name', ADMIN_PASSWORD: 'long-enough-1' },
      'ADMIN_USERNAME: 3-32 letters, digits, and _ . - only',
    ],
  ])('%j is refused at start: %s', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems).toContain(problem);
    }
  });
});
