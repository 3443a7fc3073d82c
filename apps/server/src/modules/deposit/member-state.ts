import type { DepositLimitPeriod } from '@lotus/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DepositMemberStateTable } from './deposit.tables.ts';

export type MemberState = Selectable<DepositMemberStateTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export const limitPeriods: readonly DepositLimitPeriod[] = ['day', 'week', 'month'];
const dayMs = 24 * 60 * 60 * 1000;
/** The rolling windows of the member's own limits. A "month" is 30 days: the same length whenever it is asked. */
export const periodMs: Record<DepositLimitPeriod, number> = { day: dayMs, week: 7 * dayMs, month: 30 * dayMs };
/** A raise (or removal) of a limit waits this long, so a member cannot lift a limit on impulse. */
export const limitRaiseDelayMs = dayMs;

/**
 * The member's deposit state row, created when missing and locked FOR UPDATE until the caller's
 * transaction ends. Every deposit create of the member takes this lock first, so two parallel
 * creates count each other's amounts: limits cannot be passed by racing.
 */
export async function lockMemberState(
  trx: Transaction<Database>,
  merchantId: number,
  memberId: bigint,
  nowMs: number,
): Promise<MemberState> {
  await trx
    .insertInto('deposit_member_state')
    .values({
      member_id: memberId,
      merchant_id: merchantId,
      first_deposit_id: null,
      first_deposit_at: null,
      limit_day: null,
      limit_week: null,
      limit_month: null,
      pending_day: null,
      pending_day_from: null,
      pending_week: null,
      pending_week_from: null,
      pending_month: null,
      pending_month_from: null,
      updated_at: new Date(nowMs),
    })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  return trx
    .selectFrom('deposit_member_state')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function findMemberState(db: Executor, merchantId: number, memberId: bigint): Promise<MemberState | null> {
  return (
    (await db
      .selectFrom('deposit_member_state')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst()) ?? null
  );
}

export interface PeriodLimit {
  /** In force now (null: none). */
  limitMinor: bigint | null;
  /** A raise or removal not in force yet. */
  pending: { limitMinor: bigint | null; fromMs: number } | null;
}

/** The limits as they stand at `nowMs`: a waiting raise whose time has come is in force. */
export function limitsAt(state: MemberState | null, nowMs: number): Record<DepositLimitPeriod, PeriodLimit> {
  const one = (period: DepositLimitPeriod): PeriodLimit => {
    if (!state) return { limitMinor: null, pending: null };
    const current = state[`limit_${period}`];
    const pendingFrom = state[`pending_${period}_from`];
    const pendingValue = state[`pending_${period}`];
    if (pendingFrom === null) return { limitMinor: current, pending: null };
    if (pendingFrom.getTime() <= nowMs) return { limitMinor: pendingValue, pending: null };
    return { limitMinor: current, pending: { limitMinor: pendingValue, fromMs: pendingFrom.getTime() } };
  };
  return { day: one('day'), week: one('week'), month: one('month') };
}

/**
 * What limits count (README, "What limits count"): the member's deposits made since a time
 * (optionally of one channel) that are approved or still pending, by their amount asked (before the
 * fee). Rejected and expired ones never count. `amountMinor = approvedMinor + pendingMinor`.
 */
export async function sumDeposits(
  db: Executor,
  memberId: bigint,
  sinceMs: number,
  methodCode?: string,
): Promise<{ count: number; amountMinor: bigint; approvedMinor: bigint; pendingMinor: bigint }> {
  let query = db
    .selectFrom('deposit')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn
        .coalesce(eb.fn.sum<string | null>('amount').filterWhere('status', '=', 'approved'), eb.val('0'))
        .as('approved'),
      eb.fn
        .coalesce(eb.fn.sum<string | null>('amount').filterWhere('status', '=', 'pending'), eb.val('0'))
        .as('pending'),
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>', new Date(sinceMs))
    .where('status', 'in', ['pending', 'approved']);
  if (methodCode !== undefined) query = query.where('method_code', '=', methodCode as never);
  const row = await query.executeTakeFirstOrThrow();
  const approvedMinor = BigInt(row.approved);
  const pendingMinor = BigInt(row.pending);
  return { count: Number(row.count), amountMinor: approvedMinor + pendingMinor, approvedMinor, pendingMinor };
}
