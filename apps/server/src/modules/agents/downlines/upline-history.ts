import type { UplineHistory } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberForBackoffice, findMemberSummary, listMemberSummaries } from '../../identity/index.ts';

/**
 * The tree as it was (`member_upline_history`, migration 0053): a member that never moved has no
 * rows and has always had `member.upline_id`; a moved one has a row per period. Settlements of past
 * periods (issue 16, to come) ask `uplineAt` / `uplineChainAt` for the moment they settle.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The direct upline `memberId` had at `at` (null: at the top of the tree, or not registered yet);
 * undefined for no member of the merchant. One indexed read, and the member's row if it never moved.
 */
export async function uplineAt(
  db: Db,
  merchantId: number,
  memberId: bigint,
  at: Date,
): Promise<bigint | null | undefined> {
  const periods = await db
    .selectFrom('member_upline_history')
    .select(['upline_id', 'valid_from', 'valid_to'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (periods.length === 0) return (await findMemberSummary(db, merchantId, memberId))?.uplineId;
  const period = periods.find((row) => row.valid_from <= at && (row.valid_to === null || row.valid_to > at));
  return period?.upline_id ?? null;
}

/** The upline chain of `memberId` at `at`, direct upline first (each step `uplineAt`). */
export async function uplineChainAt(db: Db, merchantId: number, memberId: bigint, at: Date): Promise<bigint[]> {
  const chain: bigint[] = [];
  let current = await uplineAt(db, merchantId, memberId, at);
  // A tree has no cycles at any moment; the bound only guards against a damaged history.
  while (current !== null && current !== undefined && chain.length < 1000) {
    chain.push(current);
    current = await uplineAt(db, merchantId, current, at);
  }
  return chain;
}

/**
 * Writes a move into the history, in the move's transaction: the open period ends at `now` (a member
 * moved for the first time gets its period since registration written closed), and a new one starts.
 */
export async function recordUplineChange(
  trx: Transaction<Database>,
  change: {
    merchantId: number;
    memberId: bigint;
    previousUplineId: bigint | null;
    uplineId: bigint;
    registeredAt: Date;
    now: Date;
  },
): Promise<void> {
  const { merchantId, memberId, now } = change;
  const closed = await trx
    .updateTable('member_upline_history')
    .set({ valid_to: now })
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('valid_to', 'is', null)
    .executeTakeFirst();
  if (closed.numUpdatedRows === 0n) {
    const since = change.registeredAt <= now ? change.registeredAt : now;
    await trx
      .insertInto('member_upline_history')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        upline_id: change.previousUplineId,
        valid_from: since,
        valid_to: now,
      })
      .execute();
  }
  await trx
    .insertInto('member_upline_history')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      upline_id: change.uplineId,
      valid_from: now,
      valid_to: null,
    })
    .execute();
}

/** GET upline-history (back-office): the member's direct uplines over time, the current one first. */
export async function listUplineHistory(db: Db, merchantId: number, memberId: bigint): Promise<UplineHistory> {
  const member = await findMemberForBackoffice(db, merchantId, memberId);
  if (!member) throw AppError.notFound();
  const rows = await db
    .selectFrom('member_upline_history')
    .select(['upline_id', 'valid_from', 'valid_to'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const periods =
    rows.length > 0
      ? rows
      : [
          {
            upline_id: (await findMemberSummary(db, merchantId, memberId))?.uplineId ?? null,
            valid_from: member.createdAt,
            valid_to: null,
          },
        ];
  const uplineIds = periods.flatMap((row) => (row.upline_id === null ? [] : [row.upline_id]));
  const uplines = await listMemberSummaries(db, merchantId, uplineIds);
  return {
    items: periods.map((row) => {
      const upline = row.upline_id === null ? undefined : uplines.get(row.upline_id);
      return {
        upline: upline ? { id: String(upline.id), username: upline.username } : null,
        validFrom: row.valid_from.toISOString(),
        validTo: row.valid_to?.toISOString() ?? null,
      };
    }),
  };
}
