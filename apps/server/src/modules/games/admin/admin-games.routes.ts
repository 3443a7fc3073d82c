import {
  adminGameSchema,
  adminGameUpdateBodySchema,
  adminMaintenanceCreateBodySchema,
  adminMaintenanceDeleteBodySchema,
  adminMaintenanceWindowSchema,
  adminRecallQuerySchema,
  adminRecallSchema,
  adminVendorDetailSchema,
  adminVendorListSchema,
  adminVendorQuerySchema,
  adminVendorSchema,
  adminVendorUpdateBodySchema,
  envelopeSchema,
  gamesAdminErrorCodes,
  gamesAdminPaths,
} from '@lotus/contract';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import { merchantTimeZone } from '../../merchant/index.ts';
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  getAdminVendor,
  listAdminVendors,
  updateAdminGame,
  updateAdminVendor,
} from './admin-catalogue.ts';
import { recallRounds } from './recall.ts';

const tags = ['admin-games'];

/** The back-office's catalogue calls (`games.manage`), README "Back-office" (no-store: backoffice's hook for /admin-api/). */
export async function adminGamesRoutes(app: AppInstance): Promise<void> {
  const manage = requireOperator('games.manage');

  app.get(
    gamesAdminPaths.vendors,
    { onRequest: manage, schema: { tags, response: { 200: envelopeSchema(adminVendorListSchema) } } },
    async (request) => ok({ vendors: await listAdminVendors(app.db, request.operator.merchantId, app.now()) }),
  );

  app.get(
    gamesAdminPaths.vendor,
    {
      onRequest: manage,
      schema: { tags, querystring: adminVendorQuerySchema, response: { 200: envelopeSchema(adminVendorDetailSchema) } },
    },
    async (request) => {
      const detail = await getAdminVendor(app.db, request.operator.merchantId, request.query.vendorId, app.now());
      if (!detail) throw new AppError(404, gamesAdminErrorCodes.vendorNotFound, { field: 'vendorId' });
      return ok(detail);
    },
  );

  app.put(
    gamesAdminPaths.updateVendor,
    {
      onRequest: manage,
      schema: { tags, body: adminVendorUpdateBodySchema, response: { 200: envelopeSchema(adminVendorSchema) } },
    },
    async (request) => ok(await updateAdminVendor(app.db, auditContext(request), request.body)),
  );

  app.put(
    gamesAdminPaths.updateGame,
    {
      onRequest: manage,
      schema: { tags, body: adminGameUpdateBodySchema, response: { 200: envelopeSchema(adminGameSchema) } },
    },
    async (request) => ok(await updateAdminGame(app.db, auditContext(request), request.body)),
  );

  app.post(
    gamesAdminPaths.createMaintenance,
    {
      onRequest: manage,
      schema: {
        tags,
        body: adminMaintenanceCreateBodySchema,
        response: { 200: envelopeSchema(adminMaintenanceWindowSchema) },
      },
    },
    async (request) =>
      ok(
        await createMaintenanceWindow(
          app.db,
          auditContext(request),
          request.body,
          merchantTimeZone(request.merchant.config),
        ),
      ),
  );

  app.delete(
    gamesAdminPaths.deleteMaintenance,
    {
      onRequest: manage,
      schema: {
        tags,
        body: adminMaintenanceDeleteBodySchema,
        response: { 200: envelopeSchema(z.object({ windowId: z.string() })) },
      },
    },
    async (request) => {
      await deleteMaintenanceWindow(app.db, auditContext(request), request.body.windowId);
      return ok({ windowId: request.body.windowId });
    },
  );

  app.get(
    gamesAdminPaths.recall,
    {
      onRequest: manage,
      schema: { tags, querystring: adminRecallQuerySchema, response: { 200: envelopeSchema(adminRecallSchema) } },
    },
    async (request) => ok({ rounds: await recallRounds(app.db, request.operator.merchantId, request.query.id) }),
  );
}
