// @vitest-environment jsdom
import {
  adminApiPaths,
  gamesAdminPaths,
  gamesCredentialsPaths,
  type AdminGame,
  type AdminMaintenanceWindow,
} from '@lotus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';
import { game, vendor } from './games.fixtures';

afterEach(closeBackOffice);

function fakeCatalogue(options: { games?: AdminGame[]; windows?: AdminMaintenanceWindow[] } = {}) {
  return installFakeApi(fakeCatalogueRoutes(options));
}

function fakeCatalogueRoutes(options: { games?: AdminGame[]; windows?: AdminMaintenanceWindow[] } = {}) {
  const games = options.games ?? [
    game(),
    game({ gameRowId: 12, gameId: 'golden-elephant', nameEn: 'Golden Elephant' }),
  ];
  return {
    [`GET ${gamesAdminPaths.vendors}`]: () =>
      ok({
        vendors: [vendor(), vendor({ vendorId: 5, vassalage: 'SIAMLIVE', nameEn: 'Siam Live', isEnabled: false })],
      }),
    [`GET ${gamesAdminPaths.vendor}`]: () => ok({ vendor: vendor(), games, maintenance: options.windows ?? [] }),
    // The vendor page's credentials panel (its own test: credentials-panel.test.tsx).
    [`GET ${gamesCredentialsPaths.credentials}`]: () =>
      ok({ vendorId: 3, integrationCode: 'HOUSE', isHouseManaged: true, apiUrl: null, credentials: [] }),
    [`PUT ${gamesAdminPaths.updateGame}`]: (call) => ok(game({ ...(call.body as object), version: 3 })),
    [`PUT ${gamesAdminPaths.updateVendor}`]: (call) => ok(vendor({ ...(call.body as object), version: 5 })),
    [`POST ${gamesAdminPaths.createMaintenance}`]: (call) =>
      ok({
        windowId: '9',
        kind: 'weekly',
        startsAt: null,
        endsAt: null,
        weekday: (call.body as { weekday: number }).weekday,
        startTime: '02:00',
        endTime: '04:00',
        timeZone: 'Asia/Bangkok',
      }),
  } satisfies Parameters<typeof installFakeApi>[0];
}

async function openVendor() {
  const user = await openBackOffice('Games');
  await user.click(await screen.findByRole('link', { name: 'Lotus Slots' }));
  await screen.findByRole('heading', { name: 'Lotus Slots' });
  return user;
}

