import {
  backofficeErrorCodes,
  rolesErrorCodes,
  type Operator,
  type OperatorPermission,
  type OperatorRole,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../identity/index.ts';
import { recordAudit } from './audit.ts';
import type { OperatorStatus } from './backoffice.tables.ts';
import { knownPermissionsOf } from './operator-roles.ts';
import { revokeOperatorSessions } from './operator-sessions.ts';

/** Who acts, for the audit row of each change. */
export interface Actor {
  merchantId: number;
  operatorId: bigint;
  /** The actor's permissions (the platform role is given and taken only by a `brands.platform` holder). */
  permissions: readonly OperatorPermission[];
  ip: string;
  nowMs: number;
}

const operatorColumns = [
  'id',
  'username',
  'role',
  'status',
  'totp_secret',
  'created_at',
  'ip_allow_list',
  'version',
] as const;

function toOperator(row: {
  id: bigint;
  username: string;
  role: OperatorRole;
  status: OperatorStatus;
  totp_secret: string | null;
  created_at: Date;
  ip_allow_list: string[];
  version: number;
}): Operator {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role,
    status: row.status,
    totpEnrolled: row.totp_secret !== null,
    createdAt: row.created_at.getTime(),
    ipAllowList: row.ip_allow_list,
    version: row.version,
  };
}

/** The platform role's code: it sees and creates every merchant. */
const platformRole = 'platform';

/**
 * Refuses a role the merchant does not have (400 `role.unknown`, field `role`); for an actor without
 * `brands.platform`, giving or taking the platform role (403 `role.platform.refused`); and giving a
 * role, or taking one away, that holds a permission the actor does not hold
 * (403 `role.permission.not.held`, field `role`): an operator with `operators.manage` alone cannot make
 * someone (themself through a colleague, say) an administrator, nor demote one.
 */
export async function assertAssignableRole(
  db: Kysely<Database>,
  actor: Actor,
  role: OperatorRole,
  previousRole?: OperatorRole,
): Promise<void> {
  if ((role === platformRole || previousRole === platformRole) && !actor.permissions.includes('brands.platform')) {
    throw new AppError(403, rolesErrorCodes.platformRoleRefused);
  }
  const rows = await db
    .selectFrom('operator_role')
    .select(['code', 'permissions'])
    .where('merchant_id', '=', actor.merchantId)
    .where('code', 'in', previousRole === undefined ? [role] : [role, previousRole])
    .execute();
  const given = rows.find((row) => row.code === role);
  if (!given) throw AppError.badRequest('role', rolesErrorCodes.roleUnknown);
  for (const row of rows) assertPermissionsHeld(actor, knownPermissionsOf(row.permissions), 'role');
}

/**
 * No one hands out more than they hold: 403 `role.permission.not.held` naming `field` and the first
 * permission the actor lacks.
 */
export function assertPermissionsHeld(
  actor: Pick<Actor, 'permissions'>,
  permissions: readonly OperatorPermission[],
  field: string,
): void {
  const missing = permissions.find((permission) => !actor.permissions.includes(permission));
  if (missing !== undefined) {
    throw new AppError(403, rolesErrorCodes.permissionNotHeld, { field, params: { field, permission: missing } });
  }
}

export async function listOperators(db: Kysely<Database>, merchantId: number): Promise<Operator[]> {
  const rows = await db
    .selectFrom('operator')
    .select(operatorColumns)
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  return rows.map(toOperator);
}

/** One operator of the merchant; 404 for another merchant's exactly as for none. */
export async function getOperator(db: Kysely<Database>, merchantId: number, operatorId: bigint): Promise<Operator> {
  const row = await db
    .selectFrom('operator')
    .select(operatorColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', operatorId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return toOperator(row);
}

/**
 * A new operator with a role and a first password (handed over by the admin); no authenticator yet,
 * so the first login enrols one. 409 `operator.username.taken` (any letter case). Audited.
 */
export async function createOperator(
  db: Kysely<Database>,
  actor: Actor,
  input: { username: string; password: string; role: OperatorRole },
): Promise<Operator> {
  await assertAssignableRole(db, actor, input.role);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const now = new Date(actor.nowMs);
    const row = await trx
      .insertInto('operator')
      .values({
        merchant_id: actor.merchantId,
        username: input.username,
        username_key: input.username.toLowerCase(),
        password_hash: passwordHash,
        role: input.role,
        created_by: actor.operatorId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.constraint('operator_username_key').doNothing())
      .returning(operatorColumns)
      .executeTakeFirst();
    if (!row) throw new AppError(409, backofficeErrorCodes.usernameTaken, { field: 'username' });
    const operator = toOperator(row);
    await recordAudit(trx, {
      ...actor,
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.id,
      before: null,
      after: { username: operator.username, role: operator.role, status: operator.status },
    });
    return operator;
  });
}

