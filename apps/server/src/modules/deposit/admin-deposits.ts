import {
  depositErrorCodes,
  depositsConfigSchema,
  formatMinorUnits,
  type AdminDeposit,
  type AdminDepositChannels,
  type AdminDepositListQuery,
  type AdminDepositPage,
  type AdminUpdateDepositChannelsBody,
  type DepositsConfig,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../identity/index.ts';
import { findMerchant, setMerchantConfigSection } from '../merchant/index.ts';
import { isDemoPayAllowed, isManualChannel } from './channels.ts';
import { listQuestions } from './deposit-questions.ts';
import { toAdminDepositView, type DepositRow } from './deposit-view.ts';
import { approveLockedDeposit, lockDeposit, rejectLockedDeposit } from './settle-deposit.ts';

function depositsOf(db: Kysely<Database>, merchantId: number) {
  return db.selectFrom('deposit').where('deposit.merchant_id', '=', merchantId);
}

/** The rows with their members' usernames, read from identity in one lookup for the whole page. */
async function withUsernames(
  db: Kysely<Database>,
  merchantId: number,
  rows: DepositRow[],
): Promise<Array<DepositRow & { username: string }>> {
  const members = await listMemberSummaries(db, merchantId, [...new Set(rows.map((row) => row.member_id))]);
  return rows.map((row) => ({ ...row, username: members.get(row.member_id)?.username ?? '' }));
}

/**
 * GET /admin-api/deposits: newest first; the review queue is `status=pending`. `flag=overdue`: pending
 * deposits said paid whose time is past (they wait, never expire); `flag=question`: with an open question.
 */
export async function listAdminDeposits(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminDepositListQuery,
  nowMs: number,
): Promise<AdminDepositPage> {
  let base = depositsOf(db, merchantId);
  if (query.status) base = base.where('deposit.status', '=', query.status);
  if (query.flag === 'overdue') {
    base = base
      .where('deposit.status', '=', 'pending')
      .where('deposit.paid_at', 'is not', null)
      .where('deposit.expires_at', '<=', new Date(nowMs));
  }
  if (query.flag === 'question') {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('deposit_question')
          .select('deposit_question.id')
          .whereRef('deposit_question.deposit_id', '=', 'deposit.id')
          .where('deposit_question.answered_at', 'is', null),
      ),
    );
  }
  if (query.methodCode) base = base.where('deposit.method_code', '=', query.methodCode);
  if (query.username) {
    const member = await findMemberSummaryByUsername(db, merchantId, query.username);
    // No such member: no rows (0 is no member's id).
    base = base.where('deposit.member_id', '=', member?.id ?? 0n);
  }
  if (query.from !== undefined) base = base.where('deposit.created_at', '>=', new Date(query.from));
  if (query.to !== undefined) base = base.where('deposit.created_at', '<', new Date(query.to));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('deposit.created_at', 'desc')
      .orderBy('deposit.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const [questions, named] = await Promise.all([
    listQuestions(
      db,
      rows.map((row) => row.id),
    ),
    withUsernames(db, merchantId, rows),
  ]);
  return {
    items: await Promise.all(
      named.map((row) => toAdminDepositView(row, questions.get(row.id) ?? [], nowMs, { withPromptPay: false })),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total.count),
  };
}

/** GET /admin-api/deposits/detail: one deposit of the operator's merchant, or null. */
export async function findAdminDeposit(
  db: Kysely<Database>,
  merchantId: number,
  depositId: number,
  nowMs: number,
): Promise<AdminDeposit | null> {
  const row = await depositsOf(db, merchantId)
    .selectAll()
    .where('deposit.id', '=', BigInt(depositId))
    .executeTakeFirst();
  if (!row) return null;
  const [questions, [named]] = await Promise.all([listQuestions(db, [row.id]), withUsernames(db, merchantId, [row])]);
  return toAdminDepositView(named!, questions.get(row.id) ?? [], nowMs);
}

/** What the audit log keeps of a deposit: its state, never the proof or the member's details. */
function auditSnapshot(row: DepositRow) {
  return {
    status: row.status,
    methodCode: row.method_code,
    amount: formatMinorUnits(row.amount),
    feeAmount: formatMinorUnits(row.fee_amount),
    memberId: String(row.member_id),
    paidAt: row.paid_at?.toISOString() ?? null,
    rejectReason: row.reject_reason,
    reviewRemark: row.review_remark,
    postingId: row.posting_id === null ? null : String(row.posting_id),
  };
}

export type ReviewDecision = { action: 'approve'; remark: string | null } | { action: 'reject'; reason: string };

/**
 * POST /admin-api/deposits/approve and /reject. One transaction: the deposit's row lock, the check
 * that it is a pending BANK or PROMPTPAY deposit, the credit (approve) or the status (reject), and
 * the audit record. A second approval finds it approved and answers 409 `deposit.not.pending`; the
 * ledger posting is keyed by the deposit, so not even a bug could credit it twice.
 */
