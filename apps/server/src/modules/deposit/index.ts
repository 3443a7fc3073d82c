import type { DepositStatus } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules may use of deposits. Ledger transfers of a deposit carry the reference
 * `deposit:<id>` (kinds `deposit`, and `deposit.fee` to `house_fee`), so a history can name them.
 */
export { expireDepositsJob, expireDepositsJobName } from './expire-deposits.ts';

/** The statuses of some of a merchant's deposits by id (absent ids are not the merchant's or do not exist). */
export async function findDepositStatuses(
  db: Kysely<Database>,
  merchantId: number,
  depositIds: readonly bigint[],
): Promise<Map<bigint, DepositStatus>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit')
    .select(['id', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...depositIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}
// The reports' sources (modules/reports): approved deposits and requests as subqueries they group.
export {
  approvedDepositRows,
  depositRequestRows,
  type ApprovedDepositRow,
  type DepositRequestRow,
} from './report-rows.ts';
// The agents' dividends (modules/agents): each member's deposit fees of a period, one grouped query.
export { memberDepositFees } from './member-fees.ts';
export { inspectProofImage } from './proof-image.ts';
// The back-office's member desk: a member's deposits.
export { listMemberDepositsForDesk, type DeskDeposit } from './member-desk-reads.ts';
export { findThaiBank, thaiBanks } from './thai-banks.ts';
// The promotions' deposit rewards (modules/promotions): approved deposits with their ordinal, a member's count.
export { countApprovedDeposits, listApprovedDeposits, type ApprovedDeposit } from './approved-deposits.ts';
export { depositRoutes } from './deposit.routes.ts';
