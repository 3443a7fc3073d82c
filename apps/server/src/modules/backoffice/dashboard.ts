import { roleHasPermission, type AdminDashboard } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthenticatedOperator } from './require-operator.ts';

const dayMs = 24 * 3_600_000;

/** The landing page's counts over the last 24 hours, each only for a role that may see its page. */
export async function getDashboard(
  db: Kysely<Database>,
  operator: AuthenticatedOperator,
  nowMs: number,
): Promise<AdminDashboard> {
  const since = new Date(nowMs - dayMs);
  const merchantId = operator.merchantId;
  const can = (permission: Parameters<typeof roleHasPermission>[1]) => roleHasPermission(operator.role, permission);
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ total: string | number | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).total);
  const members = db.selectFrom('member').where('merchant_id', '=', merchantId);
  const outbox = db.selectFrom('outbox_message').where('merchant_id', '=', merchantId).where('created_at', '>=', since);
  const [memberTotal, membersToday, outboxToday, outboxFailedToday, auditToday] = await Promise.all([
    can('members.read') ? count(members.select((eb) => eb.fn.countAll<string>().as('total'))) : null,
    can('members.read')
      ? count(members.where('created_at', '>=', since).select((eb) => eb.fn.countAll<string>().as('total')))
      : null,
    can('outbox.read') ? count(outbox.select((eb) => eb.fn.countAll<string>().as('total'))) : null,
    can('outbox.read')
      ? count(outbox.where('delivery_status', '=', 'failed').select((eb) => eb.fn.countAll<string>().as('total')))
      : null,
    can('audit.read')
      ? count(
          db
            .selectFrom('operator_audit')
            .where('merchant_id', '=', merchantId)
            .where('created_at', '>=', since)
            .select((eb) => eb.fn.countAll<string>().as('total')),
        )
      : null,
  ]);
  return { members: memberTotal, membersToday, outboxToday, outboxFailedToday, auditToday };
}
