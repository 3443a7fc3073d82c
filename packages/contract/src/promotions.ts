import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema } from './backoffice.ts';
import { moneySchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * Promotions and their rewards (issue 17 "Promotions"; original-programmes §3; spec §2 /promotions,
 * /promoDetail and §4 "Activity claim statuses"). An operator configures a promotion in the
 * back-office (`promotions.manage`); a member sees it on the site, joins it, applies for it or claims
 * what it issued. Each reward a member gets is one claim row (`rewardId`); the money is a bonus
 * (modules/bonus) with its own turnover, granted once per claim.
 *
 * The announcements of type PR (announcements.ts) stay what they are: display-only cards an operator
 * writes. A promotion here carries the rules and the money.
 *
 * Money on the wire: decimal strings with two places (`moneySchema`); in requests, decimal strings
 * with at most two places. Times: epoch ms. Member calls need a token of a real member (a trial
 * account is refused 403 `member.trial.forbidden`), except the public list, detail and categories.
 * A promotion id or reward id the caller cannot see (another merchant's, another member's, unknown)
 * answers 404 with the same code as an unknown one.
 * ---------------------------------------------------------------------------------------------- */

/**
 * What a promotion rewards (the original's promotion types):
 * - FIRST_DEPOSIT .. FIFTH_DEPOSIT: the member's 1st .. 5th approved deposit;
 * - DEPOSIT: every qualifying deposit; DEPOSIT_COUNT: the deposit that makes the member's count reach
 *   `depositCount` while the promotion runs; DEPOSIT_BET_BONUS: a deposit bonus whose turnover counts
 *   only the listed products;
 * - REGISTER (newbie: the required profile fields completed), LOGIN (sign-in days), SAVIOR (rescue:
 *   net loss of a period);
 * - MANUAL (the member applies with pictures and remarks, an operator approves);
 * - ISSUED (the operator grants it to listed members or a segment; the member claims it).
 */
export const promotionKinds = [
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'DEPOSIT',
  'DEPOSIT_COUNT',
  'DEPOSIT_BET_BONUS',
  'REGISTER',
  'LOGIN',
  'SAVIOR',
  'MANUAL',
  'ISSUED',
] as const;
export const promotionKindSchema = z.enum(promotionKinds);
export type PromotionKind = z.infer<typeof promotionKindSchema>;

/** The kinds paid on an approved deposit (the original sends their member to the deposit page). */
export const depositPromotionKinds = [
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'DEPOSIT',
  'DEPOSIT_COUNT',
  'DEPOSIT_BET_BONUS',
] as const satisfies readonly PromotionKind[];
export type DepositPromotionKind = (typeof depositPromotionKinds)[number];

/** Which approved deposit of the member (1st .. 5th) an Nth-deposit kind rewards. */
export const nthDepositOfKind: Partial<Record<PromotionKind, number>> = {
  FIRST_DEPOSIT: 1,
  SECOND_DEPOSIT: 2,
  THIRD_DEPOSIT: 3,
  FOURTH_DEPOSIT: 4,
  FIFTH_DEPOSIT: 5,
};

/** The site's tabs of the promotion list (`PROMOFE_getPromotionAnnouncementCategory`). */
export const promotionCategories = ['deposit', 'newbie', 'daily', 'rescue', 'special', 'other'] as const;
export const promotionCategorySchema = z.enum(promotionCategories);
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;

/** Product types a promotion is for and whose valid bets count for its turnover (the original's names). */
export const promotionProductTypes = ['LIVE', 'RNG', 'PVP', 'FISH', 'SPORTS', 'LOTT', 'ELOTT'] as const;
export const promotionProductTypeSchema = z.enum(promotionProductTypes);
export type PromotionProductType = z.infer<typeof promotionProductTypeSchema>;

/**
 * Who may take part: every real member, members registered on or after the promotion's start
 * (`new`), agents only, or members who are no agent. Trial accounts never.
 */
export const promotionAudiences = ['all', 'new', 'agents', 'members'] as const;
export const promotionAudienceSchema = z.enum(promotionAudiences);
export type PromotionAudience = z.infer<typeof promotionAudienceSchema>;

/** A percentage of the deposit (capped by `bonusCap` when set), or a fixed amount. */
export const promotionBonusTypes = ['percent', 'fixed'] as const;
export const promotionBonusTypeSchema = z.enum(promotionBonusTypes);
export type PromotionBonusType = z.infer<typeof promotionBonusTypeSchema>;

/**
 * A reward's (claim's) status (the original's words):
 * - `joined`: the member joined a deposit promotion; the next qualifying approved deposit issues it;
 * - `applying`: a MANUAL application waiting for an operator; `rejected`: the operator refused it;
 * - `issued`: the reward is the member's to claim (until `expiry`); `claimed`: paid as a bonus;
 * - `expired`: not claimed in time (or a joined promotion ended without a deposit).
 */
export const promotionClaimStatuses = ['joined', 'applying', 'rejected', 'issued', 'claimed', 'expired'] as const;
export const promotionClaimStatusSchema = z.enum(promotionClaimStatuses);
export type PromotionClaimStatus = z.infer<typeof promotionClaimStatusSchema>;

/**
 * What the site shows on a promotion card for the member (spec §4 "Activity claim statuses", the
 * original's join / applying / rejected / issued / claimed / close, plus `joined` (signed) and
 * `coming` (coming soon)): `join` the member may join, apply or (REGISTER, LOGIN, SAVIOR) open the
 * reward centre; `joined` waiting for the qualifying deposit; `applying`, `rejected`, `issued`,
 * `claimed` the member's latest reward of it; `expired` the member's reward expired unclaimed;
 * `closed` ended, budget spent, the member's claims used up, or not for this member; `coming` not
 * started yet. null for a visitor (no token).
 */
export const promotionMemberStatuses = [
  'join',
  'joined',
  'applying',
  'rejected',
  'issued',
  'claimed',
  'expired',
  'closed',
  'coming',
] as const;
export const promotionMemberStatusSchema = z.enum(promotionMemberStatuses);
export type PromotionMemberStatus = z.infer<typeof promotionMemberStatusSchema>;

/** Profile fields a REGISTER (newbie) promotion may require before its claim. */
export const registerRequiredFields = ['mobileVerified', 'email', 'realName', 'birthday', 'bankAccount'] as const;
export const registerRequiredFieldSchema = z.enum(registerRequiredFields);
export type RegisterRequiredField = z.infer<typeof registerRequiredFieldSchema>;

/** A LOGIN (sign-in) promotion's period: N daily, W weekly, M monthly, C continuous days (the original's). */
export const loginPromotionTypes = ['N', 'W', 'M', 'C'] as const;
export const loginPromotionTypeSchema = z.enum(loginPromotionTypes);

/** A SAVIOR (rescue) promotion's period of net loss. */
export const saviorPeriodTypes = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const saviorPeriodTypeSchema = z.enum(saviorPeriodTypes);

export const promotionNameMaxLength = 120;
export const promotionDescriptionMaxLength = 5000;
export const promotionRemarksMaxLength = 500;
/** Pictures of one MANUAL application. */
export const promotionPicturesMax = 5;
/** Usernames of one grant. */
export const promotionGrantMaxUsernames = 1000;
/** The most bytes one member's picture may have (2 MB, the media module's limit). */
export const promotionPictureMaxBytes = 2 * 1024 * 1024;

const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const epochMsSchema = z.number().int().min(0).max(8_640_000_000_000);
/** A request's amount: a decimal with at most two places, zero or more. */
const amountTextSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'a decimal amount with at most two places');
/** A percentage with at most two places, 0 .. 1000 (a 100 % first-deposit bonus is `100`). */
const percentSchema = z.number().min(0).max(1000).multipleOf(0.01);
const usernameSchema = z.string().trim().min(1).max(64);

