import { rebateProductTypes } from '@lotus/contract';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { validBetRows } from '../bet-records/index.ts';
import type { SummedProductValidBetRow } from '../reports/index.ts';
import type { RebateRules } from './rebate-rules.ts';

/** A merchant's day: its date and where it begins and ends in UTC. */
export interface RebateDay {
  day: string;
  fromUtc: Date;
  toUtc: Date;
}

/** Valid bets per member and product type of a day: a subquery of (member_id, product_type, valid_bet). */
export type ValidBetSource = RawBuilder<SummedProductValidBetRow>;

/**
 * One member's valid bets per product of a day, summed from the settled records themselves (bet-records):
 * what a manual claim reads, since the day may not be summed by the reports' job yet when it is asked.
 */
export function memberValidBets(merchantId: number, memberId: bigint, day: RebateDay): ValidBetSource {
  return sql<SummedProductValidBetRow>`(
    SELECT b.member_id, b.game_type AS product_type, sum(b.valid_bet)::int8 AS valid_bet
    FROM ${validBetRows(merchantId, day.fromUtc, day.toUtc, memberId)} AS b
    GROUP BY 1, 2
  )`;
}

/**
 * Writes the statements of a day in one INSERT ... SELECT from `source` (the reports' summed day for
 * the job, `memberValidBets` for one member): valid bets per member and product type, times the product's rate, rounded
 * down; the daily cap is taken product by product in a fixed order (LIVE, RNG, PVP, FISH, SPORTS, LOTT,
 * ELOTT), so a capped member's rows add up to the cap exactly. A row already there (unique per member,
 * day and product) is kept as it is: a day's rebate is fixed the first time it is computed, whoever
 * computes it (the job, or a member asking for a manual rebate). Answers how many rows were written.
 */
export async function writeStatements(
  trx: Transaction<Database>,
  rules: RebateRules,
  day: string,
  nowMs: number,
  source: ValidBetSource,
): Promise<number> {
  const rated = rebateProductTypes.filter((product) => (rules.ratesPpm.get(product) ?? 0) > 0);
  if (rated.length === 0) return 0;
  const rates = sql.join(
    rated.map((product, index) => sql`(${product}::text, ${rules.ratesPpm.get(product)!}::int4, ${index}::int4)`),
  );
  const cap = rules.dailyCapMinor;
  const result = await sql`
    INSERT INTO rebate_statement (merchant_id, member_id, day, product_type, mode, valid_bet_minor, rate_ppm,
                                  rebate_minor, created_at)
    SELECT ${rules.merchantId}, c.member_id, ${day}::date, c.product_type, ${rules.mode}, c.valid_bet, c.ppm,
           ${
             cap === null
               ? sql`c.raw`
               : sql`greatest(0, least(c.raw, ${cap}::int8 - (sum(c.raw) OVER (PARTITION BY c.member_id ORDER BY c.ord) - c.raw)))`
           },
           ${new Date(nowMs)}
    FROM (
      SELECT p.member_id, p.product_type, p.valid_bet::int8 AS valid_bet, r.ppm, r.ord,
             div(p.valid_bet * r.ppm, 1000000)::int8 AS raw
      FROM ${source} AS p
      JOIN (VALUES ${rates}) AS r (product_type, ppm, ord) USING (product_type)
      WHERE p.valid_bet > 0
    ) AS c
    ON CONFLICT ON CONSTRAINT rebate_statement_key DO NOTHING`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}
