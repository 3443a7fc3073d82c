/**
 * What other modules may use of the back-office: the operator guard, the audit log and operators' names.
 *
 *   app.post('/admin-api/deposits/:id/approve', { onRequest: requireOperator('deposits.review') }, async (request) => {
 *     await app.db.transaction().execute(async (trx) => {
 *       ... the change ...
 *       await recordAudit(trx, { ...auditContext(request), action: 'deposit.approve', targetType: 'deposit', targetId: id, before, after });
 *     });
 *   });
 *
 * Permissions: `requireOperator(permission)` guards a route; `operatorMay(request.operator, permission)`
 * answers yes/no inside one (the role row's permissions, read with the session). A new merchant gets
 * its built-in roles with `ensureBuiltinRoles(trx, merchantId)` in the transaction that creates it.
 *
 * Tests: `insertTestOperator` in ./backoffice.testing.ts gives an operator with a working token (any
 * role code, `platform` included); `insertTestRole` a custom role with exactly some permissions.
 */
export { operatorSessionCheck, requireOperator, type AuthenticatedOperator } from './require-operator.ts';
export { ensureBuiltinRoles, operatorMay } from './operator-roles.ts';
// The first operator of a new merchant (modules/brands: merchant:create and the back-office's create).
export { createMerchantAdmin, type MerchantAdmin } from './create-merchant-admin.ts';
export { recordAudit, auditContext, type AuditEntry } from './audit.ts';
export { listOperatorNames, listOperatorsWithPermission } from './operator-names.ts';
// The four-eyes threshold (money-approvals.ts), which withdrawals apply to payouts too.
export { findApprovalThresholdMinor } from './money-approvals.ts';
// A member as the back-office lists it (with balances), for the member desk (modules/member-desk).
export { toAdminMemberRow } from './members.ts';
export type { OperatorPermission, OperatorRole } from '@lotus/contract';
/** `roleHasPermission` knows only the built-in roles: ask `operatorMay(request.operator, permission)` instead. */
export { roleHasPermission, rolePermissions, operatorPermissions, backofficeErrorCodes } from '@lotus/contract';
export { backofficePruneJobName, deleteDeadOperatorRows } from './delete-dead-operator-rows.ts';
export { backofficeRoutes } from './backoffice.routes.ts';
