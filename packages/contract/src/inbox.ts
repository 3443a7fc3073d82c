import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema } from './backoffice.ts';
import { apiPaths } from './paths.ts';

/* ------------------------------------------------------------------------------------------------
 * The member's inbox (issue 17 "Inbox"; original-programmes §4 "Messages"): the original's
 * `CSP_unreadCount`, `CSP_getInbox` (its `getInboxMails`), `markMailAsRead`, `deleteInboxMail`, with
 * its item fields `{inboxId, senderName, sendTime, subject, content, read, sendType, canReply}`;
 * messages the merchant writes in the back-office (to all, agents, non-agent members, or listed
 * usernames), system messages written by the modules that cause them, and an agent's message to
 * members of its team (the original's `sendMail` with sendType 1, "specific downline").
 *
 * Token, real members only (the member centre). An inbox id the member cannot see (another member's,
 * another merchant's, deleted, unknown) answers 404 `inbox.mail.unknown`, the same answer.
 * ---------------------------------------------------------------------------------------------- */

export const inboxPaths = {
  /** GET: the number of unread messages (the original answers a bare number in `value`). */
  unreadCount: apiPaths.unreadMessage,
  /** GET `inboxListQuerySchema`: the member's messages in a date range, paged. */
  list: '/wps/relay/CSP_getInbox',
  /** GET `?inboxId=`: one message (reading it does not mark it read: the site calls markRead). */
  detail: '/wps/relay/CSP_getInboxMail',
  /** POST `{ inboxIds }`: one or many messages read. */
  markRead: '/wps/relay/CSP_markMailAsRead',
  /** POST (no body): every message of the member read. */
  markAllRead: '/wps/relay/CSP_markAllMailAsRead',
  /** POST `{ inboxIds }`: one or many messages deleted (gone for this member only). */
  remove: '/wps/relay/CSP_deleteInboxMail',
} as const;

/** An agent writing to members of its own team (agent centre, team management "send message"). */
export const agentMailPaths = {
  /** POST `agentSendMailRequestSchema`: the original's `sendMail`. */
  send: '/wps/relay/sendMail',
} as const;

/** The back-office's composer (`messages.send`). */
export const adminInboxPaths = {
  /** GET `adminInboxQuerySchema`: the merchant's messages with delivery and read counts; POST `adminSendMessageRequestSchema`. */
  messages: '/admin-api/inbox/messages',
  /** GET `?audience=`: how many members a message to that audience would reach now. */
  audience: '/admin-api/inbox/audience',
} as const;

/**
 * Who wrote a message: `merchant` (an operator in the back-office), `system` (a module: deposit
 * approved, withdrawal paid, an agent transfer), `agent` (an agent of the member's upline chain).
 */
export const inboxSendTypes = ['merchant', 'system', 'agent'] as const;
export type InboxSendType = (typeof inboxSendTypes)[number];

/**
 * The original's push types (its `/topic/user/{customerId}` messages): what a message is about. The
 * merchant's and agents' messages are INBOX.
 */
export const inboxPushTypes = [
  'INBOX',
  'DEPOSIT',
  'WITHDRAW',
  'AGENT_TRANSFER_AGENT_TO_DOWNLINE',
  'AGENT_TRANSFER_DOWNLINE_TO_AGENT',
] as const;
export type InboxPushType = (typeof inboxPushTypes)[number];

/**
 * Who a merchant's message goes to: every real member (`all`), agents only (isAgent 1, 2, 41, 42),
 * members who are no agent (isAgent 0), or the `listed` usernames (one member is a list of one).
 * Trial accounts receive none. A broadcast reaches the members registered when it was sent.
 */
export const inboxAudiences = ['all', 'agents', 'members', 'listed'] as const;
export const inboxAudienceSchema = z.enum(inboxAudiences);
export type InboxAudience = z.infer<typeof inboxAudienceSchema>;

export const inboxSubjectMaxLength = 100;
export const inboxContentMaxLength = 2000;
/** Usernames of one listed message. */
export const inboxListedMaxRecipients = 1000;
/** Recipients of one agent's message (the original's limit). */
export const agentMailMaxRecipients = 100;
/** Ids of one mark-read or delete call. */
export const inboxIdsMax = 100;

const inboxIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const epochMsSchema = z.coerce.number().int().min(0).max(8.64e15);
const subjectSchema = z.string().trim().min(1).max(inboxSubjectMaxLength);
const contentSchema = z.string().trim().min(1).max(inboxContentMaxLength);
const usernameSchema = z.string().trim().min(1).max(64);

/* ---------- the member's calls ---------- */

/** The original's range: its page asks for the last 30 days by default (`startTime` now − 30 d). */
export const inboxDefaultRangeMs = 30 * 24 * 60 * 60_000;

