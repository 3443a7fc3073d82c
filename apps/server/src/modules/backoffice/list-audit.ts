import type { AdminAuditRow } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditFilter {
  page: number;
  pageSize: number;
  operator?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The merchant's audit log, newest first, with filters. Read only: the table refuses any change. */
export async function listAudit(
  db: Kysely<Database>,
  merchantId: number,
  filter: AuditFilter,
): Promise<{ items: AdminAuditRow[]; total: number }> {
  let base = db
    .selectFrom('operator_audit as a')
    .leftJoin('operator as o', 'o.id', 'a.operator_id')
    .where('a.merchant_id', '=', merchantId);
  if (filter.operator) base = base.where('o.username_key', '=', filter.operator.toLowerCase());
  if (filter.action)
    base = base.where('a.action', 'like', `${filter.action.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  if (filter.targetType) base = base.where('a.target_type', '=', filter.targetType);
  if (filter.targetId) base = base.where('a.target_id', '=', filter.targetId);
  if (filter.from !== undefined) base = base.where('a.created_at', '>=', new Date(filter.from));
  if (filter.to !== undefined) base = base.where('a.created_at', '<', new Date(filter.to));
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.id',
        'a.created_at',
        'o.username',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.before',
        'a.after',
        'a.ip',
      ])
      .orderBy('a.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      createdAt: row.created_at.getTime(),
      operator: row.username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before as Record<string, unknown> | null,
      after: row.after as Record<string, unknown> | null,
      ip: row.ip,
    })),
    total: Number(count.total),
  };
}
