import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditSnapshot } from './backoffice.tables.ts';

/** One operator action for the audit log. */
export interface AuditEntry {
  merchantId: number;
  /** Null only for what the system did itself (the first admin at start). */
  operatorId: bigint | null;
  /** Dotted lower-case verb: `member.adjust`, `deposit.approve`, `operator.create`, ... */
  action: string;
  /** What was acted on: `member`, `deposit`, `withdrawal`, `operator`, `channel`, ... */
  targetType: string;
  targetId: string | number | bigint;
  /** The state before and after (only what changed is enough); never a password, hash, secret or token. */
  before: AuditSnapshot;
  after: AuditSnapshot;
  ip: string;
  nowMs: number;
}

/** bigint is not JSON: written as its decimal string. */
function toJson(snapshot: AuditSnapshot): string | null {
  if (snapshot === null) return null;
  return JSON.stringify(snapshot, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/**
 * Appends one row to `operator_audit`. Pass the transaction of the action itself (`trx`), so the
 * action and its record commit together or not at all. The table refuses UPDATE, DELETE and
 * TRUNCATE (trigger): a row, once written, stays as written.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<bigint> {
  const row = await db
    .insertInto('operator_audit')
    .values({
      merchant_id: entry.merchantId,
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      before: toJson(entry.before),
      after: toJson(entry.after),
      ip: entry.ip,
      created_at: new Date(entry.nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Who, where and when of a call guarded by requireOperator: spread into recordAudit's entry. */
export function auditContext(request: FastifyRequest): Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'> {
  return {
    merchantId: request.operator.merchantId,
    operatorId: request.operator.id,
    ip: request.ip,
    nowMs: request.server.now(),
  };
}
