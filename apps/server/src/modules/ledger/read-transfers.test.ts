import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { insertTestMember } from '../../testing/members.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { HouseAccountRef, MemberAccountRef } from './accounts.ts';
import { postTransfers, type TransferRequest } from './post-transfers.ts';
import { getTransferBalances, listAccountTransfers, listMembersAccounts, sumDepositsToMain } from './read-transfers.ts';

/** The ledger's reads for other modules, against a real PostgreSQL. */

let database: TestDatabase;
let db: Kysely<Database>;
let merchantId: number;
const nowMs = Date.UTC(2026, 10, 26, 12, 0, 0);
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = connect(database.connectionString, 5);
  merchantId = (await db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const main = (memberId: bigint): MemberAccountRef => ({ kind: 'member_main', memberId });
const held = (memberId: bigint): MemberAccountRef => ({ kind: 'member_held', memberId });
const clearing: HouseAccountRef = { kind: 'house_deposit_clearing', subKey: 'BANK' };
const adjustment: HouseAccountRef = { kind: 'house_adjustment' };

function transfer(
  debit: TransferRequest['debit'],
  credit: TransferRequest['credit'],
  amount: bigint,
  kind: string,
): TransferRequest {
  return { debit, credit, amount, kind, reference: `${kind}:${++sequence}` };
}

async function post(...transfers: TransferRequest[]) {
  return postTransfers(db, {
    merchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `read-${++sequence}` },
    transfers,
    nowMs,
  });
}

async function newMember(): Promise<bigint> {
  return insertTestMember(db, merchantId, `reader${++sequence}`);
}

describe('sumDepositsToMain', () => {
  test('counts only transfers from deposit clearing into main; 0 for a member without any', async () => {
    const memberId = await newMember();
    expect(await sumDepositsToMain(db, { merchantId, memberId, currency: 'THB' })).toBe(0n);
    await post(transfer(clearing, main(memberId), 10_000n, 'deposit'));
    await post(transfer({ kind: 'house_deposit_clearing', subKey: 'PROMPTPAY' }, main(memberId), 5_000n, 'deposit'));
    await post(transfer(adjustment, main(memberId), 700n, 'adjustment'));
    await post(transfer(main(memberId), held(memberId), 300n, 'withdrawal.hold'));
    expect(await sumDepositsToMain(db, { merchantId, memberId, currency: 'THB' })).toBe(15_000n);
    expect(await sumDepositsToMain(db, { merchantId, memberId, currency: 'USD' })).toBe(0n);
  });

  test('inside a transaction it sees that transaction’s own deposit', async () => {
    const memberId = await newMember();
    await db.transaction().execute(async (trx) => {
      await postTransfers(trx, {
        merchantId,
        currency: 'THB',
        idempotency: { source: 'test', key: `read-${++sequence}` },
        transfers: [transfer(clearing, main(memberId), 2_500n, 'deposit')],
        nowMs,
      });
      expect(await sumDepositsToMain(trx, { merchantId, memberId, currency: 'THB' })).toBe(2_500n);
      expect(await sumDepositsToMain(db, { merchantId, memberId, currency: 'THB' })).toBe(0n);
    });
  });
});

describe('listMembersAccounts', () => {
  test('each member’s own accounts in one answer; members never posted to are absent', async () => {
    const [first, second, unused] = [await newMember(), await newMember(), await newMember()];
    await post(transfer(clearing, main(first), 1_000n, 'deposit'), transfer(main(first), held(first), 400n, 'hold'));
    await post(transfer(clearing, main(second), 2_000n, 'deposit'));
    const accounts = await listMembersAccounts(db, merchantId, [first, second, unused], 'THB');
    expect(accounts.get(first)).toEqual([
      { kind: 'member_held', subKey: '', balance: 400n },
      { kind: 'member_main', subKey: '', balance: 600n },
    ]);
    expect(accounts.get(second)).toEqual([{ kind: 'member_main', subKey: '', balance: 2_000n }]);
    expect(accounts.has(unused)).toBe(false);
    expect((await listMembersAccounts(db, merchantId, [], 'THB')).size).toBe(0);
    expect((await listMembersAccounts(db, merchantId + 1_000, [first], 'THB')).size).toBe(0);
  });
});

describe('listAccountTransfers and getTransferBalances', () => {
  test('one line per side of the member, newest first, filtered by kind and paged with the total', async () => {
    const memberId = await newMember();
    const scope = { merchantId, memberId, currency: 'THB' };
    expect(await listAccountTransfers(db, scope, { page: 1, pageSize: 10 })).toEqual({ sides: [], total: 0 });
    const deposited = await post(transfer(clearing, main(memberId), 1_000n, 'deposit'));
    const heldPosting = await post(transfer(main(memberId), held(memberId), 300n, 'withdrawal.hold'));

    const all = await listAccountTransfers(db, scope, { page: 1, pageSize: 10 });
    expect(all.total).toBe(3);
    const holdId = heldPosting.transfers[0]!.id;
    const depositId = deposited.transfers[0]!.id;
    expect(
      all.sides.map((side) => [
        side.transferId,
        side.account,
        side.counterparty,
        side.deltaMinor,
        side.balanceAfterMinor,
      ]),
    ).toEqual([
      [holdId, 'member_main', 'member_held', -300n, 700n],
      [holdId, 'member_held', 'member_main', 300n, 300n],
      [depositId, 'member_main', 'house_deposit_clearing', 1_000n, 1_000n],
    ]);

    const secondPage = await listAccountTransfers(db, scope, { page: 2, pageSize: 2 });
    expect(secondPage.total).toBe(3);
    expect(secondPage.sides.map((side) => side.transferId)).toEqual([depositId]);

    const deposits = await listAccountTransfers(db, scope, { page: 1, pageSize: 10, kind: 'deposit' });
    expect(deposits.total).toBe(1);
    expect(deposits.sides[0]).toMatchObject({ transferId: depositId, kind: 'deposit', deltaMinor: 1_000n });

    expect(await getTransferBalances(db, holdId)).toEqual({
      id: holdId,
      debitBalanceAfter: 700n,
      creditBalanceAfter: 300n,
    });
    await expect(getTransferBalances(db, holdId + 1_000_000n)).rejects.toThrow();
  });
});
