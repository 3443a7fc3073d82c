import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { MerchantConfig } from './merchant.config.ts';

/** The merchant (brand) and the domains it answers on. Other modules read them through this module's service. */
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
  /** Bumped by every write of the row (migration 0035); a back-office save sends the one it read. */
  version: ColumnType<number, number | undefined, number>;
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

export interface MerchantTables {
  merchant: MerchantTable;
  merchant_domain: MerchantDomainTable;
}
