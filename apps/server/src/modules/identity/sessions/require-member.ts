import { errorCodes, identityErrorCodes } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import type { AgentType } from '../identity.tables.ts';
import { findSessionMember, touchSession } from './sessions.ts';

/** The logged-in member of a call guarded by requireMember. */
export interface AuthenticatedMember {
  id: bigint;
  merchantId: number;
  username: string;
  isAgent: AgentType;
  language: 'TH' | 'EN';
  /** The session behind the token, for logout. */
  sessionId: bigint;
  /** When this session began (its login), epoch ms. */
  sessionCreatedAtMs: number;
  /** An operator forbade the member to play (back-office): the launch refuses. */
  gamesForbidden: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The call stays open to a session whose password must be changed first (a forced change after
     * login): member info, logout, language and the password change itself. Every other call with
     * `requireMember` answers such a session 403 `password.change.required`.
     */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Set by `onRequest: requireMember`; not set on calls without it. */
    member: AuthenticatedMember;
  }
}

/**
 * Guard of every call that needs a token (spec §6), as an `onRequest` hook: it reads only headers, so
 * a caller without a valid token gets 401 before the body or query is validated (a 400 would tell an
 * anonymous caller about the call's shape and hide the real reason). Reads the raw `Authorization` header (no
 * `Bearer `, protocol notes) and accepts it only for a session of this request's merchant that is
 * not revoked, not past its absolute expiry, not idle longer than the merchant allows, of an active
 * member. Anything else is 401 `user.or.token.invalid`: the site logs out. A session that must
 * change its password first is refused 403 `password.change.required` unless the route opts in with
 * `config: { allowPendingPasswordChange: true }`.
 */
export async function requireMember(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const token = request.headers.authorization;
  const session = typeof token === 'string' ? await findSessionMember(app.db, request.merchant.id, token.trim()) : null;
  const nowMs = app.now();
  const idleMs = request.merchant.config.sessions.idleMinutes * 60_000;
  if (
    session === null ||
    session.revokedAtMs !== null ||
    session.expiresAtMs <= nowMs ||
    session.lastSeenAtMs + idleMs <= nowMs ||
    session.status !== 'active' ||
    session.loginForbidden
  ) {
    throw new AppError(401, errorCodes.tokenInvalid);
  }
  if (session.passwordChangeRequired && request.routeOptions.config.allowPendingPasswordChange !== true) {
    throw new AppError(403, identityErrorCodes.passwordChangeRequired);
  }
  await touchSession(app.db, session, nowMs);
  request.member = {
    id: session.memberId,
    merchantId: session.merchantId,
    username: session.username,
    isAgent: session.isAgent,
    language: session.language,
    sessionId: session.sessionId,
    sessionCreatedAtMs: session.createdAtMs,
    gamesForbidden: session.gamesForbidden,
  };
}
