import { randomUUID } from 'node:crypto';
import {
  errorEnvelopeSchema,
  launchPaths,
  walletReturnResultSchema,
  walletTransferResultSchema,
  trialMemberType,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fundedTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { startPlatformWithHouse, type PlatformWithHouse, type TestHouseGames } from '../../testing/house-games.ts';
import { grantBonus } from '../bonus/index.ts';
import { checkLedger, memberBalance } from '../ledger/index.ts';
import { reconcileAfterMs, reconcilePendingTransfers } from './reconcile-transfers.ts';
import { httpTransferVendorClient, VendorUnreachable, type TransferVendorClient } from './transfer-vendor-client.ts';

/**
 * GCS_walletTransfer and GCS_walletReturn against the real house vendor's transfer brand
 * (apps/house-games, on its own port and schema of the same test database). Only the network is
 * faked, and only where a test says so: `lose` drops a vendor call's answer on the way back, or
 * drops the call before it reaches the vendor.
 */

const vendor = 'GOLDENELE';
let platform: PlatformWithHouse;
let testApp: TestApp;
let house: TestHouseGames;
let clock = Date.now();
let sequence = 0;
/** Per call: 'answer' loses the vendor's answer (the call took effect), 'request' loses the call itself. */
const lose = new Map<string, 'answer' | 'request'>();

beforeAll(async () => {
  const wrap = (_integration: { code: string }, client: TransferVendorClient): TransferVendorClient => ({
    async call(call, body) {
      const loss = lose.get(call);
      if (loss === 'request') throw new VendorUnreachable(`${call}: lost on the way`);
      const answer = await client.call(call, body);
      if (loss === 'answer') throw new VendorUnreachable(`${call}: answer lost`);
      return answer;
    },
  });
  platform = await startPlatformWithHouse({ now: () => clock, wrapTransferVendorClient: wrap });
  ({ testApp, house } = platform);
}, 60_000);

afterAll(() => platform?.close());

function memberWith(mainMinor: bigint, isAgent: 0 | 4 = 0) {
  return fundedTestMember(testApp.db, testApp.demoMerchantId, `transfer${++sequence}`, mainMinor, {
    isAgent,
    nowMs: clock,
  });
}

function post(url: string, token: string, body: unknown, key: string = randomUUID()) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token, 'Idempotency-Key': key },
    payload: body as object,
  });
}

const transferOk = z.object({ success: z.literal(true), value: walletTransferResultSchema });

async function balances(memberId: bigint) {
  const merchantId = testApp.demoMerchantId;
  const [main, inVendor] = await Promise.all([
    memberBalance(testApp.db, merchantId, 'THB', { kind: 'member_main', memberId }),
    memberBalance(testApp.db, merchantId, 'THB', { kind: 'member_vendor', memberId, subKey: vendor }),
  ]);
  const player = await house.db
    .selectFrom('player')
    .select('balance')
    .where('player_id', '=', `m${merchantId}p${memberId}`)
    .executeTakeFirst();
  return { main, inVendor, atVendor: player?.balance ?? null };
}

