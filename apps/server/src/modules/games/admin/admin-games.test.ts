import {
  apiPaths,
  gamesAdminPaths,
  launchPaths,
  type AdminGame,
  type AdminVendor,
  type AdminVendorDetail,
  type HotGames,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { createWithdrawalKit, type WithdrawalKit } from '../../withdrawal/withdrawal.testing.ts';
import { createHash } from 'node:crypto';
import { postTransfers } from '../../ledger/index.ts';
import { localClock, maintenanceAt } from '../maintenance-windows.ts';

const windowOf = (body: { weekday: number; startTime: string; endTime: string }) => ({
  kind: 'weekly' as const,
  weekday: body.weekday,
  startMinute: Number(body.startTime.slice(0, 2)) * 60,
  endMinute: Number(body.endTime.slice(0, 2)) * 60,
});

/**
 * The back-office's catalogue calls (README "Back-office"): one withdrawal kit (the real app, a clock)
 * for the whole file, a second API instance on its database for the cache, an operator of another
 * merchant for the 404s.
 */
let kit: WithdrawalKit;
let second: TestApp;
let admin: TestOperator;
let support: TestOperator;
let stranger: TestOperator;
let otherMerchantId: number;

beforeAll(async () => {
  kit = await createWithdrawalKit();
  second = await createTestApp({}, { database: kit.testApp.database, now: () => kit.clock.nowMs });
  const other = await kit.db
    .insertInto('merchant')
    .values({
      code: 'gamesother',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
  await kit.db
    .insertInto('game_vendor')
    .columns([
      'merchant_id',
      'vassalage',
      'game_category',
      'game_type',
      'display_name_th',
      'display_name_en',
      'account_type_name',
      'logo_kind',
      'logo_url',
      'wallet_mode',
      'sort',
    ])
    .expression((eb) =>
      eb
        .selectFrom('game_vendor')
        .select([
          sql.lit(otherMerchantId).as('merchant_id'),
          'vassalage',
          'game_category',
          'game_type',
          'display_name_th',
          'display_name_en',
          'account_type_name',
          'logo_kind',
          'logo_url',
          'wallet_mode',
          'sort',
        ])
        .where('merchant_id', '=', kit.merchantId),
    )
    .execute();
  [admin, support, stranger] = await Promise.all([
    insertTestOperator(kit.db, { merchantId: kit.merchantId, role: 'admin', nowMs: kit.clock.nowMs }),
    insertTestOperator(kit.db, { merchantId: kit.merchantId, role: 'support', nowMs: kit.clock.nowMs }),
    insertTestOperator(kit.db, { merchantId: otherMerchantId, role: 'admin', nowMs: kit.clock.nowMs }),
  ]);
});
afterAll(async () => {
  await second?.close();
  await kit?.close();
});

function call(
  operator: TestOperator | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  language: 'TH' | 'EN' = 'EN',
) {
  return kit.app.inject({
    method,
    url,
    headers: {
      Merchant: operator?.merchantId === otherMerchantId ? 'gamesother' : 'demo',
      Language: language,
      ...(operator ? { Authorization: operator.token } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function vendors(operator = admin): Promise<AdminVendor[]> {
  const response = await call(operator, 'GET', gamesAdminPaths.vendors);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { value: { vendors: AdminVendor[] } }).value.vendors;
}

async function vendorDetail(vassalage: string): Promise<AdminVendorDetail> {
  const vendor = (await vendors()).find((row) => row.vassalage === vassalage)!;
  const response = await call(admin, 'GET', `${gamesAdminPaths.vendor}?vendorId=${vendor.vendorId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { value: AdminVendorDetail }).value;
}

const vendorBody = (vendor: AdminVendor) => ({
  vendorId: vendor.vendorId,
  version: vendor.version,
  isEnabled: vendor.isEnabled,
  sort: vendor.sort,
  isHot: vendor.isHot,
  nameTh: vendor.nameTh,
  nameEn: vendor.nameEn,
  logoUrl: vendor.logoUrl,
  gameCategory: vendor.gameCategory,
  turnoverExclusionPct: vendor.turnoverExclusionPct,
});

const gameBody = (game: AdminGame) => ({
  gameRowId: game.gameRowId,
  version: game.version,
  isEnabled: game.isEnabled,
  sort: game.sort,
  isHot: game.isHot,
  isNew: game.isNew,
  nameTh: game.nameTh,
  nameEn: game.nameEn,
  thumbnailUrl: game.thumbnailUrl,
  minBet: game.minBet,
});

async function hotGameIds(app: TestApp['app']): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `${apiPaths.hotGames}?vassalage=ALL`,
    headers: { Merchant: 'demo', Language: 'EN' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { value: HotGames }).value.list.map((game) => game.gameId);
}

describe('who may', () => {
  test.each([
    ['no token', null, 401],
    ['a role without games.manage', 'support', 403],
  ] as const)('%s is refused', async (_name, who, status) => {
    const operator = who === 'support' ? support : null;
    expect((await call(operator, 'GET', gamesAdminPaths.vendors)).statusCode).toBe(status);
    expect((await call(operator, 'PUT', gamesAdminPaths.updateGame, { gameRowId: 1 })).statusCode).toBe(status);
  });

  test("another merchant's vendor, game and window ids answer 404 like unknown ones", async () => {
    const detail = await vendorDetail('LTSLOT');
    const game = detail.games[0]!;
    for (const [url, method, payload] of [
      [`${gamesAdminPaths.vendor}?vendorId=${detail.vendor.vendorId}`, 'GET', undefined],
      [gamesAdminPaths.updateVendor, 'PUT', vendorBody(detail.vendor)],
      [gamesAdminPaths.updateGame, 'PUT', gameBody(game)],
      [gamesAdminPaths.deleteMaintenance, 'DELETE', { windowId: '999999' }],
    ] as const) {
      const response = await call(stranger, method, url, payload);
      expect(response.statusCode, url).toBe(404);
    }
    const own = await vendors(stranger);
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((vendor) => vendor.vendorId)).not.toContain(detail.vendor.vendorId);
  });
});

describe('games', () => {
  test('switching a game off: it leaves the cached lobby of every instance at once, audited before/after', async () => {
    const detail = await vendorDetail('LTSLOT');
    const game = detail.games.find((row) => row.isEnabled && row.isServed)!;
    // Make it hot so the public (response-cached) hot list shows it, then warm the second instance's cache.
    const hot = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(game), isHot: true });
    expect(hot.statusCode, hot.body).toBe(200);
    await second.settle();
    expect(await hotGameIds(second.app)).toContain(game.gameId);

    const saved = (hot.json() as { value: AdminGame }).value;
    const off = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(saved), isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ isEnabled: false, version: saved.version + 1 });
    await second.settle();
    expect(await hotGameIds(second.app)).not.toContain(game.gameId);

    const audit = await kit.db
      .selectFrom('operator_audit')
      .select(['action', 'target_type', 'target_id', 'before', 'after', 'operator_id'])
      .where('merchant_id', '=', kit.merchantId)
      .where('action', '=', 'games.game.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      target_type: 'game',
      target_id: String(game.gameRowId),
      operator_id: admin.id,
      before: { isEnabled: true, isHot: true },
      after: { isEnabled: false, isHot: true },
    });

    const back = await call(admin, 'PUT', gamesAdminPaths.updateGame, {
      ...gameBody((off.json() as { value: AdminGame }).value),
      isEnabled: true,
    });
    expect(back.statusCode).toBe(200);
    await second.settle();
    expect(await hotGameIds(second.app)).toContain(game.gameId);
  });

  test('a stale version is refused 409 and nothing is overwritten', async () => {
    const game = (await vendorDetail('LTSLOT')).games[0]!;
    const first = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(game), nameEn: 'First save' });
    expect(first.statusCode).toBe(200);
    const stale = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(game), nameEn: 'Second save' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'games.version.conflict', value: { version: game.version + 1 } });
    const now = (await vendorDetail('LTSLOT')).games.find((row) => row.gameRowId === game.gameRowId)!;
    expect(now.nameEn).toBe('First save');
    await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(now), nameEn: game.nameEn });
  });

  test.each([
    ['minBet', { minBet: '0' }],
    ['minBet', { minBet: '1.234' }],
    ['nameTh', { nameTh: '' }],
    ['thumbnailUrl', { thumbnailUrl: 'javascript:alert(1)' }],
    ['sort', { sort: -1 }],
  ])('bad %s: 400 validation.failed naming the field, in TH and EN', async (field, change) => {
    const game = (await vendorDetail('LTSLOT')).games[0]!;
    const messages: string[] = [];
    for (const language of ['TH', 'EN'] as const) {
      const response = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(game), ...change }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
      messages.push(response.json().message);
    }
    expect(messages[0]).not.toBe(messages[1]);
  });

  test('the minimum bet is saved to the cent and shown to members', async () => {
    const game = (await vendorDetail('LTSLOT')).games[0]!;
    const saved = await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(game), minBet: '12.5' });
    expect(saved.json().value.minBet).toBe('12.50');
    const row = await kit.db
      .selectFrom('game')
      .select('min_bet_minor')
      .where('id', '=', game.gameRowId)
      .executeTakeFirstOrThrow();
    expect(BigInt(row.min_bet_minor)).toBe(1250n);
    await call(admin, 'PUT', gamesAdminPaths.updateGame, { ...gameBody(saved.json().value), minBet: game.minBet });
  });
});

describe('maintenance windows', () => {
  test('a one-off window refuses the launch with vendor_under_maintenance; deleting it opens the vendor again', async () => {
    const { vendor } = await vendorDetail('LTSLOT');
    const member = await kit.newMember({ balance: '100.00' });
    const launch = () =>
      kit.app.inject({
        method: 'POST',
        url: launchPaths.launchGame,
        headers: { Merchant: 'demo', Language: 'TH', Authorization: member.token },
        payload: { gameId: 'lucky-lotus', vassalage: 'LTSLOT', launchMode: 'GLS', accountType: 1, confirmTrans: 0 },
      });
    const startsAt = kit.clock.nowMs - 60_000;
    const endsAt = kit.clock.nowMs + 3_600_000;
    const created = await call(admin, 'POST', gamesAdminPaths.createMaintenance, {
      vendorId: vendor.vendorId,
      kind: 'once',
      startsAt,
      endsAt,
    });
    expect(created.statusCode, created.body).toBe(200);
    const refused = await launch();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'vendor_under_maintenance',
      value: { maintainStartTime: startsAt, maintainEndTime: endsAt },
    });
    expect((await vendorDetail('LTSLOT')).vendor.maintenanceNow).toEqual({ startsAt, endsAt });

    const { windowId } = created.json().value as { windowId: string };
    expect((await call(admin, 'DELETE', gamesAdminPaths.deleteMaintenance, { windowId })).statusCode).toBe(200);
    expect((await launch()).statusCode).not.toBe(409);
    const actions = await kit.db
      .selectFrom('operator_audit')
      .select('action')
      .where('merchant_id', '=', kit.merchantId)
      .where('action', 'like', 'games.maintenance.%')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['games.maintenance.create', 'games.maintenance.delete']);
  });

  test.each([
    ['endsAt', { kind: 'once', startsAt: 2_000, endsAt: 1_000 }],
    ['startsAt', { kind: 'once', endsAt: 1_000 }],
    ['weekday', { kind: 'weekly', startTime: '02:00', endTime: '04:00' }],
    ['endTime', { kind: 'weekly', weekday: 1, startTime: '02:00', endTime: '02:00' }],
    ['startTime', { kind: 'weekly', weekday: 1, startTime: '25:00', endTime: '02:00' }],
  ])('bad window (%s) is 400 naming the field', async (field, body) => {
    const { vendor } = await vendorDetail('LTSLOT');
    const response = await call(admin, 'POST', gamesAdminPaths.createMaintenance, {
      vendorId: vendor.vendorId,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
  });

  test('a weekly window is kept in the merchant’s time zone (a merchant in New York, not Bangkok)', async () => {
    await kit.db
      .updateTable('merchant')
      .set({ config: sql`config || '{"timezone":"America/New_York"}'::jsonb` as never })
      .where('id', '=', otherMerchantId)
      .execute();
    await kit.testApp.settle();
    // The two hours around now on New York's clock; in Bangkok (12 hours apart) the same times are not now.
    const { weekday, minute } = localClock(kit.clock.nowMs, 'America/New_York');
    const hour = Math.floor(minute / 60);
    const time = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const vendor = (await vendors(stranger)).find((row) => row.vassalage === 'LTSLOT')!;
    const body = {
      vendorId: vendor.vendorId,
      kind: 'weekly',
      weekday,
      startTime: time(hour - 1),
      endTime: time(hour + 1),
    };
    // Near midnight the window would start on another weekday: move it a day back with its start.
    if (hour === 0) body.weekday = (weekday + 6) % 7;
    const created = await call(stranger, 'POST', gamesAdminPaths.createMaintenance, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ kind: 'weekly', timeZone: 'America/New_York' });
    const detail = await call(stranger, 'GET', `${gamesAdminPaths.vendor}?vendorId=${vendor.vendorId}`);
    expect(detail.json().value.vendor.maintenanceNow).not.toBeNull();
    expect(maintenanceAt([{ ...windowOf(body), timeZone: 'Asia/Bangkok' }], kit.clock.nowMs)).toBeNull();
    // The demo merchant sets no zone: its windows stay in Asia/Bangkok.
    const { vendor: demoVendor } = await vendorDetail('LTSLOT');
    const demo = await call(admin, 'POST', gamesAdminPaths.createMaintenance, {
      ...body,
      vendorId: demoVendor.vendorId,
      weekday: (body.weekday + 3) % 7,
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().value.timeZone).toBe('Asia/Bangkok');
    await call(admin, 'DELETE', gamesAdminPaths.deleteMaintenance, { windowId: demo.json().value.windowId });
  });

  test('weekly windows: the weekday and time range in the time zone, past midnight too', () => {
    // Wednesday 2026-11-25 in Bangkok (UTC+7).
    const at = (hour: number, minute = 0) => Date.UTC(2026, 10, 25, hour - 7, minute);
    const nightly = {
      kind: 'weekly',
      weekday: 3,
      startMinute: 23 * 60,
      endMinute: 60,
      timeZone: 'Asia/Bangkok',
    } as const;
    const morning = {
      kind: 'weekly',
      weekday: 3,
      startMinute: 2 * 60,
      endMinute: 4 * 60,
      timeZone: 'Asia/Bangkok',
    } as const;
    expect(maintenanceAt([morning], at(3))).toEqual({ startsAt: at(2), endsAt: at(4) });
    expect(maintenanceAt([morning], at(4))).toBeNull();
    expect(maintenanceAt([morning], at(1, 59))).toBeNull();
    expect(maintenanceAt([nightly], at(23, 30))).toEqual({ startsAt: at(23), endsAt: at(25) });
    // Thursday 00:30 is still inside Wednesday's nightly window; Wednesday 00:30 is not (Tuesday has none).
    expect(maintenanceAt([nightly], at(24, 30))).toEqual({ startsAt: at(23), endsAt: at(25) });
    expect(maintenanceAt([nightly], at(0, 30))).toBeNull();
  });
});

describe('vendors and the withdrawal turnover', () => {
  test('an excluded vendor’s bets count only for the rest of its percentage', async () => {
    const member = await kit.newMember({ balance: '1000.00', wagered: false });
    // 400.00 wagered with SIAMLIVE (settled) and 100.00 with LTSLOT: 500.00 counted of 1000.00 asked.
    for (const [vassalage, amount] of [
      ['SIAMLIVE', 40_000n],
      ['LTSLOT', 10_000n],
    ] as const) {
      await kit.db
        .insertInto('bet_record')
        .values({
          merchant_id: kit.merchantId,
          vendor_code: 'TEST',
          round_id: `${vassalage}-${member.id}`,
          member_id: member.id,
          vassalage,
          game_id: 'test-game',
          game_type: null,
          game_category: null,
          game_classify: null,
          stake: amount,
          valid_bet: amount,
          payout: 0n,
          bet_count: 1,
          status: 'settled',
          fairness: null,
          first_bet_at: new Date(kit.clock.nowMs),
          settled_at: new Date(kit.clock.nowMs),
          updated_at: new Date(kit.clock.nowMs),
        })
        .execute();
      await kit.wager(member.id, (Number(amount) / 100).toFixed(2));
    }
    const remaining = async () => {
      const response = await kit.withdraw(member, { amount: '100.00' });
      expect(response.statusCode).toBe(400);
      return response.json().value.remainingTurnover as string;
    };
    expect(await remaining()).toBe('500.00');

    const setExclusion = async (turnoverExclusionPct: number) => {
      const vendor = (await vendors()).find((row) => row.vassalage === 'SIAMLIVE')!;
      const response = await call(admin, 'PUT', gamesAdminPaths.updateVendor, {
        ...vendorBody(vendor),
        turnoverExclusionPct,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().value.turnoverExclusionPct).toBe(turnoverExclusionPct);
    };
    await setExclusion(100);
    expect(await remaining()).toBe('900.00');
    await setExclusion(25);
    expect(await remaining()).toBe('600.00');
    await setExclusion(0);
    expect(await remaining()).toBe('500.00');

    const audit = await kit.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'games.vendor.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { turnoverExclusionPct: 25 }, after: { turnoverExclusionPct: 0 } });
  });

  test('turnover exclusion above 100 and an unknown category are 400 naming the field', async () => {
    const vendor = (await vendors())[0]!;
    for (const [field, change] of [
      ['turnoverExclusionPct', { turnoverExclusionPct: 101 }],
      ['gameCategory', { gameCategory: 'CHESS' }],
    ] as const) {
      const response = await call(admin, 'PUT', gamesAdminPaths.updateVendor, { ...vendorBody(vendor), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    }
  });

  test('switching a vendor off hides its games from the lobby and shows in the list', async () => {
    const vendor = (await vendors()).find((row) => row.vassalage === 'LTSLOT')!;
    expect(vendor).toMatchObject({ isConnected: true, maintenanceNow: null });
    expect(vendor.enabledGameCount).toBeGreaterThan(0);
    await second.settle();
    const before = await hotGameIds(second.app);
    const off = await call(admin, 'PUT', gamesAdminPaths.updateVendor, { ...vendorBody(vendor), isEnabled: false });
    expect(off.statusCode).toBe(200);
    await second.settle();
    const detail = await vendorDetail('LTSLOT');
    const after = await hotGameIds(second.app);
    for (const game of detail.games) expect(after).not.toContain(game.gameId);
    await call(admin, 'PUT', gamesAdminPaths.updateVendor, { ...vendorBody(detail.vendor), isEnabled: true });
    await second.settle();
    expect(await hotGameIds(second.app)).toEqual(before);
  });
});

describe('game recall', () => {
  test('a round found by its id or by a bet transaction id: record, postings, fairness checked; not by another merchant', async () => {
    const member = await kit.newMember({ balance: '50.00' });
    const serverSeed = 'recall-seed-0001';
    const roundId = `recall-round-${member.id}`;
    const { postingId } = await postTransfers(kit.db, {
      merchantId: kit.merchantId,
      currency: 'THB',
      idempotency: { source: 'test-recall', key: roundId },
      transfers: [
        {
          debit: { kind: 'member_main', memberId: member.id },
          credit: { kind: 'house_game' },
          amount: 500n,
          kind: 'game_bet',
          reference: `HOUSE:${roundId}`,
        },
      ],
      nowMs: kit.clock.nowMs,
    });
    await kit.db
      .insertInto('vendor_transaction')
      .values({
        merchant_id: kit.merchantId,
        vendor_code: 'HOUSE',
        transaction_id: `bet-${roundId}`,
        kind: 'bet',
        member_id: member.id,
        round_id: roundId,
        amount: 500n,
        reference_transaction_id: null,
        status: 'done',
        request_hash: 'test-request-hash',
        answer: null,
        posting_id: postingId,
        created_at: new Date(kit.clock.nowMs),
      })
      .execute();
    await kit.db
      .insertInto('bet_record')
      .values({
        merchant_id: kit.merchantId,
        vendor_code: 'HOUSE',
        round_id: roundId,
        member_id: member.id,
        vassalage: 'LTSLOT',
        game_id: 'lucky-lotus',
        game_type: 'RNG',
        game_category: 'RNG',
        game_classify: 'SC',
        stake: 500n,
        valid_bet: 500n,
        payout: 0n,
        bet_count: 1,
        status: 'settled',
        fairness: JSON.stringify({
          serverSeed,
          serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'),
          clientSeed: 'c',
          nonce: 1,
        }),
        first_bet_at: new Date(kit.clock.nowMs),
        settled_at: new Date(kit.clock.nowMs),
        updated_at: new Date(kit.clock.nowMs),
      })
      .execute();
    for (const id of [roundId, `bet-${roundId}`]) {
      const response = await call(admin, 'GET', `${gamesAdminPaths.recall}?id=${encodeURIComponent(id)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().value.rounds).toEqual([
        expect.objectContaining({
          vendorCode: 'HOUSE',
          roundId,
          username: member.username,
          gameName: 'Lucky Lotus',
          stake: '5.00',
          payout: '0.00',
          status: 'settled',
          fairnessVerified: true,
          postings: [
            expect.objectContaining({
              transactionId: `bet-${roundId}`,
              transactionKind: 'bet',
              kind: 'game_bet',
              fromAccount: 'member_main',
              toAccount: 'house_game',
              amount: '5.00',
            }),
          ],
        }),
      ]);
    }
    const elsewhere = await call(stranger, 'GET', `${gamesAdminPaths.recall}?id=${roundId}`);
    expect(elsewhere.json().value.rounds).toEqual([]);
    expect((await call(admin, 'GET', `${gamesAdminPaths.recall}?id=`)).statusCode).toBe(400);
  });
});
