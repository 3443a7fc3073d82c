import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An approved deposit as the promotions (modules/promotions) reward it. */
export interface ApprovedDeposit {
  depositId: bigint;
  merchantId: number;
  memberId: bigint;
  currency: string;
  amountMinor: bigint;
  settledAt: Date;
  /** Which approved deposit of the member it is (1 = the first), in the order they were approved. */
  ordinal: number;
}

/**
 * The merchant's approved deposits requested at or after `createdSince` (through
 * `deposit_merchant_created_idx`), oldest approval first, at most `limit`, leaving out the ids the
 * caller's subquery `exceptIds` answers (those it already handled). The ordinal counts the member's
 * approved deposits up to this one by (settled_at, id).
 */
export async function listApprovedDeposits(
  db: Db,
  merchantId: number,
  createdSince: Date,
  limit: number,
  exceptIds: RawBuilder<unknown>,
): Promise<ApprovedDeposit[]> {
  const rows = await db
    .selectFrom('deposit as d')
    .select([
      'd.id',
      'd.merchant_id',
      'd.member_id',
      'd.currency',
      'd.amount',
      'd.settled_at',
      sql<string>`(SELECT count(*) FROM deposit p WHERE p.member_id = d.member_id AND p.status = 'approved'
        AND (p.settled_at, p.id) <= (d.settled_at, d.id))`.as('ordinal'),
    ])
    .where('d.merchant_id', '=', merchantId)
    .where('d.created_at', '>=', createdSince)
    .where('d.status', '=', 'approved')
    .where(sql<boolean>`d.id NOT IN (${exceptIds})`)
    .orderBy('d.settled_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    depositId: row.id,
    merchantId: row.merchant_id,
    memberId: row.member_id,
    currency: row.currency,
    amountMinor: row.amount,
    settledAt: row.settled_at!,
    ordinal: Number(row.ordinal),
  }));
}

/** How many deposits the member has had approved (0: none yet). */
export async function countApprovedDeposits(db: Db, merchantId: number, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('deposit')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
