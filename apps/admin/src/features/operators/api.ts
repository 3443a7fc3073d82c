import { adminApiPaths, adminPath, operatorSchema, type Operator, type OperatorRole } from '@lotus/contract';

/** The operators and the merchant's roles (the role picker). */
type OperatorList = {
  items: Operator[];
  roles: Array<{ code: string; nameTh: string; nameEn: string; builtin: boolean }>;
};
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const operatorKeys = queryKeys('operators');

const checked = { schema: import.meta.env.DEV && operatorSchema };

export const operatorsQuery = () =>
  queryOptions({
    queryKey: operatorKeys.all,
    queryFn: ({ signal }) => apiRequest<OperatorList>(adminApiPaths.operators, { signal }),
  });

export function createOperator(body: { username: string; password: string; role: OperatorRole }) {
  return apiRequest<Operator>(adminApiPaths.operators, { method: 'POST', body, ...checked });
}

export function setOperatorStatus(operatorId: string, status: Operator['status']) {
  return apiRequest<Operator>(adminPath(adminApiPaths.operator, { operatorId }), {
    method: 'PATCH',
    body: { status },
    ...checked,
  });
}

/** Removes the operator's authenticator: they enrol a new one at their next login. */
export function resetOperatorTotp(operatorId: string) {
  return apiRequest<Operator>(adminPath(adminApiPaths.operatorTotp, { operatorId }), { method: 'DELETE', ...checked });
}

export function changeOperatorRole(operatorId: string, role: OperatorRole) {
  return apiRequest<Operator>(adminPath(adminApiPaths.operatorRole, { operatorId }), {
    method: 'PUT',
    body: { role },
    ...checked,
  });
}
