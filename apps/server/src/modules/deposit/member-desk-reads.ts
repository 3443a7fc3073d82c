import type { DepositStatus } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A member's deposit as the back-office's member desk lists it. */
export interface DeskDeposit {
  id: bigint;
  createdAt: Date;
  methodCode: string;
  status: DepositStatus;
  amountMinor: bigint;
  feeMinor: bigint;
  settledAt: Date | null;
}

/** The member's deposits, newest first, paged (deposit_member_created_idx). Read only. */
export async function listMemberDepositsForDesk(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ items: DeskDeposit[]; total: number }> {
  const base = db.selectFrom('deposit').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'created_at', 'method_code', 'status', 'amount', 'fee_amount', 'settled_at'])
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
      methodCode: row.method_code,
      status: row.status,
      amountMinor: row.amount,
      feeMinor: row.fee_amount,
      settledAt: row.settled_at,
    })),
    total: Number(count.total),
  };
}
