import { sql, type RawBuilder } from 'kysely';

/** A member's registration, as the reports (modules/reports) count it. */
export interface RegisteredMemberRow {
  created_at: Date;
  member_id: bigint;
}

/** The merchant's members registered in [from, to), as a subquery the reports count by day. */
export function registeredMemberRows(merchantId: number, from: Date, to: Date): RawBuilder<RegisteredMemberRow> {
  return sql<RegisteredMemberRow>`(
    SELECT created_at, id AS member_id
    FROM member
    WHERE merchant_id = ${merchantId} AND created_at >= ${from} AND created_at < ${to}
  )`;
}
