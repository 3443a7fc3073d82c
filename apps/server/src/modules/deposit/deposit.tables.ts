/** Tables of modules/deposit (migration 0012_deposits). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DepositTables {}
