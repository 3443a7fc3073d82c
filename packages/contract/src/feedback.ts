import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema } from './backoffice.ts';

/**
 * Member feedback (spec §2 "feedback", §5 the 140-character rule) and the back-office's feedback desk
 * (issue 15): a visitor or member writes a note, an operator answers it, the member reads the answer
 * in the member centre ("My feedback").
 */

/** What a note is about; the member picks one (a visitor's note without one is a suggestion). */
export const feedbackTypes = ['suggestion', 'problem', 'complaint', 'other'] as const;
export const feedbackTypeSchema = z.enum(feedbackTypes);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

/** new → answered → closed, or new → closed. An answered note may be answered again (a correction). */
export const feedbackStatuses = ['new', 'answered', 'closed'] as const;
export const feedbackStatusSchema = z.enum(feedbackStatuses);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

export const feedbackContentMaxLength = 140;
export const feedbackAnswerMaxLength = 1000;

/** PUT /wps/feedback (no login): content 1 to 140 characters, an optional way to reach the visitor. */
export const feedbackRequestSchema = z.object({
  content: z.string().trim().min(1).max(feedbackContentMaxLength),
  contact: z.string().trim().max(100).optional(),
  type: feedbackTypeSchema.optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** POST /wps/member/feedback (logged in): the note is the member's, and its answer shows in "My feedback". */
export const memberFeedbackRequestSchema = z.object({
  type: feedbackTypeSchema,
  content: z.string().trim().min(1).max(feedbackContentMaxLength),
});
export type MemberFeedbackRequest = z.infer<typeof memberFeedbackRequestSchema>;

export const memberFeedbackQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type MemberFeedbackQuery = z.infer<typeof memberFeedbackQuerySchema>;

/** One of the member's own notes; `answer` and `answeredAt` (epoch ms) once an operator answered. */
export const memberFeedbackSchema = z.object({
  id: z.string(),
  type: feedbackTypeSchema,
  content: z.string(),
  status: feedbackStatusSchema,
  answer: z.string().nullable(),
  answeredAt: z.number().nullable(),
  createdAt: z.number(),
});
export type MemberFeedback = z.infer<typeof memberFeedbackSchema>;
export const memberFeedbackPageSchema = z.object({
  list: z.array(memberFeedbackSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MemberFeedbackPage = z.infer<typeof memberFeedbackPageSchema>;

/* ---------- the back-office's feedback desk (`feedback.manage`) ---------- */

export const adminFeedbackQuerySchema = adminPageQuerySchema.extend({
  status: feedbackStatusSchema.optional(),
  type: feedbackTypeSchema.optional(),
  /** The member's username (exact, any case); a name of no member finds nothing. */
  member: z.string().trim().max(64).optional(),
  /** Epoch ms bounds of created_at, inclusive from, exclusive to (the page sends the merchant's days). */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

export const adminFeedbackSchema = z.object({
  id: z.string(),
  type: feedbackTypeSchema,
  content: z.string(),
  contact: z.string().nullable(),
  ip: z.string(),
  /** Null for a visitor's note (sent without logging in). */
  member: z.object({ id: z.string(), username: z.string() }).nullable(),
  status: feedbackStatusSchema,
  answer: z.string().nullable(),
  /** The operator who answered last (username). */
  answeredBy: z.string().nullable(),
  answeredAt: z.number().nullable(),
  createdAt: z.number(),
  /** Send it back with an answer or close: a note changed since it was read is refused (409). */
  version: z.number().int(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const adminFeedbackPageSchema = adminPageSchema(adminFeedbackSchema).extend({
  /** Notes waiting for an answer (status new), whatever the filters. */
  newCount: z.number().int(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

export const feedbackParamsSchema = z.object({ feedbackId: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export const answerFeedbackBodySchema = z.object({
  answer: z.string().trim().min(1).max(feedbackAnswerMaxLength),
  version: z.number().int().min(1),
});
export type AnswerFeedbackBody = z.infer<typeof answerFeedbackBodySchema>;

export const closeFeedbackBodySchema = z.object({ version: z.number().int().min(1) });
export type CloseFeedbackBody = z.infer<typeof closeFeedbackBodySchema>;

export const feedbackErrorCodes = {
  /** Another operator changed the note since this one read it (answered or closed it): reload and look again. 409. */
  versionConflict: 'feedback.version.conflict',
  /** A closed note takes no answer and is not closed again. 409. */
  closed: 'feedback.closed',
} as const;
export type FeedbackErrorCode = (typeof feedbackErrorCodes)[keyof typeof feedbackErrorCodes];

export const feedbackPaths = {
  /** PUT, no login (visitors): `apiPaths.feedback`. */
  visitor: '/wps/feedback',
  /** GET the member's own notes with their answers; POST a new one. */
  mine: '/wps/member/feedback',
  /** GET the desk's list (filters in the query). */
  adminList: '/admin-api/feedback',
  /** PUT `{ answer, version }`. */
  adminAnswer: '/admin-api/feedback/:feedbackId/answer',
  /** POST `{ version }`. */
  adminClose: '/admin-api/feedback/:feedbackId/close',
} as const;
