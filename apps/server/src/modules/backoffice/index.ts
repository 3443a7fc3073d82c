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
 * Tests: `insertTestOperator` in ./backoffice.testing.ts gives an operator with a working token.
 */
export { requireOperator, type AuthenticatedOperator } from './require-operator.ts';
export { recordAudit, auditContext, type AuditEntry } from './audit.ts';
export { listOperatorNames } from './operator-names.ts';
// A member as the back-office lists it (with balances), for the member desk (modules/member-desk).
export { toAdminMemberRow } from './members.ts';
export type { OperatorPermission, OperatorRole } from '@lotus/contract';
export { roleHasPermission, rolePermissions, operatorPermissions, backofficeErrorCodes } from '@lotus/contract';
export { backofficePruneJobName, deleteDeadOperatorRows } from './delete-dead-operator-rows.ts';
export { backofficeRoutes } from './backoffice.routes.ts';
