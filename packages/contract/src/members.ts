import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { adminIdSchema, adminMemberRowSchema, adminPageQuerySchema, adminPageSchema } from './backoffice.ts';

/* ------------------------------------------------------------------------------------------------
 * The back-office's member desk (issue 15): search by any handle, the member's page and its tabs,
 * status changes, resets, sessions, tags and notes, linked members. Reads need `members.read`,
 * changes `members.manage`; every change is audited. Another merchant's member id answers 404.
 * ---------------------------------------------------------------------------------------------- */

export const memberDeskPaths = {
  /** GET `?by=&q=&page=&pageSize=`: the desk's search (by username, mobile, e-mail, bank account, IP, affiliate code, id). */
  search: '/admin-api/member-desk/search',
  /** GET: the member's profile page (profile, restrictions, versions, turnover, tags, agent tree summary). */
  profile: '/admin-api/members/:memberId/profile',
  /** PUT `{ action, reason, version }`: lock, unlock, close, forbid or allow login or games. */
  status: '/admin-api/members/:memberId/status',
  /** POST `{ reason }`: a random temporary password, shown once; the member must change it at the next login. */
  passwordReset: '/admin-api/members/:memberId/password-reset',
  /** POST `{ reason }`: the member's authenticator is removed (two-factor login off until set up again). */
  twoFactorReset: '/admin-api/members/:memberId/two-factor-reset',
  /** GET `?page=`: logins (successes and refusals) with IP, country, device and device id. */
  logins: '/admin-api/members/:memberId/logins',
  /** GET: live sessions; DELETE: end them all. */
  sessions: '/admin-api/members/:memberId/sessions',
  /** DELETE: end one session. */
  session: '/admin-api/members/:memberId/sessions/:sessionId',
  /** GET: bank accounts, removed ones included. */
  bankAccounts: '/admin-api/members/:memberId/bank-accounts',
  /** GET `?page=`: deposits, newest first. */
  deposits: '/admin-api/members/:memberId/deposits',
  /** GET `?page=`: withdrawals, newest first. */
  withdrawals: '/admin-api/members/:memberId/withdrawals',
  /** GET `?page=`: bet records (rounds), newest first. */
  bets: '/admin-api/members/:memberId/bets',
  /** PUT `{ tags, version }`: the member's tags, names from the merchant's list. */
  tags: '/admin-api/members/:memberId/tags',
  /** GET, POST `{ body }`: operator notes, append-only. */
  notes: '/admin-api/members/:memberId/notes',
  /** GET `?page=`: the upline chain and the direct downlines. */
  agentTree: '/admin-api/members/:memberId/agent-tree',
  /** GET: members sharing an IP, a device id or a bank account with this member. */
  linked: '/admin-api/members/:memberId/linked',
  /** GET: the merchant's tag list; POST `{ name }`: a new tag. */
  tagOptions: '/admin-api/member-desk/tags',
} as const;

export const memberDeskErrorCodes = {
  /** The member's status or tags changed since the operator read them (409): reload and decide again. */
  versionConflict: 'members.version.conflict',
  /** The status change is no change (e.g. unlock of an active member) (409). */
  statusUnchanged: 'members.status.unchanged',
  /** A tag that is not in the merchant's list (400, field `tags`). */
  tagUnknown: 'members.tag.unknown',
  /** The tag name is already in the merchant's list (409, field `name`). */
  tagTaken: 'members.tag.taken',
  /** The session is not a live session of this member (404). */
  sessionUnknown: 'members.session.unknown',
  /** The member has no authenticator to reset (409). */
  twoFactorNotSet: 'members.two.factor.not.set',
} as const;

export const memberSearchFields = ['any', 'username', 'mobile', 'email', 'bank', 'ip', 'affiliate', 'id'] as const;
export type MemberSearchField = (typeof memberSearchFields)[number];

