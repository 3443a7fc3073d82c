import {
  formatMinorUnits,
  errorCodes,
  rolesErrorCodes,
  type AdjustmentOutcome,
  type ApprovalThreshold,
  type MoneyApproval,
  type MoneyApprovalPage,
} from '@lotus/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMemberSummary, listMemberSummaries } from '../identity/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { adjustInTransaction, adjustMemberBalance, overdrawOf, type AdjustmentInput } from './adjust-member-balance.ts';
import { recordAudit } from './audit.ts';
import type { MoneyApprovalStatus, MoneyApprovalTable } from './backoffice.tables.ts';
import type { Actor } from './manage-operators.ts';
import { listOperatorNames } from './operator-names.ts';

/**
 * Four-eyes for money: an adjustment of more than the merchant's threshold is not posted; it becomes a
 * pending approval. Another operator with `approvals.review` approves it (posted then, exactly once,
 * through the same ledger path as a direct adjustment) or rejects it with a reason.
 */

export async function getApprovalThreshold(db: Kysely<Database>, merchantId: number): Promise<ApprovalThreshold> {
  const row = await db
    .selectFrom('approval_threshold')
    .select(['amount_minor', 'version'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { amount: formatMinorUnits(row.amount_minor), version: row.version } : { amount: null, version: 0 };
}

/**
 * The merchant's threshold in minor units, or null when none is set. Withdrawals read it (through
 * index.ts) when an operator pays one: above it, a second operator must confirm the payout.
 */
export async function findApprovalThresholdMinor(db: Kysely<Database>, merchantId: number): Promise<bigint | null> {
  const row = await db
    .selectFrom('approval_threshold')
    .select('amount_minor')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row?.amount_minor ?? null;
}

/** Sets (or with null removes) the threshold at the version the form read (0: none yet). Audited. */
export async function setApprovalThreshold(
  db: Kysely<Database>,
  actor: Actor,
  input: { amountMinor: bigint | null; version: number },
): Promise<ApprovalThreshold> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('approval_threshold')
      .select(['amount_minor', 'version'])
      .where('merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    const version = before?.version ?? 0;
    if (version !== input.version) throw new AppError(409, rolesErrorCodes.thresholdVersionConflict);
    const nextVersion = version + 1;
    if (input.amountMinor === null) {
      // The version lives on: a row with no threshold would need a null amount; the count goes on in the audit.
      await trx.deleteFrom('approval_threshold').where('merchant_id', '=', actor.merchantId).execute();
    } else {
      await trx
        .insertInto('approval_threshold')
        .values({
          merchant_id: actor.merchantId,
          amount_minor: input.amountMinor,
          version: nextVersion,
          updated_at: new Date(actor.nowMs),
        })
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet({
            amount_minor: input.amountMinor!,
            version: nextVersion,
            updated_at: new Date(actor.nowMs),
          }),
        )
        .execute();
    }
    const amountBefore = before ? formatMinorUnits(before.amount_minor) : null;
    const amountAfter = input.amountMinor === null ? null : formatMinorUnits(input.amountMinor);
    await recordAudit(trx, {
      ...actor,
      action: 'approval.threshold.change',
      targetType: 'merchant',
      targetId: actor.merchantId,
      before: { amount: amountBefore },
      after: { amount: amountAfter },
    });
    return { amount: amountAfter, version: input.amountMinor === null ? 0 : nextVersion };
  });
}

/**
 * The adjustment route: posted at once up to the threshold; above it a pending approval (one per
 * Idempotency-Key: a retry answers the same request; the key with other values is 422).
 */
