import { z } from 'zod';
import { gameProfitByDaySchema, gameProfitByTypeSchema } from './bet-records.ts';
import { moneySchema } from './envelope.ts';
import { amountInputSchema, parseAmount } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Withdrawals, the payment password, bound bank accounts and the member's transaction history
 * (issue 4 "Withdrawals" and "History"; spec §2 pages withdraw, transactionHistory, personalProfit;
 * spec §4 "Withdrawal confirmation"). Money on the wire is a decimal string with two places; times
 * are epoch ms. Calls marked sealed send their body sealed (sealed.ts); ids travel inside the body so
 * that they are sealed too. Operator calls (`/admin-api/withdrawals...`) are at the end.
 * ---------------------------------------------------------------------------------------------- */

export const withdrawalPaths = {
  /** GET (token): has the member a payment password. */
  paymentPassword: '/wps/v2/member/paymentPassword',
  /** PUT (sealed, token, real members): set it when absent, proving the login password. */
  setPaymentPassword: '/wps/v2/member/paymentPassword',
  /** POST (sealed, token, real members): change it, proving the old one. */
  changePaymentPassword: '/wps/v2/member/paymentPassword',
  /** GET (token, real members): the bound bank accounts (numbers masked) and the payee name. */
  withdrawAccountInfo: '/wps/relay/MCSFE_getWithdrawAccountInfo',
  /** PUT (sealed, token, real members): bind a bank account. */
  bindBankAccount: '/wps/v2/member/bankAccount',
  /** POST (sealed, token, real members): change a bound account (payment password). */
  updateBankAccount: '/wps/v2/member/bankAccount/update',
  /** POST (sealed, token, real members): remove a bound account (payment password). */
  removeBankAccount: '/wps/v2/member/bankAccount/remove',
  /** GET (token, real members): limits, fee, today's count, turnover state. */
  withdrawSettings: '/wps/relay/MCSFE_getWithdrawSettings',
  /** POST (sealed, token, real members, `Idempotency-Key`): request a withdrawal. */
  withdraw: '/wps/v2/transaction/withdraw',
  /** GET (token, real members): the member's withdrawals, newest first, paged. */
  withdrawReport: '/wps/relay/MCSFE_getWithdrawTransactionReport',
  /** GET (token, real members): paid withdrawals waiting for the member's answer (spec §4). */
  paymentConfirmationList: '/wps/relay/MCSFE_getPaymentConfirmationList',
  /** POST (token, real members): "I received it". */
  confirmReceived: '/wps/v2/transaction/withdraw/received',
  /** POST (token, real members): "I did not receive it", with a proof image; goes to review. */
  reportNotReceived: '/wps/v2/transaction/withdraw/notReceived',
  /** GET (token, real members): the payout slip the operator attached when paying, the image itself, `?withdrawalId=`; another member's id answers 404. */
  payoutSlip: '/wps/relay/MCSFE_getWithdrawPayoutSlip',
  /** GET or POST (token): every ledger movement of the member (page transactionHistory). */
  transactionHistory: '/wps/relay/ODSFE2_MemTransDet',
  /** GET (token): deposits, withdrawals and their difference over a date range (page personalProfit). */
  personalProfit: '/wps/relay/ODSFE2_MemPNLDet',

  /** GET (operator, `withdrawals.review`): withdrawals for review, filtered and paged. */
  adminList: '/admin-api/withdrawals',
  /** GET (operator, `withdrawals.review`): one withdrawal, `?withdrawalId=`. */
  adminDetail: '/admin-api/withdrawals/detail',
  /** GET (operator, `withdrawals.review`): the not-received proof image itself (`image/png` or `image/jpeg`), `?withdrawalId=`. */
  adminProof: '/admin-api/withdrawals/proof',
  /** GET (operator, `withdrawals.review`): the payout slip attached when paying (`image/png` or `image/jpeg`), `?withdrawalId=`. */
  adminPayoutSlip: '/admin-api/withdrawals/payoutSlip',
  /** POST (operator, `withdrawals.review`): pay it (held → payable), with the payout's bank reference and an optional slip. */
  adminApprove: '/admin-api/withdrawals/approve',
  /** POST (operator, `withdrawals.review`): refuse it with a reason (held → back to the main wallet). */
  adminReject: '/admin-api/withdrawals/reject',
  /** POST (operator, `withdrawals.review`): close an approved or not-received withdrawal as received. */
  adminForceReceived: '/admin-api/withdrawals/forceReceived',
  /** GET (operator, `approvals.review`): payouts above the threshold, by second-approval status (`?status=`, default pending). */
  adminSecondApprovals: '/admin-api/withdrawals/secondApprovals',
  /** POST (operator, `approvals.review`, not the one who asked): confirm a waiting payout; the withdrawal is paid then. */
  adminConfirmSecondApproval: '/admin-api/withdrawals/secondApprovals/confirm',
  /** POST (operator, `approvals.review`, not the one who asked): send a waiting payout back to review, with a reason. */
  adminReturnSecondApproval: '/admin-api/withdrawals/secondApprovals/return',
} as const;

