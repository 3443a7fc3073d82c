import { z } from 'zod';
import { agentContractKinds, agentContractSchema, contractEventSchema } from './agent-contracts.ts';
import { agentTransferKinds } from './agent-transfers.ts';
import { adminPageQuerySchema, adminPageSchema } from './backoffice.ts';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * The operator's statements desk (issue 16 "Settlement": operator view; modules/agents README,
 * "Statements desk"): every period's statements with totals per agent, each statement's inputs and
 * history, approve (P → A, paid as the job pays), reject (P → R), adjust (→ M: only the difference
 * is posted) and the re-run of a period (only differences are posted). `agents.settle`.
 * The merchant's own contracts with top agents, the agents' transfers and the debtors of the carried debt
 * (read-only) are listed here too.
 * ---------------------------------------------------------------------------------------------- */

/** P not paid yet, A paid, R rejected, M adjusted (paid at the adjusted amount). */
export const settlementStatuses = ['P', 'A', 'R', 'M'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];

/** A period key as the jobs write them: a day, a dividend period `start/end`, a slot's ISO UTC start. */
const periodKeySchema = z
  .string()
  .trim()
  .min(4)
  .max(32)
  .regex(/^[0-9A-Za-z:./-]+$/);

export const adminSettlementQuerySchema = adminPageQuerySchema.extend({
  kind: z.enum(agentContractKinds).optional(),
  /** Periods from (inclusive): a day `2026-11-20` or a whole period key; keys sort as text. */
  periodFrom: periodKeySchema.optional(),
  /** Periods up to (inclusive); a day also takes that day's hours (`2026-11-20T10`). */
  periodTo: periodKeySchema.optional(),
  status: z.enum(settlementStatuses).optional(),
  /** The holder's username (exact, any case); a name of no member finds nothing. */
  agent: z.string().trim().max(64).optional(),
});
export type AdminSettlementQuery = z.infer<typeof adminSettlementQuerySchema>;