/* ================================ paths ================================ */

// In a module of its own, schema-free: the header and the home page call these paths, and importing
// this file would bring its schemas (and zod) into the home page's JavaScript.
export { promotionPaths } from './promotion-paths.ts';

/** The back-office's calls: `promotions.manage` (editor, grants) and `promotions.review` (applications). */
export const adminPromotionPaths = {
  /** GET `adminPromotionListQuerySchema` → page of `adminPromotionRowSchema`; POST `adminPromotionInputSchema`. */
  promotions: '/admin-api/promotions',
  /** GET `adminPromotionSchema`; PUT `adminPromotionUpdateSchema` (with the version read). */
  promotion: '/admin-api/promotions/:id',
  /** POST `adminPromotionGrantRequestSchema`: issue an ISSUED (or MANUAL) promotion's reward to listed members or a segment. */
  grant: '/admin-api/promotions/:id/grants',
  /** GET `adminPromotionClaimQuerySchema`: rewards of the merchant (the approval queue is `status=applying`). */
  claims: '/admin-api/promotions/claims',
  /** POST `adminPromotionReviewRequestSchema`: approve (→ issued) or reject an application. */
  review: '/admin-api/promotions/claims/:id/review',
  /** GET: one application picture (image bytes), for the approval queue. */
  picture: '/admin-api/promotions/pictures/:id',
} as const;