/** Error codes of these calls. Messages are in the server's catalogue under the same keys, TH and EN. */
export const withdrawalErrorCodes = {
  /** The member has no payment password yet (400, field `paymentPassword`): set one first (PUT paymentPassword). */
  paymentPasswordMissing: 'not.exists.payment.password',
  /** The payment password is wrong (400, field `paymentPassword` or `oldPaymentPassword`); 5 in 15 minutes, then 429 `TOO_MANY_REQUESTS`. */
  paymentPasswordInvalid: 'invalid.payment.pw',
  /** Setting a payment password when the member has one (409): change it instead. */
  paymentPasswordExists: 'payment.password.exists',
  /** The login password given to set a payment password is wrong (400, field `password`); counted with wrong payment passwords. */
  loginPasswordInvalid: 'payment.password.login.invalid',
  /** The new payment password equals the old one (400, field `newPaymentPassword`). */
  paymentPasswordUnchanged: 'payment.password.unchanged',
  /** The account name is not the member's payee name (400, field `accountName`). Case and spaces do not matter. */
  accountNameMismatch: 'bank.account.name.mismatch',
  /** This bank account number is already bound, to this member or another (409, field `accountNumber`). */
  bankAccountBound: 'bank.account.bound',
  /** The member already has `maxBankAccounts` accounts (409): remove one first. */
  bankAccountLimit: 'bank.account.limit',
  /** No bank account of this member has this id: unknown, removed and another member's answer alike (400, field `bankAccountId`). */
  bankAccountUnknown: 'bank.account.unknown',
  /** The amount is below the merchant's minimum (400, field `amount`; the message gives it). */
  amountBelowMin: 'withdraw.amount.below.min',
  /** The amount is above the merchant's maximum (400, field `amount`; the message gives it). */
  amountAboveMax: 'withdraw.amount.above.max',
  /** The main wallet holds less than the amount (400, field `amount`; `value.availableBalance`). */
  balanceNotEnough: 'withdraw.balance.not.enough',
  /** The member asked `dailyCountLimit` withdrawals in the last 24 hours (400; the message gives the limit). */
  dailyCountExceeded: 'withdraw.daily.count.exceeded',
  /** Turnover still owed (400; `value.remainingTurnover`, protocol notes' name). Play it, then withdraw. */
  turnoverNotEnough: 'withdraw_turnover_not_enough',
  /** A bonus's turnover is unmet and the merchant blocks withdrawals meanwhile (modules/bonus, `getTurnoverInfo` N). */
  promotionTurnoverNotEnough: 'promotion_turnover_not_enough',
  /** No withdrawal of this member (or, for operators, of this merchant) has this id (400, field `withdrawalId`; operators 404). */
  withdrawalUnknown: 'withdrawal.unknown',
  /** The withdrawal's status does not allow this step (409, `value.status` is its status now); nothing changed. */
  withdrawalStatusConflict: 'withdrawal.status.conflict',
  /** The proof is not a PNG or JPEG image by its content (400, field `proofImage`). */
  proofNotImage: 'withdraw.proof.not.image',
  /** The proof is larger than 5 MB (400, field `proofImage`). */
  proofTooLarge: 'withdraw.proof.too.large',
  /** The payout reference is not 1-64 letters, digits, spaces or `. _ / : # -` starting with a letter or digit (400, field `payoutReference`). */
  payoutReferenceInvalid: 'withdrawal.payout.reference.invalid',
  /** The payout waits for a second operator (409): approve and reject are closed until it is confirmed or returned. */
  secondApprovalAwaiting: 'withdrawal.approval.awaiting',
  /** The operator who asked for the payout cannot be its second approver (409), whatever their permissions: ask another. */
  secondApprovalSelfRefused: 'withdrawal.approval.self.refused',
  /** Nothing waits for a second approval on this withdrawal (409, `value.status`: the withdrawal's): decided already, or never asked. */
  secondApprovalNone: 'withdrawal.approval.none',
} as const;
export type WithdrawalErrorCode = (typeof withdrawalErrorCodes)[keyof typeof withdrawalErrorCodes];