async function expectLedgerClean() {
  const report = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('GCS_walletTransfer', () => {
  test('in and out: the ledger copy follows the vendor, the member wallet pays for it', async () => {
    const { memberId, token } = await memberWith(50_000n);
    const moved = await post(launchPaths.walletTransfer, token, {
      vassalage: vendor,
      direction: 'IN',
      amount: '120.50',
    });
    expect(moved.statusCode).toBe(200);
    expect(transferOk.parse(moved.json()).value).toMatchObject({
      vassalage: vendor,
      direction: 'IN',
      amount: '120.50',
      status: 'SUCCESS',
    });
    expect(await balances(memberId)).toEqual({ main: 37_950n, inVendor: 12_050n, atVendor: 12_050n });

    // The member wins 30.00 at the vendor; all-out brings the vendor's whole balance back.
    await house.db
      .updateTable('player')
      .set({ balance: sql<bigint>`balance + 3000` })
      .where('player_id', '=', `m${testApp.demoMerchantId}p${memberId}`)
      .execute();
    const back = await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'OUT', all: true });
    expect(transferOk.parse(back.json()).value).toMatchObject({
      direction: 'OUT',
      amount: '150.50',
      status: 'SUCCESS',
    });
    expect(await balances(memberId)).toEqual({ main: 53_000n, inVendor: 0n, atVendor: 0n });

    const wallets = await testApp.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { Merchant: 'demo', Authorization: token },
    });
    expect(wallets.json().value.sumBalance).toBe('530.00');
    await expectLedgerClean();
  });

  test('refusals leave every wallet as it was', async () => {
    const { memberId, token } = await memberWith(10_000n);
    const cases: Array<[unknown, number, string, string | undefined]> = [
      [{ vassalage: vendor, direction: 'IN', amount: '100.01' }, 409, 'wallet.transfer.balance.not.enough', undefined],
      [{ vassalage: vendor, direction: 'OUT', amount: '1' }, 409, 'wallet.transfer.balance.not.enough', undefined],
      [{ vassalage: 'LTSLOT', direction: 'IN', amount: '1' }, 404, 'wallet.transfer.vendor.unknown', 'vassalage'],
      [{ vassalage: 'NOPE', direction: 'IN', amount: '1' }, 404, 'wallet.transfer.vendor.unknown', 'vassalage'],
      [{ vassalage: vendor, direction: 'IN', amount: '-5' }, 400, 'validation.failed', 'amount'],
      [{ vassalage: vendor, direction: 'IN', amount: '1.005' }, 400, 'validation.failed', 'amount'],
      [{ vassalage: vendor, direction: 'IN', amount: '0' }, 400, 'validation.failed', 'amount'],
      [{ vassalage: vendor, direction: 'IN' }, 400, 'validation.failed', 'amount'],
      [{ vassalage: vendor, direction: 'SIDEWAYS', amount: '1' }, 400, 'validation.failed', 'direction'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await post(launchPaths.walletTransfer, token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const envelope = errorEnvelopeSchema.parse(response.json());
      expect(envelope.errorCode, JSON.stringify(body)).toBe(code);
      if (field) expect(envelope.field).toBe(field);
    }
    expect(await balances(memberId)).toMatchObject({ main: 10_000n, inVendor: 0n });
    await expectLedgerClean();
  });

  test('trial accounts and visitors cannot transfer', async () => {
    const trial = await memberWith(0n, trialMemberType);
    expect(
      (await post(launchPaths.walletTransfer, trial.token, { vassalage: vendor, direction: 'IN', amount: '1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(launchPaths.walletTransfer, 'garbage', { vassalage: vendor, direction: 'IN', amount: '1' }))
        .statusCode,
    ).toBe(401);
  });

  test('one Idempotency-Key 5 times in parallel and 5 in a row: money moves once, every answer is the first or "retry"', async () => {
    const { memberId, token } = await memberWith(10_000n);
    const key = randomUUID();
    const body = { vassalage: vendor, direction: 'IN', amount: '10' };
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => post(launchPaths.walletTransfer, token, body, key)),
    );
    const succeeded = parallel.filter((response) => response.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((response) => response.body)).size).toBe(1);
    for (const response of parallel.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'idempotency.in.progress' });
    }
    for (let replay = 0; replay < 5; replay += 1) {
      expect((await post(launchPaths.walletTransfer, token, body, key)).body).toBe(succeeded[0]!.body);
    }
    expect(transferOk.parse(succeeded[0]!.json()).value.status).toBe('SUCCESS');
    expect(await balances(memberId)).toEqual({ main: 9_000n, inVendor: 1_000n, atVendor: 1_000n });
  });

  /** What a request whose process died before answering leaves: its key claimed, no answer stored, 30 s ago. */
  async function forgetAnswer(key: string) {
    await testApp.db
      .updateTable('idempotent_request')
      .set({
        status_code: null,
        response_body: null,
        response_type: null,
        completed_at: null,
        created_at: new Date(clock - 60_000),
      })
      .where('idempotency_key', '=', key)
      .execute();
  }

  test('a request run again after its first run died (found by npm run chaos): the transfer it made is answered, not made again', async () => {
    const { memberId, token } = await memberWith(10_000n);
    const key = randomUUID();
    const body = { vassalage: vendor, direction: 'IN', amount: '10' };
    const first = transferOk.parse((await post(launchPaths.walletTransfer, token, body, key)).json()).value;
    await forgetAnswer(key);
    const again = transferOk.parse((await post(launchPaths.walletTransfer, token, body, key)).json()).value;
    expect(again).toEqual(first);
    expect(await balances(memberId)).toEqual({ main: 9_000n, inVendor: 1_000n, atVendor: 1_000n });
    expect(
      await testApp.db.selectFrom('wallet_transfer').select('reference').where('member_id', '=', memberId).execute(),
    ).toHaveLength(1);
    await expectLedgerClean();
  });

  test('the first run died with its transfer still pending: the run again asks the vendor and ends it once', async () => {
    const { memberId, token } = await memberWith(10_000n);
    const key = randomUUID();
    const body = { vassalage: vendor, direction: 'IN', amount: '10' };
    lose.set('fund-in', 'answer');
    lose.set('transfer-status', 'request');
    try {
      expect(transferOk.parse((await post(launchPaths.walletTransfer, token, body, key)).json()).value.status).toBe(
        'PENDING',
      );
    } finally {
      lose.clear();
    }
    await forgetAnswer(key);
    const again = transferOk.parse((await post(launchPaths.walletTransfer, token, body, key)).json()).value;
    expect(again.status).toBe('SUCCESS');
    expect(await balances(memberId)).toEqual({ main: 9_000n, inVendor: 1_000n, atVendor: 1_000n });
    expect(
      await testApp.db.selectFrom('wallet_transfer').select('status').where('member_id', '=', memberId).execute(),
    ).toEqual([{ status: 'succeeded' }]);
    await expectLedgerClean();
  });

  test('20 parallel transfers in and out never overdraw and never lose a cent', async () => {
    const { memberId, token } = await memberWith(10_000n);
    await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', amount: '50' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(launchPaths.walletTransfer, token, {
          vassalage: vendor,
          direction: index % 2 ? 'IN' : 'OUT',
          amount: '7',
        }),
      ),
    );
    for (const result of results) expect([200, 409]).toContain(result.statusCode);
    const after = await balances(memberId);
    expect(after.main + after.inVendor).toBe(10_000n);
    expect(after.inVendor).toBe(after.atVendor);
    expect(after.main).toBeGreaterThanOrEqual(0n);
    await expectLedgerClean();
  });
});

