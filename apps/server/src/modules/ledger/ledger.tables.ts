import type { ColumnType, Generated } from 'kysely';

/** Tables of the ledger (migration 0010_ledger). int8 columns come back as bigint. */

export const memberAccountKinds = [
  'member_main',
  'member_vendor',
  'member_held',
  'member_bonus',
  'member_trial',
] as const;
export const houseAccountKinds = [
  'house_deposit_clearing',
  'house_withdrawal_payable',
  'house_game',
  'house_adjustment',
  'house_fee',
  'house_bonus',
  'house_trial',
  /** Money on its way between a member's main wallet and a transfer-mode vendor (sub-key: the vendor). */
  'house_vendor_transit',
  /** What the merchant pays agents under its own salary and dividend contracts (migration 0055). */
  'house_agent_pay',
] as const;
export type MemberAccountKind = (typeof memberAccountKinds)[number];
export type HouseAccountKind = (typeof houseAccountKinds)[number];
export type AccountKind = MemberAccountKind | HouseAccountKind;

export interface LedgerAccountTable {
  id: Generated<bigint>;
  merchant_id: number;
  currency: string;
  kind: AccountKind;
  member_id: bigint | null;
  sub_key: ColumnType<string, string | undefined, never>;
  /** Member accounts only; house accounts keep 0 (their balance is derived from transfers). */
  balance: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface LedgerPostingTable {
  id: Generated<bigint>;
  merchant_id: number;
  source: string;
  idempotency_key: string;
  request_hash: string;
  created_at: Date;
}

export interface LedgerTransferTable {
  id: Generated<bigint>;
  posting_id: bigint;
  merchant_id: number;
  currency: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  kind: string;
  reference: string;
  debit_balance_after: bigint | null;
  credit_balance_after: bigint | null;
  created_at: Date;
}

export interface LedgerTables {
  ledger_account: LedgerAccountTable;
  ledger_posting: LedgerPostingTable;
  ledger_transfer: LedgerTransferTable;
}
