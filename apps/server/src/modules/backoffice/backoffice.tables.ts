/** Tables of modules/backoffice (migration 0014_backoffice). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BackofficeTables {}
