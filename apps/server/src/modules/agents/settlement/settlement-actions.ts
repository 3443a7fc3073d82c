import {
  formatMinorUnits,
  parseAmount,
  settlementDeskErrorCodes,
  type AdjustSettlementBody,
  type AgentSettlementShortfallRule,
  type SettlementDetail,
  type SettlementStatus,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditContext, recordAudit } from '../../backoffice/index.ts';
import { LedgerError } from '../../ledger/index.ts';
import { findMerchant } from '../../merchant/index.ts';
import type { AgentSettlementTable } from '../agents.tables.ts';
import { advancedNote, postStatementPayment, postStatementTakeBack } from './carried-debt.ts';
import { getSettlement, paidMinorOf } from './settlement-desk.ts';

/**
 * The operator's actions on one statement (README "Statements desk"), each in one transaction under
 * the statement's row lock, audited, and idempotent:
 *
 * - approve P → A (refused for a claimable manual-claim record: its holder's claim pays it) pays the statement exactly as the settlement job does: the same ledger posting with
 *   the same idempotency key (`<kind>:<contract>:<period>`), so the job and the operator can never
 *   both pay it; approving a paid (A) statement answers it as it is;
 * - reject P → R with a reason; rejecting a rejected one answers it as it is;
 * - adjust → M at a new amount with a reason: only the difference to what the holder has received is
 *   posted (to the holder, or back to the payer), with a key of its own per change; the same amount
 *   again changes nothing.
 */

export type StatementRow = Selectable<AgentSettlementTable>;

/** The idempotency key of a statement's payment: the settlement jobs' scheme (settle-daily-salary.ts). */
export const paymentKeyOf = (row: Pick<StatementRow, 'kind' | 'contract_id' | 'period_key'>) =>
  `${row.kind}:${row.contract_id}:${row.period_key}`;

/**
 * The ledger kind of a statement's money, as its job posts it: `agent.<kind>`, except the manual-claim
 * daily salary, which is a daily salary in the books (settle-mr-daily-salary.ts).
 */
export const ledgerKindOf = (row: Pick<StatementRow, 'kind'>) =>
  row.kind === 'mr_daily_salary' ? 'agent.daily_salary' : `agent.${row.kind}`;

export interface StatementChange {
  action: 'approve' | 'reject' | 'adjust' | 'rerun';
  toStatus: SettlementStatus;
  toMinor: bigint;
  reason: string | null;
  inputs: Record<string, unknown> | null;
  operatorId: bigint | null;
  currency: string;
  /**
   * The merchant's `agentSettlement.shortfall`, applied to an approval only: approving pays what the
   * job would have paid, the advance included. Other changes (adjust, re-run differences) never advance.
   */
  shortfall?: AgentSettlementShortfallRule;
  nowMs: number;
}

/**
 * Writes one change of a locked statement: posts the difference between what the holder will have
 * received and what it has (payer → holder when positive, back when negative), records it in
 * `agent_settlement_adjustment` and updates the statement. A wallet that does not cover the
 * difference throws 409 `agent.settlement.wallet.short` (the caller's transaction rolls back; the
 * re-run catches it inside a savepoint).
 */
export async function applyChange(trx: Transaction<Database>, row: StatementRow, change: StatementChange) {
  const fromPaid = paidMinorOf(row);
  const isPaid = change.toStatus === 'A' || change.toStatus === 'M';
  const delta = (isPaid ? change.toMinor : 0n) - fromPaid;
  const { rows } = await sql<{ id: string }>`SELECT nextval('agent_settlement_adjustment_id_seq') AS id`.execute(trx);
  const adjustmentId = BigInt(rows[0]!.id);
  let postingId: bigint | null = null;
  let advanced = false;
  if (delta !== 0n) {
    // Approving pays exactly what the job would have paid, under the job's key; any other change has its own.
    const key =
      change.action === 'approve' ? paymentKeyOf(row) : `${paymentKeyOf(row)}:change:${adjustmentId.toString()}`;
    try {
      if (delta > 0n) {
        // Money to the holder: a payment like the job's, which gives back the holder's carried debts first.
        const paid = await postStatementPayment(trx, {
          merchantId: row.merchant_id,
          currency: change.currency,
          statement: row,
          amountMinor: delta,
          ledgerKind: ledgerKindOf(row),
          key,
          shortfall: change.action === 'approve' ? (change.shortfall ?? 'wait') : 'wait',
          nowMs: change.nowMs,
        });
        postingId = paid.postingId;
        advanced = paid.advancedMinor > 0n;
      } else {
        // Money back from the holder: first what the house advanced of this statement and is still owed.
        const taken = await postStatementTakeBack(trx, {
          merchantId: row.merchant_id,
          currency: change.currency,
          statement: row,
          amountMinor: -delta,
          ledgerKind: ledgerKindOf(row),
          key,
          nowMs: change.nowMs,
        });
        postingId = taken.postingId;
      }
    } catch (error) {
      if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds')
        throw new AppError(409, settlementDeskErrorCodes.walletShort, {
          params: { required: formatMinorUnits(delta > 0n ? delta : -delta) },
        });
      throw error;
    }
  }
  await trx
    .insertInto('agent_settlement_adjustment')
    .values({
      id: adjustmentId,
      merchant_id: row.merchant_id,
      settlement_id: row.id,
      action: change.action,
      from_status: row.status,
      to_status: change.toStatus,
      from_minor: row.gross_minor,
      to_minor: change.toMinor,
      posted_minor: delta,
      posting_id: postingId,
      inputs: change.inputs === null ? null : JSON.stringify(change.inputs),
      reason: change.reason,
      operator_id: change.operatorId,
      created_at: new Date(change.nowMs),
    })
    .execute();
  await trx
    .updateTable('agent_settlement')
    .set({
      status: change.toStatus,
      gross_minor: change.toMinor,
      paid_at: isPaid ? (row.paid_at ?? new Date(change.nowMs)) : null,
      // A statement the house helped pay keeps saying so through later changes (its debt stays the payer's).
      note: advanced || (isPaid && row.note === advancedNote) ? advancedNote : null,
    })
    .where('id', '=', row.id)
    .execute();
  return { delta, postingId };
}

