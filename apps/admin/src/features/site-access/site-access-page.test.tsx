// @vitest-environment jsdom
import { siteAccessPaths, siteAccessSettingsSchema, type SiteAccessSettings } from '@lotus/contract';
import { screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, installFakeApi, ok, openBackOffice } from '../../testing/back-office';

afterEach(closeBackOffice);

const settings = (version: number): SiteAccessSettings =>
  siteAccessSettingsSchema.parse({
    version,
    timeZone: 'Asia/Bangkok',
    maintenance: { enabled: false, startTime: null, endTime: null, message: { TH: 'ปิด', EN: 'Closed' }, allowIps: [] },
    access: {
      ipAllow: [],
      ipDeny: [],
      blockedCountries: [],
      allowedCountries: [],
      message: { TH: 'จำกัด', EN: 'Restricted' },
    },
    countries: [
      { code: 'TH', name: 'Thailand' },
      { code: 'KH', name: 'Cambodia' },
    ],
    caller: { ip: '203.0.113.9', country: 'TH', siteStatus: 0 },
  });

describe('maintenance and access', () => {
  test('a bad IP is held before sending; a valid rule set is sent with the version read; the schedule is the merchant’s time', async () => {
    const { calls } = installFakeApi({
      [`GET ${siteAccessPaths.settings}`]: () => ok(settings(7)),
      [`PUT ${siteAccessPaths.access}`]: () => ok({ version: 8 }),
      [`PUT ${siteAccessPaths.maintenance}`]: () => ok({ version: 8 }),
    });
    const user = await openBackOffice('Maintenance and access');
    expect(await screen.findByText(/never refused by these rules/)).toBeTruthy();
    const rules = screen.getByRole('heading', { name: 'IP and region rules' }).closest('section')!;
    await user.type(within(rules).getByLabelText('Always refuse'), 'not-an-ip');
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    expect(await within(rules).findByText('Check ipDeny.0: not a valid value')).toBeTruthy();
    expect(callsTo(calls, 'PUT', siteAccessPaths.access)).toEqual([]);

    await user.clear(within(rules).getByLabelText('Always refuse'));
    await user.type(within(rules).getByLabelText('Always refuse'), '198.51.100.0/24');
    await user.selectOptions(within(rules).getByLabelText('Blocked countries'), ['KH']);
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Saved; the site follows at once');
    expect(callsTo(calls, 'PUT', siteAccessPaths.access)[0]!.body).toEqual({
      version: 7,
      value: {
        ipAllow: [],
        ipDeny: ['198.51.100.0/24'],
        blockedCountries: ['KH'],
        allowedCountries: [],
        message: { TH: 'จำกัด', EN: 'Restricted' },
      },
    });

    const maintenance = screen.getByRole('heading', { name: 'Maintenance (whole site)' }).closest('section')!;
    await user.click(within(maintenance).getByLabelText('Maintenance switched on'));
    await user.type(within(maintenance).getByLabelText('Start (Asia/Bangkok)'), '2026-12-01T02:00');
    await user.click(within(maintenance).getByRole('button', { name: 'Save maintenance' }));
    await expect.poll(() => callsTo(calls, 'PUT', siteAccessPaths.maintenance).length).toBe(1);
    expect(callsTo(calls, 'PUT', siteAccessPaths.maintenance)[0]!.body).toMatchObject({
      version: 7,
      value: { enabled: true, startTime: Date.UTC(2026, 11, 0, 19, 0), endTime: null },
    });
  });
});