export const memberSearchQuerySchema = adminPageQuerySchema.extend({
  by: z.enum(memberSearchFields).default('any'),
  q: z.string().trim().max(64).default(''),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const memberStatusActions = [
  'lock',
  'unlock',
  'close',
  'reopen',
  'forbidLogin',
  'allowLogin',
  'forbidGames',
  'allowGames',
] as const;
export type MemberStatusAction = (typeof memberStatusActions)[number];

const reasonSchema = z.string().trim().min(3).max(200);

export const memberStatusBodySchema = z.object({
  action: z.enum(memberStatusActions),
  reason: reasonSchema,
  /** The `deskVersion` the operator read. */
  version: z.number().int().min(1),
});
export type MemberStatusBody = z.infer<typeof memberStatusBodySchema>;

export const memberReasonBodySchema = z.object({ reason: reasonSchema });
export type MemberReasonBody = z.infer<typeof memberReasonBodySchema>;

export const memberRestrictionsSchema = z.object({
  status: z.enum(['active', 'locked', 'closed']),
  loginForbidden: z.boolean(),
  gamesForbidden: z.boolean(),
});
export type MemberRestrictions = z.infer<typeof memberRestrictionsSchema>;

export const memberStatusValueSchema = memberRestrictionsSchema.extend({
  deskVersion: z.number().int(),
  sessionsEnded: z.number().int(),
});
export type MemberStatusValue = z.infer<typeof memberStatusValueSchema>;

export const memberPasswordResetValueSchema = z.object({
  /** Shown once to the operator, never stored in clear nor audited. */
  temporaryPassword: z.string(),
  sessionsEnded: z.number().int(),
});
export type MemberPasswordResetValue = z.infer<typeof memberPasswordResetValueSchema>;

const agentLinkSchema = z.object({ id: z.string(), username: z.string(), isAgent: z.number().int() });

export const memberProfileSchema = z.object({
  member: adminMemberRowSchema,
  restrictions: memberRestrictionsSchema,
  deskVersion: z.number().int(),
  profile: z.object({
    nickname: z.string().nullable(),
    payeeName: z.string().nullable(),
    birthday: z.string().nullable(),
    language: z.enum(['TH', 'EN']),
    line: z.string().nullable(),
    telegram: z.string().nullable(),
    registerMethod: z.string(),
    registerIp: z.string(),
    registerDevice: z.string(),
    registerDomain: z.string().nullable(),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    lastLoginAt: z.number().nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  turnover: z.object({ required: moneySchema, wagered: moneySchema, remaining: moneySchema, multiplier: z.number() }),
  tags: z.object({ names: z.array(z.string()), version: z.number().int() }),
  upline: agentLinkSchema.nullable(),
  directDownlines: z.number().int(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const memberLoginSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  succeeded: z.boolean(),
  failureReason: z.string().nullable(),
  ip: z.string(),
  country: z.string(),
  device: z.string(),
  deviceId: z.string().nullable(),
});
export const memberLoginPageSchema = adminPageSchema(memberLoginSchema);
export type MemberLoginPage = z.infer<typeof memberLoginPageSchema>;

export const memberSessionSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  ip: z.string(),
  country: z.string(),
  device: z.string(),
  deviceId: z.string().nullable(),
});
export const memberSessionListSchema = z.object({ items: z.array(memberSessionSchema) });
export type MemberSessionList = z.infer<typeof memberSessionListSchema>;
export const memberSessionsEndedSchema = z.object({ sessionsEnded: z.number().int() });

export const memberSessionParamsSchema = z.object({ memberId: adminIdSchema, sessionId: adminIdSchema });

export const memberBankAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.number(),
  removedAt: z.number().nullable(),
});
export const memberBankAccountListSchema = z.object({ items: z.array(memberBankAccountSchema) });
export type MemberBankAccountList = z.infer<typeof memberBankAccountListSchema>;

export const memberDepositRowSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  method: z.string(),
  status: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  settledAt: z.number().nullable(),
});
export const memberDepositPageSchema = adminPageSchema(memberDepositRowSchema);
export type MemberDepositPage = z.infer<typeof memberDepositPageSchema>;

export const memberWithdrawalRowSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  status: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  bankCode: z.string(),
  accountNumber: z.string(),
  reviewedAt: z.number().nullable(),
});
export const memberWithdrawalPageSchema = adminPageSchema(memberWithdrawalRowSchema);
export type MemberWithdrawalPage = z.infer<typeof memberWithdrawalPageSchema>;

export const memberBetRowSchema = z.object({
  id: z.string(),
  firstBetAt: z.number(),
  vendor: z.string(),
  gameId: z.string(),
  roundId: z.string(),
  status: z.string(),
  stake: moneySchema,
  validBet: moneySchema,
  payout: moneySchema,
});
export const memberBetPageSchema = adminPageSchema(memberBetRowSchema);
export type MemberBetPage = z.infer<typeof memberBetPageSchema>;

export const memberTagsBodySchema = z.object({
  tags: z.array(z.string().trim().min(1).max(32)).max(20),
  version: z.number().int().min(1),
});
export type MemberTagsBody = z.infer<typeof memberTagsBodySchema>;
export const memberTagsValueSchema = z.object({ names: z.array(z.string()), version: z.number().int() });

export const memberTagOptionBodySchema = z.object({ name: z.string().trim().min(1).max(32) });
export const memberTagOptionListSchema = z.object({ items: z.array(z.string()) });
export type MemberTagOptionList = z.infer<typeof memberTagOptionListSchema>;

export const memberNoteBodySchema = z.object({ body: z.string().trim().min(1).max(1000) });
export type MemberNoteBody = z.infer<typeof memberNoteBodySchema>;
export const memberNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  operator: z.string(),
  createdAt: z.number(),
});
export const memberNoteListSchema = z.object({ items: z.array(memberNoteSchema) });
export type MemberNoteList = z.infer<typeof memberNoteListSchema>;

export const memberAgentTreeSchema = adminPageSchema(agentLinkSchema).extend({
  /** Direct upline first, the top of the tree last. */
  uplines: z.array(agentLinkSchema),
});
export type MemberAgentTree = z.infer<typeof memberAgentTreeSchema>;

export const linkedMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: z.enum(['active', 'locked', 'closed']),
  ips: z.array(z.string()),
  deviceIds: z.array(z.string()),
  bankAccounts: z.array(z.string()),
});
export const linkedMemberListSchema = z.object({ items: z.array(linkedMemberSchema) });
export type LinkedMemberList = z.infer<typeof linkedMemberListSchema>;
