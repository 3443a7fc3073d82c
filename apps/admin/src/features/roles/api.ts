import {
  adminPath,
  approvalThresholdSchema,
  moneyApprovalPageSchema,
  moneyApprovalSchema,
  operatorSchema,
  roleListSchema,
  roleSchema,
  rolesPaths,
  type ApprovalThreshold,
  type CreateRoleBody,
  type MoneyApproval,
  type MoneyApprovalPage,
  type Operator,
  type Role,
  type UpdateRoleBody,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const roleKeys = queryKeys('roles');
export const approvalKeys = queryKeys('approvals');

export const rolesQuery = () =>
  queryOptions({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<{ items: Role[] }>(rolesPaths.roles, { signal, schema: import.meta.env.DEV && roleListSchema }),
  });

export function createRole(body: CreateRoleBody) {
  return apiRequest<Role>(rolesPaths.roles, { method: 'POST', body, schema: import.meta.env.DEV && roleSchema });
}

export function updateRole(code: string, body: UpdateRoleBody) {
  return apiRequest<Role>(adminPath(rolesPaths.role, { code }), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && roleSchema,
  });
}

export function deleteRole(code: string) {
  return apiRequest<null>(adminPath(rolesPaths.role, { code }), { method: 'DELETE' });
}

export function setOperatorIpAllowList(operatorId: string, ipAllowList: string[], version: number) {
  return apiRequest<Operator>(adminPath(rolesPaths.operatorIpAllowList, { operatorId }), {
    method: 'PUT',
    body: { ipAllowList, version },
    schema: import.meta.env.DEV && operatorSchema,
  });
}

export const approvalsQuery = (status: MoneyApproval['status']) =>
  queryOptions({
    queryKey: approvalKeys.of('list', status),
    queryFn: ({ signal }) =>
      apiRequest<MoneyApprovalPage>(rolesPaths.approvals, {
        signal,
        query: { status },
        schema: import.meta.env.DEV && moneyApprovalPageSchema,
      }),
  });

export function decideApproval(approvalId: string, decision: { approve: true } | { approve: false; reason: string }) {
  const path = decision.approve ? rolesPaths.approvalApprove : rolesPaths.approvalReject;
  return apiRequest<MoneyApproval>(adminPath(path, { approvalId }), {
    method: 'POST',
    ...(decision.approve ? {} : { body: { reason: decision.reason } }),
    schema: import.meta.env.DEV && moneyApprovalSchema,
  });
}

export const thresholdQuery = () =>
  queryOptions({
    queryKey: approvalKeys.of('threshold'),
    queryFn: ({ signal }) =>
      apiRequest<ApprovalThreshold>(rolesPaths.approvalThreshold, {
        signal,
        schema: import.meta.env.DEV && approvalThresholdSchema,
      }),
  });

export function setThreshold(amount: string | null, version: number) {
  return apiRequest<ApprovalThreshold>(rolesPaths.approvalThreshold, {
    method: 'PUT',
    body: { amount, version },
    schema: import.meta.env.DEV && approvalThresholdSchema,
  });
}

/** A role's name in the page's language (the code when the list does not have it). */
export function roleLabel(
  roles: ReadonlyArray<{ code: string; nameTh: string; nameEn: string }> | undefined,
  code: string,
  language: string,
): string {
  const role = roles?.find((item) => item.code === code);
  if (!role) return code;
  return language.toLowerCase().startsWith('th') ? role.nameTh : role.nameEn;
}

/** The lines of a textarea as allow-list entries (blank lines dropped). */
export function ipLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
