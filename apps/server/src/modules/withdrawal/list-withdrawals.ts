import {
  withdrawalErrorCodes,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type AdminWithdrawalListQuery,
  type PaymentConfirmationList,
  type WithdrawReport,
  type WithdrawReportQuery,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames } from '../backoffice/index.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../identity/index.ts';
import type { MemberScope } from './payment-password.ts';
import {
  toAdminWithdrawal,
  toSecondApproval,
  toWithdrawal,
  withdrawalColumns,
  type WithdrawalRow,
} from './withdrawal-view.ts';

function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** GET /wps/relay/MCSFE_getWithdrawTransactionReport: the member's own, newest first. */
export async function listMemberWithdrawals(
  db: Kysely<Database>,
  scope: MemberScope,
  query: WithdrawReportQuery,
  language: 'TH' | 'EN',
): Promise<WithdrawReport> {
  let base = db
    .selectFrom('withdrawal')
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId);
  if (query.status) base = base.where('status', '=', query.status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .select(withdrawalColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ]);
  const total = Number(count.count);
  return {
    content: rows.map((row) => toWithdrawal(row, language)),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalElements: total,
    totalPages: totalPages(total, query.pageSize),
  };
}

/** GET /wps/relay/MCSFE_getPaymentConfirmationList: paid, not yet answered, not yet overdue. */
export async function listPaymentConfirmations(
  db: Kysely<Database>,
  scope: MemberScope,
  language: 'TH' | 'EN',
): Promise<PaymentConfirmationList> {
  const rows = await db
    .selectFrom('withdrawal')
    .select(withdrawalColumns)
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId)
    .where('status', '=', 'approved')
    .where('confirm_deadline', '>', new Date(scope.nowMs))
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return { content: rows.map((row) => toWithdrawal(row, language)) };
}

/* ------------------------------------------------------------------------------------------------
 * Operators.
 * ---------------------------------------------------------------------------------------------- */

/** Member names, reviewer names, proof flags and second approvals of a page of rows, in four indexed reads. */
export async function describe(
  db: Kysely<Database>,
  rows: WithdrawalRow[],
  language: 'TH' | 'EN',
): Promise<AdminWithdrawal[]> {
  if (rows.length === 0) return [];
  const memberIds = [...new Set(rows.map((row) => row.member_id))];
  const ids = rows.map((row) => row.id);
  // The latest second-approval request of each row (most rows have none).
  const requests = await db
    .selectFrom('withdrawal_second_approval')
    .selectAll()
    .distinctOn('withdrawal_id')
    .where('withdrawal_id', 'in', ids)
    .orderBy('withdrawal_id')
    .orderBy('id', 'desc')
    .execute();
  const requestOf = new Map(requests.map((request) => [request.withdrawal_id, request]));
  const operatorIds = [
    ...new Set(
      [
        ...rows.flatMap((row) => [row.reviewed_by, row.received_by_operator]),
        ...requests.flatMap((request) => [request.requested_by, request.decided_by]),
      ].filter((id): id is bigint => id !== null),
    ),
  ];
  const [members, operatorOf, proofs] = await Promise.all([
    // Every row of a page is of one merchant (each list and lookup is scoped to it).
    listMemberSummaries(db, rows[0]!.merchant_id, memberIds),
    listOperatorNames(db, operatorIds),
    db.selectFrom('withdrawal_proof').select('withdrawal_id').where('withdrawal_id', 'in', ids).execute(),
  ]);
  const withProof = new Set(proofs.map((proof) => proof.withdrawal_id));
  return rows.map((row) =>
    toAdminWithdrawal(
      row,
      {
        account: members.get(row.member_id)?.username ?? '',
        reviewedBy: row.reviewed_by === null ? null : (operatorOf.get(row.reviewed_by) ?? null),
        hasProof: withProof.has(row.id),
        secondApproval: requestOf.has(row.id) ? toSecondApproval(requestOf.get(row.id)!, operatorOf) : null,
      },
      language,
    ),
  );
}

/** GET /admin-api/withdrawals: by default the review queue (pending and not_received), oldest first, as they are worked. */
export async function listWithdrawalsForReview(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminWithdrawalListQuery,
  language: 'TH' | 'EN',
): Promise<AdminWithdrawalList> {
  let base = db.selectFrom('withdrawal').where('withdrawal.merchant_id', '=', merchantId);
  base = query.status
    ? base.where('status', '=', query.status)
    : base.where('status', 'in', ['pending', 'not_received']);
  if (query.account) {
    const member = await findMemberSummaryByUsername(db, merchantId, query.account.trim());
    // No such member: no rows (0 is no member's id).
    base = base.where('member_id', '=', member?.id ?? 0n);
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .select(withdrawalColumns)
      .orderBy('created_at', query.status ? 'desc' : 'asc')
      .orderBy('id', query.status ? 'desc' : 'asc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ]);
  const total = Number(count.count);
  return {
    content: await describe(db, rows, language),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalElements: total,
    totalPages: totalPages(total, query.pageSize),
  };
}

/** One withdrawal of the merchant for an operator; 404 for an id of another merchant. */
export async function getWithdrawalForOperator(
  db: Kysely<Database>,
  merchantId: number,
  withdrawalId: number,
  language: 'TH' | 'EN',
): Promise<AdminWithdrawal> {
  const row = Number.isSafeInteger(withdrawalId)
    ? await db
        .selectFrom('withdrawal')
        .select(withdrawalColumns)
        .where('id', '=', BigInt(withdrawalId))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, withdrawalErrorCodes.withdrawalUnknown, { field: 'withdrawalId' });
  return (await describe(db, [row], language))[0]!;
}

export async function describeForOperator(
  db: Kysely<Database>,
  row: WithdrawalRow,
  language: 'TH' | 'EN',
): Promise<AdminWithdrawal> {
  return (await describe(db, [row], language))[0]!;
}

/**
 * The payout slip of a withdrawal: the merchant's (operators) or, with `memberId`, the member's own.
 * 404 `withdrawal.unknown` when there is none, and for another member's id alike.
 */
export async function getPayoutSlip(
  db: Kysely<Database>,
  owner: { merchantId: number; memberId?: bigint },
  withdrawalId: number,
): Promise<{ contentType: string; content: Buffer }> {
  let query = db
    .selectFrom('withdrawal')
    .innerJoin('withdrawal_payout_slip as slip', 'slip.id', 'withdrawal.payout_slip_id')
    .select(['slip.content_type', 'slip.content'])
    .where('withdrawal.merchant_id', '=', owner.merchantId);
  if (owner.memberId !== undefined) query = query.where('withdrawal.member_id', '=', owner.memberId);
  const row =
    Number.isSafeInteger(withdrawalId) && withdrawalId >= 1
      ? await query.where('withdrawal.id', '=', BigInt(withdrawalId)).executeTakeFirst()
      : undefined;
  if (!row) throw new AppError(404, withdrawalErrorCodes.withdrawalUnknown, { field: 'withdrawalId' });
  return { contentType: row.content_type, content: row.content };
}

/** The not-received proof of a withdrawal of the merchant; 404 when there is none. */
export async function getWithdrawalProof(
  db: Kysely<Database>,
  merchantId: number,
  withdrawalId: number,
): Promise<{ contentType: string; content: Buffer }> {
  const row = Number.isSafeInteger(withdrawalId)
    ? await db
        .selectFrom('withdrawal_proof')
        .select(['content_type', 'content'])
        .where('withdrawal_id', '=', BigInt(withdrawalId))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, withdrawalErrorCodes.withdrawalUnknown, { field: 'withdrawalId' });
  return { contentType: row.content_type, content: row.content };
}