export async function reviewDeposit(
  db: Kysely<Database>,
  audit: Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>,
  operatorUsername: string,
  depositId: number,
  decision: ReviewDecision,
): Promise<AdminDeposit> {
  const row = await db.transaction().execute(async (trx) => {
    const deposit = await lockDeposit(trx, audit.merchantId, BigInt(depositId));
    if (!deposit) throw new AppError(404, depositErrorCodes.notFound);
    if (!isManualChannel(deposit.method_code)) throw new AppError(409, depositErrorCodes.notReviewable);
    if (deposit.status !== 'pending')
      throw new AppError(409, depositErrorCodes.notPending, { messageKey: `deposit.not.pending.${deposit.status}` });
    const reviewer = {
      operatorId: audit.operatorId!,
      username: operatorUsername,
      remark: decision.action === 'approve' ? decision.remark : null,
    };
    const settled =
      decision.action === 'approve'
        ? await approveLockedDeposit(trx, deposit, audit.nowMs, reviewer)
        : await rejectLockedDeposit(trx, deposit, audit.nowMs, decision.reason, reviewer);
    await recordAudit(trx, {
      ...audit,
      action: `deposit.${decision.action}`,
      targetType: 'deposit',
      targetId: deposit.id,
      before: auditSnapshot(deposit),
      after: auditSnapshot(settled),
    });
    return settled;
  });
  const view = await findAdminDeposit(db, audit.merchantId, Number(row.id), audit.nowMs);
  return view!;
}

/** The setting as operators see it: the DEMOPAY secret is never shown, only whether one is set. */
function toAdminChannels(deposits: DepositsConfig, appConfig: Pick<AppConfig, 'NODE_ENV'>): AdminDepositChannels {
  const { secret, ...demoPay } = deposits.channels.DEMOPAY;
  return {
    pendingMinutes: deposits.pendingMinutes,
    channels: {
      BANK: deposits.channels.BANK,
      PROMPTPAY: deposits.channels.PROMPTPAY,
      DEMOPAY: { ...demoPay, hasSecret: secret !== null },
    },
    isDemoPayAllowed: isDemoPayAllowed(appConfig),
  };
}

async function readDeposits(db: Kysely<Database>, merchantId: number, forUpdate = false): Promise<DepositsConfig> {
  const merchant = await findMerchant(db, { id: merchantId }, { forUpdate });
  if (!merchant) throw new Error(`merchant ${merchantId} not found`);
  return merchant.config.deposits;
}

/** GET /admin-api/deposits/channels. */
export async function getAdminChannels(
  db: Kysely<Database>,
  appConfig: Pick<AppConfig, 'NODE_ENV'>,
  merchantId: number,
): Promise<AdminDepositChannels> {
  return toAdminChannels(await readDeposits(db, merchantId), appConfig);
}

/**
 * PUT /admin-api/deposits/channels: replaces the merchant's `deposits` setting (only that key of its
 * configuration, under the merchant row's lock) and records the change. A DEMOPAY secret left out
 * keeps the current one; the audit says whether it changed, never what it is.
 */
export async function updateAdminChannels(
  db: Kysely<Database>,
  appConfig: Pick<AppConfig, 'NODE_ENV'>,
  audit: Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>,
  body: AdminUpdateDepositChannelsBody,
): Promise<AdminDepositChannels> {
  if (body.channels.DEMOPAY.enabled && !isDemoPayAllowed(appConfig))
    throw AppError.badRequest('channels.DEMOPAY.enabled', 'deposit.channels.demopay.refused');
  return db.transaction().execute(async (trx) => {
    const before = await readDeposits(trx, audit.merchantId, true);
    const secret = body.channels.DEMOPAY.secret ?? before.channels.DEMOPAY.secret;
    if (body.channels.DEMOPAY.enabled && secret === null)
      throw AppError.badRequest('channels.DEMOPAY.secret', 'deposit.channels.secret.required');
    const parsed = depositsConfigSchema.safeParse({
      ...body,
      channels: { ...body.channels, DEMOPAY: { ...body.channels.DEMOPAY, secret } },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw AppError.badRequest(issue.path.join('.'));
    }
    const after = parsed.data;
    await setMerchantConfigSection(trx, audit.merchantId, 'deposits', after, audit.nowMs);
    const secretChanged = secret !== before.channels.DEMOPAY.secret;
    await recordAudit(trx, {
      ...audit,
      action: 'deposit.channels.update',
      targetType: 'channel',
      targetId: 'deposits',
      before: toAdminChannels(before, appConfig),
      after: { ...toAdminChannels(after, appConfig), secretChanged },
    });
    return toAdminChannels(after, appConfig);
  });
}
