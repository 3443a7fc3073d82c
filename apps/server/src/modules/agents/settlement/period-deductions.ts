import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberDepositFees } from '../../deposit/index.ts';
import { memberWithdrawalFees } from '../../withdrawal/index.ts';
import { memberRebateTotals } from '../../rebates/index.ts';

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
 * Each member's rebates paid in [from, to) (modules/rebates: automatic payouts and manual claims, by the
 * moment they were paid), in minor units, one grouped query. The bonus line comes from the reports'
 * member days (`bonuses_minor`, every transfer out of `house_bonus`), which holds these rebates too:
 * settle-dividend.ts takes them out of it, so each is deducted in one line only.
 */
export async function memberRebates(
  db: Kysely<Database>,
  merchantId: number,
  fromUtc: Date,
  toUtc: Date,
): Promise<Map<bigint, bigint>> {
  return memberRebateTotals(db, merchantId, fromUtc, toUtc);
}
