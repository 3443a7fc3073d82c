import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A merchant's currency as a column of another module's query (the seamless wallet's session read),
 * so a hot read stays one statement. A scalar subquery on `merchant` by id (a foreign key: never null).
 */
export function merchantCurrencyOf(merchantId: Expression<number>): RawBuilder<string> {
  return sql<string>`(SELECT mc.currency FROM merchant mc WHERE mc.id = ${merchantId})`;
}
