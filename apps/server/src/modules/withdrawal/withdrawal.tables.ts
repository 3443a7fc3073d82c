/** Tables of modules/withdrawal (migration 0013_withdrawals). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WithdrawalTables {}
