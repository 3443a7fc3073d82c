import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OperatorPermission } from '@lotus/contract';
import type { OperatorRole, OperatorSessionStage, OperatorStatus } from './backoffice.tables.ts';
import { knownPermissionsOf } from './operator-roles.ts';

/**
 * Operator sessions, kept apart from member sessions (own table, own guard): a member token never
 * opens the back-office. A token is 256 random bits shown once; the database keeps its SHA-256 only.
 */

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * A full session dies after its role's `idle_minutes` without a call (30 by default) and its role's
 * `absolute_hours` after login whatever happens (12 by default, a working day; at most this long).
 * Both are read with the session on every call, so a changed role applies to live sessions at once.
 */
export const operatorIdleMs = 30 * 60_000;
export const operatorSessionMs = 12 * 3_600_000;
/** A session that passed the password only has this long to give the TOTP code (or enrol). */
export const operatorPasswordStageMs = 10 * 60_000;
/** last_seen_at is written at most this often per session. */
const lastSeenRefreshMs = 60_000;

export function hashOperatorToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createOperatorSession(
  db: Kysely<Database>,
  input: { merchantId: number; operatorId: bigint; stage: OperatorSessionStage; ip: string; nowMs: number },
): Promise<{ token: string; expiresAtMs: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAtMs = input.nowMs + (input.stage === 'full' ? operatorSessionMs : operatorPasswordStageMs);
  const now = new Date(input.nowMs);
  await db
    .insertInto('operator_session')
    .values({
      merchant_id: input.merchantId,
      operator_id: input.operatorId,
      token_hash: hashOperatorToken(token),
      stage: input.stage,
      ip: input.ip,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(expiresAtMs),
    })
    .execute();
  return { token, expiresAtMs };
}

export interface OperatorSession {
  sessionId: bigint;
  stage: OperatorSessionStage;
  totpFailures: number;
  lastSeenAtMs: number;
  expiresAtMs: number;
  operatorId: bigint;
  merchantId: number;
  username: string;
  role: OperatorRole;
  status: OperatorStatus;
  totpEnrolled: boolean;
  /** The role row's permissions the contract knows. */
  permissions: OperatorPermission[];
  /** The operator's and the role's IP allow-lists (each empty = anywhere; both must allow). */
  operatorIpAllowList: string[];
  roleIpAllowList: string[];
  /** The role's absolute session length, for the promotion after the TOTP code. */
  absoluteMs: number;
}

/**
 * The live session of `token` in this merchant, or null: malformed, unknown, of another merchant,
 * revoked, expired, idle too long, or of a disabled operator all look the same to the caller.
 */
export async function findLiveOperatorSession(
  db: Kysely<Database>,
  merchantId: number,
  token: string,
  nowMs: number,
): Promise<OperatorSession | null> {
  if (!tokenPattern.test(token)) return null;
  const row = await db
    .selectFrom('operator_session as s')
    .innerJoin('operator as o', (join) =>
      join.onRef('o.id', '=', 's.operator_id').onRef('o.merchant_id', '=', 's.merchant_id'),
    )
    .innerJoin('operator_role as r', (join) =>
      join.onRef('r.merchant_id', '=', 'o.merchant_id').onRef('r.code', '=', 'o.role'),
    )
    .select([
      's.id as session_id',
      's.stage',
      's.totp_failures',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'o.id as operator_id',
      'o.merchant_id',
      'o.username',
      'o.role',
      'o.status',
      'o.totp_secret',
      'o.ip_allow_list as operator_ip_allow_list',
      's.created_at',
      'r.permissions',
      'r.ip_allow_list as role_ip_allow_list',
      'r.idle_minutes',
      'r.absolute_hours',
    ])
    .where('s.token_hash', '=', hashOperatorToken(token))
    .where('s.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  const absoluteMs = Math.min(row.absolute_hours * 3_600_000, operatorSessionMs);
  const session: OperatorSession = {
    sessionId: row.session_id,
    stage: row.stage,
    totpFailures: row.totp_failures,
    lastSeenAtMs: row.last_seen_at.getTime(),
    // The role's absolute length counts from login, also for a session that began under a longer one.
    expiresAtMs: Math.min(row.expires_at.getTime(), row.created_at.getTime() + absoluteMs),
    operatorId: row.operator_id,
    merchantId: row.merchant_id,
    username: row.username,
    role: row.role,
    status: row.status,
    totpEnrolled: row.totp_secret !== null,
    permissions: knownPermissionsOf(row.permissions),
    operatorIpAllowList: row.operator_ip_allow_list,
    roleIpAllowList: row.role_ip_allow_list,
    absoluteMs,
  };
  const idleOver = session.stage === 'full' && session.lastSeenAtMs + row.idle_minutes * 60_000 <= nowMs;
  if (row.revoked_at !== null || session.expiresAtMs <= nowMs || idleOver || session.status !== 'active') return null;
  return session;
}

/** Records activity, at most once a minute per session (no write per request). */
export async function touchOperatorSession(
  db: Kysely<Database>,
  session: OperatorSession,
  nowMs: number,
): Promise<void> {
  if (nowMs - session.lastSeenAtMs < lastSeenRefreshMs) return;
  await db
    .updateTable('operator_session')
    .set({ last_seen_at: new Date(nowMs) })
    .where('id', '=', session.sessionId)
    .where('last_seen_at', '<', new Date(nowMs))
    .execute();
}

/** The TOTP code was right: the session may work, for a full session's lifetime (the role's) from now. */
export async function promoteOperatorSession(
  db: Kysely<Database>,
  sessionId: bigint,
  nowMs: number,
  absoluteMs: number = operatorSessionMs,
): Promise<number> {
  const expiresAtMs = nowMs + absoluteMs;
  await db
    .updateTable('operator_session')
    .set({ stage: 'full', last_seen_at: new Date(nowMs), expires_at: new Date(expiresAtMs) })
    .where('id', '=', sessionId)
    .where('stage', '=', 'password')
    .execute();
  return expiresAtMs;
}

export async function revokeOperatorSession(db: Kysely<Database>, sessionId: bigint, nowMs: number): Promise<void> {
  await db
    .updateTable('operator_session')
    .set({ revoked_at: new Date(nowMs) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an operator (disabled, TOTP reset). */
export async function revokeOperatorSessions(db: Kysely<Database>, operatorId: bigint, nowMs: number): Promise<void> {
  await db
    .updateTable('operator_session')
    .set({ revoked_at: new Date(nowMs) })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}
