import { builtinOperatorRoles, operatorPermissions, rolePermissions, type OperatorPermission } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Roles are rows of the merchant (`operator_role`): the read-only built-ins and the merchant's own.
 * An operator's permissions are its role row's, read with the session on every call.
 */

const builtinNames: Record<(typeof builtinOperatorRoles)[number], { th: string; en: string }> = {
  platform: { th: 'แพลตฟอร์ม', en: 'Platform' },
  admin: { th: 'ผู้ดูแลระบบ', en: 'Administrator' },
  finance: { th: 'การเงิน', en: 'Finance' },
  support: { th: 'ฝ่ายบริการลูกค้า', en: 'Support' },
};

const knownPermissions: ReadonlySet<string> = new Set(operatorPermissions);

/** The entries of a role row the contract knows (an old name left in a row grants nothing). */
export function knownPermissionsOf(permissions: readonly string[]): OperatorPermission[] {
  return permissions.filter((permission): permission is OperatorPermission => knownPermissions.has(permission));
}

/** Whether the operator (of a guarded call: `request.operator`) holds `permission` through their role. */
export function operatorMay(operator: { permissions: readonly string[] }, permission: OperatorPermission): boolean {
  return operator.permissions.includes(permission);
}

/**
 * Gives `merchantIds` the built-in roles (platform, admin, finance, support), or brings their names and
 * permissions back to the contract's: call it when a merchant is created, in the same transaction.
 * Idempotent; a merchant's own roles are never touched.
 */
export async function ensureBuiltinRoles(
  db: Kysely<Database> | Transaction<Database>,
  merchantIds: number | readonly number[],
  nowMs: number = Date.now(),
): Promise<void> {
  const ids = typeof merchantIds === 'number' ? [merchantIds] : merchantIds;
  if (ids.length === 0) return;
  const now = new Date(nowMs);
  await db
    .insertInto('operator_role')
    .values(
      ids.flatMap((merchantId) =>
        builtinOperatorRoles.map((code) => ({
          merchant_id: merchantId,
          code,
          name_th: builtinNames[code].th,
          name_en: builtinNames[code].en,
          permissions: [...rolePermissions[code]],
          builtin: true,
          created_at: now,
          updated_at: now,
        })),
      ),
    )
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'code'])
        .doUpdateSet({
          name_th: (eb) => eb.ref('excluded.name_th'),
          name_en: (eb) => eb.ref('excluded.name_en'),
          permissions: (eb) => eb.ref('excluded.permissions'),
          builtin: true,
        })
        // Only a row that differs is written (no new row version, no lock wait at every start).
        .where(
          sql<boolean>`(operator_role.name_th, operator_role.name_en, operator_role.permissions, operator_role.builtin)
            IS DISTINCT FROM (excluded.name_th, excluded.name_en, excluded.permissions, true)`,
        ),
    )
    .execute();
}
