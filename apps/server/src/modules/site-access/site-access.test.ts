import { siteAccessPaths, type SiteAccessSettings } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';

/**
 * Maintenance and access pages over HTTP on a real database, with a second API instance on the same
 * database: a save is seen by the other instance's site status at once (the change stream), a stale
 * version is refused with nothing written, every save is audited, and the back-office itself is never
 * refused by the site's rules.
 */
let first: TestApp;
let second: TestApp;
let admin: TestOperator;
let support: TestOperator;
const operatorIp = '198.51.100.7';

function send(app: TestApp, method: 'GET' | 'PUT', url: string, token: string, body?: unknown, ip = operatorIp) {
  return app.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { merchant: 'demo', language: 'EN', authorization: token },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function settings(): Promise<SiteAccessSettings> {
  const response = await send(first, 'GET', siteAccessPaths.settings, admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: SiteAccessSettings }>().value;
}

async function siteStatus(app: TestApp, ip: string): Promise<number> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/wps/system/status',
    remoteAddress: ip,
    headers: { merchant: 'demo', language: 'EN' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: { systemStatus: number } }>().value.systemStatus;
}

const auditOf = (action: string) =>
  first.db
    .selectFrom('operator_audit')
    .select(['before', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
  [admin, support] = await Promise.all([
    insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'admin' }),
    insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'support' }),
  ]);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('maintenance and access of the site', () => {
  test('the page reads both sections, the time zone, the country list and what the operator would see', async () => {
    const value = await settings();
    expect(value.timeZone).toBe('Asia/Bangkok');
    expect(value.countries).toContainEqual({ code: 'TH', name: 'Thailand' });
    expect(value.caller).toMatchObject({ ip: operatorIp, siteStatus: 0 });
    expect(value.maintenance.enabled).toBe(false);
  });

  test('maintenance saved on one instance shows on the other’s site status at once; audited before and after', async () => {
    expect(await siteStatus(second, '203.0.113.50')).toBe(0);
    const before = await settings();
    const maintenance = {
      enabled: true,
      startTime: null,
      endTime: null,
      message: { TH: 'ปิดปรับปรุง', EN: 'Upgrading the site' },
      allowIps: ['10.1.0.0/16'],
    };
    const saved = await send(first, 'PUT', siteAccessPaths.maintenance, admin.token, {
      version: before.version,
      value: maintenance,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.version).toBe(before.version + 1);
    await second.settle();
    expect(await siteStatus(second, '203.0.113.50')).toBe(1);
    expect(await siteStatus(second, '10.1.2.3')).toBe(0);
    const [row] = await auditOf('brand.maintenance.update');
    expect(row).toEqual({ before: before.maintenance, after: maintenance });

    const off = await send(first, 'PUT', siteAccessPaths.maintenance, admin.token, {
      version: before.version + 1,
      value: { ...maintenance, enabled: false },
    });
    expect(off.statusCode).toBe(200);
    await second.settle();
    expect(await siteStatus(second, '203.0.113.50')).toBe(0);
  });

  test('an IP on the deny list is refused by the site on every instance; the back-office still answers that IP', async () => {
    const current = await settings();
    const access = { ...current.access, ipDeny: ['198.51.100.0/24'], blockedCountries: ['KH'] };
    const saved = await send(first, 'PUT', siteAccessPaths.access, admin.token, {
      version: current.version,
      value: access,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await second.settle();
    expect(await siteStatus(second, operatorIp)).toBe(2);
    expect(await siteStatus(second, '203.0.113.50')).toBe(0);
    // The operator's own address is on the deny list: the back-office is not the site, it still answers.
    const after = await settings();
    expect(after.caller.siteStatus).toBe(2);
    expect(after.access.ipDeny).toEqual(['198.51.100.0/24']);
    const [row] = await auditOf('brand.access.update');
    expect(row?.after).toEqual(access);
  });

  test('a stale version is refused 409 and nothing is overwritten', async () => {
    const current = await settings();
    const response = await send(first, 'PUT', siteAccessPaths.access, admin.token, {
      version: current.version - 1,
      value: { ...current.access, ipDeny: [] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'brand.version.conflict', value: { version: current.version } });
    expect((await settings()).access).toEqual(current.access);
  });

  test.each([
    ['a word as an IP', siteAccessPaths.access, { ipDeny: ['not-an-ip'] }, 'value.ipDeny.0'],
    ['a CIDR with a bad prefix', siteAccessPaths.access, { ipAllow: ['10.0.0.0/33'] }, 'value.ipAllow.0'],
    [
      'a country not on the site’s list',
      siteAccessPaths.access,
      { blockedCountries: ['TH', 'ZZ'] },
      'value.blockedCountries.1',
    ],
    ['an end before the start', siteAccessPaths.maintenance, { startTime: 2_000, endTime: 1_000 }, 'value.endTime'],
  ])('%s is refused 400 naming the field', async (_name, path, change, field) => {
    const current = await settings();
    const section = path === siteAccessPaths.access ? current.access : current.maintenance;
    const response = await send(first, 'PUT', path, admin.token, {
      version: current.version,
      value: { ...section, ...change },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    expect((await settings()).version).toBe(current.version);
  });

  test('a role without brands.manage is refused 403', async () => {
    expect((await send(first, 'GET', siteAccessPaths.settings, support.token)).statusCode).toBe(403);
  });
});
