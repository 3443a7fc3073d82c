import {
  builtinOperatorRoles,
  rolesErrorCodes,
  type CreateRoleBody,
  type Operator,
  type Role,
  type UpdateRoleBody,
} from '@lotus/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from './audit.ts';
import type { OperatorRoleTable } from './backoffice.tables.ts';
import { normaliseIpEntry } from './ip-allow-list.ts';
import { assertPermissionsHeld, type Actor } from './manage-operators.ts';
import { knownPermissionsOf } from './operator-roles.ts';

/**
 * The merchant's roles (`roles.manage`): list, create, edit, delete. Built-ins are read-only (409
 * `role.builtin.readonly`); a role operators hold is not deleted (409 `role.in.use`); an edit carries
 * the version it read (409 `role.version.conflict`, nothing written); a role gains only permissions
 * the actor holds (403 `role.permission.not.held`). Every change is audited with the
 * role before and after, in its transaction.
 */

type RoleRow = Pick<
  Selectable<OperatorRoleTable>,
  'code' | 'name_th' | 'name_en' | 'permissions' | 'ip_allow_list' | 'idle_minutes' | 'absolute_hours'
> & { builtin: boolean; version: number };

const roleColumns = [
  'code',
  'name_th',
  'name_en',
  'permissions',
  'builtin',
  'ip_allow_list',
  'idle_minutes',
  'absolute_hours',
  'version',
] as const;

function toRole(row: RoleRow, operators: number): Role {
  return {
    code: row.code,
    nameTh: row.name_th,
    nameEn: row.name_en,
    permissions: knownPermissionsOf(row.permissions),
    builtin: row.builtin,
    ipAllowList: row.ip_allow_list,
    idleMinutes: row.idle_minutes,
    absoluteHours: row.absolute_hours,
    operators,
    version: row.version,
  };
}

/** What the audit keeps of a role (everything: a role holds no secret). */
function snapshotOf(role: Role): Record<string, unknown> {
  const { operators: _operators, ...rest } = role;
  return rest;
}

/** Each entry an IP or CIDR, in canonical text, without repeats; 400 naming `ipAllowList` otherwise. */
export function normaliseIpAllowList(list: readonly string[]): string[] {
  const normal = list.map((entry) => normaliseIpEntry(entry));
  const bad = normal.findIndex((entry) => entry === null);
  if (bad !== -1) throw AppError.badRequest(`ipAllowList.${bad}`);
  return [...new Set(normal as string[])];
}

/** Built-ins first (in the contract's order), then the merchant's own by code; with how many operators hold each. */
export async function listRoles(db: Kysely<Database>, merchantId: number): Promise<Role[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('operator_role').select(roleColumns).where('merchant_id', '=', merchantId).execute(),
    db
      .selectFrom('operator')
      .select((eb) => ['role', eb.fn.countAll<string>().as('total')])
      .where('merchant_id', '=', merchantId)
      .groupBy('role')
      .execute(),
  ]);
  const held = new Map(counts.map((row) => [row.role, Number(row.total)]));
  const order = (code: string) => {
    const index = (builtinOperatorRoles as readonly string[]).indexOf(code);
    return index === -1 ? builtinOperatorRoles.length : index;
  };
  return rows
    .map((row) => toRole(row, held.get(row.code) ?? 0))
    .sort((a, b) => order(a.code) - order(b.code) || a.code.localeCompare(b.code));
}

