import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WithdrawalStatus } from './withdrawal.tables.ts';

/**
 * What the back-office's member desk reads of withdrawal's tables: a member's bank accounts (removed
 * ones too) and withdrawals, who holds an account number (search), and who shares one with a member
 * (linked members). Read only.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface DeskBankAccount {
  id: bigint;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  createdAt: Date;
  removedAt: Date | null;
}

/** Every bank account the member bound, the live ones first, newest first. */
export async function listMemberBankAccountsForDesk(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<DeskBankAccount[]> {
  const rows = await db
    .selectFrom('member_bank_account')
    .select(['id', 'bank_code', 'account_number', 'account_name', 'created_at', 'removed_at'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy((eb) => eb('removed_at', 'is', null), 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    createdAt: row.created_at,
    removedAt: row.removed_at,
  }));
}

/** Members who bound this account number (at any bank, removed too); digits only are compared. */
export async function findMemberIdsByAccountNumber(
  db: Db,
  merchantId: number,
  accountNumber: string,
): Promise<bigint[]> {
  const digits = accountNumber.replace(/[\s-]/g, '');
  if (digits === '') return [];
  const rows = await db
    .selectFrom('member_bank_account')
    .select('member_id')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('account_number', '=', digits)
    .limit(1000)
    .execute();
  return rows.map((row) => row.member_id);
}

/** Other members who bound one of this member's account numbers: member id -> the shared numbers. */
export async function listMembersSharingBankAccounts(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<Map<bigint, Set<string>>> {
  const rows = await db
    .selectFrom('member_bank_account as other')
    .select(['other.member_id', 'other.account_number'])
    .distinct()
    .where('other.merchant_id', '=', merchantId)
    .where('other.member_id', '!=', memberId)
    .where(
      'other.account_number',
      'in',
      db
        .selectFrom('member_bank_account as own')
        .select('own.account_number')
        .where('own.merchant_id', '=', merchantId)
        .where('own.member_id', '=', memberId),
    )
    .limit(400)
    .execute();
  const shared = new Map<bigint, Set<string>>();
  for (const row of rows) {
    const numbers = shared.get(row.member_id) ?? new Set<string>();
    numbers.add(row.account_number);
    shared.set(row.member_id, numbers);
  }
  return shared;
}

export interface DeskWithdrawal {
  id: bigint;
  createdAt: Date;
  status: WithdrawalStatus;
  amountMinor: bigint;
  feeMinor: bigint;
  bankCode: string;
  accountNumber: string;
  reviewedAt: Date | null;
}

/** The member's withdrawals, newest first, paged. */
export async function listMemberWithdrawalsForDesk(
  db: Db,
  merchantId: number,
  memberId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ items: DeskWithdrawal[]; total: number }> {
  const base = db.selectFrom('withdrawal').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'created_at', 'status', 'amount', 'fee', 'bank_code', 'account_number', 'reviewed_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      status: row.status,
      amountMinor: row.amount,
      feeMinor: row.fee,
      bankCode: row.bank_code,
      accountNumber: row.account_number,
      reviewedAt: row.reviewed_at,
    })),
    total: Number(count.total),
  };
}
