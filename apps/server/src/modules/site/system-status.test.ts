import type { SystemStatus } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig } from '../merchant/index.ts';

/** Addresses geoip-country places in a country (checked against its bundled data). */
const thaiIp = '1.46.0.1';
const usIp = '8.8.8.8';
const usIpv6 = '2001:4860:4860::8888';

let testApp: TestApp;
let originalConfig: MerchantConfig;
beforeAll(async () => {
  testApp = await createTestApp();
  originalConfig = await readDemoConfig();
});
afterEach(async () => {
  await writeDemoConfig(originalConfig);
});
afterAll(async () => {
  await testApp?.close();
});

async function readDemoConfig(): Promise<MerchantConfig> {
  const row = await testApp.db
    .selectFrom('merchant')
    .select('config')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row.config;
}

async function writeDemoConfig(config: MerchantConfig): Promise<void> {
  await testApp.db
    .updateTable('merchant')
    .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
    .where('code', '=', 'demo')
    .execute();
  await testApp.settle();
}

async function updateDemoConfig(change: (config: MerchantConfig) => void): Promise<void> {
  const config = structuredClone(originalConfig);
  change(config);
  await writeDemoConfig(config);
}

async function getStatus(remoteAddress = '127.0.0.1', language: 'TH' | 'EN' = 'EN') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/wps/system/status?url=demo.lotus88.test',
    headers: { Merchant: 'demo', Language: language },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { value: SystemStatus }).value;
}

describe('GET /wps/system/status', () => {
  test('EN: normal, with the caller location and the info the site needs', async () => {
    const status = await getStatus('127.0.0.1', 'EN');
    expect(status.systemStatus).toBe(0);
    expect(status.location).toEqual({ ip: '127.0.0.1', country: '' });
    expect(status.maintenance).toBeNull();
    expect(status.regionRestriction).toBeNull();
    expect(status.info.merchantCode).toBe('demo');
    expect(status.info.registerRules.username.minLength).toBe(4);
    expect(status.info.resources.map((resource) => resource.key)).toEqual(['app_ios', 'app_android', 'app_ios_lite']);
    expect(status.info.customerService[0]).toMatchObject({ type: 'LIVECHAT', label: 'Live chat 24/7' });
    expect(status.info.analytics).toEqual({ gtagId: null });
  });

  test('TH: lists in Thai, and a public IP is located', async () => {
    const status = await getStatus(thaiIp, 'TH');
    expect(status.systemStatus).toBe(0);
    expect(status.location).toEqual({ ip: thaiIp, country: 'TH' });
    expect(status.info.customerService[0]?.label).toBe('แชทสด 24 ชม.');
  });

  describe('maintenance', () => {
    test('switching it on shows at once (the merchant cache drops), with the message in the request language', async () => {
      expect((await getStatus()).systemStatus).toBe(0);
      await updateDemoConfig((config) => {
        config.maintenance.enabled = true;
      });
      const status = await getStatus('127.0.0.1', 'EN');
      expect(status.systemStatus).toBe(1);
      expect(status.maintenance).toEqual({
        startTime: null,
        endTime: null,
        message: originalConfig.maintenance.message.EN,
      });
      expect((await getStatus('127.0.0.1', 'TH')).maintenance?.message).toBe(originalConfig.maintenance.message.TH);

      await writeDemoConfig(originalConfig);
      expect((await getStatus()).systemStatus).toBe(0);
    });

    test.each([
      ['a window in the future', { startTime: Date.now() + 3_600_000, endTime: Date.now() + 7_200_000 }, 0],
      ['a window that ended', { startTime: Date.now() - 7_200_000, endTime: Date.now() - 3_600_000 }, 0],
      ['a window that covers now', { startTime: Date.now() - 3_600_000, endTime: Date.now() + 3_600_000 }, 1],
      ['a window open at the end', { startTime: Date.now() - 3_600_000, endTime: null }, 1],
    ])('%s', async (_name, window, expected) => {
      await updateDemoConfig((config) => {
        config.maintenance = { ...config.maintenance, enabled: true, ...window };
      });
      const status = await getStatus(usIp);
      expect(status.systemStatus).toBe(expected);
      if (expected === 1) expect(status.maintenance).toMatchObject(window);
    });

    test('allowIps still see the site', async () => {
      await updateDemoConfig((config) => {
        config.maintenance.enabled = true;
        config.maintenance.allowIps = ['203.0.113.0/24', '2001:db8::/32'];
      });
      expect((await getStatus('203.0.113.77')).systemStatus).toBe(0);
      expect((await getStatus('2001:db8::5')).systemStatus).toBe(0);
      expect((await getStatus('203.0.114.1')).systemStatus).toBe(1);
      expect((await getStatus(thaiIp)).systemStatus).toBe(1);
    });

    test('wins over region restriction', async () => {
      await updateDemoConfig((config) => {
        config.maintenance.enabled = true;
        config.access.blockedCountries = ['US'];
      });
      expect((await getStatus(usIp)).systemStatus).toBe(1);
    });
  });

  describe('region restriction', () => {
    test('ipDeny CIDR refuses the range, with the caller IP, country and message', async () => {
      await updateDemoConfig((config) => {
        config.access.ipDeny = ['1.46.0.0/16'];
      });
      const status = await getStatus(thaiIp, 'EN');
      expect(status.systemStatus).toBe(2);
      expect(status.regionRestriction).toEqual({
        ip: thaiIp,
        country: 'TH',
        message: originalConfig.access.message.EN,
      });
      expect((await getStatus('1.47.0.1')).systemStatus).toBe(0);
    });

    test('ipDeny works for IPv6 ranges and single addresses', async () => {
      await updateDemoConfig((config) => {
        config.access.ipDeny = ['2001:4860::/32', '203.0.113.9'];
      });
      expect((await getStatus(usIpv6)).systemStatus).toBe(2);
      expect((await getStatus('203.0.113.9')).systemStatus).toBe(2);
      expect((await getStatus('203.0.113.10')).systemStatus).toBe(0);
    });

    test('a blocked country is refused, others pass', async () => {
      await updateDemoConfig((config) => {
        config.access.blockedCountries = ['US'];
      });
      const status = await getStatus(usIp, 'TH');
      expect(status.systemStatus).toBe(2);
      expect(status.regionRestriction).toMatchObject({
        ip: usIp,
        country: 'US',
        message: originalConfig.access.message.TH,
      });
      expect((await getStatus(usIpv6)).systemStatus).toBe(2);
      expect((await getStatus(thaiIp)).systemStatus).toBe(0);
    });

    test('allowedCountries lets only those in; an unknown (private) country is not refused', async () => {
      await updateDemoConfig((config) => {
        config.access.allowedCountries = ['TH'];
      });
      expect((await getStatus(thaiIp)).systemStatus).toBe(0);
      expect((await getStatus(usIp)).systemStatus).toBe(2);
      expect((await getStatus('10.1.2.3')).systemStatus).toBe(0);
    });

    test('ipAllow overrides both ipDeny and the country lists', async () => {
      await updateDemoConfig((config) => {
        config.access.ipAllow = ['8.8.8.0/24'];
        config.access.ipDeny = ['8.0.0.0/8'];
        config.access.blockedCountries = ['US'];
      });
      expect((await getStatus(usIp)).systemStatus).toBe(0);
      expect((await getStatus('8.8.4.4')).systemStatus).toBe(2);
    });
  });
});