/* ================================ the promotion ================================ */

/** A LOGIN promotion's rule: the period and the reward of each day (day 1 .. n of the period or streak). */
export const loginRuleSchema = z.object({
  type: loginPromotionTypeSchema,
  /** Reward of day n (index n - 1); 1 to 31 days. */
  dayAmounts: z.array(amountTextSchema).min(1).max(31),
  /** Deposits the member must have made that day (0: none). */
  requiredDepositAmount: amountTextSchema.default('0'),
});
export type LoginRule = z.infer<typeof loginRuleSchema>;

/** A SAVIOR promotion's rule: the period, the product (null: all) and the tiers of net loss. */
export const saviorRuleSchema = z.object({
  periodType: saviorPeriodTypeSchema,
  productType: promotionProductTypeSchema.nullable(),
  /** Ascending net loss; the highest tier reached pays its percentage of the net loss (capped by `bonusCap`). */
  tiers: z
    .array(z.object({ netLoss: amountTextSchema, bonusPercentage: percentSchema }))
    .min(1)
    .max(10),
});
export type SaviorRule = z.infer<typeof saviorRuleSchema>;

/** Switches against bonus hunters (issue 17 "Abuse controls"). */
export const promotionAbuseRulesSchema = z.object({
  /** One reward of this promotion per verified mobile number (members sharing one get one between them). */
  onePerMobile: z.boolean().default(false),
  /** One per bank account number. */
  onePerBankAccount: z.boolean().default(false),
  /** One per device (the login device id). */
  onePerDevice: z.boolean().default(false),
  /** One per registration IP address. */
  onePerIp: z.boolean().default(false),
  /** No reward while the member has a withdrawal pending. */
  noPendingWithdrawal: z.boolean().default(false),
});
export type PromotionAbuseRules = z.infer<typeof promotionAbuseRulesSchema>;