export const inboxListQuerySchema = z.object({
  /** Epoch ms, inclusive; default 30 days before now. */
  startTime: epochMsSchema.optional(),
  /** Epoch ms, exclusive; default a little after now. Before `startTime`: 400 naming `endTime`. */
  endTime: epochMsSchema.optional(),
  /** The original's sort parameter. */
  sort: z.enum(['sendTime:desc', 'sendTime:asc']).default('sendTime:desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** The original's page shows 6. */
  size: z.coerce.number().int().min(1).max(50).default(6),
});
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

/** One message as its member reads it, in the request's language. */
export const inboxMailSchema = z.object({
  inboxId: z.number().int(),
  /** `merchant` for the merchant's and the system's messages; the agent's username for an agent's. */
  senderName: z.string(),
  /** Epoch ms. */
  sendTime: z.number().int(),
  subject: z.string(),
  content: z.string(),
  read: z.boolean(),
  sendType: z.enum(inboxSendTypes),
  pushType: z.enum(inboxPushTypes),
  /** Replies are not built: always false. */
  canReply: z.boolean(),
});
export type InboxMail = z.infer<typeof inboxMailSchema>;

export const inboxPageSchema = z.object({
  content: z.array(inboxMailSchema),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The member's unread messages, whatever the range (the badge). */
  unreadCount: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxDetailQuerySchema = z.object({
  inboxId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type InboxDetailQuery = z.infer<typeof inboxDetailQuerySchema>;

/** Mark read or delete: distinct ids, 1 to 100; any id the member cannot see refuses the whole call (404). */
export const inboxIdsRequestSchema = z.object({
  inboxIds: z
    .array(inboxIdSchema)
    .min(1)
    .max(inboxIdsMax)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
});
export type InboxIdsRequest = z.infer<typeof inboxIdsRequestSchema>;

export const inboxChangeResultSchema = z.object({
  /** Messages this call changed (already read ones are not counted again). */
  changed: z.number().int(),
  unreadCount: z.number().int(),
});
export type InboxChangeResult = z.infer<typeof inboxChangeResultSchema>;

/* ---------- an agent to its team ---------- */

export const agentSendMailRequestSchema = z.object({
  /** Usernames of members of the caller's subtree; any other name answers 404 `agent.team.member.unknown`. */
  recipients: z
    .array(usernameSchema)
    .min(1)
    .max(agentMailMaxRecipients)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      message: 'duplicate',
    }),
  /** The original's recipient types: only 1 (specific downlines) is built. */
  sendType: z.literal(1),
  subject: subjectSchema,
  content: contentSchema,
});
export type AgentSendMailRequest = z.infer<typeof agentSendMailRequestSchema>;

export const agentSendMailResultSchema = z.object({ inboxId: z.number().int(), recipientCount: z.number().int() });
export type AgentSendMailResult = z.infer<typeof agentSendMailResultSchema>;

/* ---------- the back-office's composer (`messages.send`) ---------- */

export const adminSendMessageRequestSchema = z
  .object({
    audience: inboxAudienceSchema,
    /** Required for `listed` (1 to 1000, each a username of the merchant, any case); refused otherwise. */
    usernames: z.array(usernameSchema).max(inboxListedMaxRecipients).optional(),
    subjectTh: subjectSchema,
    contentTh: contentSchema,
    subjectEn: subjectSchema,
    contentEn: contentSchema,
  })
  .superRefine((body, context) => {
    const count = body.usernames?.length ?? 0;
    if (body.audience === 'listed' && count === 0)
      context.addIssue({ code: 'custom', path: ['usernames'], message: 'required' });
    if (body.audience !== 'listed' && count > 0)
      context.addIssue({ code: 'custom', path: ['usernames'], message: 'only for listed' });
  });
export type AdminSendMessageRequest = z.infer<typeof adminSendMessageRequestSchema>;

export const adminInboxQuerySchema = adminPageQuerySchema.extend({
  /** Epoch ms bounds of the send time, inclusive from, exclusive to. */
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});
export type AdminInboxQuery = z.infer<typeof adminInboxQuerySchema>;

export const adminInboxMessageSchema = z.object({
  id: z.string(),
  audience: inboxAudienceSchema,
  /** A listed message's first recipients (at most 10); empty for a broadcast. */
  usernames: z.array(z.string()),
  subjectTh: z.string(),
  contentTh: z.string(),
  subjectEn: z.string(),
  contentEn: z.string(),
  /** Epoch ms. */
  sentAt: z.number().int(),
  /** The operator who sent it (username). */
  sentBy: z.string().nullable(),
  /** Members it was delivered to: the listed ones, or the audience's members when it was sent. */
  recipientCount: z.number().int(),
  /** Recipients who opened it. */
  readCount: z.number().int(),
  /** Recipients who deleted it. */
  deletedCount: z.number().int(),
});
export type AdminInboxMessage = z.infer<typeof adminInboxMessageSchema>;
export const adminInboxPageSchema = adminPageSchema(adminInboxMessageSchema);
export type AdminInboxPage = z.infer<typeof adminInboxPageSchema>;

export const adminInboxAudienceQuerySchema = z.object({ audience: inboxAudienceSchema.exclude(['listed']) });
export type AdminInboxAudienceQuery = z.infer<typeof adminInboxAudienceQuerySchema>;
export const adminInboxAudienceSchema = z.object({ recipientCount: z.number().int() });
export type AdminInboxAudience = z.infer<typeof adminInboxAudienceSchema>;

export const inboxErrorCodes = {
  /** 404: no message of the caller's inbox has this id (another member's, deleted, unknown): reload the list. */
  mailUnknown: 'inbox.mail.unknown',
  /** 400, field `usernames`, `params.names`: these usernames are no real member of the merchant; fix the list. */
  recipientsUnknown: 'inbox.recipients.unknown',
} as const;
export type InboxErrorCode = (typeof inboxErrorCodes)[keyof typeof inboxErrorCodes];
