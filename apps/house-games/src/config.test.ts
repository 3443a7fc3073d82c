import { describe, expect, test } from 'vitest';
import { ConfigError, loadHouseConfig } from './config.ts';

const required = {
  DATABASE_URL: 'postgres://house@127.0.0.1:5432/lotus',
  HOUSE_VENDOR_SECRET: 'a-secret-of-the-vendor',
};

describe('loadHouseConfig', () => {
  test('defaults what the platform may leave out; the browsers’ address follows the port', () => {
    const config = loadHouseConfig({ ...required, HOUSE_GAMES_PORT: '9701', HOST: '' });
    expect(config).toEqual({
      ...required,
      PLATFORM_URL: 'http://127.0.0.1:8080',
      HOUSE_GAMES_PORT: 9701,
      HOST: '0.0.0.0',
      HOUSE_GAMES_URL: 'http://localhost:9701',
      LOG_LEVEL: 'info',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('lists every problem at once (an empty setting counts as unset)', () => {
    let thrown: unknown;
    try {
      loadHouseConfig({ DATABASE_URL: 'mysql://x', HOUSE_VENDOR_SECRET: '', HOUSE_GAMES_PORT: 'x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems).toContain('HOUSE_VENDOR_SECRET: required');
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'HOUSE_GAMES_PORT',
      'HOUSE_VENDOR_SECRET',
      'LOG_LEVEL',
    ]);
  });
});
