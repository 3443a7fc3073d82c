import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface TurnoverInfoResult {
  /** A nothing ever required, D done, I incomplete (withdrawal forfeits), N incomplete (withdrawal refused). */
  status: 'A' | 'D' | 'I' | 'N';
  totalRequiredMinor: bigint;
  totalActualMinor: bigint;
  details: { gameType: string; requiredMinor: bigint; actualMinor: bigint }[];
}

/** Placeholder until the engine lands: answers from the stored grants only. */
export async function getTurnoverInfo(
  db: Executor,
  input: { merchantId: number; memberId: bigint; nowMs: number },
): Promise<TurnoverInfoResult> {
  const rows = await db
    .selectFrom('member_bonus')
    .select(['status', 'turnover_required', 'turnover_counted', 'product_types'])
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', '=', input.memberId)
    .execute();
  if (rows.length === 0) return { status: 'A', totalRequiredMinor: 0n, totalActualMinor: 0n, details: [] };
  const active = rows.filter((row) => row.status === 'active');
  let required = 0n;
  let actual = 0n;
  const details = active.map((row) => {
    required += row.turnover_required;
    actual += row.turnover_counted;
    return {
      gameType: row.product_types?.join(',') ?? 'ALL',
      requiredMinor: row.turnover_required,
      actualMinor: row.turnover_counted,
    };
  });
  return { status: active.length === 0 ? 'D' : 'N', totalRequiredMinor: required, totalActualMinor: actual, details };
}
