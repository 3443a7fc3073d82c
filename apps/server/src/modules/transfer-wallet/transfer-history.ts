import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TransferDirection, TransferStatus } from './transfer-wallet.tables.ts';

/** A member's transfer as the member's history describes it. */
export interface TransferOfHistory {
  /** The vendor's code; the catalogue names it (modules/games `listVendorNames`). */
  vassalage: string;
  direction: TransferDirection;
  status: TransferStatus;
}

/**
 * The member's transfers with these references (the reference the vendor saw, the part after
 * `transfer:` of their ledger postings). A reference that is not one of the member's transfers is absent from the answer.
 */
export async function findTransfersOfHistory(
  db: Kysely<Database>,
  scope: { merchantId: number; memberId: bigint },
  references: readonly string[],
): Promise<Map<string, TransferOfHistory>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallet_transfer as t')
    .select(['t.reference', 't.vassalage', 't.direction', 't.status'])
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.member_id', '=', scope.memberId)
    .where('t.reference', 'in', [...new Set(references)])
    .execute();
  return new Map(
    rows.map((row) => [row.reference, { vassalage: row.vassalage, direction: row.direction, status: row.status }]),
  );
}
