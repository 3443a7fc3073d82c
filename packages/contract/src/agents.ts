import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Agents (spec §3, §6): affiliate codes and downline accounts.
 * ---------------------------------------------------------------------------------------------- */

/** GET /wps/agent/affiliate?affiliateCode=&domain=: is this invitation code good on this domain? */
export const affiliateQuerySchema = z.object({
  affiliateCode: z.string().max(64),
  /** The site's host; a code bound to a domain is valid only there. */
  domain: z.string().max(253).optional(),
});
export type AffiliateQuery = z.infer<typeof affiliateQuerySchema>;

/** A valid code (an invalid one is 400 `affiliate.code.invalid`, field `affiliateCode`). */
export const affiliateSchema = z.object({
  affiliateCode: z.string(),
  /** The agent's account, masked (e.g. `ag****01`), so the member sees whose team they join. */
  agent: z.string(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

/**
 * PUT /wps/agent/downline (sealed, token; agents only): open an account directly under the calling agent.
 * The account must change `password` at its first login (no default password is ever compared).
 */
export const createDownlineRequestSchema = z.object({
  username: z.string().max(255),
  password: z.string().max(255),
  payeeName: z.string().max(255).optional(),
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  /** 0 member (default) or an agent kind the caller may open (1, 2, 41, 42). */
  isAgent: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]).optional(),
});
export type CreateDownlineRequest = z.infer<typeof createDownlineRequestSchema>;

export const downlineCreatedSchema = z.object({ id: z.number().int(), account: z.string() });
export type DownlineCreated = z.infer<typeof downlineCreatedSchema>;

/* ------------------------------------------------------------------------------------------------
 * Salary and dividend contracts between an upline and a downline (spec §4 "Contracts", §2 agent
 * centre pages). The kinds below are the four the agent centre shows pages for.
 * ---------------------------------------------------------------------------------------------- */

export const contractKinds = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractKind = (typeof contractKinds)[number];

/**
 * GET /wps/member/info/funds/consolidated (token; spec §3 "Consolidated contract info"). One number per
 * kind, under the original's field names: 0 the merchant does not offer this contract; 1 offered by
 * the merchant, the member has none; 2 an upline's offer waits for the member's answer; 3 the member
 * has an active contract. The agent centre shows a contract's page when its number is 2 or 3.
 */
export const consolidatedFundsPath = '/wps/member/info/funds/consolidated';
export const contractStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const consolidatedFundsSchema = z.object({
  divtypereq: contractStateSchema,
  dailysalreqtype: contractStateSchema,
  contracthoursalreq: contractStateSchema,
  realtimesalreqtype: contractStateSchema,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

/** A merchant's contract switches (merchant configuration `agentContracts`). */
export const agentContractsConfigSchema = z.object({
  dividend: z.boolean().default(false),
  dailySalary: z.boolean().default(false),
  hourlySalary: z.boolean().default(false),
  realtimeSalary: z.boolean().default(false),
});
export type AgentContractsConfig = z.infer<typeof agentContractsConfigSchema>;
