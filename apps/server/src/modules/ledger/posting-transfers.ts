import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKind } from './ledger.tables.ts';

/** One transfer of a posting, with the kinds of the accounts it moved money between. */
export interface PostingTransfer {
  postingId: bigint;
  transferId: bigint;
  kind: string;
  fromAccount: AccountKind;
  toAccount: AccountKind;
  amountMinor: bigint;
  createdAt: Date;
}

/** The merchant's transfers of these postings (the game recall's postings of a round), in order. */
export async function listPostingTransfers(
  db: Kysely<Database>,
  merchantId: number,
  postingIds: readonly bigint[],
): Promise<PostingTransfer[]> {
  if (postingIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as debit', 'debit.id', 't.debit_account_id')
    .innerJoin('ledger_account as credit', 'credit.id', 't.credit_account_id')
    .select([
      't.posting_id',
      't.id',
      't.kind',
      't.amount',
      't.created_at',
      'debit.kind as debit_kind',
      'credit.kind as credit_kind',
    ])
    .where('t.merchant_id', '=', merchantId)
    .where('t.posting_id', 'in', [...postingIds])
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    postingId: row.posting_id,
    transferId: row.id,
    kind: row.kind,
    fromAccount: row.debit_kind,
    toAccount: row.credit_kind,
    amountMinor: row.amount,
    createdAt: row.created_at,
  }));
}

/** The id of the posting made under an idempotency key, or null (the transfer wallet's refund reads its start). */
export async function findPostingIdByKey(
  db: Kysely<Database>,
  input: { merchantId: number; source: string; key: string },
): Promise<bigint | null> {
  const row = await db
    .selectFrom('ledger_posting')
    .select('id')
    .where('merchant_id', '=', input.merchantId)
    .where('source', '=', input.source)
    .where('idempotency_key', '=', input.key)
    .executeTakeFirst();
  return row?.id ?? null;
}
