/** Tables of modules/vendor-wallet (migration 0016_vendor_wallet). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface VendorWalletTables {}
