import { randomUUID } from 'node:crypto';
import {
  errorEnvelopeSchema,
  launchGameResultSchema,
  launchMaintenanceValueSchema,
  launchPaths,
  roomListSchema,
  trialMemberType,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { startPlatformWithHouse, type PlatformWithHouse, type TestHouseGames } from '../../testing/house-games.ts';
import { fundedTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { memberBalance } from '../ledger/index.ts';
import { hashSessionToken } from '../seamless-wallet/index.ts';

/** POST /wps/game/launchGame and GET GLS2_roomList, with the real house vendor for the transfer brand. */

let platform: PlatformWithHouse;
let house: TestHouseGames;
let testApp: TestApp;
const clock = Date.now();
let sequence = 0;

beforeAll(async () => {
  platform = await startPlatformWithHouse({ now: () => clock });
  ({ testApp, house } = platform);
}, 60_000);

afterAll(() => platform?.close());

function memberWith(mainMinor: bigint, isAgent: 0 | 4 = 0) {
  return fundedTestMember(testApp.db, testApp.demoMerchantId, `launch${++sequence}`, mainMinor, {
    isAgent,
    nowMs: clock,
  });
}

function launch(token: string, body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: launchPaths.launchGame,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    payload: { launchMode: 'GLS', accountType: 1, confirmTrans: 0, ...body },
  });
}

const launched = z.object({ success: z.literal(true), value: launchGameResultSchema });

