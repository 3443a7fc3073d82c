/**
 * What other modules may use of the merchant (the brand): its configuration's schema and types, the
 * cached directory the request context resolves a merchant with, fresh reads by id or code for jobs
 * and callbacks, and the one way to change a section of its configuration. The `merchant` and
 * `merchant_domain` tables are this module's; others call these functions instead of querying them.
 */
export { merchantConfigSchema, type Localized, type MerchantConfig, type MerchantContext } from './merchant.config.ts';
export { defaultMerchantTimeZone, merchantTimeZone } from './merchant.config.ts';
export { MerchantDirectory, normaliseHost } from './merchant.service.ts';
export {
  findMerchant,
  listMerchantCodes,
  listMerchantDomains,
  listMerchantIds,
  setMerchantConfigSection,
} from './find-merchant.ts';
export {
  createMerchant,
  listMerchantSummaries,
  replaceMerchantDomains,
  type MerchantSummary,
  type NewMerchant,
} from './manage-merchants.ts';
export { newMerchantConfig } from './new-merchant-config.ts';
export { merchantCurrencyOf } from './merchant-columns.ts';
export {
  lockAtVersion,
  versionConflict,
  writeMerchantConfigSection,
  writeMerchantSettings,
  type MerchantColumnsChange,
  type MerchantSettingsWrite,
  type MerchantConfigChange,
  type MerchantConfigSection,
  type MerchantConfigWrite,
} from './write-merchant-config.ts';
export { demoAgent, demoBrandColors, demoMerchant, demoMerchantConfig, demoRegisterRules } from './demo-merchant.ts';
