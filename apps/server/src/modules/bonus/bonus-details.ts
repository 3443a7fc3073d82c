import { formatMinorUnits, type BonusDetails, type BonusStatus, type Language } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { memberBalance } from '../ledger/index.ts';
import { settleMemberBonuses, type MemberScope } from './bonus-engine.ts';

/**
 * The names of the merchant's promotions in `language` by source group (a promotion grant's group is
 * its promotion's id). promotions sits above bonus, so modules/routes.ts hands this in; a group it
 * does not know (another merchant's, gone) is left out of the answer.
 */
export type PromotionNames = (
  db: Kysely<Database>,
  request: { merchantId: number; language: Language; groups: readonly string[] },
) => Promise<ReadonlyMap<string, string>>;

/**
 * The member centre's `bonusDetails`: every grant, newest first (at most 200), after settling the
 * active ones; a promotion's grant carries its promotion's name (one lookup for the whole list).
 */
export async function listBonusDetails(
  db: Kysely<Database>,
  scope: MemberScope & { currency: string; language: Language },
  promotionNames: PromotionNames,
  status?: BonusStatus,
): Promise<BonusDetails> {
  await db.transaction().execute((trx) => settleMemberBonuses(trx, scope));
  let query = db
    .selectFrom('member_bonus')
    .selectAll()
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId)
    .orderBy('id', 'desc')
    .limit(200);
  if (status) query = query.where('status', '=', status);
  const [rows, bonusBalance] = await Promise.all([
    query.execute(),
    memberBalance(db, scope.merchantId, scope.currency, { kind: 'member_bonus', memberId: scope.memberId }),
  ]);
  const groups = [
    ...new Set(
      rows.flatMap((row) => (row.source_kind === 'promotion' && row.source_group !== null ? [row.source_group] : [])),
    ),
  ];
  const names =
    groups.length === 0
      ? new Map<string, string>()
      : await promotionNames(db, { merchantId: scope.merchantId, language: scope.language, groups });
  return {
    currency: scope.currency,
    bonusBalance: formatMinorUnits(bonusBalance),
    list: rows.map((row) => {
      const actual = row.status === 'converted' ? row.turnover_required : row.turnover_counted;
      return {
        bonusId: row.id.toString(),
        sourceKind: row.source_kind,
        transferKind: row.transfer_kind,
        sourceName:
          row.source_kind === 'promotion' && row.source_group !== null ? (names.get(row.source_group) ?? null) : null,
        status: row.status,
        amount: formatMinorUnits(row.amount),
        remaining: formatMinorUnits(row.remaining),
        requiredTurnover: formatMinorUnits(row.turnover_required),
        actualTurnover: formatMinorUnits(actual),
        progressPercent:
          row.turnover_required === 0n
            ? 100
            : Number((actual * 100n) / row.turnover_required > 100n ? 100n : (actual * 100n) / row.turnover_required),
        productTypes: row.product_types,
        grantedAt: row.created_at.getTime(),
        expiresAt: row.expires_at?.getTime() ?? null,
        closedAt: row.closed_at?.getTime() ?? null,
      };
    }),
  };
}
