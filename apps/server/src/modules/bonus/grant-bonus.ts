import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { postTransfers } from '../ledger/index.ts';
import type { BonusSourceKind } from './bonus.tables.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface BonusGrant {
  merchantId: number;
  memberId: bigint;
  currency: string;
  /** > 0, moved house_bonus -> member's bonus balance (ledger). */
  amountMinor: bigint;
  /** What must be wagered before it converts; 0n = credited straight to member_main as cash. */
  turnoverRequiredMinor: bigint;
  /** Product types whose valid bets count (LIVE, RNG, PVP, FISH, SPORTS, LOTT, ...); null = all. */
  productTypes: string[] | null;
  /** Unconverted bonus is forfeited after this. */
  expiresAt: Date | null;
  /** One grant per (merchant, kind, id): a repeat is a replay, never a second credit. */
  source: { kind: BonusSourceKind; id: string };
  /** What the bonus cost report groups the grant by within its kind (promotions: the promotion's id); none = null. */
  group?: string | null;
  /** The ledger transfer kind, e.g. 'promotion_bonus', 'rebate_auto'. */
  transferKind: string;
  nowMs: number;
}

export class BonusGrantError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'BonusGrantError';
  }
}

/** The ledger source and key of a grant: unique per merchant, so a repeated grant replays. */
export const bonusLedgerSource = 'bonus';
export function grantLedgerKey(source: BonusGrant['source']): string {
  return `grant:${source.kind}:${source.id}`;
}

function validate(grant: BonusGrant): void {
  if (grant.amountMinor <= 0n) throw new BonusGrantError('amountMinor', 'a bonus is more than 0');
  if (grant.turnoverRequiredMinor < 0n) throw new BonusGrantError('turnoverRequiredMinor', 'at least 0');
  if (grant.source.id.length === 0 || grant.source.id.length > 100)
    throw new BonusGrantError('source.id', 'a source id is 1-100 characters');
  if (grant.group !== undefined && grant.group !== null && (grant.group.length === 0 || grant.group.length > 100))
    throw new BonusGrantError('group', 'a group is 1-100 characters');
  if (grant.productTypes !== null && grant.productTypes.length === 0)
    throw new BonusGrantError('productTypes', 'null (all) or at least one product type');
  if (grant.expiresAt !== null && grant.expiresAt.getTime() <= grant.nowMs)
    throw new BonusGrantError('expiresAt', 'an expiry is after now');
  if (grant.transferKind.length === 0 || grant.transferKind.length > 64)
    throw new BonusGrantError('transferKind', 'a transfer kind is 1-64 characters');
}

/**
 * Credits a bonus once per (merchant, source kind, source id). The ledger posting (house_bonus → the
 * member's bonus account, or → member_main when no turnover is required) and the `member_bonus` row
 * commit together, in the caller's transaction when given one. The posting's key is the source, so
 * parallel copies wait on the ledger's unique key and then replay: the money moves once; a copy with
 * another amount or member is `ledger.idempotency.conflict`.
 */
export async function grantBonus(db: Executor, grant: BonusGrant): Promise<{ bonusId: bigint; replayed: boolean }> {
  validate(grant);
  if (!db.isTransaction) return db.transaction().execute((trx) => grantBonus(trx, grant));
  const toCash = grant.turnoverRequiredMinor === 0n;
  const now = new Date(grant.nowMs);
  const posting = await postTransfers(db, {
    merchantId: grant.merchantId,
    currency: grant.currency,
    idempotency: { source: bonusLedgerSource, key: grantLedgerKey(grant.source) },
    transfers: [
      {
        debit: { kind: 'house_bonus' },
        credit: { kind: toCash ? 'member_main' : 'member_bonus', memberId: grant.memberId },
        amount: grant.amountMinor,
        kind: grant.transferKind,
        reference: `${grant.source.kind}:${grant.source.id}`,
      },
    ],
    nowMs: grant.nowMs,
  });
  const inserted = await db
    .insertInto('member_bonus')
    .values({
      merchant_id: grant.merchantId,
      member_id: grant.memberId,
      currency: grant.currency,
      amount: grant.amountMinor,
      remaining: toCash ? 0n : grant.amountMinor,
      turnover_required: grant.turnoverRequiredMinor,
      product_types: grant.productTypes,
      status: toCash ? 'converted' : 'active',
      expires_at: grant.expiresAt,
      source_kind: grant.source.kind,
      source_id: grant.source.id,
      source_group: grant.group ?? null,
      transfer_kind: grant.transferKind,
      grant_posting_id: posting.postingId,
      close_reason: toCash ? 'no_turnover' : null,
      created_at: now,
      closed_at: toCash ? now : null,
      // Paid straight to cash: the whole grant counts as converted at once (nothing spent in bets).
      closed_amount: toCash ? grant.amountMinor : null,
    })
    .onConflict((oc) => oc.constraint('member_bonus_source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { bonusId: inserted.id, replayed: false };
  const existing = await db
    .selectFrom('member_bonus')
    .select('id')
    .where('merchant_id', '=', grant.merchantId)
    .where('source_kind', '=', grant.source.kind)
    .where('source_id', '=', grant.source.id)
    .executeTakeFirstOrThrow();
  return { bonusId: existing.id, replayed: true };
}