describe('game vendors', () => {
  test('the list shows each vendor’s state; a game switched off is sent with the version read', async () => {
    const { calls } = fakeCatalogue();
    const user = await openBackOffice('Games');
    const table = await screen.findByRole('table', { name: 'Game vendors' });
    const siam = (await within(table).findByText('Siam Live')).closest('tr')!;
    expect(within(siam).getByText('Off')).toBeTruthy();
    await user.click(within(table).getByRole('link', { name: 'Lotus Slots' }));
    await user.click(await screen.findByRole('checkbox', { name: 'On: Lucky Lotus' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', gamesAdminPaths.updateGame)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', gamesAdminPaths.updateGame)[0]!.body).toEqual({
      gameRowId: 11,
      version: 2,
      isEnabled: false,
      sort: 1,
      isHot: false,
      isNew: true,
      nameTh: 'ลักกี้โลตัส',
      nameEn: 'Lucky Lotus',
      thumbnailUrl: '/art/games/lucky-lotus.svg',
      minBet: '1.00',
    });
  });

  test('a stale version: the refusal is shown and the vendor is read again', async () => {
    const { calls } = installFakeApi({
      [`GET ${gamesAdminPaths.vendors}`]: () => ok({ vendors: [vendor()] }),
      [`GET ${gamesAdminPaths.vendor}`]: () => ok({ vendor: vendor(), games: [game()], maintenance: [] }),
      [`PUT ${gamesAdminPaths.updateGame}`]: () =>
        refuse(409, 'games.version.conflict', 'This item was changed by someone else after you opened it'),
    });
    const user = await openVendor();
    const readsBefore = callsTo(calls, 'GET', gamesAdminPaths.vendor).length;
    await user.click(await screen.findByRole('checkbox', { name: 'Hot: Lucky Lotus' }));
    expect(await screen.findByText(/changed by someone else/)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', gamesAdminPaths.vendor).length).toBeGreaterThan(readsBefore));
  });

  test('the game dialog checks the minimum bet under its field before sending', async () => {
    const { calls } = fakeCatalogue();
    const user = await openVendor();
    const row = (await screen.findByText('Lucky Lotus')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit Lucky Lotus');
    const minBet = within(dialog).getByLabelText('Minimum bet');
    await user.clear(minBet);
    await user.type(minBet, '0.001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An amount above 0 with at most two decimals')).toBeTruthy();
    expect(callsTo(calls, 'PUT', gamesAdminPaths.updateGame)).toHaveLength(0);
    await user.clear(minBet);
    await user.type(minBet, '5.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', gamesAdminPaths.updateGame)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', gamesAdminPaths.updateGame)[0]!.body).toMatchObject({ minBet: '5.50', version: 2 });
  });

  test('vendor settings: the turnover exclusion is checked (0-100) and saved with the version', async () => {
    const { calls } = fakeCatalogue();
    const user = await openVendor();
    const exclusion = screen.getByLabelText('Turnover exclusion %');
    await user.clear(exclusion);
    await user.type(exclusion, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A whole number from 0 to 100')).toBeTruthy();
    await user.clear(exclusion);
    await user.type(exclusion, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', gamesAdminPaths.updateVendor)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', gamesAdminPaths.updateVendor)[0]!.body).toMatchObject({
      vendorId: 3,
      version: 4,
      turnoverExclusionPct: 40,
    });
  });

  test('a weekly maintenance window is sent as a weekday and two times', async () => {
    const { calls } = fakeCatalogue();
    const user = await openVendor();
    const form = screen.getByRole('form', { name: 'Add window' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'weekly');
    await user.selectOptions(within(form).getByLabelText('Day'), '3');
    await user.click(within(form).getByRole('button', { name: 'Add window' }));
    expect(await within(form).findByText('Choose a start time')).toBeTruthy();
    await user.type(within(form).getByLabelText('From'), '02:00');
    await user.type(within(form).getByLabelText('Until'), '04:00');
    await user.click(within(form).getByRole('button', { name: 'Add window' }));
    await waitFor(() => expect(callsTo(calls, 'POST', gamesAdminPaths.createMaintenance)).toHaveLength(1));
    expect(callsTo(calls, 'POST', gamesAdminPaths.createMaintenance)[0]!.body).toEqual({
      vendorId: 3,
      kind: 'weekly',
      weekday: 3,
      startTime: '02:00',
      endTime: '04:00',
    });
  });
});

describe('one-off maintenance in the merchant’s time zone', () => {
  test('the times typed are the brand’s clock (New York here), not the browser’s', async () => {
    const me = operatorMe();
    const { calls } = installFakeApi({
      ...fakeCatalogueRoutes(),
      [`GET ${adminApiPaths.me}`]: () => ok({ ...me, merchant: { ...me.merchant, timeZone: 'America/New_York' } }),
    });
    const user = await openVendor();
    const form = screen.getByRole('form', { name: 'Add window' });
    expect(within(form).getByText("In the brand's time zone (America/New_York).")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-12-01T11:00' } });
    await user.click(within(form).getByRole('button', { name: 'Add window' }));
    await waitFor(() => expect(callsTo(calls, 'POST', gamesAdminPaths.createMaintenance)).toHaveLength(1));
    // 09:00 in New York on 1 December (EST) is 14:00 UTC.
    expect(callsTo(calls, 'POST', gamesAdminPaths.createMaintenance)[0]!.body).toEqual({
      vendorId: 3,
      kind: 'once',
      startsAt: Date.UTC(2026, 11, 1, 14, 0),
      endsAt: Date.UTC(2026, 11, 1, 16, 0),
    });
  });
});

describe('game recall', () => {
  test('a round looked up by id shows its record, ledger transfers and the fairness check', async () => {
    const { calls } = installFakeApi({
      [`GET ${gamesAdminPaths.vendors}`]: () => ok({ vendors: [vendor()] }),
      [`GET ${gamesAdminPaths.recall}`]: () =>
        ok({
          rounds: [
            {
              vendorCode: 'HOUSE',
              roundId: 'r-77',
              memberId: '12',
              username: 'somchai01',
              vassalage: 'LTSLOT',
              gameId: 'lucky-lotus',
              gameName: 'Lucky Lotus',
              status: 'settled',
              stake: '5.00',
              validBet: '5.00',
              payout: '12.50',
              betCount: 1,
              firstBetAt: Date.UTC(2026, 10, 20, 9, 30),
              settledAt: Date.UTC(2026, 10, 20, 9, 30),
              fairness: { serverSeedHash: 'ab', serverSeed: 'seed', clientSeed: 'c', nonce: 1 },
              fairnessVerified: true,
              postings: [
                {
                  transactionId: 'bet-1',
                  transactionKind: 'bet',
                  transferId: '901',
                  kind: 'game_bet',
                  fromAccount: 'member_main',
                  toAccount: 'house_game',
                  amount: '5.00',
                  at: Date.UTC(2026, 10, 20, 9, 30),
                },
              ],
            },
          ],
        }),
    });
    const user = await openBackOffice('Games');
    await user.click(await screen.findByRole('link', { name: 'Game recall' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Round id or bet transaction id' }), 'bet-1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Server seed matches its commitment')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'somchai01' })).toBeTruthy();
    expect(screen.getByText('member_main → house_game')).toBeTruthy();
    expect(callsTo(calls, 'GET', gamesAdminPaths.recall)[0]!.query.get('id')).toBe('bet-1');
  });
});
