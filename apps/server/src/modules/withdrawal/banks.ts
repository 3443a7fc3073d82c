import type { ThaiBankCode } from '@lotus/contract';
import { findThaiBank } from '../deposit/index.ts';

/**
 * How many digits a member's account number has at each Thai bank. The banks themselves (codes and
 * TH/EN names) are the deposit module's one list (`thaiBanks`, also served by MCSFE_getBanks, codes
 * from the contract's `thaiBankCodes`); this table only adds the digit counts, and its `Record` type
 * makes a bank added to the contract fail to compile here until it gets its rule.
 *
 * Most banks number savings and current accounts with 10 digits; the state banks GSB, BAAC and GHB
 * with 12.
 */
const accountDigits: Record<ThaiBankCode, readonly number[]> = {
  BBL: [10],
  KBANK: [10],
  KTB: [10],
  SCB: [10],
  BAY: [10],
  TTB: [10],
  GSB: [12],
  BAAC: [12],
  GHB: [12],
  KKP: [10],
  CIMBT: [10],
  UOBT: [10],
  TISCO: [10],
  LHBANK: [10],
  ICBCT: [10],
};

/** The digit counts of a listed bank's account numbers; null for a code that is not a listed bank. */
export function findAccountDigits(bankCode: string): readonly number[] | null {
  const bank = findThaiBank(bankCode);
  return bank ? accountDigits[bank.bankCode] : null;
}

/** The bank's name in the member's language; the code itself for a bank no longer listed. */
export function bankName(bankCode: string, language: 'TH' | 'EN'): string {
  const bank = findThaiBank(bankCode);
  if (!bank) return bankCode;
  return language === 'TH' ? bank.nameTh : bank.nameEn;
}
