import { agentTeamErrorCodes } from '@lotus/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummaryByUsername, type MemberSummary } from '../../identity/index.ts';
import { merchantTimeZone, type MerchantConfig } from '../../merchant/index.ts';

/** The calling agent and its merchant, as every team read needs them. */
export interface TeamCaller {
  merchantId: number;
  agentId: bigint;
  timezone: string;
  currency: string;
  nowMs: number;
}

export function teamCallerOf(
  merchant: { id: number; currency: string; config: MerchantConfig },
  agentId: bigint,
  nowMs: number,
): TeamCaller {
  return {
    merchantId: merchant.id,
    agentId,
    timezone: merchantTimeZone(merchant.config),
    currency: merchant.currency,
    nowMs,
  };
}

/**
 * The caller's subtree as a subquery of `member_id`s, on the tree's primary-key prefix (ancestor):
 * everyone below (depth > 0), the direct downlines only, or the caller too (its own bets, SELF/ALL).
 */
export function subtreeRows(
  caller: TeamCaller,
  options: { direct?: boolean; withSelf?: boolean } = {},
): RawBuilder<{ member_id: bigint }> {
  const depth = options.direct ? sql`AND depth = 1` : options.withSelf ? sql`` : sql`AND depth > 0`;
  return sql<{ member_id: bigint }>`(
    SELECT descendant_id AS member_id FROM member_hierarchy
     WHERE merchant_id = ${caller.merchantId} AND ancestor_id = ${caller.agentId} ${depth}
  )`;
}

/** The depth of `memberId` below the caller; null when it is not in the caller's subtree. */
export async function depthBelow(db: Kysely<Database>, caller: TeamCaller, memberId: bigint): Promise<number | null> {
  const row = await db
    .selectFrom('member_hierarchy')
    .select('depth')
    .where('merchant_id', '=', caller.merchantId)
    .where('ancestor_id', '=', caller.agentId)
    .where('descendant_id', '=', memberId)
    .where('depth', '>', 0)
    .executeTakeFirst();
  return row ? row.depth : null;
}

/**
 * The member of the caller's subtree with this username; any other name (unknown, another team's,
 * another merchant's, the caller's own) answers 404 `agent.team.member.unknown`, the same answer.
 */
export async function findTeamMemberByName(
  db: Kysely<Database>,
  caller: TeamCaller,
  username: string,
  field = 'subordinateName',
): Promise<MemberSummary> {
  const member = await findMemberSummaryByUsername(db, caller.merchantId, username);
  if (!member || (await depthBelow(db, caller, member.id)) === null) {
    throw new AppError(404, agentTeamErrorCodes.memberUnknown, { field });
  }
  return member;
}

/** At most this many days in one range (a quarter). */
export const maxRangeDays = 92;

/** 400 `agent.team.range.invalid` (field endDate) unless start ≤ end and the range is at most 92 days. */
export function checkRange(startDate: string, endDate: string): void {
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (!Number.isFinite(days) || days < 1 || days > maxRangeDays) {
    throw new AppError(400, agentTeamErrorCodes.rangeInvalid, { field: 'endDate', params: { max: maxRangeDays } });
  }
}
