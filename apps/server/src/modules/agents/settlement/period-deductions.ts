import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberDepositFees } from '../../deposit/index.ts';
import { memberWithdrawalFees } from '../../withdrawal/index.ts';

/**
 * What a dividend deducts for each member besides its play and bonuses (README "Dividends"): the fees
 * of its deposits and withdrawals, and its rebates. Each source is one grouped query over the whole
 * period for every member of the merchant, read from the module that owns it, never one per member.
 */
export interface MemberDeductions {
  depositFeeMinor: bigint;
  withdrawalFeeMinor: bigint;
  rebateMinor: bigint;
}

const none: MemberDeductions = { depositFeeMinor: 0n, withdrawalFeeMinor: 0n, rebateMinor: 0n };

export async function memberDeductionsOf(
  db: Kysely<Database>,
  merchantId: number,
  fromUtc: Date,
  toUtc: Date,
): Promise<{ of: (memberId: bigint) => MemberDeductions }> {
  // One after the other: the job calls this inside its transaction, which is one connection.
  const depositFees = await memberDepositFees(db, merchantId, fromUtc, toUtc);
  const withdrawalFees = await memberWithdrawalFees(db, merchantId, fromUtc, toUtc);
  const rebates = await memberRebates(db, merchantId, fromUtc, toUtc);
  return {
    of: (memberId) => {
      const deductions = {
        depositFeeMinor: depositFees.get(memberId) ?? 0n,
        withdrawalFeeMinor: withdrawalFees.get(memberId) ?? 0n,
        rebateMinor: rebates.get(memberId) ?? 0n,
      };
      return deductions.depositFeeMinor === 0n && deductions.withdrawalFeeMinor === 0n && deductions.rebateMinor === 0n
        ? none
        : deductions;
    },
  };
}

/**
 * THE REBATE SEAM. Each member's rebates credited in [from, to), in minor units; today always empty,
 * so every dividend's rebate line reads 0: the platform pays no rebates until the promotions (issue 17)
 * add them. When they do, this reads them through the promotions module's index.ts in one grouped
 * query, like the fees above, and nothing else in the settlement changes. Mind the bonus line then: it
 * comes from the reports' member days (`bonuses_minor`, every transfer out of `house_bonus`), which
 * would hold rebates posted through `house_bonus` too; they must be counted in one line only.
 */
export async function memberRebates(
  _db: Kysely<Database>,
  _merchantId: number,
  _fromUtc: Date,
  _toUtc: Date,
): Promise<Map<bigint, bigint>> {
  return new Map();
}
