import { describe, expect, test, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startServer } from '../../server.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  ChallengeBypassRefusedError,
  assertChallengeBypassAllowed,
  challengeCheckOptions,
} from './challenge-bypass.ts';
import { consumeSliderToken } from './consume-slider-token.ts';
import { verifyCaptcha } from './verify-captcha.ts';

/** Production demands its own house vendor secret (config.ts); any long enough value does here. */
const productionVendorSecret = 'production-vendor-secret-0123456789';
const productionVendorSecretKey = 'production-vendor-secret-key-0123456789';

describe('CHALLENGE_BYPASS', () => {
  test.each([
    [{}, false],
    [{ CHALLENGE_BYPASS: '' }, false],
    [{ CHALLENGE_BYPASS: '0' }, false],
    [{ CHALLENGE_BYPASS: 'false' }, false],
    [{ CHALLENGE_BYPASS: '1' }, true],
    [{ CHALLENGE_BYPASS: 'true' }, true],
  ])('%o reads as %s', (env, expected) => {
    expect(loadConfig(env).CHALLENGE_BYPASS).toBe(expected);
  });

  test('anything else is a configuration error naming the setting', () => {
    expect(() => loadConfig({ CHALLENGE_BYPASS: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHALLENGE_BYPASS: 'yes' })).toThrow(/CHALLENGE_BYPASS/);
  });

  test('with NODE_ENV=production the server refuses to start, before it opens the database', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOUSE_VENDOR_SECRET: productionVendorSecret,
      VENDOR_SECRET_KEY: productionVendorSecretKey,
      CHALLENGE_BYPASS: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    expect(() => assertChallengeBypassAllowed(config, logger)).toThrow(ChallengeBypassRefusedError);
    await expect(startServer(config, logger)).rejects.toThrow(/CHALLENGE_BYPASS=1 is refused with NODE_ENV=production/);
  });

  test.each(['development', 'test'] as const)('with NODE_ENV=%s it is allowed and warned about', (nodeEnv) => {
    const warn = vi.fn();
    assertChallengeBypassAllowed(loadConfig({ NODE_ENV: nodeEnv, CHALLENGE_BYPASS: '1' }), { warn });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![1])).toMatch(/CHALLENGE_BYPASS is on/);
  });

  test('off, nothing is logged, in production too', () => {
    const warn = vi.fn();
    assertChallengeBypassAllowed(
      loadConfig({
        NODE_ENV: 'production',
        HOUSE_VENDOR_SECRET: productionVendorSecret,
        VENDOR_SECRET_KEY: productionVendorSecretKey,
      }),
      {
        warn,
      },
    );
    expect(warn).not.toHaveBeenCalled();
  });

  test.each([
    ['1', true],
    ['0', false],
  ])(
    'an app started with CHALLENGE_BYPASS=%s: "bypass" as captcha and slider token passes: %s',
    async (setting, passes) => {
      const testApp = await createTestApp({ CHALLENGE_BYPASS: setting });
      try {
        const merchant = await testApp.db
          .selectFrom('merchant')
          .select('id')
          .where('code', '=', 'demo')
          .executeTakeFirstOrThrow();
        const options = challengeCheckOptions(testApp.app.config);
        expect(await verifyCaptcha(testApp.db, merchant.id, undefined, 'bypass', options)).toBe(passes);
        expect(await consumeSliderToken(testApp.db, merchant.id, 'bypass', 'login', options)).toBe(passes);
        // The bypass is a literal: other answers are checked as usual even when it is on.
        expect(await consumeSliderToken(testApp.db, merchant.id, 'bypass2', 'login', options)).toBe(false);
      } finally {
        await testApp.close();
      }
    },
  );
});
