import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { parseAmount } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Deposits (issue 4 "Deposits"; spec §2 page depositv2; spec §7 names `MCSFE_getDepositMethods`,
 * `MCSFE_getBanks`, `MCSFE_createDepositTask`, `MCSFE_getDepositTransactionReport`). Money on the
 * wire is a decimal string with two places; times are epoch ms; ids are numbers. Member calls carry
 * `Authorization: <token>` and refuse trial accounts (403 `member.trial.forbidden`). Operator calls
 * (`/admin-api/deposits...`) are at the end.
 *
 * Channels: BANK (transfer to one of the operator's accounts, with a reference and a proof image,
 * reviewed by an operator), PROMPTPAY (an EMVCo QR with the amount, confirmed by an operator) and
 * payment gateways (DEMOPAY, the bundled demo gateway: a pay page at `payUrl`, then a signed callback
 * credits the member). The fee, when a channel has one, is paid by the member: it is taken from the
 * credited amount (`creditAmount = amount - feeAmount`), and shown before the member confirms.
 * ---------------------------------------------------------------------------------------------- */

export const depositPaths = {
  /** GET (token, real members): general deposit settings (currency, proof rules, pending minutes, first-deposit flag). */
  settings: '/wps/relay/MCSFE_getDepositSettings',
  /** GET (token, real members): the channels open to this member, with limits, fee, what is left today, where to pay. */
  methods: '/wps/relay/MCSFE_getDepositMethods',
  /** GET (token, real members): Thai banks (code, TH and EN names). */
  banks: '/wps/relay/MCSFE_getBanks',
  /** POST multipart (token, real members): upload a BANK transfer slip (field `file`, png or jpg, at most 5 MB); answers its proofId. */
  uploadProof: '/wps/relay/MCSFE_uploadDepositProof',
  /** GET (token, real members): one of the member's own proofs, the image itself, `?proofId=`. */
  proof: '/wps/relay/MCSFE_getDepositProof',
  /** POST (token, real members, `Idempotency-Key`): start a deposit; answers depositSchema. */
  create: '/wps/relay/MCSFE_createDepositTask',
  /** GET (token, real members): one of the member's deposits, `?depositId=` (to poll after paying, or redraw a QR). */
  detail: '/wps/relay/MCSFE_getDepositTask',
  /** GET (token, real members): the member's deposits, newest first, filtered and paged. */
  report: '/wps/relay/MCSFE_getDepositTransactionReport',
  /** GET (token, real members): the member's own deposit limits (24 h, 7 days, 30 days). */
  limits: '/wps/relay/MCSFE_getDepositLimits',
  /** POST (token, real members): change them; decreases apply at once, increases after 24 hours. */
  setLimits: '/wps/relay/MCSFE_setDepositLimits',
  /** POST (token, real members): "I have paid" on a pending PROMPTPAY deposit: it waits for review and no longer expires. */
  confirmPaid: '/wps/relay/MCSFE_confirmDepositPaid',
  /** POST (token, real members): attach an uploaded slip to one of the member's PROMPTPAY deposits that has none. */
  attachProof: '/wps/relay/MCSFE_attachDepositProof',
  /** POST (token, real members): ask the operators about one of the member's deposits (the original's "reminder"). */
  askQuestion: '/wps/relay/MCSFE_initiateReminder',

  /** The demo gateway's pay page (outside `/wps`): GET shows Pay and Fail; POST `{ result }` (JSON or form) does what a button does. */
  demoPayPage: '/demopay/pay/:paymentId',
  /** Where a gateway posts its signed callback (outside `/wps`: gateways send no Merchant header). */
  gatewayCallback: '/payment-callback/:gatewayCode/:merchantCode',

  /** GET (operator, `deposits.review`): deposits for review, filtered and paged. */
  adminList: '/admin-api/deposits',
  /** GET (operator, `deposits.review`): one deposit, `?depositId=`. */
  adminDetail: '/admin-api/deposits/detail',
  /** GET (operator, `deposits.review`): the proof image itself (`image/png` or `image/jpeg`), `?depositId=`. */
  adminProof: '/admin-api/deposits/proof',
  /** POST (operator, `deposits.review`): approve a pending BANK or PROMPTPAY deposit: credits the member. */
  adminApprove: '/admin-api/deposits/approve',
  /** POST (operator, `deposits.review`): reject a pending BANK or PROMPTPAY deposit with a reason. */
  adminReject: '/admin-api/deposits/reject',
  /** POST (operator, `deposits.review`): answer a member's open question about a deposit. */
  adminAnswerQuestion: '/admin-api/deposits/answer-question',
  /** GET (operator, `channels.manage`): the merchant's deposit channel settings (secrets never shown). */
  adminChannels: '/admin-api/deposits/channels',
  /** PUT (operator, `channels.manage`): replace them (a DEMOPAY secret left out keeps the current one). */
  adminUpdateChannels: '/admin-api/deposits/channels',
} as const;

