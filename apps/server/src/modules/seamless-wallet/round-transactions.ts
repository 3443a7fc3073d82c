import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A vendor's money call of a round (bet, win, rollback) with its ledger posting: the game recall. */
export interface RoundTransaction {
  vendorCode: string;
  roundId: string;
  memberId: bigint;
  transactionId: string;
  kind: string;
  status: string;
  postingId: bigint | null;
}

/**
 * The seamless wallet's transactions of these rounds, or of the round a transaction id belongs to
 * (`transactionId`): the back-office's recall looks a round or a bet up by either id. At most 200.
 */
export async function listRoundTransactions(
  db: Kysely<Database>,
  merchantId: number,
  lookup: { roundIds: readonly string[]; transactionId?: string },
): Promise<RoundTransaction[]> {
  let roundIds = [...lookup.roundIds];
  if (lookup.transactionId !== undefined) {
    const owners = await db
      .selectFrom('vendor_transaction')
      .select('round_id')
      .where('merchant_id', '=', merchantId)
      .where('transaction_id', '=', lookup.transactionId)
      .execute();
    roundIds = [...roundIds, ...owners.map((row) => row.round_id)];
  }
  if (roundIds.length === 0) return [];
  const rows = await db
    .selectFrom('vendor_transaction')
    .select(['vendor_code', 'round_id', 'member_id', 'transaction_id', 'kind', 'status', 'posting_id'])
    .where('merchant_id', '=', merchantId)
    .where('round_id', 'in', [...new Set(roundIds)])
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    vendorCode: row.vendor_code,
    roundId: row.round_id,
    memberId: row.member_id,
    transactionId: row.transaction_id,
    kind: row.kind,
    status: row.status,
    postingId: row.posting_id,
  }));
}
