import {
  depositProofMaxBytes,
  depositProofTypes,
  formatMinorUnits,
  type Deposit,
  type DepositMethod,
  type DepositReport,
  type DepositReportQuery,
  type DepositSettings,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { listOpenChannels } from './channels.ts';
import { listQuestions } from './deposit-questions.ts';
import { toDepositView } from './deposit-view.ts';
import { findMemberState, sumDeposits } from './member-state.ts';
import { maskPromptPayId } from './promptpay.ts';
import { findThaiBank } from './thai-banks.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** GET MCSFE_getDepositSettings. */
export async function getDepositSettings(
  db: Kysely<Database>,
  appConfig: Pick<AppConfig, 'NODE_ENV'>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
): Promise<DepositSettings> {
  const state = await findMemberState(db, merchant.id, member.id);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    pendingMinutes: merchant.config.deposits.pendingMinutes,
    feePaidBy: 'member',
    proofMaxBytes: depositProofMaxBytes,
    proofTypes: [...depositProofTypes],
    hasFirstDeposit: state?.first_deposit_id != null,
    firstDepositAt: state?.first_deposit_at?.getTime() ?? null,
    methodCodes: listOpenChannels(merchant, appConfig).map((channel) => channel.code),
  };
}

/** GET MCSFE_getDepositMethods: the open channels with their limits, fee and what is left in the rolling 24 hours. */
export async function listDepositMethods(
  db: Kysely<Database>,
  appConfig: Pick<AppConfig, 'NODE_ENV'>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  nowMs: number,
): Promise<DepositMethod[]> {
  const { channels } = merchant.config.deposits;
  return Promise.all(
    listOpenChannels(merchant, appConfig).map(async (channel) => {
      const today = await sumDeposits(db, member.id, nowMs - dayMs, channel.code);
      const amountLeft = channel.dailyAmountMinor - today.amountMinor;
      return {
        methodCode: channel.code,
        kind: channel.kind,
        minAmount: formatMinorUnits(channel.minMinor),
        maxAmount: formatMinorUnits(channel.maxMinor),
        feeFixed: formatMinorUnits(channel.feeFixedMinor),
        feePercent: formatMinorUnits(channel.feePercentHundredths),
        dailyCountLimit: channel.dailyCountLimit,
        dailyAmountLimit: formatMinorUnits(channel.dailyAmountMinor),
        dailyCountLeft: Math.max(0, channel.dailyCountLimit - today.count),
        dailyAmountLeft: formatMinorUnits(amountLeft > 0n ? amountLeft : 0n),
        bankAccounts:
          channel.code === 'BANK'
            ? channels.BANK.accounts
                .filter((account) => account.enabled)
                .map((account) => {
                  const bank = findThaiBank(account.bankCode);
                  return {
                    bankAccountId: account.id,
                    bankCode: account.bankCode,
                    bankNameTh: bank?.nameTh ?? account.bankCode,
                    bankNameEn: bank?.nameEn ?? account.bankCode,
                    accountName: account.accountName,
                    accountNumber: account.accountNumber,
                  };
                })
            : [],
        promptPay:
          channel.code === 'PROMPTPAY' && channels.PROMPTPAY.promptPayId !== null
            ? { target: maskPromptPayId(channels.PROMPTPAY.promptPayId), accountName: channels.PROMPTPAY.accountName }
            : null,
      };
    }),
  );
}

/** GET MCSFE_getDepositTask: one of the member's deposits; another member's is answered as unknown (null). */
export async function findMemberDeposit(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  depositId: number,
): Promise<Deposit | null> {
  const row = await db
    .selectFrom('deposit')
    .selectAll()
    .where('id', '=', BigInt(depositId))
    .where('member_id', '=', member.id)
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  return row ? toDepositView(row, (await listQuestions(db, [row.id])).get(row.id) ?? []) : null;
}

/** GET MCSFE_getDepositTransactionReport: newest first. */
export async function listMemberDeposits(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  query: DepositReportQuery,
): Promise<DepositReport> {
  let base = db.selectFrom('deposit').where('member_id', '=', member.id).where('merchant_id', '=', merchant.id);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.methodCode) base = base.where('method_code', '=', query.methodCode);
  if (query.startTime !== undefined) base = base.where('created_at', '>=', new Date(query.startTime));
  if (query.endTime !== undefined) base = base.where('created_at', '<', new Date(query.endTime));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ]);
  const totalElements = Number(total.count);
  const questions = await listQuestions(
    db,
    rows.map((row) => row.id),
  );
  return {
    content: await Promise.all(
      rows.map((row) => toDepositView(row, questions.get(row.id) ?? [], { withPromptPay: false })),
    ),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  };
}
