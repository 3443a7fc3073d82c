import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sumDepositsToMain } from '../ledger/index.ts';

/**
 * The turnover requirement: what a member must wager before withdrawing. Each approved deposit adds
 * deposit x the merchant's `withdrawals.turnoverMultiplier`; bets add to the wagered side
 * (`addWageredTurnover`, for the games); remaining = max(required - wagered, 0). Both sides only
 * grow, so wagering beyond one deposit's share counts towards the next.
 *
 * Deposits are read from the ledger itself (`sumDepositsToMain`), not reported by the deposit module:
 * every transfer from a deposit clearing account into the member's main wallet is a deposit, whichever
 * channel made it.
 * `member_turnover.counted_deposit_amount` is the sum of the deposits already counted, so whatever
 * the ledger holds beyond it is new (in any commit order) and is counted once, with the multiplier
 * of the moment it is counted (the next withdrawal).
 */

export interface TurnoverState {
  requiredMinor: bigint;
  wageredMinor: bigint;
  remainingMinor: bigint;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The multiplier in hundredths (1.5 is 150n): money times it stays in integers. */
export function multiplierHundredths(multiplier: number): bigint {
  return BigInt(Math.round(multiplier * 100));
}

/** Every deposit into the member's main wallet so far, summed by the ledger (in the caller's transaction). */
function totalDeposits(db: Executor, merchantId: number, memberId: bigint, currency: string): Promise<bigint> {
  return sumDepositsToMain(db, { merchantId, memberId, currency });
}

async function findStored(db: Executor, memberId: bigint) {
  return db
    .selectFrom('member_turnover')
    .select(['required_amount', 'wagered_amount', 'counted_deposit_amount'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

function stateOf(requiredMinor: bigint, wageredMinor: bigint): TurnoverState {
  const remaining = requiredMinor - wageredMinor;
  return { requiredMinor, wageredMinor, remainingMinor: remaining > 0n ? remaining : 0n };
}

/**
 * What of the member's wagered amount does not count (the games' per-vendor turnover exclusion, handed
 * in by modules/routes.ts: games sits above this module). Read in the caller's transaction.
 */
export type TurnoverExclusion = (db: Executor, input: { merchantId: number; memberId: bigint }) => Promise<bigint>;

/**
 * The bonus turnover gate (modules/bonus, handed in by modules/routes.ts: bonus sits above this
 * module). Called in the withdrawal's transaction after the member's lock; `blocked` refuses the
 * withdrawal with `promotion_turnover_not_enough` (it may also forfeit bonuses by the merchant's rule).
 */
export type BonusTurnoverGate = (
  db: Transaction<Database>,
  input: { merchantId: number; memberId: bigint; nowMs: number },
) => Promise<{ blocked: boolean; remainingMinor: bigint }>;

export interface TurnoverScope {
  merchantId: number;
  memberId: bigint;
  currency: string;
  multiplier: number;
  nowMs: number;
  /** Left out: everything wagered counts. */
  exclusion?: TurnoverExclusion;
}

/** The wagered amount that counts: the stored one less the excluded vendors' share (never below 0). */
async function countedWagered(db: Executor, scope: TurnoverScope, wageredMinor: bigint): Promise<bigint> {
  if (!scope.exclusion || wageredMinor === 0n) return wageredMinor;
  const counted =
    wageredMinor - (await scope.exclusion(db, { merchantId: scope.merchantId, memberId: scope.memberId }));
  return counted > 0n ? counted : 0n;
}

/** The state as it would be once every deposit so far is counted; writes nothing (for reads). */
export async function readTurnover(db: Executor, scope: TurnoverScope): Promise<TurnoverState> {
  const stored = await findStored(db, scope.memberId);
  const uncounted =
    (await totalDeposits(db, scope.merchantId, scope.memberId, scope.currency)) -
    (stored?.counted_deposit_amount ?? 0n);
  const required = (stored?.required_amount ?? 0n) + (uncounted * multiplierHundredths(scope.multiplier)) / 100n;
  return stateOf(required, await countedWagered(db, scope, stored?.wagered_amount ?? 0n));
}

/**
 * Counts the deposits not yet counted and answers the state. Call it inside the transaction that
 * decides a withdrawal, after the member's lock, so two withdrawals never count the same deposit.
 */
export async function syncTurnover(trx: Transaction<Database>, scope: TurnoverScope): Promise<TurnoverState> {
  const stored = await findStored(trx, scope.memberId);
  const total = await totalDeposits(trx, scope.merchantId, scope.memberId, scope.currency);
  const uncounted = total - (stored?.counted_deposit_amount ?? 0n);
  const added = (uncounted * multiplierHundredths(scope.multiplier)) / 100n;
  const required = (stored?.required_amount ?? 0n) + added;
  if (uncounted > 0n) {
    await trx
      .insertInto('member_turnover')
      .values({
        member_id: scope.memberId,
        merchant_id: scope.merchantId,
        required_amount: added,
        counted_deposit_amount: total,
        updated_at: new Date(scope.nowMs),
      })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({
          required_amount: sql<bigint>`member_turnover.required_amount + ${added}`,
          counted_deposit_amount: total,
          updated_at: new Date(scope.nowMs),
        }),
      )
      .execute();
  }
  return stateOf(required, await countedWagered(trx, scope, stored?.wagered_amount ?? 0n));
}

/**
 * For the games: a settled bet of `amountMinor` counts towards the member's turnover. Pass the bet's
 * own transaction so the bet and its turnover commit together.
 */
export async function addWageredTurnover(
  trx: Executor,
  input: { merchantId: number; memberId: bigint; amountMinor: bigint; nowMs: number },
): Promise<void> {
  if (input.amountMinor <= 0n) return;
  await trx
    .insertInto('member_turnover')
    .values({
      member_id: input.memberId,
      merchant_id: input.merchantId,
      wagered_amount: input.amountMinor,
      updated_at: new Date(input.nowMs),
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        wagered_amount: sql<bigint>`member_turnover.wagered_amount + ${input.amountMinor}`,
        updated_at: new Date(input.nowMs),
      }),
    )
    .execute();
}
