import { describe, expect, test } from 'vitest';
import { ConfigError, developmentVendorSecretKey, loadConfig } from './config.ts';

const productionKey = 'a-production-vendor-secret-key-0123456789';

describe('loadConfig', () => {
  test('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  test.each([
    ['no settings', {}, { PORT: 8080, TRUST_PROXY: [], DATA_DIR: './data' }],
    ['empty strings count as unset', { PORT: '', DATA_DIR: '' }, { PORT: 8080, DATA_DIR: './data' }],
    ['lists are split on commas', { TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, { TRUST_PROXY: ['10.0.0.1', '10.0.0.0/8'] }],
    ['a PostgreSQL URL', { DATABASE_URL: 'postgres://u@h/db' }, { DATABASE_URL: 'postgres://u@h/db' }],
  ])('%s', (_name, env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  test('an empty DATABASE_URL means the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });

  test('production must bring its own house vendor secret; elsewhere the documented default serves', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /HOUSE_VENDOR_SECRET: required with NODE_ENV=production/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        HOUSE_VENDOR_SECRET: 'a-production-secret-123',
        VENDOR_SECRET_KEY: productionKey,
      }).HOUSE_VENDOR_SECRET,
    ).toBe('a-production-secret-123');
    expect(loadConfig({ NODE_ENV: 'development' }).HOUSE_VENDOR_SECRET).toBe('lotus-dev-house-vendor-secret');
  });

  test('production must bring its own key sealing vendor secrets, of at least 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOUSE_VENDOR_SECRET: 'a-production-secret-123' })).toThrow(
      /VENDOR_SECRET_KEY: required with NODE_ENV=production/,
    );
    expect(() => loadConfig({ VENDOR_SECRET_KEY: 'too-short' })).toThrow(/VENDOR_SECRET_KEY: at least 32 characters/);
    expect(loadConfig({ VENDOR_SECRET_KEY: productionKey }).VENDOR_SECRET_KEY).toBe(productionKey);
    expect(loadConfig({ NODE_ENV: 'test' }).VENDOR_SECRET_KEY).toBe(developmentVendorSecretKey);
  });

  test('the result is frozen', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });
});