/** Fills `:name` placeholders of a depositPaths entry. */
export function depositPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Error codes of the deposit calls. Messages are in the server's catalogue under the same keys, TH and EN. */
export const depositErrorCodes = {
  /**
   * The amount is not a positive decimal with at most two places, or is outside the channel's
   * min and max (400, field `amount`; the message gives the range).
   */
  amountInvalid: 'deposit.amount.invalid',
  /** The amount does not cover the channel's fee (400, field `amount`; the message gives the fee). */
  amountBelowFee: 'deposit.amount.below.fee',
  /** The channel's daily count for this member is used up (400, field `amount`; the message gives the limit). */
  dailyCountExceeded: 'deposit.daily.count.exceeded',
  /** With this amount the channel's daily amount for this member would be passed (400, field `amount`; the message gives what is left). */
  dailyAmountExceeded: 'deposit.daily.amount.exceeded',
  /** With this amount one of the member's own limits (24 h, 7 days, 30 days) would be passed (400, field `amount`). */
  memberLimitExceeded: 'deposit.member.limit.exceeded',
  /** The channel is unknown, switched off for this merchant, or not available (400, field `methodCode`). */
  methodUnavailable: 'deposit.method.unavailable',
  /** BANK: the operator account named is not one of the channel's open accounts (400, field `bankAccountId`). */
  bankAccountUnknown: 'deposit.bank.account.unknown',
  /** BANK: the proof is missing, unknown, another member's or already used by another deposit (400, field `proofId`). */
  proofUnknown: 'deposit.proof.unknown',
  /** The uploaded file is not a PNG or JPEG image (checked by its content, not its name) (400, field `file`). */
  proofNotImage: 'deposit.proof.not.image',
  /** The uploaded file is larger than 5 MB (400, field `file`). */
  proofTooLarge: 'deposit.proof.too.large',
  /** Too many proofs uploaded and not yet used: use them or wait (429). */
  proofQuota: 'deposit.proof.quota',
  /** No deposit (or proof) with this id belongs to this member: unknown and another member's answer alike (404). */
  notFound: 'deposit.not.found',
  /** The deposit is no longer pending (approved, rejected or expired): nothing was changed (409; the message says its status). */
  notPending: 'deposit.not.pending',
  /**
   * A gateway deposit is settled by its gateway's callback, not by an operator (409); nor can its
   * member mark it paid or attach a slip to it (409, the gateway says whether it was paid).
   */
  notReviewable: 'deposit.not.reviewable',
  /** The deposit already has another slip: nothing was changed (409, field `proofId`). */
  proofExists: 'deposit.proof.exists',
  /** An open question about this deposit already waits for an answer: nothing was added (409, field `message`). */
  questionOpen: 'deposit.question.open',
  /** The deposit has had its maximum number of questions (409, field `message`). */
  questionLimit: 'deposit.question.limit',
  /** Operator: the question is already answered, with another text (409); the same answer again is a replay (200). */
  questionAnswered: 'deposit.question.answered',
  /** The gateway did not answer when the payment was created: retry with the same Idempotency-Key (502). */
  gatewayUnavailable: 'deposit.gateway.unavailable',
  /** A gateway callback whose signature does not verify, or that is too old: refused and journaled (401). */
  callbackSignatureInvalid: 'deposit.callback.signature.invalid',
  /** A gateway callback for a payment we never created (404) or whose amount differs from ours (409): refused and journaled. */
  callbackUnknownPayment: 'deposit.callback.unknown.payment',
  callbackMismatch: 'deposit.callback.mismatch',
  /** The demo pay page of a payment that does not exist (404) or was already paid or failed (409). */
  demoPaymentUnknown: 'demopay.payment.unknown',
  demoPaymentClosed: 'demopay.payment.closed',
} as const;
export type DepositErrorCode = (typeof depositErrorCodes)[keyof typeof depositErrorCodes];

