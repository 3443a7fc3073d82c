import {
  depositErrorCodes,
  depositQuestionMaxCount,
  type AdminAnswerDepositQuestionBody,
  type AdminDeposit,
  type AskDepositQuestionRequest,
  type Deposit,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { toDepositView, type DepositQuestionRow } from './deposit-view.ts';
import { lockMemberDeposit } from './settle-deposit.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The questions of some deposits, oldest first, by deposit id (a deposit without any is absent). */
export async function listQuestions(
  db: Executor,
  depositIds: readonly bigint[],
): Promise<Map<bigint, DepositQuestionRow[]>> {
  const byDeposit = new Map<bigint, DepositQuestionRow[]>();
  if (depositIds.length === 0) return byDeposit;
  const rows = await db
    .selectFrom('deposit_question')
    .selectAll()
    .where('deposit_id', 'in', [...depositIds])
    .orderBy('deposit_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byDeposit.get(row.deposit_id);
    if (list) list.push(row);
    else byDeposit.set(row.deposit_id, [row]);
  }
  return byDeposit;
}

/**
 * POST MCSFE_initiateReminder: the member asks the operators about one of their deposits, whatever
 * its status (an expired one too: that is often what they ask about). Under the deposit's lock, so
 * parallel asks see each other: one open question at a time (also a unique index), the same text
 * while it is open is a replay, at most `depositQuestionMaxCount` per deposit.
 */
export async function askDepositQuestion(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  request: AskDepositQuestionRequest,
  nowMs: number,
): Promise<Deposit> {
  return db.transaction().execute(async (trx) => {
    const deposit = await lockMemberDeposit(trx, merchant.id, member.id, request.depositId);
    const questions = (await listQuestions(trx, [deposit.id])).get(deposit.id) ?? [];
    const open = questions.find((question) => question.answered_at === null);
    if (open?.message === request.message) return toDepositView(deposit, questions);
    if (open) throw new AppError(409, depositErrorCodes.questionOpen, { field: 'message' });
    if (questions.length >= depositQuestionMaxCount) {
      throw new AppError(409, depositErrorCodes.questionLimit, {
        field: 'message',
        params: { max: depositQuestionMaxCount },
      });
    }
    const asked = await trx
      .insertInto('deposit_question')
      .values({
        deposit_id: deposit.id,
        message: request.message,
        asked_at: new Date(nowMs),
        answer: null,
        answered_at: null,
        answered_by_operator_id: null,
        answered_by_username: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDepositView(deposit, [...questions, asked]);
  });
}

/**
 * POST /admin-api/deposits/answer-question: an operator answers a member's open question, audited.
 * The question's row is locked, so two operators answering at once cannot both write; the same
 * answer again is a replay (200, no second audit), another one 409 `deposit.question.answered`.
 * Answers the deposit as the operator sees it; `findAdminDeposit` draws it after the commit.
 */
export async function answerDepositQuestion(
  db: Kysely<Database>,
  audit: Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>,
  operatorUsername: string,
  body: AdminAnswerDepositQuestionBody,
  findAdminDeposit: (depositId: number) => Promise<AdminDeposit | null>,
): Promise<AdminDeposit> {
  const depositId = await db.transaction().execute(async (trx) => {
    const question = await trx
      .selectFrom('deposit_question')
      .innerJoin('deposit', 'deposit.id', 'deposit_question.deposit_id')
      .selectAll('deposit_question')
      .where('deposit_question.id', '=', BigInt(body.questionId))
      .where('deposit.merchant_id', '=', audit.merchantId)
      .forUpdate('deposit_question')
      .executeTakeFirst();
    if (!question) throw new AppError(404, depositErrorCodes.notFound);
    if (question.answered_at !== null) {
      if (question.answer === body.answer) return question.deposit_id;
      throw new AppError(409, depositErrorCodes.questionAnswered);
    }
    await trx
      .updateTable('deposit_question')
      .set({
        answer: body.answer,
        answered_at: new Date(audit.nowMs),
        answered_by_operator_id: audit.operatorId,
        answered_by_username: operatorUsername,
      })
      .where('id', '=', question.id)
      .execute();
    await recordAudit(trx, {
      ...audit,
      action: 'deposit.question.answer',
      targetType: 'deposit',
      targetId: question.deposit_id,
      before: { questionId: String(question.id), message: question.message, answer: null },
      after: { questionId: String(question.id), answer: body.answer },
    });
    return question.deposit_id;
  });
  return (await findAdminDeposit(Number(depositId)))!;
}
