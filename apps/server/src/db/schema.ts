import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { IdentityTables } from '../modules/identity/identity.tables.ts';
import type { AgentContractTables } from '../modules/agent-contracts/agent-contracts.tables.ts';
import type { BetRecordTables } from '../modules/bet-records/bet-records.tables.ts';
import type { TransferWalletTables } from '../modules/transfer-wallet/transfer-wallet.tables.ts';
import type { BackofficeTables } from '../modules/backoffice/backoffice.tables.ts';
import type { DepositTables } from '../modules/deposit/deposit.tables.ts';
import type { IdempotencyTables } from '../modules/idempotency/idempotency.tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger.tables.ts';
import type { MerchantConfig } from '../modules/merchant/merchant.config.ts';
import type { MessagingTables } from '../modules/messaging/messaging.tables.ts';
import type { SealedTables } from '../modules/sealed/sealed.tables.ts';
import type { SiteTables } from '../modules/site/site.tables.ts';
import type { SeamlessWalletTables } from '../modules/seamless-wallet/index.ts';
import type { VerificationTables } from '../modules/verification/verification.tables.ts';
import type { WithdrawalTables } from '../modules/withdrawal/withdrawal.tables.ts';

/** Core tables. Each domain module declares its own tables and adds them to `Database` below. */
export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  currency: string;
  currency_symbol: string;
  default_language: 'TH' | 'EN';
  /** Whole brand configuration (whitelabel, switches, register rules, access rules). See merchant.config.ts. */
  config: JSONColumnType<MerchantConfig>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MerchantDomainTable {
  id: Generated<number>;
  merchant_id: number;
  /** Lower-case host name without port. */
  domain: string;
  is_primary: boolean;
}

export interface Database
  extends
    SiteTables,
    SealedTables,
    VerificationTables,
    IdentityTables,
    MessagingTables,
    LedgerTables,
    IdempotencyTables,
    DepositTables,
    WithdrawalTables,
    BackofficeTables,
    SeamlessWalletTables,
    TransferWalletTables,
    BetRecordTables,
    AgentContractTables {
  merchant: MerchantTable;
  merchant_domain: MerchantDomainTable;
}
