import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OperatorRole, OperatorSessionStage, OperatorStatus } from './backoffice.tables.ts';

/**
 * Operator sessions, kept apart from member sessions (own table, own guard): a member token never
 * opens the back-office. A token is 256 random bits shown once; the database keeps its SHA-256 only.
 */

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A full session dies after this long without a call ... */
export const operatorIdleMs = 30 * 60_000;
/** ... and this long after login whatever happens (a working day). */
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
    ])
    .where('s.token_hash', '=', hashOperatorToken(token))
    .where('s.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  const session: OperatorSession = {
    sessionId: row.session_id,
    stage: row.stage,
    totpFailures: row.totp_failures,
    lastSeenAtMs: row.last_seen_at.getTime(),
    expiresAtMs: row.expires_at.getTime(),
    operatorId: row.operator_id,
    merchantId: row.merchant_id,
    username: row.username,
    role: row.role,
    status: row.status,
    totpEnrolled: row.totp_secret !== null,
  };
  const idleOver = session.stage === 'full' && session.lastSeenAtMs + operatorIdleMs <= nowMs;
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

/** The TOTP code was right: the session may work, for a full session's lifetime from now. */
export async function promoteOperatorSession(db: Kysely<Database>, sessionId: bigint, nowMs: number): Promise<number> {
  const expiresAtMs = nowMs + operatorSessionMs;
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
