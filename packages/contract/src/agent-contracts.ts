import { z } from 'zod';
import { amountInputSchema, parseAmount } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Salary and dividend contracts between an agent and its direct downline agents (issue 16; spec §2
 * agent centre, §3 "Consolidated contract info"; original-programmes.md §1.2-1.4). The downline's
 * four answers are the original's calls with the original's bodies; the upline's side (offer,
 * modify, ask to terminate, read a downline's contracts) is not shown by the original and is designed
 * here in the same style. Money is a decimal string, rates are the original's fractions (0.012 is
 * shown as 1.20 %), at most four decimals.
 * ---------------------------------------------------------------------------------------------- */

/** The product types a contract is for (the original's keys of the consolidated maps). */
export const contractProductTypes = ['LIVE', 'RNG', 'CONS', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP'] as const;
export type ContractProductType = (typeof contractProductTypes)[number];

/** The kinds: `mr_daily_salary` is the manual-claim daily salary (the original's "MR"). */
export const agentContractKinds = [
  'dividend',
  'daily_salary',
  'mr_daily_salary',
  'hourly_salary',
  'realtime_salary',
] as const;
export type AgentContractKind = (typeof agentContractKinds)[number];

/**
 * The original's statuses: P offered, E a modified offer (replaces the signed one when accepted),
 * V the upline asked to terminate, A signed, C ended, R refused.
 */
export const agentContractStatuses = ['P', 'E', 'V', 'A', 'C', 'R'] as const;
export type AgentContractStatus = (typeof agentContractStatuses)[number];

/** Dividend computation periods: D daily, W weekly (Sunday to Saturday), H semi-monthly, M monthly. */
export const dividendPeriods = ['D', 'W', 'H', 'M'] as const;
/** Hourly salary frequencies: H every hour, BH every 30 minutes. */
export const hourlyFrequencies = ['H', 'BH'] as const;
/** Dividend carry-forward (the original's `reset_frequency_0..3`). */
export const carryForwardModeSchema = z.enum(['none', 'loss', 'loss_monthly', 'pnl']);

/** A fraction with at most four decimals, above 0 and at most 1 (0.012 = 1.20 %). */
export const contractRateSchema = z
  .number()
  .gt(0)
  .max(1)
  .refine((rate) => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6, 'at most four decimals');

const activeMemberSchema = z.number().int().min(0).max(100_000);

/** A threshold that may be nothing: a decimal string with at most two places, zero or more. */
const thresholdSchema = z
  .string()
  .max(32)
  .refine((text) => (parseAmount(text) ?? -1n) >= 0n, 'must be zero or more with at most two decimal places');

/** A salary tier: team valid bet ≥ `minimumBet` and active members ≥ `activeMember` → `rate`. */
export const salaryTierInputSchema = z
  .object({
    minimumBet: amountInputSchema,
    activeMember: activeMemberSchema,
    /** P: `rate` is a fraction of the team's valid bet; F: `amount` is paid. */
    rateType: z.enum(['P', 'F']),
    rate: contractRateSchema.optional(),
    amount: amountInputSchema.optional(),
  })
  .superRefine((tier, context) => {
    if (tier.rateType === 'P' && tier.rate === undefined)
      context.addIssue({ code: 'custom', path: ['rate'], message: 'required' });
    if (tier.rateType === 'F' && tier.amount === undefined)
      context.addIssue({ code: 'custom', path: ['amount'], message: 'required' });
  });
export type SalaryTierInput = z.infer<typeof salaryTierInputSchema>;

export const dividendTierInputSchema = z.object({
  minimumBet: amountInputSchema,
  /** Team net loss (bets − payouts) of the period ≥; may be 0. */
  netLoss: thresholdSchema,
  activeMember: activeMemberSchema,
  contractRate: contractRateSchema,
});
export type DividendTierInput = z.infer<typeof dividendTierInputSchema>;

export const realTimeTierInputSchema = z.object({
  /** A single bet of at least this much earns the rates. */
  betAmount: amountInputSchema,
  lossRate: contractRateSchema,
  winRate: contractRateSchema,
});
export type RealTimeTierInput = z.infer<typeof realTimeTierInputSchema>;

const tiers = <T extends z.ZodType>(tier: T) => z.array(tier).min(1).max(10);
const downlineIdSchema = z.string().regex(/^[1-9]\d{0,18}$/);

/** POST `agentContractPaths.offer` (token, agents): offer a direct downline agent a contract, or a modified one. */
export const offerContractRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('daily_salary'),
    downlineId: downlineIdSchema,
    productType: z.enum(contractProductTypes),
    tiers: tiers(salaryTierInputSchema),
  }),
  z.object({
    kind: z.literal('mr_daily_salary'),
    downlineId: downlineIdSchema,
    productType: z.enum(contractProductTypes),
    tiers: tiers(salaryTierInputSchema),
  }),
  z.object({
    kind: z.literal('hourly_salary'),
    downlineId: downlineIdSchema,
    productType: z.enum(contractProductTypes),
    frequency: z.enum(hourlyFrequencies),
    tiers: tiers(salaryTierInputSchema),
  }),
  z.object({
    kind: z.literal('dividend'),
    downlineId: downlineIdSchema,
    productType: z.enum(contractProductTypes),
    computationPeriod: z.enum(dividendPeriods),
    carryForward: carryForwardModeSchema,
    tiers: tiers(dividendTierInputSchema),
  }),
  z.object({
    kind: z.literal('realtime_salary'),
    downlineId: downlineIdSchema,
    /** Real-time salary is for lottery only (the original checks `realtimesalinfotype.LOTT`). */
    productType: z.literal('LOTT'),
    tiers: tiers(realTimeTierInputSchema),
  }),
]);
export type OfferContractRequest = z.infer<typeof offerContractRequestSchema>;

