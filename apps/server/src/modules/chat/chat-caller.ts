import { chatErrorCodes, errorCodes } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requireMember } from '../identity/index.ts';
import { findVisitorConversation, openMemberConversation, type ConversationRow } from './conversations.ts';

/** The site's side of a chat: a logged-in member, or a visitor holding its conversation's token. */
export type ChatCaller =
  { kind: 'member'; memberId: bigint; sessionId: bigint } | { kind: 'visitor'; conversation: ConversationRow };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireChatCaller`. */
    chatCaller: ChatCaller;
  }
}

/**
 * Guard of the site's chat calls, as an `onRequest` hook: the raw `Authorization` is a visitor's
 * conversation token (kept hashed) or else a member's session token, checked by identity's guard
 * (401 `user.or.token.invalid` for neither).
 */
export async function requireChatCaller(request: FastifyRequest): Promise<void> {
  const token = request.headers.authorization?.trim();
  if (!token) throw new AppError(401, errorCodes.tokenInvalid);
  const visitorConversation = await findVisitorConversation(request.server.db, request.merchant.id, token);
  if (visitorConversation) {
    request.chatCaller = { kind: 'visitor', conversation: visitorConversation };
    return;
  }
  await requireMember(request);
  request.chatCaller = { kind: 'member', memberId: request.member.id, sessionId: request.member.sessionId };
}

/** The caller's conversation: the visitor's own, or the member's open one (opened now if none). */
export async function callerConversation(request: FastifyRequest): Promise<ConversationRow> {
  const caller = request.chatCaller;
  if (caller.kind === 'visitor') return caller.conversation;
  return openMemberConversation(request.server.db, {
    merchantId: request.merchant.id,
    memberId: caller.memberId,
    language: request.language,
    nowMs: request.server.now(),
  });
}

/** A conversation id the caller named must be its own: anything else is 404, like an unknown id. */
export function ensureOwnConversation(conversation: ConversationRow, namedId: string | undefined): void {
  if (namedId !== undefined && namedId !== String(conversation.id))
    throw new AppError(404, chatErrorCodes.conversationNotFound);
}