export async function createRole(db: Kysely<Database>, actor: Actor, input: CreateRoleBody): Promise<Role> {
  const ipAllowList = normaliseIpAllowList(input.ipAllowList);
  assertPermissionsHeld(actor, input.permissions, 'permissions');
  if ((builtinOperatorRoles as readonly string[]).includes(input.code)) {
    throw new AppError(409, rolesErrorCodes.roleCodeTaken, { field: 'code', params: { field: 'code' } });
  }
  return db.transaction().execute(async (trx) => {
    const now = new Date(actor.nowMs);
    const row = await trx
      .insertInto('operator_role')
      .values({
        merchant_id: actor.merchantId,
        code: input.code,
        name_th: input.nameTh,
        name_en: input.nameEn,
        permissions: [...new Set(input.permissions)],
        ip_allow_list: ipAllowList,
        idle_minutes: input.idleMinutes,
        absolute_hours: input.absoluteHours,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .returning(roleColumns)
      .executeTakeFirst();
    if (!row) throw new AppError(409, rolesErrorCodes.roleCodeTaken, { field: 'code', params: { field: 'code' } });
    const role = toRole(row, 0);
    await recordAudit(trx, {
      ...actor,
      action: 'role.create',
      targetType: 'role',
      targetId: role.code,
      before: null,
      after: snapshotOf(role),
    });
    return role;
  });
}

/** The role locked for the change; 404 for none (another merchant's code is simply not this merchant's). */
async function lockRole(db: Kysely<Database>, merchantId: number, code: string) {
  const row = await db
    .selectFrom('operator_role')
    .select(roleColumns)
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  if (row.builtin) throw new AppError(409, rolesErrorCodes.builtinReadOnly);
  return row;
}

async function holders(db: Kysely<Database>, merchantId: number, code: string): Promise<number> {
  const row = await db
    .selectFrom('operator')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('merchant_id', '=', merchantId)
    .where('role', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Replaces a role's names, permissions, allow-list and timeouts at the version the form read. Holders'
 * live sessions get the new permissions, list and timeouts at their next call.
 */
export async function updateRole(
  db: Kysely<Database>,
  actor: Actor,
  code: string,
  input: UpdateRoleBody,
): Promise<Role> {
  const ipAllowList = normaliseIpAllowList(input.ipAllowList);
  return db.transaction().execute(async (trx) => {
    const beforeRow = await lockRole(trx, actor.merchantId, code);
    if (beforeRow.version !== input.version) throw new AppError(409, rolesErrorCodes.roleVersionConflict);
    // What the role holds already may stay (the actor is only renaming it, say); what it gains must be
    // the actor's own.
    const gained = input.permissions.filter((permission) => !beforeRow.permissions.includes(permission));
    assertPermissionsHeld(actor, gained, 'permissions');
    const count = await holders(trx, actor.merchantId, code);
    const row = await trx
      .updateTable('operator_role')
      .set({
        name_th: input.nameTh,
        name_en: input.nameEn,
        permissions: [...new Set(input.permissions)],
        ip_allow_list: ipAllowList,
        idle_minutes: input.idleMinutes,
        absolute_hours: input.absoluteHours,
        version: beforeRow.version + 1,
        updated_at: new Date(actor.nowMs),
      })
      .where('merchant_id', '=', actor.merchantId)
      .where('code', '=', code)
      .returning(roleColumns)
      .executeTakeFirstOrThrow();
    const before = toRole(beforeRow, count);
    const after = toRole(row, count);
    await recordAudit(trx, {
      ...actor,
      action: 'role.update',
      targetType: 'role',
      targetId: code,
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}

/** Deletes a role nobody holds (409 `role.in.use` with the count otherwise). */
export async function deleteRole(db: Kysely<Database>, actor: Actor, code: string): Promise<null> {
  return db.transaction().execute(async (trx) => {
    const row = await lockRole(trx, actor.merchantId, code);
    const count = await holders(trx, actor.merchantId, code);
    if (count > 0) throw new AppError(409, rolesErrorCodes.roleInUse, { params: { count } });
    await trx
      .deleteFrom('operator_role')
      .where('merchant_id', '=', actor.merchantId)
      .where('code', '=', code)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'role.delete',
      targetType: 'role',
      targetId: code,
      before: snapshotOf(toRole(row, 0)),
      after: null,
    });
    return null;
  });
}

/** An operator's own IP allow-list, at the version the form read. Audited before and after. */
export async function setOperatorIpAllowList(
  db: Kysely<Database>,
  actor: Actor,
  operatorId: bigint,
  input: { ipAllowList: string[]; version: number },
  toOperator: (db: Kysely<Database>, merchantId: number, operatorId: bigint) => Promise<Operator>,
): Promise<Operator> {
  const ipAllowList = normaliseIpAllowList(input.ipAllowList);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('operator')
      .select(['ip_allow_list', 'version', 'role'])
      .where('merchant_id', '=', actor.merchantId)
      .where('id', '=', operatorId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw AppError.notFound();
    if (before.role === 'platform' && !actor.permissions.includes('brands.platform')) {
      throw new AppError(403, rolesErrorCodes.platformRoleRefused);
    }
    if (before.version !== input.version) throw new AppError(409, rolesErrorCodes.operatorVersionConflict);
    await trx
      .updateTable('operator')
      .set({ ip_allow_list: ipAllowList, version: before.version + 1, updated_at: new Date(actor.nowMs) })
      .where('id', '=', operatorId)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'operator.ip.change',
      targetType: 'operator',
      targetId: operatorId,
      before: { ipAllowList: before.ip_allow_list },
      after: { ipAllowList },
    });
    return toOperator(trx, actor.merchantId, operatorId);
  });
}