/* ------------------------------------------------------------------------------------------------
 * The merchant's `withdrawals` setting (merchant.config.ts), defaulted so stored rows stay valid.
 * ---------------------------------------------------------------------------------------------- */

/** An amount in settings (`"100.00"`, `"0"`): a decimal with at most two places. */
const settingAmountSchema = z
  .string()
  .refine((text) => parseAmount(text) !== null, 'a decimal amount with at most two places');

export const withdrawalsConfigSchema = z
  .object({
    minAmount: settingAmountSchema.default('100.00'),
    maxAmount: settingAmountSchema.default('50000.00'),
    /** Fixed fee taken from each withdrawal; must stay below minAmount. */
    feeAmount: settingAmountSchema.default('0'),
    /** Withdrawals a member may ask in any 24 hours (rejected ones do not count). */
    dailyCountLimit: z.number().int().min(1).max(1000).default(5),
    /**
     * Each approved deposit adds deposit x this to what the member must wager before withdrawing
     * (hundredths kept, e.g. 1.5). 0 switches the requirement off.
     */
    turnoverMultiplier: z.number().min(0).max(100).default(0),
    /** Spec §4: a paid withdrawal the member does not answer within this counts as received. */
    confirmMinutes: z.number().int().min(1).max(43_200).default(60),
    maxBankAccounts: z.number().int().min(1).max(10).default(3),
    /** The payment password's rule (a PIN by default). */
    paymentPassword: z
      .object({
        minLength: z.number().int().min(4).max(32),
        maxLength: z.number().int().min(4).max(64),
        digitsOnly: z.boolean(),
      })
      .refine((rule) => rule.minLength <= rule.maxLength, 'minLength above maxLength')
      .default({ minLength: 6, maxLength: 6, digitsOnly: true }),
  })
  .refine((config) => parseAmount(config.minAmount)! <= parseAmount(config.maxAmount)!, {
    message: 'minAmount above maxAmount',
    path: ['minAmount'],
  })
  .refine((config) => parseAmount(config.feeAmount)! < parseAmount(config.minAmount)!, {
    message: 'feeAmount must be below minAmount',
    path: ['feeAmount'],
  });
export type WithdrawalsConfig = z.infer<typeof withdrawalsConfigSchema>;

/** What a merchant without the setting gets. */
export const defaultWithdrawalsConfig: WithdrawalsConfig = {
  minAmount: '100.00',
  maxAmount: '50000.00',
  feeAmount: '0',
  dailyCountLimit: 5,
  turnoverMultiplier: 0,
  confirmMinutes: 60,
  maxBankAccounts: 3,
  paymentPassword: { minLength: 6, maxLength: 6, digitsOnly: true },
};

/* ------------------------------------------------------------------------------------------------
 * Payment password (protocol notes: `not.exists.payment.password`, `invalid.payment.pw`).
 * ---------------------------------------------------------------------------------------------- */

/** A payment password as typed: checked against the merchant's rule on the server (default 6 digits). */
const paymentPasswordInputSchema = z.string().max(255);

/** GET /wps/v2/member/paymentPassword */
export const paymentPasswordStatusSchema = z.object({
  hasPaymentPassword: z.boolean(),
  /** The rule a new payment password must follow, for the form's hint. */
  minLength: z.number().int(),
  maxLength: z.number().int(),
  digitsOnly: z.boolean(),
});
export type PaymentPasswordStatus = z.infer<typeof paymentPasswordStatusSchema>;

/** PUT /wps/v2/member/paymentPassword (sealed): only when the member has none (else 409 `payment.password.exists`). */
export const setPaymentPasswordRequestSchema = z.object({
  /** The member's login password: a stolen session alone cannot set one. */
  password: z.string().max(255),
  paymentPassword: paymentPasswordInputSchema,
  confirmPaymentPassword: paymentPasswordInputSchema,
});
export type SetPaymentPasswordRequest = z.infer<typeof setPaymentPasswordRequestSchema>;

