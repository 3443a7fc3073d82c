import { z } from 'zod';
import { agentContractKinds, contractProductTypes, type AgentContractKind } from './agent-contracts.ts';
import type { AgentCentrePageCode } from './agents.ts';
import { moneySchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * The agent centre's money reads (issue 16: "dividend, daily salary, manual-claim daily salary,
 * hourly salary, real-time salary" record pages, "my income", the downline pickers). The original's
 * record calls are not public (original-programmes §1.5: only the member centre's
 * `mrDailySalContract({startDate, endDate, subordinateType, page, size, status, gameCategory})` and the
 * picker `ODSFE2_subordinateSimple({subordinateType, page, size, subordinateName})` are seen); these are
 * designed in their style. Token, real members; an agent sees only statements it holds or pays, and
 * only members of its own subtree.
 * ---------------------------------------------------------------------------------------------- */

export const agentMoneyPaths = {
  /** GET `agentStatementQuerySchema`: the caller's statements (SELF) or those it pays its downlines (DIRECT). */
  statements: '/wps/relay/ODSFE2_agentSettlementRecords',
  /** GET `?id=`: one statement with every input and deduction line; anyone else's answers 404. */
  statement: '/wps/relay/ODSFE2_agentSettlementDetail',
  /** GET `?startDate=&endDate=`: totals of income by kind, what was paid to downlines, transfers. */
  income: '/wps/relay/ODSFE2_agentRevenueReport',
  /** GET `subordinateQuerySchema`: members of the caller's subtree (DIRECT: direct downlines only). */
  subordinates: '/wps/relay/ODSFE2_subordinateSimple',
} as const;

/** Each kind's record page and its switch in the merchant's `agentCentrePages` (the original's menu codes). */
export const statementPageCodes: Record<AgentContractKind, AgentCentrePageCode> = {
  dividend: 'DIVIDEND',
  daily_salary: 'DAYSAL',
  mr_daily_salary: 'DAYSALMR',
  hourly_salary: 'HOURSAL3',
  realtime_salary: 'RTSALARY3',
};

/** The original's disburse statuses: P not paid, A paid, R rejected, M adjusted. */
export const agentStatementStatuses = ['P', 'A', 'R', 'M'] as const;
export type AgentStatementStatus = (typeof agentStatementStatuses)[number];

/** A day `YYYY-MM-DD` (the merchant's calendar). */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const agentStatementQuerySchema = z.object({
  kind: z.enum(agentContractKinds),
  /** SELF: statements of my own contracts (I receive); DIRECT: my downlines' contracts with me (I pay). */
  subordinateType: z.enum(['SELF', 'DIRECT']).default('SELF'),
  /** Periods starting on or after / on or before these days (inclusive). */
  startDate: daySchema.optional(),
  endDate: daySchema.optional(),
  status: z.enum(agentStatementStatuses).optional(),
  productType: z.enum(contractProductTypes).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentStatementQuery = z.input<typeof agentStatementQuerySchema>;

/**
 * A line of a statement: an input of the computation (`input`: team figures, the tier reached, the
 * rate) or a deduction (`deduction`: bonuses, rebates, fees, carried loss). `format` says how to show
 * `value`: money (decimal string), count, rate (the original's fraction), tier (1-based, 0 none), text.
 * Two lines come from the payment, not the computation: `advancedByMerchant` (input: the part the
 * merchant paid because the payer's wallet did not hold it, owed by the payer) and `debtRecovered`
 * (deduction: what the payment gave back of the holder's carried debt; the amount is unchanged).
 */
export const statementLineSchema = z.object({
  group: z.enum(['input', 'deduction']),
  name: z.string(),
  format: z.enum(['money', 'count', 'rate', 'tier', 'text']),
  value: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const agentStatementSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(agentContractKinds),
  productType: z.enum(contractProductTypes).nullable(),
  /** The period settled: a day `2026-11-26`, an hour, a dividend period. */
  periodKey: z.string(),
  /** SELF: the caller receives it; DIRECT: the caller pays it to `holderName`. */
  side: z.enum(['SELF', 'DIRECT']),
  holderId: z.string(),
  holderName: z.string(),
  /** null: the merchant pays it. */
  payerName: z.string().nullable(),
  amount: moneySchema,
  status: z.enum(agentStatementStatuses),
  /**
   * Why a P waits (`upline.short`: the payer's wallet did not cover it); on a paid one `upline.advanced`:
   * the merchant paid the part the payer's wallet did not hold (line `advancedByMerchant`).
   */
  note: z.string().nullable(),
  computeTime: z.number().int(),
  payoutTime: z.number().int().nullable(),
  lines: z.array(statementLineSchema),
});
export type AgentStatement = z.infer<typeof agentStatementSchema>;

export const agentStatementListSchema = z.object({
  list: z.array(agentStatementSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Sum of `amount` over every statement of the filter (not only the page). */
  totalAmount: moneySchema,
});
export type AgentStatementList = z.infer<typeof agentStatementListSchema>;

export const agentStatementDetailQuerySchema = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });

export const agentIncomeQuerySchema = z.object({ startDate: daySchema, endDate: daySchema });
export type AgentIncomeQuery = z.infer<typeof agentIncomeQuerySchema>;

export const agentIncomeSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** One row per contract kind: what I received (paid statements) and paid my downlines, and what waits. */
  byKind: z.array(
    z.object({
      kind: z.enum(agentContractKinds),
      received: moneySchema,
      paidToDownlines: moneySchema,
      net: moneySchema,
      /** My statements not paid yet (P). */
      pending: moneySchema,
    }),
  ),
  /** Transfers from my upline (6104) and from members to me (6233 in). */
  transfersReceived: moneySchema,
  /** Transfers and lucky bags I sent (6207, 6233 out). */
  transfersSent: moneySchema,
  /** Sum of `received` over the kinds plus `transfersReceived`. */
  totalIncome: moneySchema,
  /**
   * What I owe now, whatever the range: downlines' shares the merchant paid for me when my wallet did not
   * hold them (the merchant's `advance` rule). Each settlement payment to me gives it back first.
   */
  carriedDebt: moneySchema,
});
export type AgentIncome = z.infer<typeof agentIncomeSchema>;

export const subordinateQuerySchema = z.object({
  /** SELF: my whole subtree; DIRECT: my direct downlines. */
  subordinateType: z.enum(['SELF', 'DIRECT']).default('SELF'),
  /** Account names starting with this (case-insensitive). */
  subordinateName: z.string().max(64).optional(),
  /** 1: agents only (a contract is only with a downline agent). */
  agentsOnly: z.enum(['0', '1']).default('0'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type SubordinateQuery = z.input<typeof subordinateQuerySchema>;

export const subordinateListSchema = z.object({
  list: z.array(
    z.object({
      customerId: z.number().int(),
      customerName: z.string(),
      isAgent: z.number().int(),
      /** 1: a direct downline. */
      depth: z.number().int(),
    }),
  ),
  totalElements: z.number().int(),
});
export type SubordinateList = z.infer<typeof subordinateListSchema>;