export async function requestAdjustment(db: Kysely<Database>, input: AdjustmentInput): Promise<AdjustmentOutcome> {
  const threshold = await db
    .selectFrom('approval_threshold')
    .select('amount_minor')
    .where('merchant_id', '=', input.merchant.id)
    .executeTakeFirst();
  if (!threshold || input.amountMinor <= threshold.amount_minor) {
    return { ...(await adjustMemberBalance(db, input)), status: 'posted', approvalId: null };
  }
  return db.transaction().execute(async (trx) => {
    const member = await findMemberSummary(trx, input.merchant.id, input.memberId);
    if (!member) throw AppError.notFound();
    const inserted = await trx
      .insertInto('money_approval')
      .values({
        merchant_id: input.merchant.id,
        kind: 'adjustment',
        member_id: input.memberId,
        direction: input.direction,
        currency: input.merchant.currency,
        amount: input.amountMinor,
        reason: input.reason,
        request_key: input.idempotencyKey,
        requested_by: input.operatorId,
        requested_at: new Date(input.nowMs),
      })
      .onConflict((oc) => oc.constraint('money_approval_request_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    let approvalId: bigint;
    if (inserted) {
      approvalId = inserted.id;
      await recordAudit(trx, {
        merchantId: input.merchant.id,
        operatorId: input.operatorId,
        action: 'approval.request',
        targetType: 'approval',
        targetId: approvalId,
        before: null,
        after: {
          kind: 'adjustment',
          memberId: String(input.memberId),
          direction: input.direction,
          amount: formatMinorUnits(input.amountMinor),
          reason: input.reason,
          threshold: formatMinorUnits(threshold.amount_minor),
        },
        ip: input.ip,
        nowMs: input.nowMs,
      });
    } else {
      const first = await trx
        .selectFrom('money_approval')
        .select(['id', 'member_id', 'direction', 'amount', 'reason'])
        .where('merchant_id', '=', input.merchant.id)
        .where('request_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      const isSame =
        first.member_id === input.memberId &&
        first.direction === input.direction &&
        first.amount === input.amountMinor &&
        first.reason === input.reason;
      if (!isSame) throw new AppError(422, errorCodes.idempotencyKeyReused, { field: 'Idempotency-Key' });
      approvalId = first.id;
    }
    return {
      status: 'pending',
      approvalId: String(approvalId),
      transferId: null,
      direction: input.direction,
      amount: formatMinorUnits(input.amountMinor),
      balanceAfter: null,
    };
  });
}

type ApprovalRow = Selectable<MoneyApprovalTable>;

async function toApprovals(db: Kysely<Database>, merchantId: number, rows: ApprovalRow[]): Promise<MoneyApproval[]> {
  const operatorIds = [...new Set(rows.flatMap((row) => [row.requested_by, row.decided_by ?? row.requested_by]))];
  const [names, members] = await Promise.all([
    listOperatorNames(db, operatorIds),
    listMemberSummaries(
      db,
      merchantId,
      rows.map((row) => row.member_id),
    ),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    memberId: String(row.member_id),
    memberUsername: members.get(row.member_id)?.username ?? null,
    direction: row.direction,
    amount: formatMinorUnits(row.amount),
    currency: row.currency,
    reason: row.reason,
    requestedBy: names.get(row.requested_by) ?? null,
    requestedAt: row.requested_at.getTime(),
    decidedBy: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
    decidedAt: row.decided_at?.getTime() ?? null,
    decisionReason: row.decision_reason,
    transferId: row.transfer_id === null ? null : String(row.transfer_id),
  }));
}

/** The newest 200 approvals of a status, and the pending count (the nav badge). */
export async function listApprovals(
  db: Kysely<Database>,
  merchantId: number,
  status: MoneyApprovalStatus,
): Promise<MoneyApprovalPage> {
  const [rows, pending] = await Promise.all([
    db
      .selectFrom('money_approval')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('money_approval')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await toApprovals(db, merchantId, rows), pending: Number(pending.total) };
}

/**
 * Approves or rejects a pending approval. The row is locked first, so two approvers at once are
 * served one after the other: the first posts, the second finds it decided (409 `approval.decided`).
 * The requester cannot decide (409 `approval.self.refused`). An approval the ledger refuses (the
 * member's balance no longer covers a debit) stays pending: 409 `operator.adjust.overdraw`.
 */
export async function decideApproval(
  db: Kysely<Database>,
  actor: Actor,
  merchant: MerchantContext,
  approvalId: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<MoneyApproval> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('money_approval')
        .selectAll()
        .where('merchant_id', '=', actor.merchantId)
        .where('id', '=', approvalId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw AppError.notFound();
      if (row.status !== 'pending') {
        throw new AppError(409, rolesErrorCodes.approvalDecided, { value: { status: row.status } });
      }
      if (row.requested_by === actor.operatorId) throw new AppError(409, rolesErrorCodes.approvalSelfRefused);
      let transferId: bigint | null = null;
      if (decision.approve) {
        // The requester's adjustment, through the same path as a direct one; its key makes it once only.
        const posted = await adjustInTransaction(trx, {
          merchant,
          operatorId: row.requested_by,
          memberId: row.member_id,
          direction: row.direction,
          amountMinor: row.amount,
          reason: row.reason,
          idempotencyKey: `approval:${row.id}`,
          ip: actor.ip,
          nowMs: actor.nowMs,
        });
        transferId = BigInt(posted.transferId);
      }
      const status = decision.approve ? 'approved' : 'rejected';
      const decided = await trx
        .updateTable('money_approval')
        .set({
          status,
          decided_by: actor.operatorId,
          decided_at: new Date(actor.nowMs),
          decision_reason: decision.approve ? null : decision.reason,
          transfer_id: transferId,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        ...actor,
        action: decision.approve ? 'approval.approve' : 'approval.reject',
        targetType: 'approval',
        targetId: row.id,
        before: { status: 'pending' },
        after: {
          status,
          ...(decision.approve ? { transferId: String(transferId) } : { reason: decision.reason }),
        },
      });
      return (await toApprovals(trx, actor.merchantId, [decided]))[0]!;
    });
  } catch (error) {
    throw overdrawOf(error);
  }
}