export async function lockStatement(trx: Transaction<Database>, merchantId: number, settlementId: bigint) {
  const row = await trx
    .selectFrom('agent_settlement')
    .selectAll()
    .where('id', '=', settlementId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

const auditView = (row: Pick<StatementRow, 'status' | 'gross_minor' | 'kind' | 'period_key' | 'holder_id'>) => ({
  kind: row.kind,
  periodKey: row.period_key,
  holderId: row.holder_id.toString(),
  status: row.status,
  amount: formatMinorUnits(row.gross_minor),
  paid: formatMinorUnits(paidMinorOf(row)),
});

type Decide = (row: StatementRow) => Omit<StatementChange, 'operatorId' | 'currency' | 'nowMs' | 'inputs'> | null;

async function act(
  db: Kysely<Database>,
  request: FastifyRequest,
  settlementId: bigint,
  auditAction: string,
  decide: Decide,
): Promise<SettlementDetail> {
  const audit = auditContext(request);
  const merchant = await findMerchant(db, { id: audit.merchantId });
  await db.transaction().execute(async (trx) => {
    const row = await lockStatement(trx, audit.merchantId, settlementId);
    const change = decide(row);
    // null: the statement already is what was asked (a retry or a second operator): nothing moves.
    if (change === null) return;
    await applyChange(trx, row, {
      ...change,
      inputs: null,
      operatorId: audit.operatorId,
      currency: merchant!.currency,
      shortfall: merchant!.config.agentSettlement.shortfall,
      nowMs: audit.nowMs,
    });
    await recordAudit(trx, {
      ...audit,
      action: auditAction,
      targetType: 'agent_settlement',
      targetId: row.id.toString(),
      before: auditView(row),
      after: { ...auditView({ ...row, status: change.toStatus, gross_minor: change.toMinor }), reason: change.reason },
    });
  });
  return getSettlement(db, audit.merchantId, settlementId);
}

const conflict = () => new AppError(409, settlementDeskErrorCodes.statusConflict);

/**
 * A manual-claim record still claimable is paid by its holder's claim only (the original's
 * `disburseMRDailySal`; original-programmes.md shows no operator approving these records): paying it
 * from the desk would go around the claim and its due time. The operator may reject it or re-run its day.
 */
const refuseClaimable = (row: StatementRow) => {
  if (row.kind === 'mr_daily_salary' && row.status === 'P') throw new AppError(409, settlementDeskErrorCodes.claimable);
};

export function approveSettlement(db: Kysely<Database>, request: FastifyRequest, settlementId: bigint) {
  return act(db, request, settlementId, 'agent.settlement.approve', (row) => {
    if (row.status === 'A') return null;
    if (row.status !== 'P') throw conflict();
    refuseClaimable(row);
    return { action: 'approve', toStatus: 'A', toMinor: row.gross_minor, reason: null };
  });
}

export function rejectSettlement(db: Kysely<Database>, request: FastifyRequest, settlementId: bigint, reason: string) {
  return act(db, request, settlementId, 'agent.settlement.reject', (row) => {
    if (row.status === 'R') return null;
    if (row.status !== 'P') throw conflict();
    return { action: 'reject', toStatus: 'R', toMinor: row.gross_minor, reason };
  });
}

export function adjustSettlement(
  db: Kysely<Database>,
  request: FastifyRequest,
  settlementId: bigint,
  body: AdjustSettlementBody,
) {
  const amount = parseAmount(body.amount) ?? 0n;
  return act(db, request, settlementId, 'agent.settlement.adjust', (row) => {
    if (row.status === 'M' && row.gross_minor === amount) return null;
    refuseClaimable(row);
    return { action: 'adjust', toStatus: 'M', toMinor: amount, reason: body.reason };
  });
}
