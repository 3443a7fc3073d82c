import { formatMinorUnits, trialMemberType, type WalletBalance } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findVendorsByCodes } from '../games/index.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import { listMemberAccounts } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';

/** The main wallet's account type id (vendor sub-wallets use their vendor's id). */
export const mainWalletAccountTypeId = 0;

/**
 * GET /wps/v2/wallets/balance: the member's wallets from the ledger. A trial account plays with its
 * trial balance, shown as its main wallet and flagged `isTrial`; it never has cash.
 */
export async function getWalletBalance(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
): Promise<WalletBalance> {
  const isTrial = member.isAgent === trialMemberType;
  const accounts = await listMemberAccounts(db, merchant.id, member.id, merchant.currency);
  const sum = (kind: string) =>
    accounts.filter((account) => account.kind === kind).reduce((total, account) => total + account.balance, 0n);
  const vendorAccounts = accounts.filter((account) => account.kind === 'member_vendor');
  const vendorByCode = await findVendorsByCodes(
    db,
    merchant.id,
    vendorAccounts.map((account) => account.subKey),
  );
  const money = { currency: merchant.currency, currencySymbol: merchant.currencySymbol };

  const main = isTrial ? sum('member_trial') : sum('member_main');
  const wallets = [
    { accountTypeId: mainWalletAccountTypeId, accountTypeName: 'MAIN', availBalance: formatMinorUnits(main), ...money },
    ...vendorAccounts.map((account) => {
      const vendor = vendorByCode.get(account.subKey);
      return {
        accountTypeId: vendor?.accountTypeId ?? -1,
        accountTypeName: vendor?.accountTypeName ?? account.subKey,
        availBalance: formatMinorUnits(account.balance),
        ...money,
      };
    }),
  ];
  const sumBalance = main + vendorAccounts.reduce((total, account) => total + account.balance, 0n);
  return {
    sumBalance: formatMinorUnits(sumBalance),
    ...money,
    balance: wallets,
    heldBalance: formatMinorUnits(sum('member_held')),
    bonusBalance: formatMinorUnits(sum('member_bonus')),
    isTrial,
  };
}
