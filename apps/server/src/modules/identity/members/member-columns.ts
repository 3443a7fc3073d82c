import { sql, type Expression, type RawBuilder } from 'kysely';
import type { AgentType, MemberStatus } from '../identity.tables.ts';

/**
 * A member's status and type as columns of another module's query (the seamless wallet's session
 * read), so a hot read that needs them stays one statement instead of gaining a round trip. Each is a
 * scalar subquery on `member` by id; the id is always a member's (a foreign key), so it never reads null.
 */
export function memberStatusOf(memberId: Expression<bigint>): RawBuilder<MemberStatus> {
  return sql<MemberStatus>`(SELECT m.status FROM member m WHERE m.id = ${memberId})`;
}

export function memberTypeOf(memberId: Expression<bigint>): RawBuilder<AgentType> {
  return sql<AgentType>`(SELECT m.is_agent FROM member m WHERE m.id = ${memberId})`;
}