describe('a transfer whose answer is lost', () => {
  test('fund-in applied but its answer lost: pending, money in transit, then settled by the status query', async () => {
    const { memberId, token } = await memberWith(20_000n);
    await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', amount: '1' }); // creates the player
    lose.set('fund-in', 'answer');
    lose.set('transfer-status', 'request');
    try {
      const response = await post(launchPaths.walletTransfer, token, {
        vassalage: vendor,
        direction: 'IN',
        amount: '60',
      });
      expect(transferOk.parse(response.json()).value.status).toBe('PENDING');
    } finally {
      lose.clear();
    }
    // In transit: gone from main, not yet in the ledger's copy of the vendor wallet, already at the vendor.
    expect(await balances(memberId)).toEqual({ main: 13_900n, inVendor: 100n, atVendor: 6_100n });
    const blocked = await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'OUT', amount: '1' });
    expect(errorEnvelopeSchema.parse(blocked.json()).errorCode).toBe('wallet.transfer.pending');
    await expectLedgerClean();

    // Too young for the job: left alone. Old enough: asked, and ended as the vendor says.
    const client = testApp.app.transferVendorClient;
    expect((await reconcilePendingTransfers(testApp.db, testApp.config, client, clock)).succeeded).toBe(0);
    clock += reconcileAfterMs + 1_000;
    const report = await reconcilePendingTransfers(testApp.db, testApp.config, client, clock);
    expect(report).toMatchObject({ succeeded: 1, stillPending: 0 });
    expect(await balances(memberId)).toEqual({ main: 13_900n, inVendor: 6_100n, atVendor: 6_100n });
    await expectLedgerClean();
  });

  test('fund-out lost before the vendor saw it: the status query says NOT_FOUND, the money returns, the late request is refused', async () => {
    const { memberId, token } = await memberWith(20_000n);
    await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', amount: '80' });
    lose.set('fund-out', 'request');
    let reference: string;
    try {
      const response = await post(launchPaths.walletTransfer, token, {
        vassalage: vendor,
        direction: 'OUT',
        amount: '30',
      });
      const value = transferOk.parse(response.json()).value;
      expect(value.status).toBe('FAILED');
      reference = value.transferId;
    } finally {
      lose.clear();
    }
    expect(await balances(memberId)).toEqual({ main: 12_000n, inVendor: 8_000n, atVendor: 8_000n });
    // The request turning up late is refused by the vendor: it was given up on.
    const direct = httpTransferVendorClient({
      apiUrl: house.url,
      secret: testApp.config.HOUSE_VENDOR_SECRET!,
      nowMs: () => clock,
    });
    await expect(
      direct.call('fund-out', {
        playerId: `m${testApp.demoMerchantId}p${memberId}`,
        reference,
        amount: '30.00',
        currency: 'THB',
      }),
    ).rejects.toMatchObject({ errorCode: 'DUPLICATE_REFERENCE' });
    expect((await balances(memberId)).atVendor).toBe(8_000n);
    await expectLedgerClean();
  });
});

