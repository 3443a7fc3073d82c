import { adminApiPaths, changeOwnPasswordValueSchema, type ChangeOwnPasswordValue } from '@lotus/contract';
import { apiRequest } from '../../lib/api-client';

/** The operator's own password; every other session of the operator ends, this one goes on. */
export function changeOwnPassword(body: { currentPassword: string; newPassword: string }) {
  return apiRequest<ChangeOwnPasswordValue>(adminApiPaths.ownPassword, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && changeOwnPasswordValueSchema,
  });
}
