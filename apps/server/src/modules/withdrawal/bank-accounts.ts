import {
  unsafeTextPattern,
  withdrawalErrorCodes,
  type BankAccount,
  type BindBankAccountRequest,
  type RemoveBankAccountRequest,
  type UpdateBankAccountRequest,
  type WithdrawAccountInfo,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { checkRegisterField, getPaymentDetails, setPayeeName } from '../identity/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { bankName, findAccountDigits } from './banks.ts';
import { checkSecret, lockMember, requireText, secretCheckError, type MemberScope } from './payment-password.ts';

export interface BankAccountContext {
  db: Kysely<Database>;
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  scope: MemberScope;
  language: 'TH' | 'EN';
}

/** All but the last four digits hidden: enough for the member to tell accounts apart, useless to anyone else. */
export function maskAccountNumber(accountNumber: string): string {
  return '*'.repeat(Math.max(0, accountNumber.length - 4)) + accountNumber.slice(-4);
}

/** Names compare without case and without any spaces (`Somchai  Jaidee` is `somchai jaidee`). */
export function comparableName(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en').replace(/\s+/gu, '');
}

/** Spaces inside a name as one, none at the ends: what is stored and shown. */
function tidyName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

interface CheckedAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** The fields, before anything is read or locked: the bank's code, its number of digits, a printable name. */
function checkAccountFields(request: BindBankAccountRequest): CheckedAccount {
  const bankCode = request.bankCode.trim().toUpperCase();
  if (bankCode === '') throw AppError.badRequest('bankCode', 'validation.required');
  const digits = findAccountDigits(bankCode);
  if (!digits) throw AppError.badRequest('bankCode', 'withdraw.bank.code.invalid');
  // People paste numbers with dashes and spaces as their bank app shows them (123-4-56789-0).
  const accountNumber = request.accountNumber.replace(/[\s-]/g, '');
  if (accountNumber === '') throw AppError.badRequest('accountNumber', 'validation.required');
  if (!/^[0-9]+$/.test(accountNumber) || !digits.includes(accountNumber.length)) {
    throw AppError.badRequest('accountNumber', 'withdraw.account.number.invalid', { digits: digits.join('/') });
  }
  const accountName = tidyName(request.accountName);
  if (accountName === '') throw AppError.badRequest('accountName', 'validation.required');
  if (unsafeTextPattern.test(accountName) || [...accountName].length > 100)
    throw AppError.badRequest('accountName', 'withdraw.account.name.invalid');
  return { bankCode, accountNumber, accountName };
}

function toBankAccount(
  row: { id: bigint; bank_code: string; account_number: string; account_name: string; created_at: Date },
  language: 'TH' | 'EN',
): BankAccount {
  return {
    bankAccountId: Number(row.id),
    bankCode: row.bank_code,
    bankName: bankName(row.bank_code, language),
    accountNumber: maskAccountNumber(row.account_number),
    accountName: row.account_name,
    createdAt: row.created_at.getTime(),
  };
}

const accountColumns = ['id', 'bank_code', 'account_number', 'account_name', 'created_at'] as const;

/** The member's live binding with this id, or null: another member's id and a removed one look alike. */
export async function findMemberBankAccount(
  db: Kysely<Database> | Transaction<Database>,
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  bankAccountId: number,
) {
  if (!Number.isSafeInteger(bankAccountId) || bankAccountId < 1) return null;
  return (
    (await db
      .selectFrom('member_bank_account')
      .select(accountColumns)
      .where('id', '=', BigInt(bankAccountId))
      .where('merchant_id', '=', scope.merchantId)
      .where('member_id', '=', scope.memberId)
      .where('removed_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

async function countLiveAccounts(trx: Transaction<Database>, scope: MemberScope): Promise<number> {
  const row = await trx
    .selectFrom('member_bank_account')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function isNumberTaken(error: unknown): boolean {
  return (
    (error as { code?: string; constraint?: string }).code === '23505' &&
    (error as { constraint?: string }).constraint === 'member_bank_account_number_key'
  );
}

/** The name must be the member's payee name; a member without one gets this one (checked against the merchant's payee name rule). */
async function matchPayeeName(
  trx: Transaction<Database>,
  context: BankAccountContext,
  payeeName: string | null,
  accountName: string,
): Promise<void> {
  if (payeeName !== null && payeeName.trim() !== '') {
    if (comparableName(payeeName) !== comparableName(accountName))
      throw new AppError(400, withdrawalErrorCodes.accountNameMismatch, { field: 'accountName' });
    return;
  }
  const rule = context.merchant.config.registerRules.payeeName;
  const violation = rule?.enabled ? checkRegisterField('payeeName', accountName, { ...rule, required: true }) : null;
  if (violation)
    throw new AppError(400, 'validation.failed', {
      field: 'accountName',
      messageKey: violation.messageKey,
      params: { ...violation.params, field: 'accountName' },
    });
  await setPayeeName(trx, context.scope, accountName);
}

/** GET /wps/relay/MCSFE_getWithdrawAccountInfo */
export async function getWithdrawAccountInfo(context: BankAccountContext): Promise<WithdrawAccountInfo> {
  const { db, scope } = context;
  const [member, rows] = await Promise.all([
    getPaymentDetails(db, scope),
    db
      .selectFrom('member_bank_account')
      .select(accountColumns)
      .where('member_id', '=', scope.memberId)
      .where('merchant_id', '=', scope.merchantId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute(),
  ]);
  return {
    content: rows.map((row) => toBankAccount(row, context.language)),
    payeeName: member.payeeName,
    hasPaymentPassword: member.hasPaymentPassword,
    maxAccounts: context.merchant.config.withdrawals.maxBankAccounts,
  };
}

/**
 * PUT /wps/v2/member/bankAccount. Under the member's lock: the payment password once the member has
 * one (a member without one yet binds without it: the withdraw page's first steps may come in either
 * order, and nothing can leave before one is set), the name matches the payee name (or becomes it),
 * at most `maxBankAccounts` live bindings, and the number is bound nowhere else in the merchant (a
 * unique index settles a race between two members).
 */
export async function bindBankAccount(
  context: BankAccountContext,
  request: BindBankAccountRequest,
): Promise<BankAccount> {
  const account = checkAccountFields(request);
  const { db, scope } = context;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, scope);
      if (member.paymentPasswordHash !== null) {
        // Known only under the lock; refused before anything is counted, like every empty secret.
        if (request.paymentPassword === undefined || request.paymentPassword === '')
          throw AppError.badRequest('paymentPassword', 'bank.account.payment.password.required');
        const check = await checkSecret(
          trx,
          scope,
          member.paymentPasswordHash,
          request.paymentPassword,
          'paymentPassword',
        );
        if (check.kind !== 'ok') return check;
      }
      await matchPayeeName(trx, context, member.payeeName, account.accountName);
      if ((await countLiveAccounts(trx, scope)) >= context.merchant.config.withdrawals.maxBankAccounts) {
        throw new AppError(409, withdrawalErrorCodes.bankAccountLimit, {
          params: { max: context.merchant.config.withdrawals.maxBankAccounts },
        });
      }
      const now = new Date(scope.nowMs);
      const row = await trx
        .insertInto('member_bank_account')
        .values({
          merchant_id: scope.merchantId,
          member_id: scope.memberId,
          bank_code: account.bankCode,
          account_number: account.accountNumber,
          account_name: account.accountName,
          created_at: now,
          updated_at: now,
        })
        .returning(accountColumns)
        .executeTakeFirstOrThrow();
      return { kind: 'ok' as const, row };
    });
    // A refused password commits its count first, then answers.
    if (outcome.kind !== 'ok') throw secretCheckError(outcome);
    return toBankAccount(outcome.row, context.language);
  } catch (error) {
    if (isNumberTaken(error))
      throw new AppError(409, withdrawalErrorCodes.bankAccountBound, { field: 'accountNumber' });
    throw error;
  }
}

/** POST /wps/v2/member/bankAccount/update: the payment password, then the same checks as binding. */
export async function updateBankAccount(
  context: BankAccountContext,
  request: UpdateBankAccountRequest,
): Promise<BankAccount> {
  const account = checkAccountFields(request);
  requireText(request.paymentPassword, 'paymentPassword');
  const { db, scope } = context;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, scope);
      if (!(await findMemberBankAccount(trx, scope, request.bankAccountId))) return { kind: 'unknown' as const };
      const check = await checkSecret(
        trx,
        scope,
        member.paymentPasswordHash,
        request.paymentPassword,
        'paymentPassword',
      );
      if (check.kind !== 'ok') return check;
      await matchPayeeName(trx, context, member.payeeName, account.accountName);
      const row = await trx
        .updateTable('member_bank_account')
        .set({
          bank_code: account.bankCode,
          account_number: account.accountNumber,
          account_name: account.accountName,
          updated_at: new Date(scope.nowMs),
        })
        .where('id', '=', BigInt(request.bankAccountId))
        .where('member_id', '=', scope.memberId)
        .where('removed_at', 'is', null)
        .returning(accountColumns)
        .executeTakeFirstOrThrow();
      return { kind: 'ok' as const, row };
    });
    if (outcome.kind === 'unknown')
      throw new AppError(400, withdrawalErrorCodes.bankAccountUnknown, { field: 'bankAccountId' });
    if (outcome.kind !== 'ok') throw secretCheckError(outcome);
    return toBankAccount(outcome.row, context.language);
  } catch (error) {
    if (isNumberTaken(error))
      throw new AppError(409, withdrawalErrorCodes.bankAccountBound, { field: 'accountNumber' });
    throw error;
  }
}

/** POST /wps/v2/member/bankAccount/remove: the payment password; the row stays for past withdrawals. */
export async function removeBankAccount(context: BankAccountContext, request: RemoveBankAccountRequest): Promise<void> {
  requireText(request.paymentPassword, 'paymentPassword');
  const { db, scope } = context;
  const outcome = await db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, scope);
    if (!(await findMemberBankAccount(trx, scope, request.bankAccountId))) return { kind: 'unknown' as const };
    const check = await checkSecret(trx, scope, member.paymentPasswordHash, request.paymentPassword, 'paymentPassword');
    if (check.kind !== 'ok') return check;
    await trx
      .updateTable('member_bank_account')
      .set({ removed_at: new Date(scope.nowMs), updated_at: new Date(scope.nowMs) })
      .where('id', '=', BigInt(request.bankAccountId))
      .where('member_id', '=', scope.memberId)
      .execute();
    return check;
  });
  if (outcome.kind === 'unknown')
    throw new AppError(400, withdrawalErrorCodes.bankAccountUnknown, { field: 'bankAccountId' });
  if (outcome.kind !== 'ok') throw secretCheckError(outcome);
}
