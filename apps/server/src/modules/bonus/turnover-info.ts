import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { bonusSetting, forfeitActiveBonuses, settleMemberBonuses, type MemberScope } from './bonus-engine.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface TurnoverInfoResult {
  /** A nothing ever required, D done, I incomplete (a withdrawal forfeits), N incomplete (a withdrawal is refused). */
  status: 'A' | 'D' | 'I' | 'N';
  totalRequiredMinor: bigint;
  totalActualMinor: bigint;
  /** One line per product-type set of the active grants (`ALL` when any bet counts; `LIVE,RNG` for two). */
  details: { gameType: string; requiredMinor: bigint; actualMinor: bigint }[];
}

/**
 * The original's `getTurnoverInfo`: settles the member's grants first (expiry, threshold, turnover,
 * conversion), then answers the active grants' requirement and progress. N while any active grant's
 * turnover is unmet and the merchant blocks withdrawals (the default); I when it forfeits instead.
 */
export async function getTurnoverInfo(db: Executor, input: MemberScope): Promise<TurnoverInfoResult> {
  await settleMemberBonuses(db, input);
  const rows = await db
    .selectFrom('member_bonus')
    .select(['status', 'turnover_required', 'turnover_counted', 'product_types'])
    .where('member_id', '=', input.memberId)
    .where('merchant_id', '=', input.merchantId)
    .execute();
  if (rows.length === 0) return { status: 'A', totalRequiredMinor: 0n, totalActualMinor: 0n, details: [] };
  const byType = new Map<string, { requiredMinor: bigint; actualMinor: bigint }>();
  let required = 0n;
  let actual = 0n;
  for (const row of rows) {
    if (row.status !== 'active') continue;
    required += row.turnover_required;
    actual += row.turnover_counted;
    const key = row.product_types?.join(',') ?? 'ALL';
    const line = byType.get(key) ?? { requiredMinor: 0n, actualMinor: 0n };
    line.requiredMinor += row.turnover_required;
    line.actualMinor += row.turnover_counted;
    byType.set(key, line);
  }
  const details = [...byType].map(([gameType, line]) => ({ gameType, ...line }));
  if (byType.size === 0) return { status: 'D', totalRequiredMinor: 0n, totalActualMinor: 0n, details };
  const setting = await bonusSetting(db, input.merchantId);
  return {
    status: setting.withdrawalRule === 'forfeit' ? 'I' : 'N',
    totalRequiredMinor: required,
    totalActualMinor: actual,
    details,
  };
}

/**
 * The withdrawal's gate (handed to modules/withdrawal by modules/routes.ts), in the withdrawal's
 * transaction after its member lock: `blocked` while N; under the merchant's `forfeit` rule (I) the
 * active bonuses are forfeited here and the withdrawal goes on.
 */
export async function withdrawalBonusGate(
  trx: Executor,
  input: MemberScope,
): Promise<{ blocked: boolean; remainingMinor: bigint }> {
  const info = await getTurnoverInfo(trx, input);
  if (info.status === 'N') {
    const remaining = info.totalRequiredMinor - info.totalActualMinor;
    return { blocked: true, remainingMinor: remaining > 0n ? remaining : 0n };
  }
  if (info.status === 'I') await forfeitActiveBonuses(trx, input, 'withdrawal');
  return { blocked: false, remainingMinor: 0n };
}
