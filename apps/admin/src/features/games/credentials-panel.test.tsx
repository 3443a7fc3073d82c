// @vitest-environment jsdom
import {
  adminCredentialRotatedSchema,
  adminVendorCredentialSchema,
  adminVendorSchema,
  gamesAdminPaths,
  gamesCredentialsPaths,
  type AdminVendorCredential,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, findDialog, installFakeApi, ok, openBackOffice } from '../../testing/back-office';

afterEach(closeBackOffice);

const vendor = adminVendorSchema.parse({
  vendorId: 3,
  vassalage: 'ACMESLOT',
  version: 4,
  isEnabled: true,
  sort: 1,
  isHot: false,
  nameTh: 'แอคมี สล็อต',
  nameEn: 'Acme Slots',
  logoUrl: '/art/vendors/ACME.svg',
  gameCategory: 'RNG',
  gameType: 'RNG',
  walletMode: 'transfer',
  isConnected: true,
  turnoverExclusionPct: 0,
  gameCount: 0,
  enabledGameCount: 0,
  maintenanceNow: null,
});

const credential = (over: Partial<AdminVendorCredential>): AdminVendorCredential =>
  adminVendorCredentialSchema.parse({
    credentialId: '1',
    hint: 'Q9zX',
    state: 'current',
    createdAt: Date.UTC(2026, 10, 1, 3),
    createdBy: 'ops.anna',
    validUntil: null,
    revokedAt: null,
    revokedBy: null,
    ...over,
  });

const newSecret = 'n3w-S3cret-abcdefghijklmnopqrstuvwxyz012345';

describe('vendor credentials', () => {
  test('rotate with an overlap shows the new secret once, to copy; a secret is revoked after a confirm', async () => {
    let credentials = [credential({})];
    const { calls } = installFakeApi({
      [`GET ${gamesAdminPaths.vendors}`]: () => ok({ vendors: [vendor] }),
      [`GET ${gamesAdminPaths.vendor}`]: () => ok({ vendor, games: [], maintenance: [] }),
      [`GET ${gamesCredentialsPaths.credentials}`]: () =>
        ok({ vendorId: 3, integrationCode: 'ACME', isHouseManaged: false, apiUrl: null, credentials }),
      [`POST ${gamesCredentialsPaths.rotateCredential}`]: () => {
        const created = credential({ credentialId: '2', hint: newSecret.slice(-4) });
        credentials = [created, credential({ state: 'overlap', validUntil: Date.now() + 48 * 3_600_000 })];
        return ok(adminCredentialRotatedSchema.parse({ credential: created, secret: newSecret }));
      },
      [`POST ${gamesCredentialsPaths.revokeCredential}`]: () => {
        credentials = [credentials[0]!, credential({ state: 'revoked', revokedAt: Date.now(), revokedBy: 'ops.anna' })];
        return ok(credentials[1]);
      },
    });
    const user = await openBackOffice('Games');
    await user.click(await screen.findByRole('link', { name: 'Acme Slots' }));
    const table = await screen.findByRole('table', { name: 'Credentials' });
    expect(within(table).getByText('••••Q9zX')).toBeTruthy();
    expect(within(table).getByText('Current')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Rotate secret' });
    const overlap = within(form).getByLabelText('Overlap (hours)');
    await user.clear(overlap);
    await user.type(overlap, '200');
    await user.click(within(form).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(form).findByText('A whole number of hours from 0 to 168')).toBeTruthy();
    await user.clear(overlap);
    await user.type(overlap, '48');
    await user.click(within(form).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await findDialog('Rotate the secret?');
    expect(within(confirm).getByText(/stays accepted for 48 more hours/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Make the new secret' }));

    const shown = await findDialog('New secret');
    expect(within(shown).getByText(/You will not see it again/)).toBeTruthy();
    expect((within(shown).getByLabelText(/Secret \(ends in/) as HTMLInputElement).value).toBe(newSecret);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(newSecret);
    expect(callsTo(calls, 'POST', gamesCredentialsPaths.rotateCredential)[0]!.body).toEqual({
      vendorId: 3,
      overlapHours: 48,
    });
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(newSecret));
    expect(await within(table).findByText('Still accepted')).toBeTruthy();

    const overlapRow = within(table).getByText('Still accepted').closest('tr')!;
    await user.click(within(overlapRow).getByRole('button', { name: 'Revoke' }));
    const revoke = await findDialog('Revoke this secret?');
    expect(within(revoke).getByText(/ending in Q9zX is refused from now on/)).toBeTruthy();
    await user.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(calls, 'POST', gamesCredentialsPaths.revokeCredential)).toHaveLength(1));
    expect(callsTo(calls, 'POST', gamesCredentialsPaths.revokeCredential)[0]!.body).toEqual({
      vendorId: 3,
      credentialId: '1',
    });
    expect(await within(table).findByText('Revoked')).toBeTruthy();
  });
});