export const settlementRowSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(agentContractKinds),
  productType: z.string(),
  periodKey: z.string(),
  holderId: z.string(),
  holderUsername: z.string(),
  /** Null: the merchant pays (its own contract with a top agent). */
  payerId: z.string().nullable(),
  payerUsername: z.string().nullable(),
  /** The statement's amount now (after adjustments and re-runs). */
  amount: moneySchema,
  /** What the holder has received for it (the amount when A or M, else 0.00). */
  paid: moneySchema,
  status: z.enum(settlementStatuses),
  /**
   * Why a P waits: `upline.short` (the payer's wallet did not cover it). On a paid statement
   * `upline.advanced`: the merchant paid the part the payer's wallet did not hold (the payer's carried debt).
   */
  note: z.string().nullable(),
  computedAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  /** Operator actions and re-run changes so far. */
  changes: z.number().int(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementTotalsSchema = z.object({
  count: z.number().int(),
  amount: moneySchema,
  paid: moneySchema,
  /** Amount of the P statements. */
  waiting: moneySchema,
});
export type SettlementTotals = z.infer<typeof settlementTotalsSchema>;

export const settlementPageSchema = adminPageSchema(settlementRowSchema).extend({
  /** Over every statement the filters find (not only this page). */
  totals: settlementTotalsSchema.extend({
    /** What the merchant advanced of these statements because their payers' wallets fell short (`advance` rule). */
    advanced: moneySchema,
    /** How much of `advanced` the payers still owe (carried debt not recovered yet). */
    carriedDebt: moneySchema,
  }),
  /** Per holder over every statement the filters find, the biggest amount first (at most 100). */
  agentTotals: z.array(settlementTotalsSchema.extend({ holderId: z.string(), holderUsername: z.string() })),
});
export type SettlementPage = z.infer<typeof settlementPageSchema>;

export const settlementChangeSchema = z.object({
  id: z.string(),
  action: z.enum(['approve', 'reject', 'adjust', 'rerun']),
  fromStatus: z.enum(settlementStatuses),
  toStatus: z.enum(settlementStatuses),
  fromAmount: moneySchema,
  toAmount: moneySchema,
  /** Money moved by the change: positive to the holder, negative back from the holder, 0.00 nothing. */
  posted: moneySchema,
  /** A re-run's recomputed inputs. */
  inputs: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  operatorUsername: z.string().nullable(),
  time: z.number().int(),
});
export type SettlementChange = z.infer<typeof settlementChangeSchema>;

export const settlementDetailSchema = settlementRowSchema.extend({
  /**
   * Every input and deduction line as first computed and stored (team figures, tier, terms; a
   * dividend's deduction lines): amounts in minor units as strings, like the statement stores them.
   */
  inputs: z.record(z.string(), z.unknown()),
  /** Oldest first. */
  history: z.array(settlementChangeSchema),
  /**
   * The payer's carried debt this statement made (merchant rule `advance`): what the house paid in the
   * payer's place, how much of it later payments to the payer have given back; null: none.
   */
  debt: z
    .object({
      debtorId: z.string(),
      debtorUsername: z.string(),
      amount: moneySchema,
      recovered: moneySchema,
      outstanding: moneySchema,
      createdAt: z.number().int(),
      /** When the last of it was given back; null while some is owed. */
      recoveredAt: z.number().int().nullable(),
    })
    .nullable(),
  /** What this statement's payment gave back of the holder's own carried debts (0.00: none). */
  recovered: moneySchema,
  /** What the holder owes now in all (every statement's debt not recovered yet). */
  holderCarriedDebt: moneySchema,
  /** What the payer owes now in all; null: the merchant pays. */
  payerCarriedDebt: moneySchema.nullable(),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

export const settlementReasonSchema = z.string().trim().min(3).max(200);
export const rejectSettlementBodySchema = z.object({ reason: settlementReasonSchema });
export type RejectSettlementBody = z.infer<typeof rejectSettlementBodySchema>;
/** The statement's new amount (0.00 allowed: everything paid is taken back). */
export const adjustSettlementBodySchema = z.object({
  amount: z.union([amountInputSchema, z.literal('0'), z.literal('0.00'), z.literal('0.0')]),
  reason: settlementReasonSchema,
});
export type AdjustSettlementBody = z.infer<typeof adjustSettlementBodySchema>;
export const rerunSettlementBodySchema = z.object({ kind: z.enum(agentContractKinds), periodKey: periodKeySchema });
export type RerunSettlementBody = z.infer<typeof rerunSettlementBodySchema>;

export const rerunResultSchema = z.object({
  kind: z.enum(agentContractKinds),
  periodKey: z.string(),
  /** Contracts computed. */
  computed: z.number().int(),
  /** Statements that did not exist (stored P, as the job stores them). */
  created: z.number().int(),
  /** Statements whose amount changed. */
  changed: z.number().int(),
  /** Rejected statements left as they are. */
  skipped: z.number().int(),
  /** Differences the payer's or the holder's wallet did not cover: left unchanged, listed by statement id. */
  short: z.array(z.string()),
  /** Sum of the differences posted (positive: paid out more). */
  posted: moneySchema,
});
export type RerunResult = z.infer<typeof rerunResultSchema>;

/* ---------- the merchant's own contracts, the agents' transfers ---------- */

export const adminTopContractQuerySchema = adminPageQuerySchema.extend({
  /** Signed (A, V), waiting for the agent (P, E) or ended (C, R). */
  state: z.enum(['signed', 'waiting', 'ended']).optional(),
  agent: z.string().trim().max(64).optional(),
});
export type AdminTopContractQuery = z.infer<typeof adminTopContractQuerySchema>;
export const adminTopContractSchema = agentContractSchema.extend({
  holderUsername: z.string(),
  history: z.array(contractEventSchema),
});
export type AdminTopContract = z.infer<typeof adminTopContractSchema>;
export const adminTopContractPageSchema = adminPageSchema(adminTopContractSchema);
export type AdminTopContractPage = z.infer<typeof adminTopContractPageSchema>;

export const adminAgentTransferQuerySchema = adminPageQuerySchema.extend({
  kind: z.enum(agentTransferKinds).optional(),
  /** Sender or receiver username (exact, any case). */
  member: z.string().trim().max(64).optional(),
  /** Epoch ms, inclusive / exclusive. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type AdminAgentTransferQuery = z.infer<typeof adminAgentTransferQuerySchema>;
export const adminAgentTransferSchema = z.object({
  id: z.string(),
  kind: z.enum(agentTransferKinds),
  senderId: z.string(),
  senderUsername: z.string(),
  receiverId: z.string(),
  receiverUsername: z.string(),
  amount: moneySchema,
  remark: z.string(),
  postingId: z.string(),
  time: z.number().int(),
});
export type AdminAgentTransfer = z.infer<typeof adminAgentTransferSchema>;
export const adminAgentTransferPageSchema = adminPageSchema(adminAgentTransferSchema).extend({
  /** Sum of the amounts the filters find. */
  totalAmount: moneySchema,
});
export type AdminAgentTransferPage = z.infer<typeof adminAgentTransferPageSchema>;

/* ---------- the debtors of the carried debt (README "Carried debt") ---------- */

export const agentDebtorStates = ['outstanding', 'all'] as const;
export const adminAgentDebtorQuerySchema = adminPageQuerySchema.extend({
  /** The debtor's username (exact, any case); a name of no member finds nothing. */
  agent: z.string().trim().max(64).optional(),
  /** `outstanding` (the default): agents that owe something now; `all`: every agent that ever owed. */
  state: z.enum(agentDebtorStates).default('outstanding'),
});
export type AdminAgentDebtorQuery = z.infer<typeof adminAgentDebtorQuerySchema>;
export const adminAgentDebtorSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  /** Statements the house helped pay in this agent's place (one debt each). */
  debts: z.number().int(),
  /** What the house advanced in all. */
  advanced: moneySchema,
  /** What later payments to the agent gave back of it. */
  recovered: moneySchema,
  /** What the agent owes now (advanced − recovered). */
  outstanding: moneySchema,
  /** When the oldest debt still owed was made; null: nothing owed. */
  oldestOutstandingAt: z.number().int().nullable(),
  /** When a payment to the agent last gave something back; null: never yet. */
  lastRecoveryAt: z.number().int().nullable(),
});
export type AdminAgentDebtor = z.infer<typeof adminAgentDebtorSchema>;
export const adminAgentDebtorPageSchema = adminPageSchema(adminAgentDebtorSchema).extend({
  /** The whole merchant now, whatever the filters: agents owing something and what they owe in all. */
  totals: z.object({ debtors: z.number().int(), outstanding: moneySchema }),
});
export type AdminAgentDebtorPage = z.infer<typeof adminAgentDebtorPageSchema>;

export const settlementDeskPaths = {
  /** GET `adminSettlementQuerySchema`: statements, totals, totals per agent. */
  settlements: '/admin-api/agents/settlements',
  /** GET: one statement with its inputs and history. */
  settlement: '/admin-api/agents/settlements/:settlementId',
  /** POST (no body): P → A, paid as the job pays it (same idempotency key): a paid one answers as it is. */
  approve: '/admin-api/agents/settlements/:settlementId/approve',
  /** POST `{ reason }`: P → R. A rejected one answers as it is. */
  reject: '/admin-api/agents/settlements/:settlementId/reject',
  /** POST `{ amount, reason }`: → M at the amount; only the difference to what was paid is posted. */
  adjust: '/admin-api/agents/settlements/:settlementId/adjust',
  /** POST `{ kind, periodKey }`: recompute the period; paid statements get only the difference. */
  rerun: '/admin-api/agents/settlements/rerun',
  /** GET `adminTopContractQuerySchema`: the merchant's own contracts with its top agents. */
  topContracts: '/admin-api/agents/top-contracts',
  /** GET `adminAgentTransferQuerySchema`: agent ↔ downline transfers, newest first. */
  transfers: '/admin-api/agents/transfers',
  /** GET `adminAgentDebtorQuerySchema`: the agents carrying a debt, the biggest first (`members.read`). */
  debtors: '/admin-api/agents/debtors',
} as const;

export const settlementDeskErrorCodes = {
  /** The statement's status does not allow this action (e.g. approving a rejected one): 409, reload. */
  statusConflict: 'agent.settlement.status.conflict',
  /** The payer's wallet (approve, adjust up) or the holder's (adjust down) does not cover the difference: 409. */
  walletShort: 'agent.settlement.wallet.short',
  /** No re-run for this kind yet (its settlement does not exist): 400, field `kind`. */
  rerunUnsupported: 'agent.settlement.rerun.unsupported',
  /** The period is not computed yet (the reports have not summed it): 409, field `periodKey`. */
  periodNotReady: 'agent.settlement.period.not.ready',
  /**
   * A manual-claim daily salary record still claimable (P) is paid only by its holder's claim: approving
   * or adjusting it from the desk is refused (409); reject it, or re-run its day.
   */
  claimable: 'agent.settlement.claimable',
} as const;
