import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Settlement of agent contracts (issue 16 "Settlement"; modules/agents README): the merchant's rules
 * every settlement applies (active members, dividend charges, the manual-claim window), the agent's
 * read of the active-member rule and the manual-claim daily salary's claim.
 * ---------------------------------------------------------------------------------------------- */

const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/);
/** A rate as the original writes it: a fraction (0.012 = 1.20 %), four decimals at most. */
const feeRate = z
  .number()
  .min(0)
  .max(1)
  .refine((rate) => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-9, 'at most four decimals');

/** The merchant rule for an upline short of its downlines' share (configuration `agentSettlement.shortfall`). */
export const agentSettlementShortfallRules = ['wait', 'advance'] as const;
export type AgentSettlementShortfallRule = (typeof agentSettlementShortfallRules)[number];

/** Merchant configuration `agentSettlement` (defaulted for older rows). */
export const agentSettlementConfigSchema = z.object({
  /**
   * Who counts as an active member of a team in a period (salary and dividend tiers): valid bet ≥
   * `minValidBet` and deposits ≥ `minDeposit` in the period; with `excludeSharedLogins`, a member who
   * logged in from an IP address or a device the agent also used in the period does not count for it.
   */
  activeMember: z
    .object({
      minValidBet: amountText.default('100.00'),
      minDeposit: amountText.default('0.00'),
      excludeSharedLogins: z.boolean().default(true),
    })
    .default({ minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true }),
  /** Dividend charges (fractions): platform fee on the team's net loss, service fee on its valid bet. */
  dividend: z
    .object({ platformFeeRate: feeRate.default(0), serviceFeeRate: feeRate.default(0) })
    .default({ platformFeeRate: 0, serviceFeeRate: 0 }),
  /** Manual-claim daily salary: days after the record's day within which the agent may claim it. */
  claimDays: z.number().int().min(1).max(60).default(3),
  /**
   * What happens when an upline's wallet does not cover a downline's statement (its earnings fall short
   * of its downlines' share). `wait`: the statement stays unpaid (P, note `upline.short`) until the
   * operator acts. `advance`: the merchant pays the missing part from its house account so the downline
   * is paid in full, and the upline carries it as a debt, recovered from its next settlement payments
   * (modules/agents README "Carried debt"). Wallets never go below zero either way.
   */
  shortfall: z.enum(agentSettlementShortfallRules).default('wait'),
});
export type AgentSettlementConfig = z.infer<typeof agentSettlementConfigSchema>;
export const defaultAgentSettlementConfig: AgentSettlementConfig = {
  activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
  dividend: { platformFeeRate: 0, serviceFeeRate: 0 },
  claimDays: 3,
  shortfall: 'wait',
};

export const agentSettlementPaths = {
  /** GET: the merchant's active-member rule, for the agent centre's rule text. */
  activeMemberRule: '/wps/relay/MCSFE_getActiveMemberRule',
  /** POST `{ id }`: claim a manual-claim daily salary record (the original's `disburseMRDailySal`). */
  claimMrDailySalary: '/wps/relay/disburseMRDailySal',
} as const;

/** The active-member rule as the agent reads it; `description` is the rule in the member's language. */
export const activeMemberRuleSchema = z.object({
  minValidBet: z.string(),
  minDeposit: z.string(),
  excludeSharedLogins: z.boolean(),
  description: z.string(),
});
export type ActiveMemberRule = z.infer<typeof activeMemberRuleSchema>;

/** Manual-claim record statuses (the original's `status_salary_0..3`). */
export const mrSalaryStatuses = { claimable: 0, claimed: 1, rejected: 2, expired: 3 } as const;

export const claimMrDailySalaryRequestSchema = z.object({ id: z.coerce.number().int().positive() });
export type ClaimMrDailySalaryRequest = z.infer<typeof claimMrDailySalaryRequestSchema>;
export const claimMrDailySalaryResponseSchema = z.object({ id: z.number(), amount: z.string(), status: z.number() });

export const agentSettlementErrorCodes = {
  /** The record is not the caller's, or unknown. */
  claimUnknown: 'agent.salary.claim.unknown',
  /** Claimed already, rejected or expired (the status says which). */
  claimNotClaimable: 'agent.salary.claim.not.claimable',
  /** The upline's wallet does not hold the salary yet (409): the claim may be tried again later. */
  claimUplineShort: 'agent.salary.claim.upline.short',
} as const;