/* ------------------------------------------------------------------------------------------------
 * Channel settings: the merchant's `deposits` setting, also what operators read and update.
 * ---------------------------------------------------------------------------------------------- */

export const depositMethodCodeSchema = z.enum(['BANK', 'PROMPTPAY', 'DEMOPAY']);
export type DepositMethodCode = z.infer<typeof depositMethodCodeSchema>;
export const depositStatusSchema = z.enum(['pending', 'approved', 'rejected', 'expired']);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

/** An amount in settings (`"100.00"`, `"0"`): a decimal with at most two places. */
const settingAmountSchema = z
  .string()
  .refine((text) => parseAmount(text) !== null, 'a decimal amount with at most two places');
/** A percentage with at most two places (`"1.5"` is 1.5 %), below 100. */
const settingPercentSchema = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'a percentage from 0 to 99.99');

/**
 * What every channel has. Daily limits count the member's deposits of the channel created in the
 * last 24 hours that are pending or approved (a rolling day: no time zone to agree on).
 */
export const depositChannelBaseSchema = z.object({
  enabled: z.boolean(),
  minAmount: settingAmountSchema,
  maxAmount: settingAmountSchema,
  /** Fee taken from the credited amount: `feeFixed + amount × feePercent / 100`, rounded down to the satang. */
  feeFixed: settingAmountSchema.default('0'),
  feePercent: settingPercentSchema.default('0'),
  dailyCountLimit: z.number().int().min(1).max(1000),
  dailyAmountLimit: settingAmountSchema,
});

/** Thai bank codes (Bank of Thailand short names); `MCSFE_getBanks` lists them with their names. */
export const thaiBankCodes = [
  'BBL',
  'KBANK',
  'KTB',
  'SCB',
  'BAY',
  'TTB',
  'GSB',
  'BAAC',
  'GHB',
  'KKP',
  'CIMBT',
  'UOBT',
  'TISCO',
  'LHBANK',
  'ICBCT',
] as const;
export const thaiBankCodeSchema = z.enum(thaiBankCodes);
export type ThaiBankCode = z.infer<typeof thaiBankCodeSchema>;

/** One of the operator's receiving accounts of the BANK channel. `id` is stable: deposits name it. */
export const operatorBankAccountSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  bankCode: thaiBankCodeSchema,
  accountName: z.string().trim().min(1).max(100),
  accountNumber: z.string().regex(/^\d{10,15}$/, '10 to 15 digits'),
  enabled: z.boolean(),
});
export type OperatorBankAccount = z.infer<typeof operatorBankAccountSchema>;

