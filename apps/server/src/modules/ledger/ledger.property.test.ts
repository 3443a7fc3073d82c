import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { insertTestMember } from '../../testing/members.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { memberBalance, type AccountRef } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { LedgerError } from './ledger-error.ts';
import { postTransfers, type PostingRequest } from './post-transfers.ts';

/**
 * Random sequences of deposits, wallet transfers, holds, payouts, rejections and replays against a
 * model of the member balances; after every step the database must agree with the model and the
 * checker must find the books balanced. A refused step must change nothing.
 */

let database: TestDatabase;
let db: Kysely<Database>;
let merchantId: number;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  merchantId = (await db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(() => database?.drop());

type Wallet = 'main' | 'held' | 'vendor';
const operations = ['deposit', 'toVendor', 'fromVendor', 'hold', 'payout', 'reject', 'replay'] as const;
type Operation = (typeof operations)[number];
/** Where each operation takes money from and puts it to; null is a house account. */
const moves: Record<Exclude<Operation, 'replay'>, [Wallet | null, Wallet | null]> = {
  deposit: [null, 'main'],
  toVendor: ['main', 'vendor'],
  fromVendor: ['vendor', 'main'],
  hold: ['main', 'held'],
  payout: ['held', null],
  reject: ['held', 'main'],
};

const stepArbitrary = fc.record({
  operation: fc.constantFrom(...operations),
  member: fc.integer({ min: 0, max: 2 }),
  amount: fc.bigInt({ min: 1n, max: 5_000n }),
});

test('the ledger agrees with a model of the balances after every step of random sequences', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }), async (steps) => {
      const members = await Promise.all([0, 1, 2].map(() => insertTestMember(db, merchantId, `prop${++sequence}`)));
      const model = members.map(() => ({ main: 0n, held: 0n, vendor: 0n }));
      const account = (member: number, wallet: Wallet | null, operation: Operation): AccountRef => {
        if (wallet === null)
          return operation === 'deposit'
            ? { kind: 'house_deposit_clearing', subKey: 'DEMOPAY' }
            : { kind: 'house_withdrawal_payable' };
        const memberId = members[member]!;
        return wallet === 'vendor'
          ? { kind: 'member_vendor', memberId, subKey: 'SLOTX' }
          : { kind: wallet === 'main' ? 'member_main' : 'member_held', memberId };
      };
      type Step = (typeof steps)[number];
      interface Sent {
        request: PostingRequest;
        step: Step;
        passed: boolean;
      }
      let previous = null as Sent | null;

      for (const step of steps) {
        // A replay re-sends the previous request with its key: a posting that passed is returned as
        // it was (nothing moves); one that was refused is simply tried again against today's balances.
        const replaying: Sent | null = step.operation === 'replay' ? previous : null;
        if (step.operation === 'replay' && replaying === null) continue;
        const current: Step = replaying?.step ?? step;
        const [from, to] = moves[current.operation as Exclude<Operation, 'replay'>];
        const request: PostingRequest = replaying?.request ?? {
          merchantId,
          currency: 'THB',
          idempotency: { source: 'property', key: `p-${++sequence}` },
          transfers: [
            {
              debit: account(step.member, from, step.operation),
              credit: account(step.member, to, step.operation),
              amount: step.amount,
              kind: step.operation,
              reference: 'property',
            },
          ],
          nowMs: Date.UTC(2026, 10, 22),
        };
        const outcome = await postTransfers(db, request).catch((error: unknown) => error);
        if (replaying?.passed) {
          expect(outcome).toMatchObject({ replayed: true });
        } else if (from === null || model[current.member]![from] >= current.amount) {
          expect(outcome).toMatchObject({ replayed: false });
          if (from) model[current.member]![from] -= current.amount;
          if (to) model[current.member]![to] += current.amount;
        } else {
          expect(outcome).toBeInstanceOf(LedgerError);
          expect((outcome as LedgerError).code).toBe('ledger.insufficient.funds');
        }
        previous = { request, step: current, passed: replaying?.passed === true || !(outcome instanceof Error) };

        for (const [index, memberId] of members.entries()) {
          expect(await memberBalance(db, merchantId, 'THB', { kind: 'member_main', memberId })).toBe(
            model[index]!.main,
          );
          expect(await memberBalance(db, merchantId, 'THB', { kind: 'member_held', memberId })).toBe(
            model[index]!.held,
          );
          expect(await memberBalance(db, merchantId, 'THB', { kind: 'member_vendor', memberId, subKey: 'SLOTX' })).toBe(
            model[index]!.vendor,
          );
        }
        const report = await checkLedger(db);
        expect(report.differences).toEqual([]);
        expect(report.ok).toBe(true);
      }
    }),
    { numRuns: 25, seed: 20261122 },
  );
}, 120_000);
