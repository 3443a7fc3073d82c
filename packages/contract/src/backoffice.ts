import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * The back-office API (`/admin-api/`, apps/admin). Operators belong to one merchant (the request's
 * `Merchant` header, else its host, as on the member API) and log in with a password AND a TOTP code:
 * a password-only session may do nothing but enrol or verify the code.
 *
 * Every call but login takes the operator token raw in `Authorization` (no `Bearer `, like members).
 * ---------------------------------------------------------------------------------------------- */

/**
 * A role's code: the built-ins (`builtinOperatorRoles`) or a merchant's own role (roles are rows of the
 * merchant, `packages/contract/src/roles.ts`). Lower-case letters, digits, `_` and `-`, 2-32 characters.
 */
export const operatorRoleSchema = z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** The roles every merchant has, read-only. `platform` sees and creates every merchant; only a `brands.platform` holder assigns it. */
export const builtinOperatorRoles = ['platform', 'admin', 'finance', 'support'] as const;
export type BuiltinOperatorRole = (typeof builtinOperatorRoles)[number];

/**
 * What an operator may do; each operator call names the one it needs. The list grows with each
 * feature (issue 15 added brands, content, games, member management, roles, approvals, reports and
 * feedback); custom roles pick from it.
 */
export const operatorPermissions = [
  'deposits.review',
  'withdrawals.review',
  'channels.manage',
  'members.read',
  'members.adjust',
  /** Member status (lock, close, forbid login or games), password and 2FA resets, sessions, tags and notes. */
  'members.manage',
  'outbox.read',
  'audit.read',
  'operators.manage',
  /** Custom roles: create, change the permissions, IP allow-list and session timeout of a role. */
  'roles.manage',
  /** Four-eyes: approve another operator's money action above the merchant's threshold. */
  'approvals.review',
  /** The operator's own brand: settings, theme, domains, switches, register rules, maintenance, access rules. */
  'brands.manage',
  /** Platform level: every merchant, and creating merchants. */
  'brands.platform',
  /** Announcements, banners, help centre, marquee, hot-game lanes, site resources, images. */
  'content.manage',
  /** Vendors and games: switches, order, flags, names, thumbnails, maintenance windows, game recall. */
  'games.manage',
  /** Vendor credentials: create, rotate, revoke (a secret is shown once). */
  'games.credentials',
  'reports.read',
  /** Member feedback: read and answer. */
  'feedback.manage',
  /** The agent programme: the merchant's own contracts with top agents, and their settlements. */
  'agents.manage',
  /** Agents' settlement statements: approve, reject, adjust, re-run a period (money: finance's). */
  'agents.settle',
  /** Members' inbox: write messages to all, a segment or listed members, and read their delivery and read counts. */
  'messages.send',
  /** Promotions: the editor (kinds, rules, budget), and granting issued rewards to members. */
  'promotions.manage',
  /** Promotions: the approval queue of members' applications (approve, reject). */
  'promotions.review',
  /** Live chat: answer the queue (assign, transfer, close), canned replies and the chat settings. */
  'chat.answer',
  /** Lottery: games' limits and cancellation rules, blocked numbers, the book of each draw, orders, cancelling a draw. */
  'lottery.manage',
  /**
   * Lottery: entering and importing official results (a second operator confirms each: four eyes). A
   * result is shared by every brand, so only the platform role holds it among the built-in roles.
   */
  'lottery.results',
  /** Web Push: the page's counts, deliveries and the VAPID key's fingerprint. */
  'push.read',
  /** Web Push: rotate the merchant's VAPID key, send a test notice to a member. */
  'push.manage',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];

/**
 * The permissions of each built-in role (the server keeps the built-in rows equal to this at start).
 * platform has all; admin all but the platform's (brands.platform, and lottery.results: an official
 * result is every brand's); the others a fixed subset.
 */
export const rolePermissions: Readonly<Record<BuiltinOperatorRole, readonly OperatorPermission[]>> = {
  platform: [...operatorPermissions],
  admin: operatorPermissions.filter(
    (permission) => permission !== 'brands.platform' && permission !== 'lottery.results',
  ),
  finance: [
    'deposits.review',
    'withdrawals.review',
    'channels.manage',
    'members.read',
    'members.adjust',
    'approvals.review',
    'reports.read',
    'agents.settle',
    'promotions.review',
  ],
  support: ['members.read', 'members.manage', 'outbox.read', 'feedback.manage', 'messages.send', 'chat.answer'],
};

/**
 * Whether a BUILT-IN role has a permission (false for any other code). On the server use
 * `operatorMay(request.operator, permission)` of the backoffice index: it knows custom roles.
 */
