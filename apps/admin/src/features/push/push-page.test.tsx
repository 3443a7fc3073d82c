// @vitest-environment jsdom
import { adminApiPaths, adminPushPaths, operatorPermissions, type AdminPushOverview } from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  entryOf,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const oldFingerprint = 'SHA256:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff:00';
const newFingerprint = 'SHA256:ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89';

const overview = (over: Partial<AdminPushOverview> = {}): AdminPushOverview => ({
  key: { fingerprint: oldFingerprint, publicKey: 'BPublicKey', createdAtMs: Date.UTC(2026, 10, 1, 3) },
  consentedMembers: 120,
  reachableMembers: 95,
  membersToResubscribe: 4,
  liveSubscriptions: 130,
  staleSubscriptions: 6,
  devices: [
    { device: 'mobile', subscriptions: 100 },
    { device: 'desktop', subscriptions: 30 },
  ],
  optIns: { depositApproved: 110, withdrawalPaid: 90, promotionIssued: 60, contractOffered: 12 },
  queued: 2,
  lastDay: { sent: 340, failed: 3, removed: 1 },
  lastWeek: { sent: 2100, failed: 17, removed: 9 },
  ...over,
});

describe('push notifications page', () => {
  test('shows reach, devices, opt-ins, deliveries and the key; rotates after a confirm that says who must come back', async () => {
    let current = overview();
    const { calls } = installFakeApi({
      [`GET ${adminPushPaths.overview}`]: () => ok(current),
      [`POST ${adminPushPaths.rotateKey}`]: () => {
        current = overview({
          key: { fingerprint: newFingerprint, publicKey: 'BNew', createdAtMs: Date.now() },
          reachableMembers: 0,
          membersToResubscribe: 99,
          liveSubscriptions: 0,
          staleSubscriptions: 136,
          devices: [],
        });
        return ok({ overview: current, staleSubscriptions: 130 });
      },
    });
    const user = await openBackOffice('Push notifications');
    await screen.findByRole('heading', { name: 'Push notifications', level: 1 });

    const reach = (await screen.findByRole('heading', { name: 'Reach' })).closest('section')!;
    expect(within(reach).getByText('Members with push on').parentElement!.textContent).toContain('120');
    expect(within(reach).getByText('Members to re-subscribe').parentElement!.textContent).toContain('4');
    expect(within(reach).getByText('6 stale (made under an older key)')).toBeTruthy();

    const devices = screen.getByRole('table', { name: 'Live subscriptions by device' });
    expect(within(devices).getByRole('row', { name: /Phone/ }).textContent).toContain('100');
    const optIns = screen.getByRole('table', { name: 'Switched on per kind' });
    expect(within(optIns).getByRole('row', { name: /Agent contract offered/ }).textContent).toContain('10%');
    const deliveries = screen.getByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByRole('row', { name: /Last 7 days/ }).textContent).toMatch(/2,100.*17.*9/);

    const key = screen.getByRole('heading', { name: 'VAPID key' }).closest('section')!;
    expect(entryOf(key, 'Public key fingerprint')).toBe(oldFingerprint);

    await user.click(within(key).getByRole('button', { name: 'Rotate key' }));
    const confirm = await findDialog('Rotate the VAPID key?');
    // Members reached now and those already waiting: 95 + 4.
    expect(confirm.textContent).toContain('130 live subscriptions become stale');
    expect(confirm.textContent).toContain('99 members will receive nothing until they visit the site again');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    await waitFor(() => expect(entryOf(key, 'Public key fingerprint')).toBe(newFingerprint));
    expect(callsTo(calls, 'POST', adminPushPaths.rotateKey).map((call) => call.body)).toEqual([
      { fingerprint: oldFingerprint },
    ]);
  });

  test('a test notification: the member id checked, a refusal shown under the field, the result after a send', async () => {
    let answer = refuse(
      400,
      'push.member.off',
      'Member 42 has not switched push notifications on at this site (memberId)',
      'memberId',
    );
    const { calls } = installFakeApi({
      [`GET ${adminPushPaths.overview}`]: () => ok(overview()),
      [`POST ${adminPushPaths.test}`]: () => answer,
    });
    const user = await openBackOffice('Push notifications');
    const panel = (await screen.findByRole('heading', { name: 'Send a test notification' })).closest('section')!;
    const memberId = within(panel).getByLabelText('Member ID');
    await user.type(memberId, 'abc');
    await user.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect(await within(panel).findByText('Type a member ID (digits only)')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminPushPaths.test)).toHaveLength(0);

    await user.clear(memberId);
    await user.type(memberId, '42');
    await user.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect(await within(panel).findByText(/has not switched push notifications on/)).toBeTruthy();

    answer = ok({ subscriptions: 2, sent: 1, failed: 1, removed: 0 });
    await user.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'Member 42: sent to 1 of 2 devices; failed 1; gone and removed 0.',
    );
    expect(callsTo(calls, 'POST', adminPushPaths.test).map((call) => call.body)).toEqual([
      { memberId: '42' },
      { memberId: '42' },
    ]);
  });

  test('with push.read only: the figures, no rotate button and no test form', async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () =>
        ok(operatorMe(operatorPermissions.filter((permission) => permission !== 'push.manage'))),
      [`GET ${adminPushPaths.overview}`]: () => ok(overview()),
    });
    await openBackOffice('Push notifications');
    const key = (await screen.findByRole('heading', { name: 'VAPID key' })).closest('section')!;
    expect(within(key).queryByRole('button', { name: 'Rotate key' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Send a test notification' })).toBeNull();
  });
});
