import type { AdminDashboard, OperatorPermission } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countMembers } from '../identity/index.ts';
import { countOutbox } from '../messaging/index.ts';
import { operatorMay } from './operator-roles.ts';
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
  const can = (permission: OperatorPermission) => operatorMay(operator, permission);
  // Each count is one query of the module that owns the table, all five sent together.
  const [memberTotal, membersToday, outboxToday, outboxFailedToday, auditToday] = await Promise.all([
    can('members.read') ? countMembers(db, merchantId) : null,
    can('members.read') ? countMembers(db, merchantId, { createdSince: since }) : null,
    can('outbox.read') ? countOutbox(db, merchantId, { createdSince: since }) : null,
    can('outbox.read') ? countOutbox(db, merchantId, { createdSince: since, deliveryStatus: 'failed' }) : null,
    can('audit.read')
      ? db
          .selectFrom('operator_audit')
          .where('merchant_id', '=', merchantId)
          .where('created_at', '>=', since)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.total))
      : null,
  ]);
  return { members: memberTotal, membersToday, outboxToday, outboxFailedToday, auditToday };
}
