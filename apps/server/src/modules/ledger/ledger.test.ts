import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { insertTestMember } from '../../testing/members.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { derivedBalance, memberBalance, type HouseAccountRef, type MemberAccountRef } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { LedgerError } from './ledger-error.ts';
import { maxTransferAmount, postTransfers, type PostingRequest, type TransferRequest } from './post-transfers.ts';

/** The ledger's rules against a real PostgreSQL: table tests (refusals first), idempotency, immutability, the checker. */

let database: TestDatabase;
let db: Kysely<Database>;
let merchantId: number;
let otherMerchantId: number;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
let keySequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = connect(database.connectionString, 20);
  merchantId = (await db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const other = await db
    .insertInto('merchant')
    .values({
      code: 'ledger-other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'TH',
      config: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const main = (memberId: bigint): MemberAccountRef => ({ kind: 'member_main', memberId });
const held = (memberId: bigint): MemberAccountRef => ({ kind: 'member_held', memberId });
const vendor = (memberId: bigint, code: string): MemberAccountRef => ({
  kind: 'member_vendor',
  memberId,
  subKey: code,
});
const clearing: HouseAccountRef = { kind: 'house_deposit_clearing', subKey: 'BANK' };
const payable: HouseAccountRef = { kind: 'house_withdrawal_payable' };
const fees: HouseAccountRef = { kind: 'house_fee' };

function posting(
  transfers: TransferRequest[],
  key = `key-${++keySequence}`,
  overrides: Partial<PostingRequest> = {},
): PostingRequest {
  return { merchantId, currency: 'THB', idempotency: { source: 'test', key }, transfers, nowMs, ...overrides };
}
const deposit = (memberId: bigint, amount: bigint): TransferRequest => ({
  debit: clearing,
  credit: main(memberId),
  amount,
  kind: 'deposit',
  reference: 'dep',
});

async function newMember(name: string): Promise<bigint> {
  return insertTestMember(db, merchantId, `${name}${++keySequence}`);
}

async function rowCounts() {
  const [postings, transfers] = await Promise.all([
    db
      .selectFrom('ledger_posting')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { postings: Number(postings.n), transfers: Number(transfers.n) };
}

async function expectRefused(request: PostingRequest, code: LedgerError['code']): Promise<LedgerError> {
  const before = await rowCounts();
  const error = await postTransfers(db, request).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
  expect(await rowCounts()).toEqual(before);
  return error as LedgerError;
}

describe('refusals: nothing is written', () => {
  let member: bigint;
  beforeAll(async () => {
    member = await newMember('refused');
  });

  test.each([
    ['a zero amount', 0n],
    ['a negative amount', -100n],
    ['an amount over the maximum', maxTransferAmount + 1n],
  ])('%s', async (_name, amount) => {
    await expectRefused(posting([deposit(member, amount)]), 'ledger.request.invalid');
  });

  test('an amount that is not a bigint (a float slipped through)', async () => {
    await expectRefused(posting([deposit(member, 10.5 as unknown as bigint)]), 'ledger.request.invalid');
  });

  test('the same account on both sides', async () => {
    await expectRefused(
      posting([{ debit: main(member), credit: main(member), amount: 1n, kind: 'noop', reference: '' }]),
      'ledger.request.invalid',
    );
  });

  test('no transfers, or too many', async () => {
    await expectRefused(posting([]), 'ledger.request.invalid');
    await expectRefused(posting(Array.from({ length: 21 }, () => deposit(member, 1n))), 'ledger.request.invalid');
  });

  test('a malformed currency, an empty idempotency key, an empty kind', async () => {
    await expectRefused(posting([deposit(member, 1n)], undefined, { currency: 'thb' }), 'ledger.request.invalid');
    await expectRefused(posting([deposit(member, 1n)], ''), 'ledger.request.invalid');
    await expectRefused(posting([{ ...deposit(member, 1n), kind: '' }]), 'ledger.request.invalid');
  });

  test('an account of a member of another merchant', async () => {
    const stranger = await insertTestMember(db, otherMerchantId, `stranger${++keySequence}`);
    await expectRefused(posting([deposit(stranger, 100n)]), 'ledger.account.invalid');
  });

  test('a debit that would take a member below zero answers what is available', async () => {
    await postTransfers(db, posting([deposit(member, 500n)]));
    const error = await expectRefused(
      posting([{ debit: main(member), credit: payable, amount: 501n, kind: 'withdrawal', reference: 'w' }]),
      'ledger.insufficient.funds',
    );
    expect(error.details).toMatchObject({ accountKind: 'member_main', available: 500n, required: 501n });
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(500n);
  });

  test('linked transfers are all or nothing: a hold and a fee that together overdraw move nothing', async () => {
    const linked = await newMember('linked');
    await postTransfers(db, posting([deposit(linked, 100n)]));
    await expectRefused(
      posting([
        { debit: main(linked), credit: held(linked), amount: 80n, kind: 'withdrawal.hold', reference: 'w1' },
        { debit: main(linked), credit: fees, amount: 30n, kind: 'withdrawal.fee', reference: 'w1' },
      ]),
      'ledger.insufficient.funds',
    );
    expect(await memberBalance(db, merchantId, 'THB', main(linked))).toBe(100n);
    expect(await memberBalance(db, merchantId, 'THB', held(linked))).toBe(0n);
  });

  test('the database itself refuses a negative member balance and any edit of history', async () => {
    await expect(
      sql`UPDATE ledger_account SET balance = -1 WHERE member_id = ${member} AND kind = 'member_main'`.execute(db),
    ).rejects.toThrow(/ledger_account_member_balance_check/);
    await expect(sql`UPDATE ledger_transfer SET amount = amount + 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transfer`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_posting`.execute(db)).rejects.toThrow(/append-only/);
    // CASCADE: records of other modules point at transfers, which alone would stop a plain TRUNCATE.
    await expect(sql`TRUNCATE ledger_transfer CASCADE`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('postings', () => {
  test('a deposit credits the member and leaves the clearing account negative by as much; balances after are recorded', async () => {
    const member = await newMember('deposit');
    const first = await postTransfers(db, posting([deposit(member, 12_345n)]));
    expect(first.replayed).toBe(false);
    expect(first.transfers[0]).toMatchObject({ amount: 12_345n, debitBalanceAfter: null, creditBalanceAfter: 12_345n });
    const second = await postTransfers(db, posting([deposit(member, 655n)]));
    expect(second.transfers[0]!.creditBalanceAfter).toBe(13_000n);
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(13_000n);
  });

  test('an account touched twice in one posting gets the right balance after each transfer', async () => {
    const member = await newMember('twice');
    const result = await postTransfers(
      db,
      posting([
        deposit(member, 1000n),
        { debit: main(member), credit: vendor(member, 'SLOTX'), amount: 300n, kind: 'wallet.transfer', reference: 't' },
        { debit: vendor(member, 'SLOTX'), credit: main(member), amount: 100n, kind: 'wallet.transfer', reference: 't' },
      ]),
    );
    expect(result.transfers.map((transfer) => [transfer.debitBalanceAfter, transfer.creditBalanceAfter])).toEqual([
      [null, 1000n],
      [700n, 300n],
      [200n, 800n],
    ]);
  });

  test('a held withdrawal paid out: main to held, then held to payable; the house side is derived', async () => {
    const member = await newMember('payout');
    await postTransfers(db, posting([deposit(member, 1000n)]));
    await postTransfers(
      db,
      posting([{ debit: main(member), credit: held(member), amount: 400n, kind: 'withdrawal.hold', reference: 'w9' }]),
    );
    await postTransfers(
      db,
      posting([{ debit: held(member), credit: payable, amount: 400n, kind: 'withdrawal.paid', reference: 'w9' }]),
    );
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(600n);
    expect(await memberBalance(db, merchantId, 'THB', held(member))).toBe(0n);
    const payableRow = await db
      .selectFrom('ledger_account')
      .select(['id', 'balance'])
      .where('kind', '=', 'house_withdrawal_payable')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    expect(payableRow.balance).toBe(0n);
    expect(await derivedBalance(db, payableRow.id)).toBeGreaterThanOrEqual(400n);
  });
});

describe('idempotency', () => {
  test('a repeated key returns the first result and moves nothing more', async () => {
    const member = await newMember('replay');
    const request = posting([deposit(member, 700n)], 'replay-key');
    const first = await postTransfers(db, request);
    const counts = await rowCounts();
    for (let attempt = 0; attempt < 5; attempt++) {
      const again = await postTransfers(db, request);
      expect(again.replayed).toBe(true);
      expect(again.postingId).toBe(first.postingId);
      expect(again.transfers.map((transfer) => [transfer.id, transfer.amount, transfer.creditBalanceAfter])).toEqual([
        [first.transfers[0]!.id, 700n, 700n],
      ]);
    }
    expect(await rowCounts()).toEqual(counts);
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(700n);
  });

  test('the same key with a different amount or account is a conflict; another source may use the key', async () => {
    const member = await newMember('conflict');
    await postTransfers(db, posting([deposit(member, 700n)], 'conflict-key'));
    await expectRefused(posting([deposit(member, 701n)], 'conflict-key'), 'ledger.idempotency.conflict');
    await expectRefused(
      posting([{ ...deposit(member, 700n), reference: 'other' }], 'conflict-key'),
      'ledger.idempotency.conflict',
    );
    const otherSource = await postTransfers(db, {
      ...posting([deposit(member, 5n)], 'conflict-key'),
      idempotency: { source: 'other', key: 'conflict-key' },
    });
    expect(otherSource.replayed).toBe(false);
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(705n);
  });

  test('a refused posting leaves its key free: the retry after a deposit succeeds', async () => {
    const member = await newMember('retry');
    const withdrawal = posting(
      [{ debit: main(member), credit: payable, amount: 50n, kind: 'withdrawal', reference: 'r' }],
      'retry-key',
    );
    await expectRefused(withdrawal, 'ledger.insufficient.funds');
    await postTransfers(db, posting([deposit(member, 50n)]));
    expect((await postTransfers(db, withdrawal)).replayed).toBe(false);
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(0n);
  });

  test('the same key sent 10 times in parallel: one effect, identical answers', async () => {
    const member = await newMember('parallelkey');
    const request = posting([deposit(member, 300n)], 'parallel-key');
    const results = await Promise.all(Array.from({ length: 10 }, () => postTransfers(db, request)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transfers[0]!.id))).toEqual(new Set([results[0]!.transfers[0]!.id]));
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(300n);
  });
});

describe('concurrency', () => {
  test('100 parallel withdrawals of 10 from 500: exactly 50 pass, the balance ends at 0 and never goes below', async () => {
    const member = await newMember('race');
    await postTransfers(db, posting([deposit(member, 500n)]));
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        postTransfers(
          db,
          posting([
            { debit: main(member), credit: payable, amount: 10n, kind: 'withdrawal', reference: `race-${index}` },
          ]),
        ).then(
          () => 'passed',
          (error: unknown) => (error instanceof LedgerError ? error.code : 'crashed'),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'passed')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'ledger.insufficient.funds')).toHaveLength(50);
    expect(await memberBalance(db, merchantId, 'THB', main(member))).toBe(0n);
  });

  test('transfers both ways between two members in parallel never deadlock (fixed lock order)', async () => {
    const [alice, bob] = [await newMember('alice'), await newMember('bob')];
    await postTransfers(db, posting([deposit(alice, 10_000n), deposit(bob, 10_000n)]));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [alice, bob] : [bob, alice];
        // Each posting touches both rows, in opposite order of appearance half of the time.
        return postTransfers(
          db,
          posting([
            { debit: main(from), credit: main(to), amount: 7n, kind: 'member.transfer', reference: `p2p-${index}` },
            { debit: main(to), credit: fees, amount: 1n, kind: 'fee', reference: `p2p-${index}` },
          ]),
        ).then(
          () => 'passed',
          (error: unknown) => String((error as { code?: string }).code ?? error),
        );
      }),
    );
    expect(outcomes.every((outcome) => outcome === 'passed')).toBe(true);
    const total =
      (await memberBalance(db, merchantId, 'THB', main(alice))) +
      (await memberBalance(db, merchantId, 'THB', main(bob)));
    expect(total).toBe(20_000n - 60n);
  });
});

describe('checkLedger', () => {
  test('balances on a clean ledger, and names the account whose stored balance was tampered with', async () => {
    const report = await checkLedger(db);
    expect(report.ok).toBe(true);
    expect(report.transfers).toBeGreaterThan(0);
    expect(report.differences).toEqual([]);
    expect(report.currencies.every((currency) => currency.total === 0n)).toBe(true);

    const member = await newMember('tampered');
    await postTransfers(db, posting([deposit(member, 100n)]));
    await sql`UPDATE ledger_account SET balance = balance + 1 WHERE member_id = ${member}`.execute(db);
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.differences).toEqual([
      expect.objectContaining({ memberId: member, kind: 'member_main', stored: 101n, derived: 100n }),
    ]);
    expect(broken.currencies.find((currency) => currency.merchantId === merchantId)?.total).toBe(1n);
    await sql`UPDATE ledger_account SET balance = balance - 1 WHERE member_id = ${member}`.execute(db);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
