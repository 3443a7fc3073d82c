/* ------------------------------------------------------------------------------------------------
 * Brands (merchants) in the back-office: a merchant's settings, edited one section at a time with the
 * version the operator read, and (platform operators) the list of every merchant and creating one.
 * ---------------------------------------------------------------------------------------------- */

/** Error codes of the brand calls. Messages are in the server's catalogue under the same keys, TH and EN. */
export const brandErrorCodes = {
  /**
   * The merchant's settings changed since the operator read them (409): nothing was written.
   * `value.version` is the current version; read the settings again, then save on top of them.
   */
  versionConflict: 'brand.version.conflict',
} as const;
export type BrandErrorCode = (typeof brandErrorCodes)[keyof typeof brandErrorCodes];