describe('bonus money (modules/bonus README "The spending rule")', () => {
  const bonusOf = (memberId: bigint) =>
    memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_bonus', memberId });
  const grant = (memberId: bigint, amountMinor: bigint) =>
    grantBonus(testApp.db, {
      merchantId: testApp.demoMerchantId,
      memberId,
      currency: 'THB',
      amountMinor,
      turnoverRequiredMinor: 100_000n,
      productTypes: null,
      expiresAt: null,
      source: { kind: 'issued', id: `transfer-${memberId}` },
      transferKind: 'promotion_bonus',
      nowMs: clock,
    });
  const remainingOf = async (memberId: bigint) =>
    (await testApp.db.selectFrom('member_bonus').select('remaining').where('member_id', '=', memberId).execute()).map(
      (row) => row.remaining,
    );

  test('into a vendor: cash first, then bonus (the grant lowered); all = cash + bonus; beyond both refused', async () => {
    const { memberId, token } = await memberWith(3_000n);
    await grant(memberId, 10_000n);
    const over = await post(launchPaths.walletTransfer, token, {
      vassalage: vendor,
      direction: 'IN',
      amount: '130.01',
    });
    expect(over.json()).toMatchObject({
      errorCode: 'wallet.transfer.balance.not.enough',
      value: { available: '130.00' },
    });
    const moved = await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', amount: '50' });
    expect(transferOk.parse(moved.json()).value.status).toBe('SUCCESS');
    expect(await balances(memberId)).toEqual({ main: 0n, inVendor: 5_000n, atVendor: 5_000n });
    expect(await bonusOf(memberId)).toBe(8_000n);
    expect(await remainingOf(memberId)).toEqual([8_000n]);
    const rest = await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', all: true });
    expect(transferOk.parse(rest.json()).value).toMatchObject({ amount: '80.00', status: 'SUCCESS' });
    expect(await bonusOf(memberId)).toBe(0n);
    expect(await remainingOf(memberId)).toEqual([0n]);
    await expectLedgerClean();
  });

  test('a refused transfer in gives the bonus part back to the bonus wallet and its grant', async () => {
    const { memberId, token } = await memberWith(2_000n);
    await grant(memberId, 5_000n);
    lose.set('fund-in', 'request');
    try {
      const response = await post(launchPaths.walletTransfer, token, {
        vassalage: vendor,
        direction: 'IN',
        amount: '60',
      });
      expect(transferOk.parse(response.json()).value.status).toBe('FAILED');
    } finally {
      lose.clear();
    }
    expect((await balances(memberId)).main).toBe(2_000n);
    expect(await bonusOf(memberId)).toBe(5_000n);
    expect(await remainingOf(memberId)).toEqual([5_000n]);
    await expectLedgerClean();
  });
});

describe('GCS_walletReturn', () => {
  test('brings every vendor wallet back to main, including what was won there', async () => {
    const { memberId, token } = await memberWith(10_000n);
    await post(launchPaths.walletTransfer, token, { vassalage: vendor, direction: 'IN', amount: '40' });
    await house.db
      .updateTable('player')
      .set({ balance: sql<bigint>`balance - 1500` })
      .where('player_id', '=', `m${testApp.demoMerchantId}p${memberId}`)
      .execute();
    const response = await post(launchPaths.walletReturn, token, {});
    const value = z.object({ success: z.literal(true), value: walletReturnResultSchema }).parse(response.json()).value;
    expect(value.transfers).toEqual([
      expect.objectContaining({ vassalage: vendor, direction: 'OUT', amount: '25.00', status: 'SUCCESS' }),
    ]);
    expect(await balances(memberId)).toEqual({ main: 8_500n, inVendor: 0n, atVendor: 0n });
    // Nothing left: a second return moves nothing.
    const again = await post(launchPaths.walletReturn, token, {});
    expect(again.json().value.transfers).toEqual([]);
    await expectLedgerClean();
  });

  test('GCS_merchantWallet names the transfer-mode vendor', async () => {
    const { token } = await memberWith(0n);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_merchantWallet',
      headers: { Merchant: 'demo', Authorization: token },
    });
    const value = response.json().value as {
      isSingle: boolean;
      vendors: Array<{ vassalage: string; isSingle: boolean }>;
    };
    expect(value.isSingle).toBe(false);
    expect(value.vendors.find((entry) => entry.vassalage === vendor)?.isSingle).toBe(false);
    expect(value.vendors.find((entry) => entry.vassalage === 'LTSLOT')?.isSingle).toBe(true);
  });
});
