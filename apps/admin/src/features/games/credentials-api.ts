import {
  adminCredentialRotatedSchema,
  adminVendorCredentialSchema,
  adminVendorCredentialsSchema,
  gamesCredentialsPaths,
  type AdminCredentialApiUrlBody,
  type AdminCredentialRevokeBody,
  type AdminCredentialRotateBody,
  type AdminCredentialRotated,
  type AdminVendorCredential,
  type AdminVendorCredentials,
} from '@lotus/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { gameKeys } from './api';

/** A vendor's integration, its address and its secrets (hints only), `games.credentials`. */
export const vendorCredentialsQuery = (vendorId: number) =>
  queryOptions({
    queryKey: gameKeys.of('credentials', vendorId),
    queryFn: ({ signal }) =>
      apiRequest<AdminVendorCredentials>(gamesCredentialsPaths.credentials, {
        signal,
        query: { vendorId },
        schema: import.meta.env.DEV && adminVendorCredentialsSchema,
      }),
    refetchOnWindowFocus: false,
  });

/** A new secret: the answer holds it in clear, once. Never put it in the query cache. */
export function rotateCredential(body: AdminCredentialRotateBody) {
  return apiRequest<AdminCredentialRotated>(gamesCredentialsPaths.rotateCredential, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminCredentialRotatedSchema,
  });
}

export function revokeCredential(body: AdminCredentialRevokeBody) {
  return apiRequest<AdminVendorCredential>(gamesCredentialsPaths.revokeCredential, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminVendorCredentialSchema,
  });
}

export function updateCredentialApiUrl(body: AdminCredentialApiUrlBody) {
  return apiRequest<{ apiUrl: string | null }>(gamesCredentialsPaths.updateApiUrl, { method: 'PUT', body });
}
