import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../identity/index.ts';
import { recordAudit } from './audit.ts';
import { systemIp } from './first-admin.ts';

export interface MerchantAdmin {
  id: bigint;
  username: string;
  role: string;
  /** Generated here; the one and only time it exists in clear (only its argon2id hash is stored). */
  password: string;
}

/**
 * The first operator of a merchant just created (merchant:create, the back-office's create), inside
 * that transaction: role `admin` (or `platform`), a random password returned once, no authenticator
 * (the first login enrols one). The merchant must have its built-in roles already (ensureBuiltinRoles).
 * Audited in the new merchant's log as `operator.create`, by `createdBy` (a platform operator of
 * another merchant is named in `after`, since its id belongs to that merchant) or by the system.
 */
export async function createMerchantAdmin(
  trx: Transaction<Database>,
  input: {
    merchantId: number;
    username: string;
    role: 'admin' | 'platform';
    nowMs: number;
    createdBy: { username: string; merchantCode: string; ip: string } | null;
  },
): Promise<MerchantAdmin> {
  const password = randomBytes(15).toString('base64url');
  const now = new Date(input.nowMs);
  const row = await trx
    .insertInto('operator')
    .values({
      merchant_id: input.merchantId,
      username: input.username,
      username_key: input.username.toLowerCase(),
      password_hash: await hashPassword(password),
      role: input.role,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    merchantId: input.merchantId,
    operatorId: null,
    action: 'operator.create',
    targetType: 'operator',
    targetId: row.id,
    before: null,
    after: {
      username: input.username,
      role: input.role,
      status: 'active',
      source: 'merchant.create',
      ...(input.createdBy ? { by: `${input.createdBy.username}@${input.createdBy.merchantCode}` } : {}),
    },
    ip: input.createdBy?.ip ?? systemIp,
    nowMs: input.nowMs,
  });
  return { id: row.id, username: input.username, role: input.role, password };
}
