import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LedgerError } from '../ledger/index.ts';
import type { BonusSourceKind } from './bonus.tables.ts';
import { BonusGrantError } from './grant-bonus.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** One grant of a batch, as the caller's query selects it (column names as here). */
export interface BonusBatchGrantRow {
  member_id: bigint;
  source_id: string;
  amount_minor: bigint;
  /**
   * Above 0: a grant straight to cash is closed at once, its closing columns the engine's, so it goes
   * through grantBonus (the callers send those few one by one).
   */
  turnover_required_minor: bigint;
}

/** Many grants of the same terms; each row its own member, source id, amount and turnover. */
export interface BonusGrantBatch {
  merchantId: number;
  currency: string;
  sourceKind: BonusSourceKind;
  /** The ledger transfer kind of every grant, e.g. 'rebate.auto'. */
  transferKind: string;
  /** Product types whose valid bets count; null = all. */
  productTypes: string[] | null;
  expiresAt: Date | null;
  nowMs: number;
  /**
   * A SELECT over the caller's own tables giving `member_id`, `source_id`, `amount_minor`,
   * `turnover_required_minor`, one row per grant: the rows never leave the database on their way in.
   */
  grants: RawBuilder<BonusBatchGrantRow>;
}

export interface BonusBatchResult {
  /** One per grant, in the order of (member, source id): the grant's member_bonus id. */
  grants: Array<{ sourceId: string; bonusId: bigint; amountMinor: bigint; posted: boolean }>;
  /** Grants this call credited (the others were replays of a grant made before, by either path). */
  postedCount: number;
  postedMinor: bigint;
}

/**
 * Credits many bonuses at once, set-based, by the database function `bonus_grant_batch`: for each grant
 * exactly the ledger posting (same source, key and request hash), transfer and `member_bonus` row that
 * `grantBonus` would write, so the two paths recognise each other's grants as replays and a grant is paid
 * once whichever path comes first, or both, or a rerun. Some 10^5 grants take seconds where grantBonus
 * one by one takes minutes (docs/performance.md "Rebates"). Member rows are locked in ascending id order.
 * Runs in the caller's transaction when given one. Refusals: `BonusGrantError` naming the field (the
 * terms, as grantBonus checks them, or a row's amount, turnover (0 included) or source id, or a source id
 * twice),
 * `LedgerError` `ledger.idempotency.conflict` when a source was granted before with another amount,
 * member or kind.
 */
export async function grantBonuses(db: Executor, batch: BonusGrantBatch): Promise<BonusBatchResult> {
  validateTerms(batch);
  if (!db.isTransaction) return db.transaction().execute((trx) => grantBonuses(trx, batch));
  try {
    const { rows } = await sql<{ source_id: string; bonus_id: string; amount_minor: string; posted: boolean }>`
      SELECT r.source_id, r.bonus_id, r.amount_minor, r.posted
        FROM (SELECT coalesce(array_agg(g.member_id::bigint ORDER BY g.member_id, g.source_id), '{}') AS member_ids,
                     coalesce(array_agg(g.source_id::text ORDER BY g.member_id, g.source_id), '{}') AS source_ids,
                     coalesce(array_agg(g.amount_minor::bigint ORDER BY g.member_id, g.source_id), '{}') AS amounts,
                     coalesce(array_agg(g.turnover_required_minor::bigint ORDER BY g.member_id, g.source_id), '{}')
                       AS turnovers
                FROM (${batch.grants}) g) input,
             LATERAL bonus_grant_batch(${batch.merchantId}::integer, ${batch.currency}, ${batch.sourceKind},
               ${batch.transferKind}, ${batch.productTypes}::text[], ${batch.expiresAt}::timestamptz,
               ${new Date(batch.nowMs)}::timestamptz, input.member_ids, input.source_ids, input.amounts,
               input.turnovers) r`.execute(db);
    let postedCount = 0;
    let postedMinor = 0n;
    const grants = rows.map((row) => {
      const amountMinor = BigInt(row.amount_minor);
      if (row.posted) {
        postedCount += 1;
        postedMinor += amountMinor;
      }
      return { sourceId: row.source_id, bonusId: BigInt(row.bonus_id), amountMinor, posted: row.posted };
    });
    return { grants, postedCount, postedMinor };
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code === 'LB002') throw new BonusGrantError(detail ?? 'grants', (error as Error).message);
    if (code === 'LB001')
      throw new LedgerError('ledger.idempotency.conflict', 'this idempotency key was used for a different request', {
        sourceId: detail ?? null,
      });
    throw error;
  }
}

/** The terms every grant of the batch shares, checked as grant-bonus.ts's validate checks them. */
function validateTerms(batch: BonusGrantBatch): void {
  if (!/^[A-Z]{3}$/.test(batch.currency)) throw new BonusGrantError('currency', 'three capital letters');
  if (batch.productTypes !== null && batch.productTypes.length === 0)
    throw new BonusGrantError('productTypes', 'null (all) or at least one product type');
  if (batch.expiresAt !== null && batch.expiresAt.getTime() <= batch.nowMs)
    throw new BonusGrantError('expiresAt', 'an expiry is after now');
  if (batch.transferKind.length === 0 || batch.transferKind.length > 64)
    throw new BonusGrantError('transferKind', 'a transfer kind is 1-64 characters');
}
