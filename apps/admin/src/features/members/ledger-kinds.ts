import { ledgerTransferKinds } from '@lotus/contract';

/**
 * The ledger's transfer kinds as the back-office shows them: every kind the platform writes
 * (`ledgerTransferKinds`, one list in the contract) has a `kind_*` text in TH and EN
 * (ledger-kinds.test.ts), and the ledger's type filter offers them all.
 */
export const ledgerKinds = ledgerTransferKinds;

/** `vendor.bet` → `kind_vendor_bet`. */
export const ledgerKindKey = (kind: string): string => `kind_${kind.replace(/\./g, '_')}`;

/** A kind's text; one the contract does not list yet reads "Other (kind)", never a bare key. */
export function ledgerKindLabel(t: (key: string, options?: Record<string, unknown>) => string, kind: string): string {
  return t(ledgerKindKey(kind), { defaultValue: t('kind_other', { kind }) });
}