/**
 * The row of an operator of this merchant, locked until the transaction ends, so two admins changing
 * one operator at once apply one after the other. Another merchant's operator is 404, like no operator.
 */
async function lockOperatorOfMerchant(trx: Transaction<Database>, merchantId: number, operatorId: bigint) {
  const row = await trx
    .selectFrom('operator')
    .select(['status', 'role', 'totp_secret'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

function refuseSelf(actor: Actor, operatorId: bigint): void {
  // An admin locking themself out (resetting their own second factor, changing their own role) needs a second pair of eyes.
  if (actor.operatorId === operatorId) throw new AppError(409, backofficeErrorCodes.selfChangeRefused);
}

/** Disables (every session ends at once) or enables an operator. Audited with the status before and after. */
export async function setOperatorStatus(
  db: Kysely<Database>,
  actor: Actor,
  operatorId: bigint,
  status: OperatorStatus,
): Promise<Operator> {
  refuseSelf(actor, operatorId);
  return db.transaction().execute(async (trx) => {
    const before = await lockOperatorOfMerchant(trx, actor.merchantId, operatorId);
    const row = await trx
      .updateTable('operator')
      .set({ status, updated_at: new Date(actor.nowMs) })
      .where('id', '=', operatorId)
      .returning(operatorColumns)
      .executeTakeFirstOrThrow();
    if (status === 'disabled') await revokeOperatorSessions(trx, operatorId, actor.nowMs);
    if (before.status !== status) {
      await recordAudit(trx, {
        ...actor,
        action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: operatorId,
        before: { status: before.status },
        after: { status },
      });
    }
    return toOperator(row);
  });
}

/**
 * Removes an operator's authenticator (a lost phone): their sessions end and their next login
 * enrols a new one. Audited.
 */
export async function resetOperatorTotp(db: Kysely<Database>, actor: Actor, operatorId: bigint): Promise<Operator> {
  refuseSelf(actor, operatorId);
  return db.transaction().execute(async (trx) => {
    const before = await lockOperatorOfMerchant(trx, actor.merchantId, operatorId);
    const row = await trx
      .updateTable('operator')
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_used_step: null,
        updated_at: new Date(actor.nowMs),
      })
      .where('id', '=', operatorId)
      .returning(operatorColumns)
      .executeTakeFirstOrThrow();
    await revokeOperatorSessions(trx, operatorId, actor.nowMs);
    await recordAudit(trx, {
      ...actor,
      action: 'operator.totp.reset',
      targetType: 'operator',
      targetId: operatorId,
      before: { totpEnrolled: before.totp_secret !== null },
      after: { totpEnrolled: false },
    });
    return toOperator(row);
  });
}

/**
 * Changes another operator's role (one of the merchant's roles, 400 `role.unknown` else; the platform
 * role only by a `brands.platform` holder; 409 `operator.self.refused` for one's own,
 * so the last admin cannot demote themself). Their sessions keep working: the guard reads the role from
 * the row on every call, so the new permissions apply at once. Audited with the role before and after
 * (nothing when the role is already that one).
 */
export async function setOperatorRole(
  db: Kysely<Database>,
  actor: Actor,
  operatorId: bigint,
  role: OperatorRole,
): Promise<Operator> {
  refuseSelf(actor, operatorId);
  return db.transaction().execute(async (trx) => {
    const before = await lockOperatorOfMerchant(trx, actor.merchantId, operatorId);
    await assertAssignableRole(trx, actor, role, before.role);
    const row = await trx
      .updateTable('operator')
      .set((eb) =>
        before.role === role ? { role } : { role, updated_at: new Date(actor.nowMs), version: eb('version', '+', 1) },
      )
      .where('id', '=', operatorId)
      .returning(operatorColumns)
      .executeTakeFirstOrThrow();
    if (before.role !== role) {
      await recordAudit(trx, {
        ...actor,
        action: 'operator.role.change',
        targetType: 'operator',
        targetId: operatorId,
        before: { role: before.role },
        after: { role },
      });
    }
    return toOperator(row);
  });
}
