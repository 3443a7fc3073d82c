import {
  adminCredentialApiUrlBodySchema,
  adminCredentialRevokeBodySchema,
  adminCredentialRotateBodySchema,
  adminCredentialRotatedSchema,
  adminVendorCredentialSchema,
  adminVendorCredentialsQuerySchema,
  adminVendorCredentialsSchema,
  envelopeSchema,
  gamesCredentialsPaths,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import { vendorSecretKeyOf } from '../../seamless-wallet/index.ts';
import {
  listVendorCredentials,
  revokeVendorCredential,
  rotateVendorCredential,
  updateVendorApiUrl,
} from './vendor-credentials.ts';

const tags = ['admin-games'];

/**
 * The back-office's vendor credentials (`games.credentials`), README "Credentials". Answers are
 * no-store (backoffice's hook for /admin-api/); the rotation's answer is the only one holding a secret.
 */
export async function adminCredentialsRoutes(app: AppInstance): Promise<void> {
  const guard = requireOperator('games.credentials');
  const sealingKey = vendorSecretKeyOf(app.config);

  app.get(
    gamesCredentialsPaths.credentials,
    {
      onRequest: guard,
      schema: {
        tags,
        querystring: adminVendorCredentialsQuerySchema,
        response: { 200: envelopeSchema(adminVendorCredentialsSchema) },
      },
    },
    async (request) =>
      ok(await listVendorCredentials(app.db, request.operator.merchantId, request.query.vendorId, app.now())),
  );

  app.post(
    gamesCredentialsPaths.rotateCredential,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminCredentialRotateBodySchema,
        response: { 200: envelopeSchema(adminCredentialRotatedSchema) },
      },
    },
    async (request) => ok(await rotateVendorCredential(app.db, sealingKey, auditContext(request), request.body)),
  );

  app.post(
    gamesCredentialsPaths.revokeCredential,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminCredentialRevokeBodySchema,
        response: { 200: envelopeSchema(adminVendorCredentialSchema) },
      },
    },
    async (request) => ok(await revokeVendorCredential(app.db, auditContext(request), request.body)),
  );

  app.put(
    gamesCredentialsPaths.updateApiUrl,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminCredentialApiUrlBodySchema,
        response: { 200: envelopeSchema(z.object({ apiUrl: z.string().nullable() })) },
      },
    },
    async (request) => ok(await updateVendorApiUrl(app.db, auditContext(request), request.body)),
  );
}
