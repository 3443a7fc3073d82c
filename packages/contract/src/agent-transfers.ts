import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Agent ↔ downline transfers (issue 16 "Transfers"; original-programmes §1.5, §1.6). Member calls,
 * token, sealed (they carry the payment password) and idempotent (`Idempotency-Key`).
 *
 * The original's transaction types, each a ledger transfer kind (member_main → member_main):
 * - 6207 "transfer to downline" (out) / 6104 "transfer from upline" (in): one transfer of kind
 *   `agent.transfer.downline` — the agent's side is 6207, the downline's 6104;
 * - the lucky bag (agentRedRain) is the same pair, kind `agent.transfer.luckybag`;
 * - 6233 "transfer to upline": kind `agent.transfer.upline` (the member's side out, the agent's in).
 * ---------------------------------------------------------------------------------------------- */

export const agentTransferPaths = {
  /** An agent to one downline of its subtree. */
  toDownline: '/wps/relay/agentTransferToDownline',
  /** The original's lucky bag: a total shared among direct downlines, equally or at random. */
  luckyBag: '/wps/relay/agentRedRain',
  /** A member to its direct upline: the original's `agentDownlineTransfer({transferAmount, password, remark})`. */
  toUpline: '/wps/relay/agentDownlineTransfer',
  /** The transfers between the caller and its downlines or upline (the original's `ODSFE2_MemTransDet` rows for these types). */
  history: '/wps/relay/ODSFE2_AgentTransDet',
} as const;

/** The original's transaction type ids. */
export const agentTransferTxTypes = { toDownlineOut: 6207, fromUplineIn: 6104, toUpline: 6233 } as const;

export const agentTransferKinds = [
  'agent.transfer.downline',
  'agent.transfer.luckybag',
  'agent.transfer.upline',
] as const;
export type AgentTransferKind = (typeof agentTransferKinds)[number];

/** Merchant configuration `agentTransfers` (defaulted: transfers to downlines on, to the upline off). */
export const agentTransfersConfigSchema = z.object({
  /** The original's `toUpline === "1"`: members may transfer to their upline. */
  toUpline: z.boolean().default(false),
  /** Per transfer (a lucky bag: per recipient's share for the minimum, the total for the maximum). */
  minAmount: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('1.00'),
  maxAmount: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('100000.00'),
  /** Transfers a member may send in a rolling 24 hours (a lucky bag counts once). */
  dailyCountLimit: z.number().int().min(1).max(10_000).default(50),
});
export type AgentTransfersConfig = z.infer<typeof agentTransfersConfigSchema>;
export const defaultAgentTransfersConfig: AgentTransfersConfig = {
  toUpline: false,
  minAmount: '1.00',
  maxAmount: '100000.00',
  dailyCountLimit: 50,
};

/** A payment password as typed (its rule is checked when one is set, not here). */
const paymentPasswordInputSchema = z.string().max(255);
const remarkSchema = z.string().max(200).optional();
const memberIdInputSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const transferToDownlineRequestSchema = z.object({
  downlineId: memberIdInputSchema,
  transferAmount: amountInputSchema,
  password: paymentPasswordInputSchema,
  remark: remarkSchema,
});
export type TransferToDownlineRequest = z.infer<typeof transferToDownlineRequestSchema>;

export const luckyBagRequestSchema = z.object({
  /** ALL: every direct downline; SELECTED: `downlineIds` (direct downlines only). */
  recipients: z.enum(['ALL', 'SELECTED']),
  downlineIds: z.array(memberIdInputSchema).max(1000).optional(),
  /** SHARE: equal shares (the remainder cents to the first ones); FIGHTING: random shares, each ≥ 0.01. */
  type: z.enum(['SHARE', 'FIGHTING']),
  totalAmount: amountInputSchema,
  password: paymentPasswordInputSchema,
  remark: remarkSchema,
});
export type LuckyBagRequest = z.infer<typeof luckyBagRequestSchema>;

export const transferToUplineRequestSchema = z.object({
  transferAmount: amountInputSchema,
  password: paymentPasswordInputSchema,
  remark: remarkSchema,
});
export type TransferToUplineRequest = z.infer<typeof transferToUplineRequestSchema>;

/** One transfer as the caller sees it: `amount` negative when the caller sent it. */
export const agentTransferSchema = z.object({
  transactionId: z.number().int(),
  txTypeId: z.number().int(),
  kind: z.enum(agentTransferKinds),
  amount: moneySchema,
  /** The other side's account name. */
  subordinateName: z.string(),
  counterpartyId: z.number().int(),
  remark: z.string(),
  /** Epoch ms. */
  time: z.number().int(),
});
export type AgentTransfer = z.infer<typeof agentTransferSchema>;

export const agentTransferResultSchema = z.object({
  transfers: z.array(agentTransferSchema),
  /** The caller's main wallet after. */
  balance: moneySchema,
});
export type AgentTransferResult = z.infer<typeof agentTransferResultSchema>;

const epochMs = z.coerce.number().int().min(0);
export const agentTransferHistoryQuerySchema = z.object({
  subordinateName: z.string().max(64).optional(),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  /** Comma-separated type ids (6207, 6104, 6233); none: all three. */
  txTypeIds: z
    .string()
    .regex(/^\d{4}(,\d{4})*$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentTransferHistoryQuery = z.infer<typeof agentTransferHistoryQuerySchema>;

export const agentTransferHistorySchema = z.object({
  content: z.array(agentTransferSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentTransferHistory = z.infer<typeof agentTransferHistorySchema>;

export const agentTransferErrorCodes = {
  /** 403: the merchant's `toUpline` switch is off, or the caller is an isAgent 2 agent. */
  toUplineOff: 'agent.transfer.upline.off',
  /** 400: the member has no upline. */
  noUpline: 'agent.transfer.upline.none',
  /** 404: no downline of the caller's subtree has this id. */
  downlineUnknown: 'agent.transfer.downline.unknown',
  /** 400: a lucky bag with nobody to receive it. */
  noRecipients: 'agent.transfer.recipients.none',
  amountBelowMin: 'agent.transfer.amount.below.min',
  amountAboveMax: 'agent.transfer.amount.above.max',
  /** 400: a lucky bag's total cannot give each recipient the minimum. */
  shareBelowMin: 'agent.transfer.share.below.min',
  dailyCount: 'agent.transfer.daily.count',
  balanceNotEnough: 'agent.transfer.balance.not.enough',
  passwordInvalid: 'agent.transfer.password.invalid',
} as const;