export function roleHasPermission(role: string, permission: OperatorPermission): boolean {
  return (builtinOperatorRoles as readonly string[]).includes(role)
    ? rolePermissions[role as BuiltinOperatorRole].includes(permission)
    : false;
}

/** Error codes of the back-office. Messages are in the server's catalogue under the same keys, TH and EN. */
export const backofficeErrorCodes = {
  /** No operator token, or it is unknown, expired, revoked, of another merchant or of a disabled operator (401): log in again. */
  operatorTokenInvalid: 'operator.token.invalid',
  /** The operator's role lacks the permission this call needs (403). */
  permissionDenied: 'operator.permission.denied',
  /**
   * The session passed the password but not yet the TOTP code (403): `value.stage` is `enrol` (set up an
   * authenticator first) or `verify` (type its code).
   */
  totpRequired: 'operator.totp.required',
  /** Wrong username or password: one answer whether the account exists or not (400). */
  loginFailed: 'operator.login.failed',
  /** Too many failures for this account or from this IP: wait Retry-After seconds (429). */
  loginLocked: 'operator.login.locked',
  /** The TOTP code is wrong, reused or expired (400, field `code`). After 5 the session ends. */
  totpInvalid: 'operator.totp.invalid',
  /** Enrolment asked while the operator already has an authenticator (409). An admin can reset it. */
  totpAlreadyEnrolled: 'operator.totp.already.enrolled',
  /** An operator name already taken in this merchant, any letter case (409, field `username`). */
  usernameTaken: 'operator.username.taken',
  /** An admin may not disable themself or reset their own TOTP (409): ask another admin. */
  selfChangeRefused: 'operator.self.refused',
  /** A member debit larger than the member's main balance (409): the ledger is unchanged. */
  adjustmentOverdraw: 'operator.adjust.overdraw',
  /** Own password change: the current password is wrong (400, field `currentPassword`); counted by the login throttle. */
  currentPasswordWrong: 'operator.password.current.wrong',
  /** Own password change: the new password equals the current one (400, field `newPassword`). */
  passwordUnchanged: 'operator.password.unchanged',
} as const;
export type BackofficeErrorCode = (typeof backofficeErrorCodes)[keyof typeof backofficeErrorCodes];

export const adminApiPaths = {
  login: '/admin-api/session/login',
  totpEnrol: '/admin-api/session/totp/enrol',
  totpVerify: '/admin-api/session/totp/verify',
  logout: '/admin-api/session/logout',
  me: '/admin-api/me',
  dashboard: '/admin-api/dashboard',
  members: '/admin-api/members',
  /** `/admin-api/members/:memberId` */
  member: '/admin-api/members/:memberId',
  /** `/admin-api/members/:memberId/ledger` */
  memberLedger: '/admin-api/members/:memberId/ledger',
  /** `/admin-api/members/:memberId/adjustments` (Idempotency-Key header). */
  memberAdjustments: '/admin-api/members/:memberId/adjustments',
  outbox: '/admin-api/outbox',
  audit: '/admin-api/audit',
  operators: '/admin-api/operators',
  /** `/admin-api/operators/:operatorId` (PATCH status). */
  operator: '/admin-api/operators/:operatorId',
  /** `/admin-api/operators/:operatorId/totp` (DELETE: reset). */
  operatorTotp: '/admin-api/operators/:operatorId/totp',
  /** `/admin-api/operators/:operatorId/role` (PUT `{ role }`: another operator's role). */
  operatorRole: '/admin-api/operators/:operatorId/role',
  /** PUT `{ currentPassword, newPassword }`: the logged-in operator's own password; their other sessions end. */
  ownPassword: '/admin-api/me/password',
  /** GET: the ledger check of this merchant's books (`npm run ledger:check` for one merchant). */
  ledgerCheck: '/admin-api/ledger/check',
} as const;

/** Fills `:name` placeholders of an adminApiPaths entry. */
export function adminPath(template: string, params: Record<string, string | number | bigint>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Operator names: 3-32 letters, digits, `_`, `.`, `-`. */
export const operatorUsernameSchema = z.string().regex(/^[A-Za-z0-9_.-]{3,32}$/);
/** At least 10 characters for operators (no composition rules; length is what helps). */
export const operatorPasswordSchema = z.string().min(10).max(128);
export const operatorTotpCodeSchema = z.string().regex(/^\d{6}$/);

/** Ids travel as decimal strings (int8 does not fit a JS number safely). */
export const adminIdSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const operatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
  status: z.enum(['active', 'disabled']),
  totpEnrolled: z.boolean(),
  createdAt: z.number(),
  /** The operator's own IP allow-list (IPs and CIDRs; empty = anywhere, the role's list still applies). */
  ipAllowList: z.array(z.string()).default([]),
  /** Sent back with an edit: a stale one is refused 409 `operator.version.conflict`. */
  version: z.number().int().default(1),
});
export type Operator = z.infer<typeof operatorSchema>;