/** POST `agentContractPaths.terminate` (upline): ask the downline to end a signed contract (status V). */
export const terminateContractRequestSchema = z.object({ contractId: downlineIdSchema });

/** The downline's four answers, the original's bodies (original-programmes.md §1.4). */
const answerStatus = z.enum(['A', 'R', 'C']);
export const processDividendRequestSchema = z.object({
  productType: z.enum(contractProductTypes),
  computationPeriod: z.enum(dividendPeriods),
  status: answerStatus,
});
export const processDailySalaryRequestSchema = z.object({ id: downlineIdSchema, status: answerStatus });
export const processHourSalaryRequestSchema = z.object({
  contractId: downlineIdSchema,
  status: answerStatus,
  productType: z.enum(contractProductTypes),
});
export const processRealTimeSalaryRequestSchema = z.object({ contractId: downlineIdSchema, status: answerStatus });

export const agentContractPaths = {
  offer: '/wps/relay/MCSFE_offerContract',
  terminate: '/wps/relay/MCSFE_terminateContract',
  /** GET `?downlineId=`: a direct downline's contracts, signed, pending and past, with their history. */
  downlineContracts: '/wps/relay/MCSFE_getDownlineContracts',
  processDividend: '/wps/relay/MCSFE_processContractDividend',
  processDailySalary: '/wps/relay/MCSFE_processDailySalaryContract',
  processHourSalary: '/wps/relay/MCSFE_processContractHourSalary',
  processRealTimeSalary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
} as const;

/** A tier as the reads show it (the original's names; money as decimal strings, rates as fractions). */
export const contractTierSchema = z.object({
  minimumBet: z.string().optional(),
  betVolume: z.string().optional(),
  netLoss: z.string().optional(),
  activeMember: z.number().int().optional(),
  rate: z.union([z.number(), z.string()]).optional(),
  rateType: z.enum(['P', 'F']).optional(),
  contractRate: z.number().optional(),
  betAmount: z.string().optional(),
  lossRate: z.number().optional(),
  winRate: z.number().optional(),
});