/** The fields an operator edits, TH and EN side by side. */
const promotionFieldsSchema = z.object({
  kind: promotionKindSchema,
  category: promotionCategorySchema,
  nameTh: z.string().trim().min(1).max(promotionNameMaxLength),
  nameEn: z.string().trim().min(1).max(promotionNameMaxLength),
  /** Plain text (line breaks kept); the site shows it as text, never as HTML. */
  descriptionTh: z.string().trim().max(promotionDescriptionMaxLength),
  descriptionEn: z.string().trim().max(promotionDescriptionMaxLength),
  /** The card's picture: the URL the media upload (`/admin-api/media/images`) answered; null: none. */
  pictureUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/media\/[^\s<>"']+|https:\/\/[^\s<>"']+)$/)
    .nullable(),
  /** Shown on the site and open for claims while enabled and within [startsAt, endsAt). */
  enabled: z.boolean(),
  startsAt: epochMsSchema.nullable(),
  endsAt: epochMsSchema.nullable(),
  audience: promotionAudienceSchema,
  /** Products the promotion is for (shown on the card); null: all. */
  productTypes: z.array(promotionProductTypeSchema).min(1).nullable(),
  bonusType: promotionBonusTypeSchema,
  /** `percent`: of the deposit (deposit kinds) or of the net loss tier (SAVIOR uses its tiers instead). */
  bonusPercent: percentSchema.nullable(),
  /** `fixed`: the amount of each reward (also the default amount of a grant). */
  bonusAmount: amountTextSchema.nullable(),
  /** The most one reward pays (percent bonuses); null: no cap. */
  bonusCap: amountTextSchema.nullable(),
  /** Deposit kinds: the least deposit that qualifies; null: any. */
  minDeposit: amountTextSchema.nullable(),
  /** DEPOSIT_COUNT: the count of approved deposits (in the promotion's time) that earns it. */
  depositCount: z.number().int().min(1).max(1000).nullable(),
  /** Deposit kinds: true, the member must join first (`MCSFE_joinPromotion`); false, every qualifying deposit takes part. */
  requiresJoin: z.boolean(),
  /** Deposit kinds: true, the reward is paid at once when the deposit is approved; false, it waits as `issued` for the member's claim. */
  autoClaim: z.boolean(),
  /** Rewards one member may have of it (issued or claimed); null: no limit. */
  maxClaimsPerMember: z.number().int().min(1).max(100_000).nullable(),
  /** Rewards claimed in total; null: no limit. */
  maxClaimsTotal: z.number().int().min(1).max(10_000_000).nullable(),
  /** The most bonus money claimed in total; null: no limit. A claim that would pass it is refused. */
  budget: amountTextSchema.nullable(),
  /** Turnover required = (deposit + bonus) × multiplier (bonus × multiplier without a deposit); 0: straight to cash. */
  turnoverMultiplier: z.number().min(0).max(100).multipleOf(0.01),
  /** Products whose valid bets count for the turnover; null: all. */
  turnoverProductTypes: z.array(promotionProductTypeSchema).min(1).nullable(),
  /** Hours an issued reward waits for its claim before it expires; null: until the promotion ends (or forever). */
  claimExpiryHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .nullable(),
  /** Days the granted bonus lives before the bonus engine forfeits what is left; null: no expiry. */
  bonusExpiryDays: z.number().int().min(1).max(366).nullable(),
  /** A member holding an unfinished reward of a blocking promotion gets no other reward, and the reverse. */
  blocksOthers: z.boolean(),
  /** MANUAL: a picture is required / remarks are required (the original's imageRequired / remarkRequired). */
  imageRequired: z.boolean(),
  remarkRequired: z.boolean(),
  abuse: promotionAbuseRulesSchema,
  /** REGISTER: the profile fields the member must have completed. */
  registerRequiredFields: z.array(registerRequiredFieldSchema).max(registerRequiredFields.length),
  /** LOGIN only. */
  loginRule: loginRuleSchema.nullable(),
  /** SAVIOR only. */
  saviorRule: saviorRuleSchema.nullable(),
  /** Order on the site, ascending. */
  sort: z.number().int().min(0).max(9999),
});

/**
 * Cross-field rules, each naming its field: a percent bonus needs `bonusPercent`, a fixed one
 * `bonusAmount`; `endsAt` after `startsAt`; `depositCount` only and always for DEPOSIT_COUNT;
 * `loginRule` only and always for LOGIN, `saviorRule` for SAVIOR.
 */
function checkPromotionFields(body: z.infer<typeof promotionFieldsSchema>, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (body.bonusType === 'percent' && body.bonusPercent === null && body.kind !== 'SAVIOR')
    issue('bonusPercent', 'required');
  if (body.bonusType === 'fixed' && body.bonusAmount === null && body.kind !== 'LOGIN')
    issue('bonusAmount', 'required');
  if (body.startsAt !== null && body.endsAt !== null && body.endsAt <= body.startsAt)
    issue('endsAt', 'must be after the start');
  if ((body.kind === 'DEPOSIT_COUNT') !== (body.depositCount !== null)) issue('depositCount', 'only for DEPOSIT_COUNT');
  if ((body.kind === 'LOGIN') !== (body.loginRule !== null)) issue('loginRule', 'only for LOGIN');
  if ((body.kind === 'SAVIOR') !== (body.saviorRule !== null)) issue('saviorRule', 'only for SAVIOR');
}

export const adminPromotionInputSchema = promotionFieldsSchema.superRefine(checkPromotionFields);
export type AdminPromotionInput = z.infer<typeof adminPromotionInputSchema>;

/** An update sends every field and the version it read (stale: 409 `promotion.version.conflict`, nothing written). */
export const adminPromotionUpdateSchema = promotionFieldsSchema
  .extend({ version: z.number().int().min(1) })
  .superRefine(checkPromotionFields);
export type AdminPromotionUpdate = z.infer<typeof adminPromotionUpdateSchema>;

/** Amounts on the way out are `moneySchema` strings. */
export const adminPromotionSchema = promotionFieldsSchema.extend({
  id: z.number().int(),
  bonusAmount: moneySchema.nullable(),
  bonusCap: moneySchema.nullable(),
  minDeposit: moneySchema.nullable(),
  budget: moneySchema.nullable(),
  /** Rewards claimed (paid) and their bonus money so far. */
  claimedCount: z.number().int(),
  budgetUsed: moneySchema,
  /** Rewards waiting: applications (`applying`) and issued unclaimed. */
  applyingCount: z.number().int(),
  issuedCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionListQuerySchema = adminPageQuerySchema.extend({
  kind: promotionKindSchema.optional(),
  /** `running` enabled and within its time; `ended` past its end or disabled. */
  state: z.enum(['running', 'ended']).optional(),
});
export type AdminPromotionListQuery = z.infer<typeof adminPromotionListQuerySchema>;

export const adminPromotionRowSchema = adminPromotionSchema.pick({
  id: true,
  kind: true,
  category: true,
  nameTh: true,
  nameEn: true,
  enabled: true,
  startsAt: true,
  endsAt: true,
  budget: true,
  budgetUsed: true,
  maxClaimsTotal: true,
  claimedCount: true,
  applyingCount: true,
  issuedCount: true,
  version: true,
});
export type AdminPromotionRow = z.infer<typeof adminPromotionRowSchema>;
export const adminPromotionPageSchema = adminPageSchema(adminPromotionRowSchema);
export type AdminPromotionPage = z.infer<typeof adminPromotionPageSchema>;

/**
 * A grant: the reward issued to each listed username (any case) or to every real member of a
 * segment. `amount` overrides the promotion's fixed amount. Members already holding an unclaimed
 * reward of it, or at their claim limit, are skipped (counted in `skipped`). A grant id of the
 * caller's choosing makes a retry issue nothing twice.
 */
export const adminPromotionGrantRequestSchema = z
  .object({
    grantId: z.string().trim().min(8).max(64),
    audience: z.enum(['listed', 'all', 'agents', 'members']),
    usernames: z.array(usernameSchema).max(promotionGrantMaxUsernames).optional(),
    amount: amountTextSchema.nullable(),
  })
  .superRefine((body, context) => {
    const count = body.usernames?.length ?? 0;
    if (body.audience === 'listed' && count === 0)
      context.addIssue({ code: 'custom', path: ['usernames'], message: 'required' });
    if (body.audience !== 'listed' && count > 0)
      context.addIssue({ code: 'custom', path: ['usernames'], message: 'only for listed' });
  });
export type AdminPromotionGrantRequest = z.infer<typeof adminPromotionGrantRequestSchema>;

export const adminPromotionGrantResultSchema = z.object({ issued: z.number().int(), skipped: z.number().int() });
export type AdminPromotionGrantResult = z.infer<typeof adminPromotionGrantResultSchema>;

export const adminPromotionClaimQuerySchema = adminPageQuerySchema.extend({
  status: promotionClaimStatusSchema.optional(),
  promotionId: queryIdSchema.optional(),
  /** Username prefix, any case. */
  username: z.string().trim().max(64).optional(),
});
export type AdminPromotionClaimQuery = z.infer<typeof adminPromotionClaimQuerySchema>;

export const adminPromotionClaimSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionKind: promotionKindSchema,
  promotionNameTh: z.string(),
  promotionNameEn: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  status: promotionClaimStatusSchema,
  /** The reward's bonus; null until known (an application before approval, a joined promotion before the deposit). */
  amount: moneySchema.nullable(),
  depositAmount: moneySchema.nullable(),
  remarks: z.string().nullable(),
  /** The application's pictures: GET `adminPromotionPaths.picture` with each id. */
  pictureIds: z.array(z.number().int()),
  reviewRemark: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.number().int(),
  issuedAt: z.number().int().nullable(),
  claimedAt: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
});
export type AdminPromotionClaim = z.infer<typeof adminPromotionClaimSchema>;
export const adminPromotionClaimPageSchema = adminPageSchema(adminPromotionClaimSchema);
export type AdminPromotionClaimPage = z.infer<typeof adminPromotionClaimPageSchema>;

/** Approve (the reward becomes `issued` with `amount`, or the promotion's fixed amount) or reject (with a remark the member sees). */
export const adminPromotionReviewRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    amount: amountTextSchema.nullable(),
    remark: z.string().trim().max(promotionRemarksMaxLength).nullable(),
  })
  .superRefine((body, context) => {
    if (body.decision === 'reject' && !body.remark)
      context.addIssue({ code: 'custom', path: ['remark'], message: 'required' });
  });
