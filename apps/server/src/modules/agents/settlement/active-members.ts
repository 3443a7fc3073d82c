import { parseAmount, type AgentSettlementConfig } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { membersSharingLoginsInPeriod } from '../../identity/index.ts';

/**
 * The merchant's active-member rule (configuration `agentSettlement.activeMember`), applied by every
 * settlement to the period it settles: a member is active with a valid bet ≥ `minValidBet` and deposits
 * ≥ `minDeposit` in the period; with `excludeSharedLogins`, members who logged in from an IP address or a
 * device the agent also used in the period do not count for that agent (teamFiguresOf's `notCountedActive`).
 */
export interface ActiveMemberRule {
  minValidBetMinor: bigint;
  minDepositMinor: bigint;
  excludeSharedLogins: boolean;
}

export function activeMemberRuleOf(config: Pick<AgentSettlementConfig, 'activeMember'>): ActiveMemberRule {
  return {
    minValidBetMinor: parseAmount(config.activeMember.minValidBet) ?? 0n,
    minDepositMinor: parseAmount(config.activeMember.minDeposit) ?? 0n,
    excludeSharedLogins: config.activeMember.excludeSharedLogins,
  };
}

export const isActiveMember = (
  rule: ActiveMemberRule,
  period: { validBetMinor: bigint; depositMinor: bigint },
): boolean => period.validBetMinor >= rule.minValidBetMinor && period.depositMinor >= rule.minDepositMinor;

/** teamFiguresOf's `notCountedActive` for these agents and this period (nobody when the rule does not exclude). */
export async function notCountedActiveOf(
  db: Kysely<Database>,
  merchantId: number,
  rule: ActiveMemberRule,
  agentIds: readonly bigint[],
  period: { from: Date; to: Date },
): Promise<(agentId: bigint) => Iterable<bigint>> {
  if (!rule.excludeSharedLogins) return () => [];
  const shared = await membersSharingLoginsInPeriod(db, merchantId, agentIds, period.from, period.to);
  return (agentId) => shared.get(agentId) ?? [];
}

/** The rule as the inputs of a statement record it (money as minor-unit strings). */
export const ruleInputsOf = (rule: ActiveMemberRule) => ({
  minValidBet: rule.minValidBetMinor.toString(),
  minDeposit: rule.minDepositMinor.toString(),
  excludeSharedLogins: rule.excludeSharedLogins,
});