export const agentContractSchema = z.object({
  /** The contract's id (`id` for daily salary, `contractId` elsewhere in the original: both are given). */
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(agentContractKinds),
  productType: z.enum(contractProductTypes),
  /** Dividend: D, W, H or M; hourly: H or BH; '' otherwise. */
  computationPeriod: z.string(),
  status: z.enum(agentContractStatuses),
  /** 'Y': accepting this offer ends some of the holder's own downline contracts (they pay more). */
  downlineHigherRate: z.enum(['Y', 'N']),
  carryForward: carryForwardModeSchema.nullable(),
  /** The daily salary's tiers are `details`; the others' under their original names below. */
  details: z.array(contractTierSchema),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AgentContract = z.infer<typeof agentContractSchema>;

/** Per product type: the member's contracts with its upline (`agent`). */
const byProduct = z.record(z.string(), z.object({ agent: z.array(agentContractSchema) }));

export const consolidatedFundsPath = '/wps/member/info/funds/consolidated';

/**
 * GET /wps/member/info/funds/consolidated (token): the original's keys. `*info*` are the member's signed
 * contracts (A, or V while a termination waits), `*req*` the upline's requests waiting for the
 * member's answer (P, E and V): the agent centre's popup splits them into new (not V) and termination
 * (V) requests. Dividends are nested by computation period as well. Product types the member has
 * nothing for are absent; a kind the merchant does not offer is an empty map.
 */
export const consolidatedContractsSchema = z.object({
  dailysalinfotype: byProduct,
  contractmrdailysalinfotype: byProduct,
  contracthoursalinfo: byProduct,
  realtimesalinfotype: byProduct,
  divtypeinfo: byProduct,
  divtypecompperiodinfo: z.record(z.string(), z.record(z.string(), z.array(agentContractSchema))),
  dailysalreqtype: byProduct,
  contracthoursalreq: byProduct,
  realtimesalreqtype: byProduct,
  divtypereq: byProduct,
  divtypecompperiodreq: z.record(z.string(), z.record(z.string(), z.array(agentContractSchema))),
});
export type ConsolidatedContracts = z.infer<typeof consolidatedContractsSchema>;

export const contractEventSchema = z.object({
  fromStatus: z.enum(agentContractStatuses).nullable(),
  toStatus: z.enum(agentContractStatuses),
  actor: z.enum(['upline', 'downline', 'operator', 'system']),
  time: z.number().int(),
});

export const downlineContractsSchema = z.object({
  list: z.array(agentContractSchema.extend({ history: z.array(contractEventSchema) })),
});
export type DownlineContracts = z.infer<typeof downlineContractsSchema>;

export const agentContractErrorCodes = {
  /** Not a direct downline agent of the caller (or no such member): as if it did not exist. */
  downlineUnknown: 'agent.contract.downline.unknown',
  /** No such contract of the caller's (as holder or as upline). */
  contractUnknown: 'agent.contract.unknown',
  /** The merchant does not offer this kind of contract. */
  kindOff: 'agent.contract.kind.off',
  /** The upline has no signed contract of this kind, product and period to share from. */
  uplineHasNone: 'agent.contract.upline.none',
  /** The tiers break a rule (`field` names the tier: `tiers.2.rate`). */
  tiersEmpty: 'agent.contract.tiers.empty',
  tierNotRising: 'agent.contract.tier.not.rising',
  tierZero: 'agent.contract.tier.zero',
  tierAboveUpline: 'agent.contract.tier.above.upline',
  /** The answer does not fit the contract's status (e.g. accepting a signed one). */
  statusConflict: 'agent.contract.status.conflict',
  /** An offer with the same terms as the signed contract ("No change detected"). */
  unchanged: 'agent.contract.unchanged',
} as const;

/* ------------------------------------------------------------------------------------------------
 * The operator's side (`agents.manage`): the merchant's own contracts with its top agents (agents
 * with no upline), which pay from the merchant and start every cascade. The top agent answers an
 * offer with the same MCSFE_process* calls. Audited.
 * ---------------------------------------------------------------------------------------------- */

export const agentContractAdminPaths = {
  /** GET `?memberId=`: the member's contracts (as holder), newest first, with their history. */
  list: '/admin-api/agents/contracts',
  /** POST `offerContractRequestSchema`, `downlineId` the top agent: the merchant's offer (P) or change (E). */
  offer: '/admin-api/agents/contracts/offer',
  /** POST `{ contractId }`: end a merchant's contract, or any contract of the brand, now (C). */
  end: '/admin-api/agents/contracts/end',
} as const;

export const adminContractListQuerySchema = z.object({ memberId: downlineIdSchema });
export const adminEndContractRequestSchema = z.object({ contractId: downlineIdSchema });