/* ---------- session ---------- */

export const operatorLoginBodySchema = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

/**
 * POST login: `stage` says what comes next: `enrol` (no authenticator yet: POST totpEnrol, then PUT it
 * with a code) or `verify` (POST totpVerify with a code). The token works for nothing else until then.
 */
export const operatorLoginValueSchema = z.object({
  token: z.string(),
  stage: z.enum(['enrol', 'verify']),
  expiresAt: z.number(),
});
export type OperatorLoginValue = z.infer<typeof operatorLoginValueSchema>;

/** POST totpEnrol: a secret to scan (replaces an unconfirmed one). */
export const operatorTotpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type OperatorTotpEnrolment = z.infer<typeof operatorTotpEnrolmentSchema>;

export const operatorTotpCodeBodySchema = z.object({ code: operatorTotpCodeSchema });

export const operatorMeSchema = z.object({
  operator: operatorSchema,
  permissions: z.array(z.enum(operatorPermissions)),
  merchant: z.object({
    code: z.string(),
    name: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
    /** The merchant's IANA time zone (config.timezone; Asia/Bangkok when unset): the back-office's schedule inputs are in it. */
    timeZone: z.string().default('Asia/Bangkok'),
  }),
  /** The session's absolute end (epoch ms). */
  expiresAt: z.number(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/* ---------- dashboard ---------- */

export const adminDashboardSchema = z.object({
  /**
   * Counts for the operator's landing page; null where the role may not see them. Pending deposits
   * and withdrawals come from their own lists (`total` of `?status=pending`).
   */
  members: z.number().int().nullable(),
  membersToday: z.number().int().nullable(),
  outboxToday: z.number().int().nullable(),
  outboxFailedToday: z.number().int().nullable(),
  auditToday: z.number().int().nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/* ---------- members ---------- */

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminMemberSearchQuerySchema = adminPageQuerySchema.extend({
  /** A username (prefix, any case), a mobile number (digits, suffix match) or a member id. Empty lists the newest. */
  q: z.string().trim().max(64).default(''),
});
export type AdminMemberSearchQuery = z.infer<typeof adminMemberSearchQuerySchema>;

export const adminMemberBalancesSchema = z.object({
  main: moneySchema,
  held: moneySchema,
  bonus: moneySchema,
  vendors: moneySchema,
  /** Play money of a trial account, never cash. */
  trial: moneySchema,
});

export const adminMemberRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(['active', 'locked', 'closed']),
  isAgent: z.number().int(),
  createdAt: z.number(),
  currency: z.string(),
  balances: adminMemberBalancesSchema,
});
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;

export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const adminMemberPageSchema = adminPageSchema(adminMemberRowSchema);
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

/**
 * Every kind of ledger transfer the platform writes (`kind` of the ledger's postings: the modules'
 * `postTransfers` calls and the seamless wallet's SQL functions, `'vendor.' || call`), in the order
 * the back-office's ledger filter offers them. A module that writes a new kind adds it here: the
 * back-office must then have its texts (`kind_*` in TH and EN; a test and `npm run i18n:check` fail
 * without them).
 */
export const ledgerTransferKinds = [
  'deposit',
  'deposit.fee',
  'withdrawal.hold',
  'withdrawal.payout',
  'withdrawal.fee',
  'withdrawal.release',
  'adjustment',
  'vendor.bet',
  'vendor.win',
  'vendor.rollback',
  'wallet.transfer.in',
  'wallet.transfer.out',
  'wallet.transfer.returned',
  'vendor.result',
  'trial.credit',
  'agent.transfer.downline',
  'agent.transfer.luckybag',
  'agent.transfer.upline',
  'agent.daily_salary',
  'agent.dividend',
  'agent.hourly_salary',
  'agent.realtime_salary',
  'agent.debt_recovery',
  'lottery.cancel_fee',
  'lottery.result_correction',
] as const;
export type LedgerTransferKind = (typeof ledgerTransferKinds)[number];

export const adminMemberLedgerQuerySchema = adminPageQuerySchema.extend({
  /** Only transfers of this kind (`deposit`, `withdrawal.hold`, `adjustment`, ...). */
  kind: z.string().max(64).optional(),
});

/** One ledger transfer touching one of the member's accounts, seen from the member's side. */
export const adminMemberLedgerEntrySchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.string(),
  reference: z.string(),
  /** The member's account on this side (`member_main`, `member_held`, ...). */
  account: z.string(),
  /** The other side's account kind. */
  counterparty: z.string(),
  /** Signed: positive when the member's account was credited. */
  amount: moneySchema,
  balanceAfter: moneySchema.nullable(),
  /** For a manual adjustment, the operator's reason; null otherwise. */
  note: z.string().nullable(),
});
export type AdminMemberLedgerEntry = z.infer<typeof adminMemberLedgerEntrySchema>;
export const adminMemberLedgerPageSchema = adminPageSchema(adminMemberLedgerEntrySchema).extend({
  member: adminMemberRowSchema,
});
export type AdminMemberLedgerPage = z.infer<typeof adminMemberLedgerPageSchema>;

/** POST memberAdjustments (Idempotency-Key header): credit or debit the member's main wallet. */
export const adminAdjustmentBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: amountInputSchema,
  reason: z.string().trim().min(3).max(200),
});
export type AdminAdjustmentBody = z.infer<typeof adminAdjustmentBodySchema>;