export type AdminPromotionReviewRequest = z.infer<typeof adminPromotionReviewRequestSchema>;

/* ================================ the member's calls ================================ */

export const promotionListQuerySchema = z.object({
  category: promotionCategorySchema.optional(),
  kind: promotionKindSchema.optional(),
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

/** A promotion as the site shows it, in the request's language. */
export const promotionCardSchema = z.object({
  promotionId: z.number().int(),
  promotionType: promotionKindSchema,
  category: promotionCategorySchema,
  name: z.string(),
  pictureUrl: z.string().nullable(),
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  bonusType: promotionBonusTypeSchema,
  bonusPercent: z.number().nullable(),
  bonusAmount: moneySchema.nullable(),
  bonusCap: moneySchema.nullable(),
  minDeposit: moneySchema.nullable(),
  turnoverMultiplier: z.number(),
  productTypes: z.array(promotionProductTypeSchema).nullable(),
  requiresJoin: z.boolean(),
  imageRequired: z.boolean(),
  remarkRequired: z.boolean(),
  /** The member's state of it; null for a visitor. */
  memberStatus: promotionMemberStatusSchema.nullable(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;

export const promotionListSchema = z.object({ content: z.array(promotionCardSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionDetailQuerySchema = z.object({ promotionId: queryIdSchema });
export const promotionDetailSchema = promotionCardSchema.extend({
  description: z.string(),
  turnoverProductTypes: z.array(promotionProductTypeSchema).nullable(),
  depositCount: z.number().int().nullable(),
  maxClaimsPerMember: z.number().int().nullable(),
  claimExpiryHours: z.number().int().nullable(),
  /** The member's rewards of it already claimed; null for a visitor. */
  memberClaimedCount: z.number().int().nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

export const promotionCategoryListSchema = z.array(
  z.object({ category: promotionCategorySchema, count: z.number().int() }),
);
export type PromotionCategoryList = z.infer<typeof promotionCategoryListSchema>;

/** `value.content.<KIND>.{enabled, count}` (the original's shape): count is what the member can join, apply for or claim now. */
export const availablePromotionsSchema = z.object({
  content: z.record(promotionKindSchema, z.object({ enabled: z.boolean(), count: z.number().int() })),
});
export type AvailablePromotions = z.infer<typeof availablePromotionsSchema>;

export const joinPromotionRequestSchema = z.object({ promotionId: idSchema });
export type JoinPromotionRequest = z.infer<typeof joinPromotionRequestSchema>;

export const promotionPictureSchema = z.object({
  pictureId: z.number().int(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type PromotionPicture = z.infer<typeof promotionPictureSchema>;
export const promotionPictureQuerySchema = z.object({ pictureId: queryIdSchema });

/** The original's `MCSFE_signUpRequestReward {pictures, promotionId, remarks}`; pictures are ids of the member's uploads. */
export const signUpRequestRewardRequestSchema = z.object({
  promotionId: idSchema,
  pictures: z
    .array(idSchema)
    .max(promotionPicturesMax)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' })
    .default([]),
  remarks: z.string().trim().max(promotionRemarksMaxLength).default(''),
});
export type SignUpRequestRewardRequest = z.infer<typeof signUpRequestRewardRequestSchema>;

export const promotionClaimListQuerySchema = z.object({
  promotionType: promotionKindSchema.optional(),
  /** Default: the rewards to act on and the recent ones (issued, applying, joined, then the rest of 90 days). */
  status: promotionClaimStatusSchema.optional(),
});
export type PromotionClaimListQuery = z.infer<typeof promotionClaimListQuerySchema>;

/** One reward of the member (the original's claim list item, with its status). */
export const promotionClaimSchema = z.object({
  rewardId: z.number().int(),
  promotionId: z.number().int(),
  eventName: z.string(),
  promotionType: promotionKindSchema,
  status: promotionClaimStatusSchema,
  /** null until known (an application before approval, a joined promotion before its deposit). */
  rewardAmount: moneySchema.nullable(),
  /** Epoch ms the issued reward expires; null: no expiry. */
  expiry: z.number().int().nullable(),
  productType: z.array(promotionProductTypeSchema).nullable(),
  approvedAt: z.number().int().nullable(),
  claimedAt: z.number().int().nullable(),
  /** The operator's words on a rejected application. */
  reviewRemark: z.string().nullable(),
  createdAt: z.number().int(),
});
export type PromotionClaim = z.infer<typeof promotionClaimSchema>;
export const promotionClaimListSchema = z.object({ content: z.array(promotionClaimSchema) });
export type PromotionClaimList = z.infer<typeof promotionClaimListSchema>;

/** The original's `MCS2_claimIssuedPromotion(rewardId, promotionType)`. */
export const claimIssuedPromotionRequestSchema = z.object({
  rewardId: idSchema,
  promotionType: promotionKindSchema,
});
export type ClaimIssuedPromotionRequest = z.infer<typeof claimIssuedPromotionRequestSchema>;

/** What a claim paid (the original's `{claimedMoney, claimedPoint, claimedTickets}`; points and tickets are not built). */
export const claimResultSchema = z.object({
  rewardId: z.number().int(),
  claimedMoney: moneySchema,
  /** The turnover the bonus requires before it converts to cash. */
  turnoverRequired: moneySchema,
  status: promotionClaimStatusSchema,
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

export const claimRegisterPromotionRequestSchema = z.object({ promotionId: idSchema });

/** A REGISTER promotion with the member's progress (the original's newbie list). */
export const registerPromotionSchema = z.object({
  promotionId: z.number().int(),
  promotionName: z.string(),
  remark: z.string(),
  hasExpiry: z.boolean(),
  bonusAmount: moneySchema,
  hasClaimed: z.boolean(),
  requiredFields: z.array(registerRequiredFieldSchema),
  accomplishedFields: z.array(registerRequiredFieldSchema),
});
export const registerPromotionListSchema = z.object({ content: z.array(registerPromotionSchema) });

export const loginPromotionSchema = z.object({
  configId: z.number().int(),
  type: loginPromotionTypeSchema,
  name: z.string(),
  description: z.string(),
  noExpiry: z.boolean(),
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
});
export const loginPromotionListSchema = z.array(loginPromotionSchema);
export const loginHistoryQuerySchema = z.object({ configId: queryIdSchema });
export const loginDaySchema = z.object({
  /** The day's id for `claimLogin`: `<configId>:<dayNo>` of the current period. */
  id: z.string(),
  dayNo: z.number().int(),
  amount: moneySchema,
  depositAmount: moneySchema,
  hasClaimed: z.boolean(),
  isToday: z.boolean(),
});
export const loginHistorySchema = z.array(loginDaySchema);
export const claimLoginPromotionRequestSchema = z.object({ id: z.string().trim().min(3).max(40) });

export const saviorPromotionSchema = z.object({
  promId: z.number().int(),
  promName: z.string(),
  productType: z.union([promotionProductTypeSchema, z.literal('ALL')]),
  bonusType: z.enum(['FIXED', '%']),
  configDetails: z.array(z.object({ netLoss: moneySchema, bonusPercentage: z.number() })),
  rewardPeriodType: saviorPeriodTypeSchema,
  /** The member's net loss of the last closed period, and what it pays now (0.00 when nothing). */
  netLossInPeriod: moneySchema,
  collectableInPeriod: moneySchema,
  hasIssuedClaim: z.boolean(),
  noExpiry: z.boolean(),
  endTime: z.number().int().nullable(),
  description: z.string(),
});
export const saviorPromotionListSchema = z.array(saviorPromotionSchema);
export const claimSaviorPromotionRequestSchema = z.object({ promId: idSchema });

/* ================================ errors ================================ */

/** Error codes (messages in the server's catalogue, TH and EN); nothing is credited on any of them. */
export const promotionErrorCodes = {
  /** 404: no promotion of this merchant the caller may see has this id (unknown, another merchant's, disabled). */
  notFound: 'promotion.not.found',
  /** 404: no reward of the caller has this id (another member's, another merchant's, unknown). */
  rewardNotFound: 'promotion.reward.not.found',
  /** 409: the promotion has not started, has ended or is disabled: reload. */
  notRunning: 'promotion.not.running',
  /** 409: the reward expired before the claim. */
  rewardExpired: 'promotion.reward.expired',
  /** 409: the reward was claimed already (nothing paid twice). */
  alreadyClaimed: 'promotion.reward.already.claimed',
  /** 409: the reward is not claimable (applying, rejected, joined). */
  rewardNotClaimable: 'promotion.reward.not.claimable',
  /** 409: the promotion's claims or its money budget are used up. */
  budgetExhausted: 'promotion.budget.exhausted',
  /** 409: the member's claims of this promotion are used up, or the member already joined or applied. */
  memberLimitReached: 'promotion.member.limit.reached',
  /** 403: the promotion is not for this member (audience: new members, agents, non-agents). */
  notEligible: 'promotion.not.eligible',
  /** 409: this promotion is not joined / applied for / claimed this way (its kind differs). */
  wrongKind: 'promotion.wrong.kind',
  /** 409: another person (same mobile, bank account, device or IP) already had it (abuse rules). */
  duplicatePerson: 'promotion.duplicate.person',
  /** 409: the member has a withdrawal pending and the promotion pays none then. */
  withdrawalPending: 'promotion.withdrawal.pending',
  /** 409: the member holds an unfinished reward of a promotion that blocks others (or this one blocks). */
  blockedByOther: 'promotion.blocked.by.other',
  /** 400, field `pictures` / `remarks`: the promotion requires them. */
  picturesRequired: 'promotion.pictures.required',
  remarksRequired: 'promotion.remarks.required',
  /** 400, field `pictures`: an id is not one of the member's uploads. */
  pictureUnknown: 'promotion.picture.unknown',
  /** 409: a REGISTER claim before the required profile fields are done (the original's `required_member_information_incomplete`). */
  profileIncomplete: 'required_member_information_incomplete',
  /** 409: a sign-in reward needs more deposits today (`value.accumulatedDepositAmount`, `value.requiredDepositAmount`). */
  depositNotReached: 'required_deposit_amount_not_reached',
  /** 409: the reward is no application waiting for review (decided already): reload. */
  reviewDecided: 'promotion.review.decided',
  /** 409: the promotion changed since the form read it: reload. */
  versionConflict: 'promotion.version.conflict',
  /** 400, field `usernames`, `params.names`: no real member of the merchant is called so. */
  usernamesUnknown: 'promotion.usernames.unknown',
  /** 400, field `amount`: neither the grant nor the promotion says how much. */
  amountRequired: 'promotion.amount.required',
} as const;
export type PromotionErrorCode = (typeof promotionErrorCodes)[keyof typeof promotionErrorCodes];
