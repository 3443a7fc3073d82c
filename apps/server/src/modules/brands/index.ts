/**
 * Brands in the back-office (README): the merchant settings pages' calls, platform operators' list and
 * creation of merchants, and `createBrand` for `npm run merchant:create`. Reads and writes the merchant
 * through modules/merchant and operators through modules/backoffice.
 */
export { brandsRoutes } from './brands.routes.ts';
export { createBrand } from './create-brand.ts';
export {
  createFromCommandLine,
  merchantCreateUsage,
  parseMerchantCreateArgs,
  runMerchantCreate,
  type CommandOutput,
} from './merchant-create-command.ts';