export const bankChannelSettingsSchema = depositChannelBaseSchema.extend({
  accounts: z.array(operatorBankAccountSchema).max(20),
});
export const promptPayChannelSettingsSchema = depositChannelBaseSchema.extend({
  /** The operator's PromptPay id: a Thai mobile number (`0812345678`) or a 13-digit tax or citizen id; required to enable. */
  promptPayId: z
    .string()
    .regex(/^(0\d{9}|\d{13})$/, 'a 10-digit mobile number starting with 0 or a 13-digit id')
    .nullable(),
  /** The name the member's banking app shows for the target, for the member to check. */
  accountName: z.string().trim().max(100),
});
export const demoPayChannelSettingsSchema = depositChannelBaseSchema.extend({
  /** HMAC-SHA256 key of the gateway's callbacks; required to enable. A secret: operators can set it, never read it. */
  secret: z.string().min(32).max(128).nullable(),
});

const withMinBelowMax = <T extends z.ZodType<{ minAmount: string; maxAmount: string }>>(schema: T) =>
  schema.refine((channel) => parseAmount(channel.minAmount)! <= parseAmount(channel.maxAmount)!, {
    message: 'minAmount must not exceed maxAmount',
    path: ['minAmount'],
  });

const channelsSchema = z.object({
  BANK: withMinBelowMax(bankChannelSettingsSchema),
  PROMPTPAY: withMinBelowMax(promptPayChannelSettingsSchema).refine(
    (channel) => !channel.enabled || (channel.promptPayId !== null && channel.accountName !== ''),
    {
      message: 'an enabled PromptPay channel needs promptPayId and accountName',
      path: ['promptPayId'],
    },
  ),
  DEMOPAY: withMinBelowMax(demoPayChannelSettingsSchema).refine(
    (channel) => !channel.enabled || channel.secret !== null,
    {
      message: 'an enabled DEMOPAY channel needs its secret',
      path: ['secret'],
    },
  ),
});

/**
 * The merchant's `deposits` setting. A pending deposit expires `pendingMinutes` after it was made
 * (a job does it); defaulted with every channel off so that stored rows stay valid.
 */
export const depositsConfigSchema = z.object({
  pendingMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  channels: channelsSchema,
});
export type DepositsConfig = z.infer<typeof depositsConfigSchema>;

const closedChannel = {
  enabled: false,
  minAmount: '100.00',
  maxAmount: '50000.00',
  feeFixed: '0',
  feePercent: '0',
  dailyCountLimit: 10,
  dailyAmountLimit: '100000.00',
};
/** The setting of a merchant stored before deposits existed: every channel off. */
export const defaultDepositsConfig: DepositsConfig = {
  pendingMinutes: 30,
  channels: {
    BANK: { ...closedChannel, accounts: [] },
    PROMPTPAY: { ...closedChannel, promptPayId: null, accountName: '' },
    DEMOPAY: { ...closedChannel, secret: null },
  },
};

/* ------------------------------------------------------------------------------------------------
 * Member calls.
 * ---------------------------------------------------------------------------------------------- */

/** The proof rules (spec §9: png or jpg, at most 5 MB), checked by content, not by name or declared type. */
export const depositProofMaxBytes = 5 * 1024 * 1024;
export const depositProofTypes = ['image/png', 'image/jpeg'] as const;

/** GET MCSFE_getDepositSettings */
export const depositSettingsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** A pending deposit not paid or confirmed within this many minutes expires. */
  pendingMinutes: z.number().int(),
  /** Who pays channel fees: always the member (taken from the credited amount). */
  feePaidBy: z.literal('member'),
  proofMaxBytes: z.number().int(),
  proofTypes: z.array(z.enum(depositProofTypes)),
  /** True once the member has had a deposit approved (the first-deposit flag). */
  hasFirstDeposit: z.boolean(),
  firstDepositAt: z.number().int().nullable(),
  /** Channels open to this member now (details in MCSFE_getDepositMethods). */
  methodCodes: z.array(depositMethodCodeSchema),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