describe('launchGame', () => {
  test('a seamless house game: the URL carries a session token of this member and game, and the game becomes recent', async () => {
    const { memberId, token } = await memberWith(10_000n);
    const response = await launch(token, { gameId: 'lucky-lotus', vassalage: 'LTSLOT', language: 'TH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = launched.parse(response.json()).value;
    expect(value).toMatchObject({
      gameId: 'lucky-lotus',
      vassalage: 'LTSLOT',
      displayName: 'ดอกบัวนำโชค',
      walletMode: 'seamless',
    });
    const url = new URL(value.game_url);
    expect(url.origin).toBe(new URL(testApp.config.HOUSE_GAMES_URL).origin);
    expect(url.pathname).toBe('/play/lucky-lotus');
    expect(url.searchParams.get('lang')).toBe('th');
    // The game names itself as the catalogue does, in the launch's language (the page's title).
    expect(url.searchParams.get('name')).toBe('ดอกบัวนำโชค');
    const page = await fetch(new URL(`${url.pathname}${url.search}`, house.url));
    expect(await page.text()).toContain('<title>ดอกบัวนำโชค</title>');
    const session = await testApp.db
      .selectFrom('vendor_game_session')
      .selectAll()
      .where('token_hash', '=', hashSessionToken(url.searchParams.get('token')!))
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ member_id: memberId, vendor_code: 'HOUSE', game_id: 'lucky-lotus' });
    const recent = await testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_recentGame',
      headers: { Merchant: 'demo', Authorization: token },
    });
    expect(recent.json().value.content[0].gameId).toBe('lucky-lotus');
  });

  test('a transfer-mode game with confirmTrans 1 moves the main wallet in, then asks the vendor for the address', async () => {
    const { memberId, token } = await memberWith(25_000n);
    const response = await launch(token, {
      gameId: 'golden-elephant',
      vassalage: 'GOLDENELE',
      confirmTrans: 1,
      language: 'EN',
    });
    const value = launched.parse(response.json()).value;
    expect(value.walletMode).toBe('transfer');
    expect(new URL(value.game_url).pathname).toBe('/play/golden-elephant');
    // The launch call gave the vendor the catalogue's name in the member's language (EN here), which it puts in the page's address.
    expect(new URL(value.game_url).searchParams.get('name')).toBe('Golden Elephant');
    expect(new URL(value.game_url).searchParams.get('lang')).toBe('en');
    expect(await memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId })).toBe(0n);
    expect(
      await memberBalance(testApp.db, testApp.demoMerchantId, 'THB', {
        kind: 'member_vendor',
        memberId,
        subKey: 'GOLDENELE',
      }),
    ).toBe(25_000n);
    const player = await house.db
      .selectFrom('player')
      .select('balance')
      .where('player_id', '=', `m${testApp.demoMerchantId}p${memberId}`)
      .executeTakeFirstOrThrow();
    expect(player.balance).toBe(25_000n);
  });

  test('a transfer-mode launch with transferAmount moves exactly that amount; more than the main wallet is refused naming the field; the return brings it back once', async () => {
    const { memberId, token } = await memberWith(25_000n);
    const balances = async () => ({
      main: await memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId }),
      inVendor: await memberBalance(testApp.db, testApp.demoMerchantId, 'THB', {
        kind: 'member_vendor',
        memberId,
        subKey: 'GOLDENELE',
      }),
      atVendor:
        (
          await house.db
            .selectFrom('player')
            .select('balance')
            .where('player_id', '=', `m${testApp.demoMerchantId}p${memberId}`)
            .executeTakeFirst()
        )?.balance ?? 0n,
    });
    const response = await launch(token, {
      gameId: 'golden-elephant',
      vassalage: 'GOLDENELE',
      confirmTrans: 1,
      transferAmount: '100.50',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(launched.parse(response.json()).value.walletMode).toBe('transfer');
    expect(await balances()).toEqual({ main: 14_950n, inVendor: 10_050n, atVendor: 10_050n });
    // Launching again without a move plays what the game wallet holds.
    expect(
      (await launch(token, { gameId: 'golden-elephant', vassalage: 'GOLDENELE', confirmTrans: 0 })).statusCode,
    ).toBe(200);

    for (const language of ['EN', 'TH'] as const) {
      const refused = await testApp.app.inject({
        method: 'POST',
        url: launchPaths.launchGame,
        headers: { Merchant: 'demo', Language: language, Authorization: token },
        payload: {
          gameId: 'golden-elephant',
          vassalage: 'GOLDENELE',
          launchMode: 'GLS',
          accountType: 1,
          confirmTrans: 1,
          transferAmount: '149.51',
        },
      });
      expect(refused.statusCode).toBe(409);
      const envelope = errorEnvelopeSchema.parse(refused.json());
      expect(envelope).toMatchObject({
        errorCode: 'wallet.transfer.balance.not.enough',
        field: 'transferAmount',
        value: { available: '149.50' },
      });
      expect(envelope.message).toContain('transferAmount');
      expect(envelope.message).toContain('149.50');
      expect(envelope.message).toContain(language === 'EN' ? 'main wallet' : 'กระเป๋าหลัก');
    }
    const malformed = await launch(token, {
      gameId: 'golden-elephant',
      vassalage: 'GOLDENELE',
      confirmTrans: 1,
      transferAmount: '1.234',
    });
    expect(errorEnvelopeSchema.parse(malformed.json())).toMatchObject({
      errorCode: 'validation.failed',
      field: 'transferAmount',
    });
    expect(await balances()).toEqual({ main: 14_950n, inVendor: 10_050n, atVendor: 10_050n });

    // Leaving the game: the site's return, repeated under its key, moves the money once.
    const walletReturn = (key: string) =>
      testApp.app.inject({
        method: 'POST',
        url: launchPaths.walletReturn,
        headers: { Merchant: 'demo', Authorization: token, 'Idempotency-Key': key },
        payload: {},
      });
    const [leaving, leavingAgain] = [randomUUID(), randomUUID()];
    const first = await walletReturn(leaving);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.transfers).toEqual([
      expect.objectContaining({ vassalage: 'GOLDENELE', direction: 'OUT', amount: '100.50', status: 'SUCCESS' }),
    ]);
    expect((await walletReturn(leaving)).json()).toEqual(first.json());
    expect((await walletReturn(leavingAgain)).json().value.transfers).toEqual([]);
    expect(await balances()).toEqual({ main: 25_000n, inVendor: 0n, atVendor: 0n });
  });

  test('nothing in the main wallet nor in the game wallet: the launch asks for a deposit and moves nothing', async () => {
    const { token } = await memberWith(0n);
    const refused = await launch(token, { gameId: 'golden-elephant', vassalage: 'GOLDENELE', confirmTrans: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'launch_game_balance_not_enough', value: { balance: '0.00' } });
  });

  test('the refusals, each with its code and nothing moved', async () => {
    const poor = await memberWith(50n);
    const rich = await memberWith(10_000n);
    const trial = await memberWith(10_000n, trialMemberType);
    const expectError = async (
      token: string,
      body: Record<string, unknown>,
      status: number,
      code: string,
      field?: string,
    ) => {
      const response = await launch(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const envelope = errorEnvelopeSchema.parse(response.json());
      expect(envelope.errorCode).toBe(code);
      if (field) expect(envelope.field).toBe(field);
      return envelope;
    };
    const notEnough = await expectError(
      poor.token,
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT' },
      409,
      'launch_game_balance_not_enough',
    );
    expect(notEnough.value).toEqual({ balance: '0.50', minBet: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(notEnough.message).toContain('0.50');
    await expectError(rich.token, { gameId: 'no-such-game', vassalage: 'LTSLOT' }, 404, 'game.unknown', 'gameId');
    await expectError(rich.token, { gameId: 'lucky-lotus', vassalage: 'LTLIVE' }, 404, 'game.unknown', 'gameId');
    await expectError(rich.token, { gameId: 'tuktuk-riches', vassalage: 'TUKTUK' }, 503, 'vendor_unavailable');
    await expectError(
      rich.token,
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT', accountType: 0 },
      400,
      'validation.failed',
      'accountType',
    );
    await expectError(
      rich.token,
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT', launchMode: 'LOTT' },
      400,
      'validation.failed',
      'launchMode',
    );
    await expectError(
      trial.token,
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT', accountType: 1 },
      403,
      'launch_game_trial_not_allowed',
    );
    await expectError(
      trial.token,
      { gameId: 'golden-elephant', vassalage: 'GOLDENELE', accountType: 0 },
      403,
      'launch_game_trial_not_allowed',
    );
    expect((await launch('garbage', { gameId: 'lucky-lotus', vassalage: 'LTSLOT' })).statusCode).toBe(401);
    expect(
      await memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId: rich.memberId }),
    ).toBe(10_000n);
  });

  test('a trial account plays a seamless game with its play money', async () => {
    const trial = await memberWith(10_000n, trialMemberType);
    const response = await launch(trial.token, { gameId: 'lucky-lotus', vassalage: 'LTSLOT', accountType: 0 });
    expect(launched.parse(response.json()).value.walletMode).toBe('seamless');
  });

  test('inside the vendor maintenance window: vendor_under_maintenance with the window', async () => {
    const { token } = await memberWith(10_000n);
    const start = new Date(clock - 60_000);
    const end = new Date(clock + 3_600_000);
    await testApp.db
      .updateTable('game_vendor')
      .set({ maintenance_start_at: start, maintenance_end_at: end })
      .where('vassalage', '=', 'LTLIVE')
      .execute();
    try {
      const response = await launch(token, { gameId: 'baccarat', vassalage: 'LTLIVE' });
      expect(response.statusCode).toBe(409);
      // No other live vendor of the demo is connected: nothing to suggest.
      expect(response.json()).toMatchObject({
        errorCode: 'vendor_under_maintenance',
        value: { maintainStartTime: start.getTime(), maintainEndTime: end.getTime(), suggestions: [] },
      });
    } finally {
      await testApp.db
        .updateTable('game_vendor')
        .set({ maintenance_start_at: null, maintenance_end_at: null })
        .where('vassalage', '=', 'LTLIVE')
        .execute();
    }
    expect((await launch(token, { gameId: 'baccarat', vassalage: 'LTLIVE' })).statusCode).toBe(200);
  });

  test('the maintenance answer suggests games of the same category from vendors open now, in the asked language', async () => {
    const { token } = await memberWith(10_000n);
    const during = { maintenance_start_at: new Date(clock - 60_000), maintenance_end_at: new Date(clock + 3_600_000) };
    const suggestions = async () => {
      const response = await launch(token, { gameId: 'lucky-lotus', vassalage: 'LTSLOT', language: 'TH' });
      expect(response.statusCode).toBe(409);
      return launchMaintenanceValueSchema.parse(response.json().value).suggestions;
    };
    await testApp.db.updateTable('game_vendor').set(during).where('vassalage', '=', 'LTSLOT').execute();
    try {
      // The demo's other connected slot vendor; slot vendors without a connection are left out.
      expect((await suggestions()).map((game) => [game.vassalage, game.gameId, game.displayName])).toEqual([
        ['GOLDENELE', 'golden-elephant', 'ช้างทองมหาโชค'],
      ]);
      await testApp.db.updateTable('game_vendor').set(during).where('vassalage', '=', 'GOLDENELE').execute();
      expect(await suggestions()).toEqual([]);
    } finally {
      await testApp.db
        .updateTable('game_vendor')
        .set({ maintenance_start_at: null, maintenance_end_at: null })
        .where('vassalage', 'in', ['LTSLOT', 'GOLDENELE'])
        .execute();
    }
  });
});

describe('GLS2_roomList', () => {
  test("a vendor's rooms with their stakes; an unknown vendor is named", async () => {
    const { token } = await memberWith(0n);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${launchPaths.roomList}?vassalage=LTCARD`,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    });
    const rooms = z.object({ value: roomListSchema }).parse(response.json()).value.rooms;
    expect(rooms.map((room) => room.gameId)).toEqual(['pok-deng', 'dummy', 'kaeng']);
    expect(rooms[0]).toMatchObject({
      displayName: 'Pok Deng',
      vassalage: 'LTCARD',
      minBet: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: `${launchPaths.roomList}?vassalage=NOPE`,
      headers: { Merchant: 'demo', Authorization: token },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'game.vendor.unknown', field: 'vassalage' });
  });
});
