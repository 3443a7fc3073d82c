/**
 * member-desk's public face: the back-office's member desk (`/admin-api/member-desk/*` and the
 * member's tabs under `/admin-api/members/:memberId/*`). It sits above identity, ledger, deposit,
 * withdrawal, bet-records, agents and backoffice (which deposit and withdrawal import for their
 * guards), reading each through its index.ts; no module imports it but modules/routes.ts.
 */
export { memberDeskRoutes } from './member-desk.routes.ts';
export type { MemberDeskTables } from './member-desk.tables.ts';