/** An operator account to transfer to, as the member sees it (full number: the member must type it). */
export const depositBankTargetSchema = z.object({
  bankAccountId: z.string(),
  bankCode: z.string(),
  bankNameTh: z.string(),
  bankNameEn: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type DepositBankTarget = z.infer<typeof depositBankTargetSchema>;

/** One channel of GET MCSFE_getDepositMethods (the value is an array of these). */
export const depositMethodSchema = z.object({
  methodCode: depositMethodCodeSchema,
  /** `bank` transfer with proof, `qr` PromptPay QR, `gateway` a pay page. */
  kind: z.enum(['bank', 'qr', 'gateway']),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  feeFixed: moneySchema,
  /** Percent with two places (`"1.50"`). */
  feePercent: z.string(),
  dailyCountLimit: z.number().int(),
  dailyAmountLimit: moneySchema,
  /** What the member may still do on this channel in the rolling 24 hours (before their own limits). */
  dailyCountLeft: z.number().int(),
  dailyAmountLeft: moneySchema,
  /** BANK: the operator accounts to pay into. Empty for other channels. */
  bankAccounts: z.array(depositBankTargetSchema),
  /** PROMPTPAY: where the QR pays to, masked (`xxx-xxx-5678`), and the account name. Null for other channels. */
  promptPay: z.object({ target: z.string(), accountName: z.string() }).nullable(),
});
export type DepositMethod = z.infer<typeof depositMethodSchema>;
export const depositMethodsSchema = z.array(depositMethodSchema);

/** One bank of GET MCSFE_getBanks. */
export const bankSchema = z.object({
  bankCode: thaiBankCodeSchema,
  bankNo: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;
export const banksSchema = z.array(bankSchema);

/** POST MCSFE_uploadDepositProof (multipart/form-data, one part `file`). */
export const depositProofSchema = z.object({
  proofId: z.number().int(),
  contentType: z.enum(depositProofTypes),
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type DepositProof = z.infer<typeof depositProofSchema>;
export const depositProofQuerySchema = z.object({
  proofId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST MCSFE_createDepositTask (`Idempotency-Key`): `amount` is a decimal string (`"500"`,
 * `"500.50"`), checked on the server against the channel (the message of a refusal gives the limit).
 * BANK also needs `bankAccountId` (the operator account paid into), `transferReference` (the
 * reference or sender name the member's bank shows) and `proofId` (an uploaded slip). PROMPTPAY and
 * DEMOPAY need only the amount.
 */
export const createDepositRequestSchema = z.object({
  methodCode: depositMethodCodeSchema,
  amount: z.string().max(64),
  bankAccountId: z.string().max(32).optional(),
  transferReference: z.string().trim().min(1).max(64).optional(),
  proofId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type CreateDepositRequest = z.infer<typeof createDepositRequestSchema>;

/** Questions a member may ask about one deposit, one open at a time. */
export const depositQuestionMaxCount = 5;
/** Characters of a question and of an operator's answer. */
export const depositQuestionMaxLength = 500;

/** A member's question about a deposit and the operator's answer (null until answered). */
export const depositQuestionSchema = z.object({
  questionId: z.number().int(),
  message: z.string(),
  askedAt: z.number().int(),
  answer: z.string().nullable(),
  answeredAt: z.number().int().nullable(),
});
export type DepositQuestion = z.infer<typeof depositQuestionSchema>;

/** A deposit as the member sees it (also the answer of MCSFE_createDepositTask). */
export const depositSchema = z.object({
  depositId: z.number().int(),
  methodCode: depositMethodCodeSchema,
  status: depositStatusSchema,
  /** What the member pays. */
  amount: moneySchema,
  feeAmount: moneySchema,
  /** What reaches the main wallet when approved: amount - fee. */
  creditAmount: moneySchema,
  currency: z.string(),
  createdAt: z.number().int(),
  /**
   * While pending and not paid (`paidAt` null): when it expires. A deposit its member says is paid
   * never expires: it waits for an operator, shown as "waiting for review".
   */
  expiresAt: z.number().int(),
  /**
   * When the member said it was paid: BANK at creation (its slip), PROMPTPAY by "I have paid" or a
   * slip attached. Null for gateways (their gateway says) and for deposits never marked paid.
   */
  paidAt: z.number().int().nullable(),
  /** The member's slip (BANK always; PROMPTPAY when one was attached); null without one. */
  proofId: z.number().int().nullable(),
  /** When it was approved, rejected or expired. */
  settledAt: z.number().int().nullable(),
  /** The operator's reason of a rejection, or `gateway.failed` when the gateway reported a failure. */
  rejectReason: z.string().nullable(),
  /** DEMOPAY (gateways): the page where the member pays. Absent for other channels. */
  payUrl: z.string().optional(),
  /** BANK: where the member paid and what they told us. */
  bank: z
    .object({
      target: depositBankTargetSchema,
      transferReference: z.string(),
      proofId: z.number().int(),
    })
    .optional(),
  /** PROMPTPAY: the EMVCo payload with the amount, and the same as a QR code (an SVG data URL). */
  promptPay: z
    .object({
      payload: z.string(),
      qrCode: z.string(),
      target: z.string(),
      accountName: z.string(),
    })
    .optional(),
  /** The member's questions about it, oldest first, with the operators' answers. */
  questions: z.array(depositQuestionSchema),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositDetailQuerySchema = z.object({
  depositId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST MCSFE_confirmDepositPaid: "I have paid" on a pending PROMPTPAY deposit. From then on it does
 * not expire: it waits for an operator. Repeating it answers the deposit as it is (nothing changes).
 * BANK deposits are marked paid when made (their slip); a gateway's says its gateway (409
 * `deposit.not.reviewable`); a settled one answers 409 `deposit.not.pending`. Answers depositSchema.
 */
export const confirmDepositPaidRequestSchema = z.object({
  depositId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type ConfirmDepositPaidRequest = z.infer<typeof confirmDepositPaidRequestSchema>;

/**
 * POST MCSFE_attachDepositProof: a slip (uploaded with MCSFE_uploadDepositProof) for a PROMPTPAY
 * deposit that has none, while it is pending (it then counts as paid) or expired (for the operators
 * who answer the member's question). The same slip again is a replay; another one when it has a
 * slip is 409 `deposit.proof.exists`. Answers depositSchema.
 */
export const attachDepositProofRequestSchema = z.object({
  depositId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  proofId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type AttachDepositProofRequest = z.infer<typeof attachDepositProofRequestSchema>;

/**
 * POST MCSFE_initiateReminder: a question to the operators about one of the member's deposits, any
 * status. One open question at a time: the same text again while it is open is a replay (the
 * deposit as it is), another text is 409 `deposit.question.open`; at most `depositQuestionMaxCount`
 * per deposit. Answers depositSchema (with the question).
 */
export const askDepositQuestionRequestSchema = z.object({
  depositId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  message: z.string().trim().min(1).max(depositQuestionMaxLength),
});
export type AskDepositQuestionRequest = z.infer<typeof askDepositQuestionRequestSchema>;

/** GET MCSFE_getDepositTransactionReport: times are epoch ms, `startTime` inclusive, `endTime` exclusive. */
export const depositReportQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: depositStatusSchema.optional(),
  methodCode: depositMethodCodeSchema.optional(),
  startTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
  endTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type DepositReportQuery = z.infer<typeof depositReportQuerySchema>;
export const depositReportSchema = z.object({
  content: z.array(depositSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type DepositReport = z.infer<typeof depositReportSchema>;

/** The member's own deposit limits (responsible gaming): rolling 24 hours, 7 days and 30 days. */
export const depositLimitPeriodSchema = z.enum(['day', 'week', 'month']);
export type DepositLimitPeriod = z.infer<typeof depositLimitPeriodSchema>;

/**
 * One period of the member's limits. What counts (the deposit README, "What limits count"): the
 * amounts asked of deposits made in the period that are approved, or still pending (so that several
 * open requests cannot together pass a limit). A rejected or expired deposit never counts, and a
 * pending one stops counting the moment it is rejected or expires. `used = usedApproved + usedPending`.
 */
export const depositLimitSchema = z.object({
  period: depositLimitPeriodSchema,
  /** The limit in force; null: none. */
  limit: moneySchema.nullable(),
  /** Pending and approved deposits in the period so far (amounts asked, before fees). */
  used: moneySchema,
  /** Of `used`: approved deposits. */
  usedApproved: moneySchema,
  /** Of `used`: deposits still pending (they stop counting if rejected or expired). */
  usedPending: moneySchema,
  /** A raise (or removal) waiting its 24 hours: `pendingLimit` (null: no limit) from `pendingFrom`. */
  pending: z.object({ limit: moneySchema.nullable(), from: z.number().int() }).nullable(),
});
export type DepositLimit = z.infer<typeof depositLimitSchema>;
export const depositLimitsSchema = z.object({ limits: z.array(depositLimitSchema) });
export type DepositLimits = z.infer<typeof depositLimitsSchema>;

/**
 * POST MCSFE_setDepositLimits: for each period, a decimal amount (`"5000"`), `null` for no limit, or
 * absent to leave it. A lower limit applies at once; a higher one (or none) after 24 hours.
 * Answers depositLimitsSchema.
 */
export const setDepositLimitsRequestSchema = z.object({
  day: z.string().max(64).nullable().optional(),
  week: z.string().max(64).nullable().optional(),
  month: z.string().max(64).nullable().optional(),
});
export type SetDepositLimitsRequest = z.infer<typeof setDepositLimitsRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * The demo gateway and gateway callbacks.
 * ---------------------------------------------------------------------------------------------- */

/** POST to a `payUrl` (JSON or form): what the Pay (`success`) or Fail (`fail`) button does. */
export const demoPayRequestSchema = z.object({ result: z.enum(['success', 'fail']) });
export type DemoPayRequest = z.infer<typeof demoPayRequestSchema>;
/** Its JSON answer: the payment's state at the gateway and whether our callback route accepted the callback. */
export const demoPayResultSchema = z.object({
  paymentId: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  callbackDelivered: z.boolean(),
});
export type DemoPayResult = z.infer<typeof demoPayResultSchema>;

/**
 * The DEMOPAY callback body, signed: header `X-Demopay-Signature: <hex HMAC-SHA256 of the raw body
 * with the merchant's DEMOPAY secret>`. `sentAt` (epoch ms) must be within 10 minutes.
 */
export const demoPayCallbackSchema = z.object({
  paymentId: z.string().max(64),
  merchantReference: z.string().max(64),
  amount: moneySchema,
  currency: z.string().length(3),
  status: z.enum(['paid', 'failed']),
  sentAt: z.number().int(),
});
export type DemoPayCallback = z.infer<typeof demoPayCallbackSchema>;
/** What our callback route answers a verified callback: the deposit's state after it (the same for every replay). */
export const gatewayCallbackResultSchema = z.object({ depositId: z.number().int(), status: depositStatusSchema });
export type GatewayCallbackResult = z.infer<typeof gatewayCallbackResultSchema>;

/* ------------------------------------------------------------------------------------------------
 * Operator calls (`/admin-api/deposits...`). Paging as the other admin lists: `page`, `pageSize`;
 * answers `{ items, page, pageSize, total }`.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Flags of the review queue: `overdue` pending deposits the member says are paid and that are past
 * the merchant's `pendingMinutes` (they do not expire: they wait for an operator); `question` deposits
 * with a question not answered yet.
 */
export const adminDepositFlagSchema = z.enum(['overdue', 'question']);
export type AdminDepositFlag = z.infer<typeof adminDepositFlagSchema>;

export const adminDepositListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: depositStatusSchema.optional(),
  /** Only deposits with this flag. */
  flag: adminDepositFlagSchema.optional(),
  methodCode: depositMethodCodeSchema.optional(),
  /** The member's username, exact, any case. */
  username: z.string().trim().max(64).optional(),
  /** Epoch ms bounds of createdAt, inclusive from, exclusive to. */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type AdminDepositListQuery = z.infer<typeof adminDepositListQuerySchema>;

export const adminDepositSchema = depositSchema.extend({
  memberId: z.string(),
  username: z.string(),
  /** Gateways: the gateway's payment id. */
  gatewayPaymentId: z.string().nullable(),
  /** Who approved or rejected it (null for the gateway or the expiry job). */
  reviewedBy: z.string().nullable(),
  reviewRemark: z.string().nullable(),
  /** The member's first approved deposit. */
  isFirstDeposit: z.boolean(),
  /** Pending, said paid by the member, and past the merchant's `pendingMinutes`: review it first. */
  isOverdue: z.boolean(),
  /** Questions of the member not answered yet (0 or 1). */
  openQuestionCount: z.number().int(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositPageSchema = z.object({
  items: z.array(adminDepositSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminDepositPage = z.infer<typeof adminDepositPageSchema>;

export const adminDepositIdQuerySchema = z.object({
  depositId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
/** POST adminApprove. Answers adminDepositSchema. */
export const adminApproveDepositBodySchema = z.object({
  depositId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  remark: z.string().trim().max(200).optional(),
});
export type AdminApproveDepositBody = z.infer<typeof adminApproveDepositBodySchema>;
/** POST adminReject. Answers adminDepositSchema. */
export const adminRejectDepositBodySchema = z.object({
  depositId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(3).max(200),
});
export type AdminRejectDepositBody = z.infer<typeof adminRejectDepositBodySchema>;
/** POST adminAnswerQuestion: the answer the member sees. The same answer again is a replay. Answers adminDepositSchema. */
export const adminAnswerDepositQuestionBodySchema = z.object({
  questionId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  answer: z.string().trim().min(1).max(depositQuestionMaxLength),
});
export type AdminAnswerDepositQuestionBody = z.infer<typeof adminAnswerDepositQuestionBodySchema>;

/** GET adminChannels: the settings with the DEMOPAY secret left out (`hasSecret` says one is set). */
export const adminDepositChannelsSchema = z.object({
  pendingMinutes: z.number().int(),
  channels: z.object({
    BANK: bankChannelSettingsSchema,
    PROMPTPAY: promptPayChannelSettingsSchema,
    DEMOPAY: depositChannelBaseSchema.extend({ hasSecret: z.boolean() }),
  }),
  /** False when the server refuses DEMOPAY whatever the setting (NODE_ENV=production). */
  isDemoPayAllowed: z.boolean(),
});
export type AdminDepositChannels = z.infer<typeof adminDepositChannelsSchema>;
/** PUT adminUpdateChannels: the whole setting; `DEMOPAY.secret` may be left out to keep the current one. Answers adminDepositChannelsSchema. */
export const adminUpdateDepositChannelsBodySchema = z.object({
  pendingMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  channels: z.object({
    BANK: withMinBelowMax(bankChannelSettingsSchema),
    PROMPTPAY: withMinBelowMax(promptPayChannelSettingsSchema),
    /** `secret` left out keeps the current one; enabling DEMOPAY without any secret is refused (400, field `channels.DEMOPAY.secret`). */
    DEMOPAY: withMinBelowMax(depositChannelBaseSchema.extend({ secret: z.string().min(32).max(128).optional() })),
  }),
});
export type AdminUpdateDepositChannelsBody = z.infer<typeof adminUpdateDepositChannelsBodySchema>;
