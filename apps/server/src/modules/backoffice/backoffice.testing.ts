import type { OperatorPermission } from '@lotus/contract';
import type { Kysely } from 'kysely';
import { Secret } from 'otpauth';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../identity/index.ts';
import type { OperatorRole } from './backoffice.tables.ts';
import { ensureBuiltinRoles } from './operator-roles.ts';
import { createOperatorSession } from './operator-sessions.ts';

export interface TestOperator {
  id: bigint;
  merchantId: number;
  username: string;
  password: string;
  role: OperatorRole;
  /** Base32 TOTP secret (null when inserted with `totp: false`); `totpCodeAt(secret, nowMs)` plays the phone. */
  totpSecret: string | null;
  /** A token for `Authorization`: a full session (TOTP passed) unless `stage: 'password'`. */
  token: string;
}

let counter = 0;

/**
 * For tests of operator calls: an operator of `merchantId` with `role` (a built-in, `platform`
 * included, or a role of the merchant made before, e.g. with `insertTestRole`), an enrolled
 * authenticator and a live token (straight in the tables, no login round trip). The merchant gets
 * the built-in roles if it has none yet. Names are unique per process.
 */
export async function insertTestOperator(
  db: Kysely<Database>,
  input: {
    merchantId: number;
    role: OperatorRole;
    username?: string;
    password?: string;
    nowMs?: number;
    totp?: boolean;
    stage?: 'password' | 'full';
    ipAllowList?: string[];
  },
): Promise<TestOperator> {
  const nowMs = input.nowMs ?? Date.now();
  await ensureBuiltinRoles(db, input.merchantId, nowMs);
  const username = input.username ?? `op_${input.role}_${process.pid}_${++counter}`;
  const password = input.password ?? 'operator-password-1';
  const totpSecret = input.totp === false ? null : new Secret({ size: 20 }).base32;
  const row = await db
    .insertInto('operator')
    .values({
      merchant_id: input.merchantId,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(password),
      role: input.role,
      totp_secret: totpSecret,
      totp_enabled_at: totpSecret === null ? null : new Date(nowMs),
      ip_allow_list: input.ipAllowList ?? [],
      created_by: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stage = input.stage ?? (totpSecret === null ? 'password' : 'full');
  const { token } = await createOperatorSession(db, {
    merchantId: input.merchantId,
    operatorId: row.id,
    stage,
    ip: '127.0.0.1',
    nowMs,
  });
  return { id: row.id, merchantId: input.merchantId, username, password, role: input.role, totpSecret, token };
}

/** For tests that make an operator session by hand (the authorization matrix, the fuzzer). */
export { createOperatorSession } from './operator-sessions.ts';

/**
 * For tests: a custom role of `merchantId` holding exactly `permissions` (code unique per process
 * unless given), with optional allow-list and timeouts. Give its code to `insertTestOperator`.
 */
export async function insertTestRole(
  db: Kysely<Database>,
  input: {
    merchantId: number;
    permissions: readonly OperatorPermission[];
    code?: string;
    ipAllowList?: string[];
    idleMinutes?: number;
    absoluteHours?: number;
  },
): Promise<string> {
  const code = input.code ?? `custom_${process.pid % 100_000}_${++counter}`;
  const now = new Date();
  await ensureBuiltinRoles(db, input.merchantId);
  await db
    .insertInto('operator_role')
    .values({
      merchant_id: input.merchantId,
      code,
      name_th: code,
      name_en: code,
      permissions: [...input.permissions],
      ip_allow_list: input.ipAllowList ?? [],
      idle_minutes: input.idleMinutes ?? 30,
      absolute_hours: input.absoluteHours ?? 12,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return code;
}
