import { formatMinorUnits, rebateErrorCodes, type RebateHistory } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { addDays } from '../reports/index.ts';
import { ppmToPercent } from './rebate-rules.ts';

/** The longest range the history answers, in days. */
const maxHistoryDays = 93;

/**
 * The member's statements of [from, to] (days, both included), newest first: valid bet, rate, rebate and
 * what was paid of it: the whole rebate once the day's automatic payout exists, else what was claimed.
 */
export async function listRebateHistory(
  db: Kysely<Database>,
  member: { merchantId: number; memberId: bigint },
  range: { from: string; to: string },
): Promise<RebateHistory> {
  if (range.to < range.from) throw new AppError(400, rebateErrorCodes.dayInvalid, { field: 'to' });
  if (addDays(range.from, maxHistoryDays) < range.to)
    throw new AppError(400, rebateErrorCodes.dayInvalid, { field: 'from' });
  const { rows } = await sql<{
    day: string;
    product_type: string;
    valid_bet_minor: string;
    rate_ppm: number;
    rebate_minor: string;
    claimed_minor: string;
    paid_at: Date | null;
  }>`
    SELECT s.day::text AS day, s.product_type, s.valid_bet_minor, s.rate_ppm, s.rebate_minor, s.claimed_minor,
           p.created_at AS paid_at
      FROM rebate_statement s
      LEFT JOIN rebate_payout p ON p.merchant_id = s.merchant_id AND p.source_key = 'auto:' || s.member_id || ':' || s.day::text
     WHERE s.merchant_id = ${member.merchantId} AND s.member_id = ${member.memberId}
       AND s.day BETWEEN ${range.from}::date AND ${range.to}::date
     ORDER BY s.day DESC, s.product_type`.execute(db);
  let totalRebate = 0n;
  let totalPaid = 0n;
  const out = rows.map((row) => {
    const rebate = BigInt(row.rebate_minor);
    const paid = row.paid_at ? rebate : BigInt(row.claimed_minor);
    totalRebate += rebate;
    totalPaid += paid;
    return {
      day: row.day,
      productType: row.product_type,
      validBet: formatMinorUnits(BigInt(row.valid_bet_minor)),
      rebateValue: ppmToPercent(row.rate_ppm),
      rebate: formatMinorUnits(rebate),
      paid: formatMinorUnits(paid),
      paidAt: row.paid_at ? row.paid_at.getTime() : null,
    };
  });
  return { rows: out, totalRebate: formatMinorUnits(totalRebate), totalPaid: formatMinorUnits(totalPaid) };
}

/**
 * Each member's rebates paid in [from, to) (automatic payouts and claims, by the moment they were paid),
 * in minor units: one grouped query for the whole merchant. The agents' dividends deduct them
 * (agents README "Dividends", the rebate line).
 */
export async function memberRebateTotals(
  db: Kysely<Database>,
  merchantId: number,
  fromUtc: Date,
  toUtc: Date,
): Promise<Map<bigint, bigint>> {
  const rows = await db
    .selectFrom('rebate_payout')
    .select(['member_id', (eb) => eb.fn.sum<string>('amount_minor').as('amount')])
    .where('merchant_id', '=', merchantId)
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', toUtc)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((row) => [row.member_id, BigInt(row.amount)]));
}
