import { z } from 'zod';
import { adminPageQuerySchema } from './backoffice.ts';

/**
 * Live chat with customer service (issue 17 "Live chat"): a member, or a visitor when the merchant
 * allows it, opens a conversation from the site's service bar; operators answer it from the
 * back-office queue. Messages travel over a websocket (the frames below) and are kept per member.
 */

export const chatPaths = {
  /** GET: whether visitors may chat (no login). */
  settings: '/wps/chat/settings',
  /** POST: the logged-in member's open conversation (opened if none), with its latest messages. */
  memberConversation: '/wps/chat/conversation',
  /** POST: a visitor's new conversation and its token (shown once); GET with the token in `Authorization`: its messages. */
  visitorConversation: '/wps/chat/visitor',
  /** POST multipart `file`: an image for the caller's conversation, checked like every upload (media). */
  images: '/wps/chat/images',
  /** GET: an image of a conversation, by its unguessable key. */
  image: '/wps/chat/images/:imageKey',
  /** The member's (or visitor's) websocket: `?after=<last message id seen>`. */
  memberSocket: '/wps/chat/socket',
  adminConversations: '/admin-api/chat/conversations',
  adminConversation: '/admin-api/chat/conversations/:conversationId',
  adminAssign: '/admin-api/chat/conversations/:conversationId/assign',
  adminTransfer: '/admin-api/chat/conversations/:conversationId/transfer',
  adminClose: '/admin-api/chat/conversations/:conversationId/close',
  /** POST multipart `file`: an image an operator sends in a conversation. */
  adminImages: '/admin-api/chat/conversations/:conversationId/images',
  /** GET: the menu badge: conversations waiting, and those unanswered past the merchant's minutes. */
  adminSummary: '/admin-api/chat/summary',
  adminOperators: '/admin-api/chat/operators',
  adminCannedReplies: '/admin-api/chat/canned-replies',
  adminCannedReply: '/admin-api/chat/canned-replies/:cannedReplyId',
  adminSettings: '/admin-api/chat/settings',
  /** The operator's websocket: queue changes, and a conversation's messages with `?conversationId=&after=`. */
  adminSocket: '/admin-api/chat/socket',
} as const;

/**
 * A browser cannot set headers on a websocket, so the socket's credentials travel as subprotocols:
 * the client offers `lotus-chat` (the server selects it) and `lotus-token.<token>` (a member's or an
 * operator's session token, or a visitor's conversation token), and for the back-office
 * `lotus-merchant.<code>`. They are never put in the URL, which logs would keep.
 */
export const chatSocketProtocol = 'lotus-chat';
export const chatTokenProtocolPrefix = 'lotus-token.';
export const chatMerchantProtocolPrefix = 'lotus-merchant.';

export const chatTextMaxLength = 2000;
export const chatConversationStatuses = ['waiting', 'open', 'closed'] as const;
export const chatConversationStatusSchema = z.enum(chatConversationStatuses);
export type ChatConversationStatus = z.infer<typeof chatConversationStatusSchema>;
export const chatSenders = ['member', 'visitor', 'operator'] as const;
export type ChatSender = (typeof chatSenders)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.enum(chatSenders),
  /** The operator's username for an operator's message (the back-office only; the site shows "Customer service"). */
  operatorName: z.string().nullable(),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The sender's own id of the message: a resend after a lost connection is not a second message. */
  clientId: z.string(),
  createdAt: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * How far each side has received and read the other's messages (message ids, "0" for none):
 * `memberDeliveredUpTo`/`memberReadUpTo` of the operators' messages, `operatorDeliveredUpTo`/
 * `operatorReadUpTo` of the member's.
 */
export const chatMarksSchema = z.object({
  memberDeliveredUpTo: z.string(),
  memberReadUpTo: z.string(),
  operatorDeliveredUpTo: z.string(),
  operatorReadUpTo: z.string(),
});
export type ChatMarks = z.infer<typeof chatMarksSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  status: chatConversationStatusSchema,
  marks: chatMarksSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatSettingsSchema = z.object({ visitorsAllowed: z.boolean() });
export const visitorConversationSchema = chatConversationSchema.extend({ visitorToken: z.string() });
export type VisitorConversation = z.infer<typeof visitorConversationSchema>;
export const chatImageSchema = z.object({ imageId: z.string(), imageUrl: z.string() });
export type ChatImage = z.infer<typeof chatImageSchema>;

/* The websocket's frames (JSON text). */