/** POST /wps/v2/member/paymentPassword (sealed). */
export const changePaymentPasswordRequestSchema = z.object({
  oldPaymentPassword: paymentPasswordInputSchema,
  newPaymentPassword: paymentPasswordInputSchema,
  confirmPaymentPassword: paymentPasswordInputSchema,
});
export type ChangePaymentPasswordRequest = z.infer<typeof changePaymentPasswordRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * Bank accounts.
 * ---------------------------------------------------------------------------------------------- */

/** A bound bank account as the member sees it. */
export const bankAccountSchema = z.object({
  bankAccountId: z.number().int(),
  /** Thai bank code (`KBANK`, `SCB`, `BBL`, ...), as MCSFE_getBanks lists them. */
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked: all but the last four digits hidden (`******7890`). */
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.number().int(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** GET /wps/relay/MCSFE_getWithdrawAccountInfo */
export const withdrawAccountInfoSchema = z.object({
  content: z.array(bankAccountSchema),
  /** The name every account must carry; null until the first binding sets it. */
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** How many accounts a member may bind. */
  maxAccounts: z.number().int(),
});
export type WithdrawAccountInfo = z.infer<typeof withdrawAccountInfoSchema>;

/**
 * PUT /wps/v2/member/bankAccount (sealed). `accountName` must equal the member's payee name, ignoring
 * case and spaces; a member without a payee name gets this one. Answers bankAccountSchema.
 */
export const bindBankAccountRequestSchema = z.object({
  bankCode: z.string().max(32),
  /** Digits only; the length depends on the bank. */
  accountNumber: z.string().max(64),
  accountName: z.string().max(255),
  /**
   * Required once the member has a payment password (400 `validation.failed` without it, 400
   * `invalid.payment.pw` when wrong, counted with every other wrong one). A member without one yet
   * binds without it (`hasPaymentPassword` of MCSFE_getWithdrawAccountInfo says which).
   */
  paymentPassword: paymentPasswordInputSchema.optional(),
});
export type BindBankAccountRequest = z.infer<typeof bindBankAccountRequestSchema>;

/** POST /wps/v2/member/bankAccount/update (sealed). Answers bankAccountSchema. */
export const updateBankAccountRequestSchema = bindBankAccountRequestSchema.extend({
  /** Always required: a member without a payment password has none to give (400 `not.exists.payment.password`). */
  bankAccountId: z.number().int(),
  paymentPassword: paymentPasswordInputSchema,
});
export type UpdateBankAccountRequest = z.infer<typeof updateBankAccountRequestSchema>;

/** POST /wps/v2/member/bankAccount/remove (sealed). Answers `value: null`. */
export const removeBankAccountRequestSchema = z.object({
  bankAccountId: z.number().int(),
  paymentPassword: paymentPasswordInputSchema,
});
export type RemoveBankAccountRequest = z.infer<typeof removeBankAccountRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * Withdrawals.
 * ---------------------------------------------------------------------------------------------- */

/**
 * pending: in review, the amount held. approved: paid out, waiting for the member's answer.
 * rejected: refused by an operator, the amount back in the main wallet. received: closed (the member
 * confirmed, the merchant's minutes ran out, or an operator forced it). not_received: the member says
 * the money never came; an operator looks at the proof and forces received once it is settled.
 */
export const withdrawalStatusSchema = z.enum(['pending', 'approved', 'rejected', 'received', 'not_received']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** Who closed a withdrawal as received. */
export const receivedBySchema = z.enum(['member', 'auto', 'operator']);
export type ReceivedBy = z.infer<typeof receivedBySchema>;

/** Turnover: what the member must still wager before withdrawing (deposits x the merchant's multiplier). */
export const turnoverStateSchema = z.object({
  requiredAmount: moneySchema,
  wageredAmount: moneySchema,
  /** max(required - wagered, 0); a withdrawal is refused while it is above zero. */
  remainingAmount: moneySchema,
  isMet: z.boolean(),
});
export type TurnoverState = z.infer<typeof turnoverStateSchema>;

/** GET /wps/relay/MCSFE_getWithdrawSettings */
export const withdrawSettingsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  /** Fixed fee taken from each withdrawal (the member receives amount - fee). */
  feeAmount: moneySchema,
  dailyCountLimit: z.number().int(),
  dailyCountUsed: z.number().int(),
  /** The main wallet, what a withdrawal can take from. */
  availableBalance: moneySchema,
  turnover: turnoverStateSchema,
  hasPaymentPassword: z.boolean(),
  hasBankAccount: z.boolean(),
  /** Minutes after payment within which the member should confirm (then it counts as received). */
  confirmMinutes: z.number().int(),
});
export type WithdrawSettings = z.infer<typeof withdrawSettingsSchema>;

/** POST /wps/v2/transaction/withdraw (sealed, `Idempotency-Key`). Answers withdrawalSchema. */
export const withdrawRequestSchema = z.object({
  amount: amountInputSchema,
  bankAccountId: z.number().int(),
  paymentPassword: paymentPasswordInputSchema,
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

/** `value` of `withdraw_turnover_not_enough` (400). */
export const withdrawTurnoverNotEnoughValueSchema = z.object({ remainingTurnover: moneySchema });
export type WithdrawTurnoverNotEnoughValue = z.infer<typeof withdrawTurnoverNotEnoughValueSchema>;

/** A withdrawal as the member sees it. */
export const withdrawalSchema = z.object({
  withdrawalId: z.number().int(),
  /** What leaves the wallet. */
  amount: moneySchema,
  feeAmount: moneySchema,
  /** What the bank account receives: amount - fee. */
  payoutAmount: moneySchema,
  status: withdrawalStatusSchema,
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked. */
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  /** The operator's reason of a rejection. */
  rejectReason: z.string().nullable(),
  /** While approved: when it will count as received without an answer. */
  confirmDeadline: z.number().int().nullable(),
  receivedAt: z.number().int().nullable(),
  receivedBy: receivedBySchema.nullable(),
  /** The bank's reference of the payout, given by the operator who paid it (null before, and for withdrawals paid before references existed). */
  payoutReference: z.string().nullable(),
  /** The operator attached a slip of the payout (GET payoutSlip, the member's own only). */
  hasPayoutSlip: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** Paging of every list (protocol notes: the list in `content`, paging fields beside it). */
const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** GET /wps/relay/MCSFE_getWithdrawTransactionReport */
export const withdrawReportQuerySchema = pageQuerySchema.extend({
  status: withdrawalStatusSchema.optional(),
});
export type WithdrawReportQuery = z.infer<typeof withdrawReportQuerySchema>;
export const withdrawReportSchema = pageSchema(withdrawalSchema);
export type WithdrawReport = z.infer<typeof withdrawReportSchema>;

/** GET /wps/relay/MCSFE_getPaymentConfirmationList: approved withdrawals waiting for an answer. */
export const paymentConfirmationListSchema = z.object({ content: z.array(withdrawalSchema) });
export type PaymentConfirmationList = z.infer<typeof paymentConfirmationListSchema>;

/** GET /wps/relay/MCSFE_getWithdrawPayoutSlip: answers the image itself (`image/png` or `image/jpeg`), or 404 `withdrawal.unknown`. */
export const payoutSlipQuerySchema = z.object({ withdrawalId: z.coerce.number().int().min(1) });
export type PayoutSlipQuery = z.infer<typeof payoutSlipQuerySchema>;

/** POST /wps/v2/transaction/withdraw/received. Answers withdrawalSchema. */
export const confirmReceivedRequestSchema = z.object({ withdrawalId: z.number().int() });
export type ConfirmReceivedRequest = z.infer<typeof confirmReceivedRequestSchema>;

/** The largest proof image (spec §5, §9: png or jpg, at most 5 MB), checked by content, not by name. */
export const proofImageMaxBytes = 5 * 1024 * 1024;

/**
 * POST /wps/v2/transaction/withdraw/notReceived: `proofImage` is the PNG or JPEG file as base64 (a
 * `data:image/...;base64,` prefix is accepted), at most 5 MB decoded. Answers withdrawalSchema.
 */
export const reportNotReceivedRequestSchema = z.object({
  withdrawalId: z.number().int(),
  /** Capped loosely here (room for a prefix and line breaks); the server answers a too-large image by its decoded size. */
  proofImage: z.string().max(proofImageMaxBytes * 2),
  /** Spec §5, §9: remarks at most 140 characters. */
  remark: z.string().trim().max(140).optional(),
});
export type ReportNotReceivedRequest = z.infer<typeof reportNotReceivedRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * History (page transactionHistory) and profit (page personalProfit).
 * ---------------------------------------------------------------------------------------------- */

/**
 * What a movement was. deposit: money in. withdrawal: the hold of a requested withdrawal (main
 * wallet out). withdrawal_release: a rejected withdrawal back in. withdrawal_payout: the held money
 * paid out (with its fee). A deposit channel's fee is a `deposit` movement out of the wallet.
 * adjustment: an operator's correction. transfer: between the main and a vendor wallet. bet, win:
 * games. bonus, trial: bonus or play money. other: anything newer than this list.
 */
export const historyTypeSchema = z.enum([
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'withdrawal_payout',
  'adjustment',
  'transfer',
  'bet',
  'win',
  'bonus',
  /** A bonus whose turnover was met, its remaining moved from the bonus wallet to the main wallet (modules/bonus). */
  'bonus_convert',
  /** A bonus forfeited or expired: its remaining went back to the house (modules/bonus). */
  'bonus_forfeit',
  'trial',
  /** To or from a downline or the upline (modules/agents transfers, the original's 6207/6104/6233). */
  'agent_transfer',
  /** A salary or dividend under an agent contract (modules/agents settlement; the original's 4301, 6116/6112). */
  'agent_income',
  'other',
]);
export type HistoryType = z.infer<typeof historyTypeSchema>;

/** GET query or POST body of /wps/relay/ODSFE2_MemTransDet. Dates are epoch ms, start inclusive, end exclusive. */
export const transactionHistoryQuerySchema = pageQuerySchema.extend({
  type: historyTypeSchema.optional(),
  startTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
  endTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

/** A game vendor as the catalogue names it in the request's language (its code when the catalogue no longer has it). */
export const historyVendorSchema = z.object({ vassalage: z.string(), name: z.string() });
export type HistoryVendor = z.infer<typeof historyVendorSchema>;

/**
 * What a movement was, for the page to say in the member's language instead of showing the raw
 * reference (by `kind`):
 * - `deposit`, `withdrawal`, `adjustment`: that record, by the id the member sees elsewhere (`#7`);
 *   `isFee`: the record's fee (a deposit channel's fee, a withdrawal's fee).
 * - `transfer`: money moved between the main wallet and a transfer-mode vendor's wallet (`direction`
 *   IN: into the vendor's wallet, OUT: back out of it), with the transfer's `status`; `isReturned`: the
 *   vendor refused it and this movement put the money back where it came from. `transferId` is the
 *   reference the vendor knows it by (GCS_walletTransfer's), `shortTransferId` its first 8 characters.
 * - `vendor_result`: what the member won (in) or lost (out) at a transfer-mode vendor, counted when the
 *   platform read that vendor's wallet before moving money out of it.
 * - `bet_refund`: a game cancelled a bet and gave its stake back (the row's `game` names the round).
 */
export const historyDetailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), depositId: z.number().int(), isFee: z.boolean() }),
  z.object({ kind: z.literal('withdrawal'), withdrawalId: z.number().int(), isFee: z.boolean() }),
  z.object({ kind: z.literal('adjustment'), adjustmentId: z.number().int() }),
  z.object({
    kind: z.literal('transfer'),
    vendor: historyVendorSchema,
    direction: z.enum(['IN', 'OUT']),
    status: z.enum(['pending', 'succeeded', 'failed']),
    isReturned: z.boolean(),
    transferId: z.string(),
    shortTransferId: z.string(),
  }),
  z.object({ kind: z.literal('vendor_result'), vendor: historyVendorSchema }),
  z.object({ kind: z.literal('bet_refund') }),
]);
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

/** One movement of one of the member's wallets. */
export const historyEntrySchema = z.object({
  /** The ledger transfer's id; with `wallet` unique in the list. */
  transactionId: z.number().int(),
  type: historyTypeSchema,
  /** Signed: positive into the wallet, negative out of it. */
  amount: moneySchema,
  /** The wallet's balance right after this movement. */
  balanceAfter: moneySchema,
  /** `main`, `held`, `bonus`, `trial`, or `vendor:<code>`. */
  wallet: z.string(),
  /** A `vendor:<code>` wallet's vendor as the catalogue names it in the request's language; null for the member's own wallets. */
  walletVendorName: z.string().nullable(),
  /** The business record's status when there is one (a withdrawal's `pending`, ...); null otherwise. */
  status: z.string().nullable(),
  /**
   * The business record (`withdrawal:12`, `deposit:7`, `HOUSE:<round id>`, `transfer:<reference>`, ...):
   * a key for programs, never shown to the member (`game` and `detail` describe the row).
   */
  reference: z.string(),
  /**
   * A game round's money (`bet`, `win`): the game, named by the catalogue in the request's language,
   * and the round (`shortRoundId`: its first 8 characters, what the page shows); null otherwise.
   */
  game: z.object({ gameId: z.string(), name: z.string(), roundId: z.string(), shortRoundId: z.string() }).nullable(),
  /** What the movement was (historyDetailSchema); null when the type says it all (a bet, a win, a trial credit, ...). */
  detail: historyDetailSchema.nullable(),
  time: z.number().int(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const transactionHistorySchema = pageSchema(historyEntrySchema);
export type TransactionHistory = z.infer<typeof transactionHistorySchema>;

/**
 * GET /wps/relay/ODSFE2_MemPNLDet: deposits and withdrawals, and the games' profit and loss of the
 * records settled in the range, in total, by day and by game type.
 */
export const personalProfitQuerySchema = z.object({
  startTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
  endTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
  /**
   * The member's offset from UTC in minutes (Thailand: 420), which says where their days begin for
   * `gameByDay`; the site sends the browser's. Default 0 (UTC days).
   */
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
});
export type PersonalProfitQuery = z.infer<typeof personalProfitQuerySchema>;

export const personalProfitSchema = z.object({
  currency: z.string(),
  depositAmount: moneySchema,
  /** Withdrawals paid out (approved, whatever the member answered since) in the range. */
  withdrawalAmount: moneySchema,
  /** withdrawalAmount - depositAmount: what the member took out beyond what they put in. */
  profitAmount: moneySchema,
  /** Stakes and wins of the game rounds settled in the range. */
  betAmount: moneySchema,
  winAmount: moneySchema,
  validBetAmount: moneySchema,
  /** winAmount - betAmount: positive when the member won at the games. */
  gameProfitAmount: moneySchema,
  /** Days with settled rounds, newest first (at most gameProfitMaxDays). */
  gameByDay: z.array(gameProfitByDaySchema),
  /** Game types with settled rounds, the largest stake first. */
  gameByType: z.array(gameProfitByTypeSchema),
});
export type PersonalProfit = z.infer<typeof personalProfitSchema>;

/* ------------------------------------------------------------------------------------------------
 * Operator calls (/admin-api/withdrawals...). Every action is one transaction with its ledger
 * posting and its audit row.
 * ---------------------------------------------------------------------------------------------- */

/** GET /admin-api/withdrawals */
export const adminWithdrawalListQuerySchema = pageQuerySchema.extend({
  /** Default: the review queue (pending and not_received). */
  status: withdrawalStatusSchema.optional(),
  /** Exact member account (username). */
  account: z.string().max(255).optional(),
});
export type AdminWithdrawalListQuery = z.infer<typeof adminWithdrawalListQuerySchema>;

export const secondApprovalStatuses = ['pending', 'confirmed', 'returned'] as const;
export type SecondApprovalStatus = (typeof secondApprovalStatuses)[number];

/**
 * Four-eyes for payouts: an approval of a withdrawal above the merchant's approval threshold (the
 * adjustments' setting) waits for a second operator. The member still sees "in review" (`pending`).
 */
export const withdrawalSecondApprovalSchema = z.object({
  id: z.string(),
  /** pending: waiting; confirmed: paid with this reference; returned: sent back to review (the reason says why). */
  status: z.enum(secondApprovalStatuses),
  /** The threshold the amount was above when asked. */
  thresholdAmount: z.string(),
  payoutReference: z.string(),
  hasPayoutSlip: z.boolean(),
  requestedBy: z.string().nullable(),
  requestedAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
});
export type WithdrawalSecondApproval = z.infer<typeof withdrawalSecondApprovalSchema>;

/** A withdrawal as the operator sees it: unmasked account number, the member, the proof. */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  account: z.string(),
  /** The full account number, to pay it. */
  accountNumber: z.string(),
  /** A not-received claim carries a proof image (GET /admin-api/withdrawals/proof). */
  hasProof: z.boolean(),
  notReceivedRemark: z.string().nullable(),
  notReceivedAt: z.number().int().nullable(),
  reviewedBy: z.string().nullable(),
  /** The latest second-approval request when the payout needed one (above the merchant's threshold); absent or null otherwise. */
  secondApproval: withdrawalSecondApprovalSchema.nullable().optional(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** GET /admin-api/withdrawals/secondApprovals */
export const adminSecondApprovalQuerySchema = z.object({
  status: z.enum(secondApprovalStatuses).default('pending'),
});
export type AdminSecondApprovalQuery = z.infer<typeof adminSecondApprovalQuerySchema>;

/** One request with its withdrawal (as the desk shows it); the newest 200 of a status, and the pending count. */
export const adminSecondApprovalPageSchema = z.object({
  items: z.array(withdrawalSecondApprovalSchema.extend({ withdrawal: adminWithdrawalSchema })),
  pending: z.number().int(),
});
export type AdminSecondApprovalPage = z.infer<typeof adminSecondApprovalPageSchema>;

/** POST /admin-api/withdrawals/secondApprovals/confirm. Answers adminWithdrawalSchema (approved, paid). */
export const adminConfirmSecondApprovalRequestSchema = z.object({ withdrawalId: z.number().int().min(1) });
export type AdminConfirmSecondApprovalRequest = z.infer<typeof adminConfirmSecondApprovalRequestSchema>;

/** POST /admin-api/withdrawals/secondApprovals/return: back to review (still pending, nothing paid). Answers adminWithdrawalSchema. */
export const adminReturnSecondApprovalRequestSchema = z.object({
  withdrawalId: z.number().int().min(1),
  reason: z.string().trim().min(1).max(500),
});
export type AdminReturnSecondApprovalRequest = z.infer<typeof adminReturnSecondApprovalRequestSchema>;

export const adminWithdrawalListSchema = pageSchema(adminWithdrawalSchema);
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

/** GET /admin-api/withdrawals/detail and /proof */
export const adminWithdrawalIdQuerySchema = z.object({ withdrawalId: z.coerce.number().int().min(1) });
export type AdminWithdrawalIdQuery = z.infer<typeof adminWithdrawalIdQuerySchema>;

/** A payout reference: what the bank's transfer shows (`FT24137ABC12`, `2024-05-16 001234`), at most 64 characters. */
export const payoutReferenceMaxLength = 64;
/** Starts with a letter or digit; then letters, digits, spaces and `. _ / : # -` (checked after trimming). */
export const payoutReferencePattern = /^[A-Za-z0-9][A-Za-z0-9 ._/:#-]*$/;

/**
 * POST /admin-api/withdrawals/approve: pays it. `payoutReference` (required, trimmed, see
 * payoutReferencePattern) and `payoutSlip` (optional: the bank's slip, PNG or JPEG as base64, a
 * `data:` prefix accepted, at most 5 MB decoded) are stored with it and shown to the member.
 * Answers adminWithdrawalSchema.
 */
export const adminApproveWithdrawalRequestSchema = z.object({
  withdrawalId: z.number().int().min(1),
  payoutReference: z.string().max(255),
  payoutSlip: z
    .string()
    .max(proofImageMaxBytes * 2)
    .optional(),
});
export type AdminApproveWithdrawalRequest = z.infer<typeof adminApproveWithdrawalRequestSchema>;

/** POST /admin-api/withdrawals/reject: the reason is shown to the member. Answers adminWithdrawalSchema. */
export const adminRejectWithdrawalRequestSchema = z.object({
  withdrawalId: z.number().int().min(1),
  reason: z.string().trim().min(1).max(500),
});
export type AdminRejectWithdrawalRequest = z.infer<typeof adminRejectWithdrawalRequestSchema>;

/** POST /admin-api/withdrawals/forceReceived. Answers adminWithdrawalSchema. */
export const adminForceReceivedRequestSchema = z.object({
  withdrawalId: z.number().int().min(1),
  remark: z.string().trim().max(500).optional(),
});
export type AdminForceReceivedRequest = z.infer<typeof adminForceReceivedRequestSchema>;
