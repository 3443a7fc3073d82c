/** Tables of the accounts calls (migration 0008_accounts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountsTables {}
