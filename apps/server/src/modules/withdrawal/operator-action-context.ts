import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What an operator's step on a withdrawal needs: the merchant, the operator, the clock, and `audit`,
 * which writes the audit row inside the step's transaction. Its own file so that the transitions and
 * the second-approval request (which the transitions call) both use it without importing each other.
 */
export interface OperatorActionContext {
  db: Kysely<Database>;
  merchantId: number;
  currency: string;
  confirmMinutes: number;
  operatorId: bigint;
  nowMs: number;
  audit: (
    trx: Transaction<Database>,
    entry: { action: string; targetId: bigint; before: Record<string, unknown>; after: Record<string, unknown> },
  ) => Promise<unknown>;
}