/** Client → server: a message (text or a stored image), or "I have read up to this id". */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send'),
    clientId: z.string().uuid(),
    text: z.string().trim().min(1).max(chatTextMaxLength).optional(),
    imageId: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  }),
  z.object({ type: z.literal('read'), upToId: z.string().regex(/^\d{1,18}$/) }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** Server → client. `queue`: the merchant's queue changed (back-office only): read it again. */
export type ChatServerFrame =
  | { type: 'message'; message: ChatMessage }
  | { type: 'marks'; marks: ChatMarks }
  | { type: 'status'; status: ChatConversationStatus; assignedOperatorName: string | null }
  | { type: 'queue' }
  | { type: 'error'; errorCode: string; message: string; clientId?: string };

export const chatErrorCodes = {
  /** Visitors may not chat on this merchant (403): log in first. */
  visitorsNotAllowed: 'chat.visitors.not.allowed',
  /** The conversation is not the caller's, or does not exist (404). */
  conversationNotFound: 'chat.conversation.not.found',
  /** The conversation was closed (409): open a new one. */
  conversationClosed: 'chat.conversation.closed',
  /** A frame that is not one of the socket's frames (the socket stays open). */
  frameInvalid: 'chat.frame.invalid',
  /** A message with neither text nor image, or with both. */
  messageEmpty: 'chat.message.empty',
  /** The image is not one uploaded for this conversation. */
  imageNotFound: 'chat.image.not.found',
  /** Assign: another operator took the conversation first (409, reload). */
  alreadyAssigned: 'chat.already.assigned',
  /** Transfer: the operator named is not an active operator of the merchant with the chat permission. */
  operatorNotFound: 'chat.operator.not.found',
  cannedReplyNotFound: 'chat.canned.reply.not.found',
} as const;

/* Back-office. */

export const chatQueueViews = ['waiting', 'mine', 'all'] as const;
export const chatQueueQuerySchema = adminPageQuerySchema.extend({
  view: z.enum(chatQueueViews).default('waiting'),
  /** The history of one member. */
  memberId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  /** Words in the conversation's messages, or the member's username (prefix). */
  q: z.string().trim().max(64).default(''),
  /** `all` only: closed conversations too. */
  includeClosed: z.coerce.boolean().default(false),
});
export type ChatQueueQuery = z.infer<typeof chatQueueQuerySchema>;

export const chatQueueItemSchema = z.object({
  id: z.string(),
  status: chatConversationStatusSchema,
  memberId: z.string().nullable(),
  /** The member's username, or null for a visitor. */
  username: z.string().nullable(),
  language: z.enum(['TH', 'EN']),
  assignedOperatorId: z.string().nullable(),
  assignedOperatorName: z.string().nullable(),
  lastMessageText: z.string().nullable(),
  lastMessageAt: z.number().nullable(),
  /** The member's first message since the last answer (epoch ms); null when answered. */
  waitingSince: z.number().nullable(),
  /** Unanswered longer than the merchant's alert minutes. */
  isOverdue: z.boolean(),
  createdAt: z.number(),
});
export type ChatQueueItem = z.infer<typeof chatQueueItemSchema>;
export const chatQueuePageSchema = z.object({
  list: z.array(chatQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ChatQueuePage = z.infer<typeof chatQueuePageSchema>;

export const chatConversationParamsSchema = z.object({ conversationId: z.string().regex(/^\d{1,18}$/) });

/** Beside the conversation: who the member is, the money now, the last deposits (member-desk data). */
export const chatMemberContextSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  status: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.number(),
  mainBalance: z.string(),
  lastDeposits: z.array(
    z.object({ id: z.string(), createdAt: z.number(), methodCode: z.string(), status: z.string(), amount: z.string() }),
  ),
});
export type ChatMemberContext = z.infer<typeof chatMemberContextSchema>;

export const adminChatConversationSchema = z.object({
  conversation: chatQueueItemSchema,
  marks: chatMarksSchema,
  messages: z.array(chatMessageSchema),
  member: chatMemberContextSchema.nullable(),
});
export type AdminChatConversation = z.infer<typeof adminChatConversationSchema>;

export const chatTransferBodySchema = z.object({ operatorId: z.string().regex(/^\d{1,18}$/) });
export const chatOperatorSchema = z.object({ id: z.string(), username: z.string() });
export const chatSummarySchema = z.object({ waiting: z.number().int(), overdue: z.number().int() });
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const cannedReplyBodySchema = z.object({
  language: z.enum(['TH', 'EN']),
  title: z.string().trim().min(1).max(60),
  text: z.string().trim().min(1).max(chatTextMaxLength),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;
export const cannedReplySchema = cannedReplyBodySchema.extend({ id: z.string(), updatedAt: z.number() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyParamsSchema = z.object({ cannedReplyId: z.string().regex(/^\d{1,18}$/) });

export const adminChatSettingsSchema = z.object({
  visitorsAllowed: z.boolean(),
  /** A conversation unanswered this long raises the queue's alert. */
  alertMinutes: z.number().int().min(1).max(1440),
});
export type AdminChatSettings = z.infer<typeof adminChatSettingsSchema>;
