import { backofficeErrorCodes, rolesErrorCodes, type OperatorPermission } from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { OperatorRole } from './backoffice.tables.ts';
import { ipAllowed } from './ip-allow-list.ts';
import { ensureOperatorMerchant } from './operator-merchant.ts';
import { operatorMay } from './operator-roles.ts';
import { findLiveOperatorSession, touchOperatorSession, type OperatorSession } from './operator-sessions.ts';

/** The logged-in operator of a call guarded by requireOperator. */
export interface AuthenticatedOperator {
  id: bigint;
  merchantId: number;
  username: string;
  role: OperatorRole;
  /** The permissions of the role row, read with the session on this call: ask `operatorMay(request.operator, ...)`. */
  permissions: readonly OperatorPermission[];
  /** The session behind the token, for logout. */
  sessionId: bigint;
  sessionExpiresAtMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOperator(...)`; not set on calls without it. */
    operator: AuthenticatedOperator;
  }
}

function tokenInvalid(): AppError {
  return new AppError(401, backofficeErrorCodes.operatorTokenInvalid);
}

/** 403 `operator.totp.required` with the step still owed, for a session that passed the password only. */
export function totpRequired(session: Pick<OperatorSession, 'totpEnrolled'>): AppError {
  return new AppError(403, backofficeErrorCodes.totpRequired, {
    value: { stage: session.totpEnrolled ? 'verify' : 'enrol' },
  });
}

/** Whether both the operator's and the role's IP allow-lists (each empty = anywhere) hold the address. */
export function sessionIpAllowed(
  session: Pick<OperatorSession, 'operatorIpAllowList' | 'roleIpAllowList'>,
  ip: string,
): boolean {
  return ipAllowed(ip, session.operatorIpAllowList) && ipAllowed(ip, session.roleIpAllowList);
}

export function ipRefused(): AppError {
  return new AppError(403, rolesErrorCodes.ipRefused);
}

/**
 * The session of the request's raw `Authorization` token (no `Bearer `), in the request's merchant,
 * live, of an active operator; 401 `operator.token.invalid` otherwise. Any stage. From an address the
 * allow-lists do not hold: 403 `operator.ip.refused`.
 */
export async function findRequestOperatorSession(request: FastifyRequest): Promise<OperatorSession> {
  await ensureOperatorMerchant(request);
  const token = request.headers.authorization;
  const app = request.server;
  const nowMs = app.now();
  const session =
    typeof token === 'string' ? await findLiveOperatorSession(app.db, request.merchant.id, token.trim(), nowMs) : null;
  if (!session) throw tokenInvalid();
  if (!sessionIpAllowed(session, request.ip)) throw ipRefused();
  return session;
}

/**
 * The guard of every operator call, as an `onRequest` hook: `onRequest: requireOperator('members.read')`,
 * so a missing token is refused before the body is even validated.
 *
 * - no, malformed, unknown, expired, revoked token, another merchant's operator, a disabled
 *   operator: 401 `operator.token.invalid`;
 * - a session that passed the password but not the TOTP code: 403 `operator.totp.required`;
 * - from an address the operator's or the role's IP allow-list does not hold: 403 `operator.ip.refused`;
 * - a role without `permission`: 403 `operator.permission.denied`.
 *
 * The role row (permissions, allow-list, timeouts) is read with the session in one query on every
 * call, so a change applies at once.
 * Sets `request.operator`. `permission` null: any logged-in operator (me, logout).
 */
export function requireOperator(permission: OperatorPermission | null) {
  const operatorGuard = async function operatorGuard(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const session = await findRequestOperatorSession(request);
    if (session.stage !== 'full') throw totpRequired(session);
    if (permission !== null && !operatorMay(session, permission)) {
      throw new AppError(403, backofficeErrorCodes.permissionDenied, { params: { permission } });
    }
    await touchOperatorSession(request.server.db, session, request.server.now());
    request.operator = {
      id: session.operatorId,
      merchantId: session.merchantId,
      username: session.username,
      role: session.role,
      permissions: session.permissions,
      sessionId: session.sessionId,
      sessionExpiresAtMs: session.expiresAtMs,
    };
  };
  // Readable from the route table, so a test can check every operator route against its permission.
  return Object.assign(operatorGuard, { permission });
}

/**
 * For a connection that outlives its request (the chat's websocket): a check, to run again later,
 * that the request's operator session is still what `requireOperator(permission)` admitted: live
 * (not logged out, revoked, idle or past its end), fully signed in, from an address its allow-lists
 * hold, with a role that still has `permission`. It reads the session as the guard does but does not
 * touch it: an open socket alone does not keep a session alive.
 */
export function operatorSessionCheck(request: FastifyRequest, permission: OperatorPermission): () => Promise<boolean> {
  const { db } = request.server;
  const merchantId = request.operator.merchantId;
  const token = String(request.headers.authorization ?? '').trim();
  const { ip } = request;
  return async () => {
    const session = await findLiveOperatorSession(db, merchantId, token, request.server.now());
    return (
      session !== null && session.stage === 'full' && sessionIpAllowed(session, ip) && operatorMay(session, permission)
    );
  };
}
