import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TransferDirection, TransferStatus } from './transfer-wallet.tables.ts';

/** A member's transfer as the member's history describes it. */
export interface TransferOfHistory {
  vassalage: string;
  /** The catalogue's name of the vendor in the asked language; its code when the catalogue no longer has it. */
  vendorName: string;
  direction: TransferDirection;
  status: TransferStatus;
}

/**
 * The member's transfers with these references (the reference the vendor saw, the part after
 * `transfer:` of their ledger postings), with their vendors named in `language` from the catalogue.
 * A reference that is not one of the member's transfers is absent from the answer.
 */
export async function findTransfersOfHistory(
  db: Kysely<Database>,
  scope: { merchantId: number; memberId: bigint },
  references: readonly string[],
  language: 'TH' | 'EN',
): Promise<Map<string, TransferOfHistory>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallet_transfer as t')
    .leftJoin('game_vendor as v', (join) =>
      join.onRef('v.merchant_id', '=', 't.merchant_id').onRef('v.vassalage', '=', 't.vassalage'),
    )
    .select([
      't.reference',
      't.vassalage',
      't.direction',
      't.status',
      language === 'TH' ? 'v.display_name_th as name' : 'v.display_name_en as name',
    ])
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.member_id', '=', scope.memberId)
    .where('t.reference', 'in', [...new Set(references)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.reference,
      { vassalage: row.vassalage, vendorName: row.name ?? row.vassalage, direction: row.direction, status: row.status },
    ]),
  );
}

/**
 * The names of vendors whose wallets the member has (`member_vendor` accounts, by their sub-key, the
 * vendor's code), in `language` from the catalogue; a code the catalogue does not have is absent.
 */
export async function findVendorWalletNames(
  db: Kysely<Database>,
  merchantId: number,
  vassalages: readonly string[],
  language: 'TH' | 'EN',
): Promise<Map<string, string>> {
  if (vassalages.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_vendor')
    .select(['vassalage', language === 'TH' ? 'display_name_th as name' : 'display_name_en as name'])
    .where('merchant_id', '=', merchantId)
    .where('vassalage', 'in', [...new Set(vassalages)])
    .execute();
  return new Map(rows.map((row) => [row.vassalage, row.name]));
}