export const adminAdjustmentValueSchema = z.object({
  transferId: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: moneySchema,
  balanceAfter: moneySchema,
});
export type AdminAdjustmentValue = z.infer<typeof adminAdjustmentValueSchema>;

/* ---------- outbox ---------- */

export const adminOutboxQuerySchema = adminPageQuerySchema.extend({
  channel: z.enum(['sms', 'email']).optional(),
  /** Destination contains this text (a phone number or an address). */
  destination: z.string().trim().max(120).optional(),
});

export const adminOutboxRowSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  destination: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** `sent` or `failed`. */
  status: z.string(),
  /** `outbox` (kept only), `smtp`, `sms-gateway`. */
  deliveredVia: z.string(),
  /** The provider's answer when it failed. */
  error: z.string().nullable(),
  createdAt: z.number(),
});
export type AdminOutboxRow = z.infer<typeof adminOutboxRowSchema>;
export const adminOutboxPageSchema = adminPageSchema(adminOutboxRowSchema);
export type AdminOutboxPage = z.infer<typeof adminOutboxPageSchema>;

/* ---------- audit ---------- */

export const adminAuditQuerySchema = adminPageQuerySchema.extend({
  /** Operator name (exact, any case). */
  operator: z.string().trim().max(64).optional(),
  /** Action prefix: `member.` finds every member action. */
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(200).optional(),
  /** Epoch ms bounds of created_at, inclusive from, exclusive to. */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditRowSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  /** Null for what the system did itself (the first admin at start). */
  operator: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export const adminAuditPageSchema = adminPageSchema(adminAuditRowSchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/* ---------- operators ---------- */

export const operatorListSchema = z.object({
  items: z.array(operatorSchema),
  /** The merchant's roles an operator may be given (the role picker); the platform role only by a platform operator. */
  roles: z
    .array(z.object({ code: z.string(), nameTh: z.string(), nameEn: z.string(), builtin: z.boolean() }))
    .default([]),
});

export const createOperatorBodySchema = z.object({
  username: operatorUsernameSchema,
  password: operatorPasswordSchema,
  role: operatorRoleSchema,
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

export const updateOperatorBodySchema = z.object({ status: z.enum(['active', 'disabled']) });

/** PUT operatorRole: the new role of another operator (an admin cannot change their own). */
export const updateOperatorRoleBodySchema = z.object({ role: operatorRoleSchema });
export type UpdateOperatorRoleBody = z.infer<typeof updateOperatorRoleBodySchema>;

/** PUT ownPassword: the current password, and a new one of at least 10 characters that differs from it. */
export const changeOwnPasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: operatorPasswordSchema,
});
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBodySchema>;

/** The answer of PUT ownPassword: how many other sessions of the operator were ended. */
export const changeOwnPasswordValueSchema = z.object({ sessionsEnded: z.number().int() });
export type ChangeOwnPasswordValue = z.infer<typeof changeOwnPasswordValueSchema>;

/** GET /admin-api/ledger/check (permission `members.adjust`): amounts in minor units as decimal strings. */
export const adminLedgerCheckSchema = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  memberAccounts: z.number().int(),
  transfers: z.number().int(),
  postings: z.number().int(),
  emptyPostings: z.number().int(),
  /** Per currency: member balances plus house balances; "0" when the books balance. */
  currencies: z.array(z.object({ currency: z.string(), totalMinorUnits: z.string() })),
  /** Accounts whose stored balance is not credits minus debits (or below zero). */
  differences: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string(),
      memberId: z.string().nullable(),
      storedMinorUnits: z.string(),
      derivedMinorUnits: z.string(),
    }),
  ),
});
export type AdminLedgerCheck = z.infer<typeof adminLedgerCheckSchema>;
