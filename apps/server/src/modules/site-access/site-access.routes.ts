import {
  envelopeSchema,
  siteAccessPaths,
  siteAccessSettingsSchema,
  siteAccessUpdateBodySchema,
  siteMaintenanceUpdateBodySchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireOperator } from '../backoffice/index.ts';
import { readSiteAccessSettings, saveSiteAccessSection } from './site-access-settings.ts';

const tags = ['site-access'];
const saved = envelopeSchema(z.object({ version: z.number().int() }));

/** The back-office's maintenance and access pages (`brands.manage`) of the operator's merchant. */
export async function siteAccessRoutes(app: AppInstance): Promise<void> {
  app.get(
    siteAccessPaths.settings,
    {
      onRequest: requireOperator('brands.manage'),
      schema: { tags, response: { 200: envelopeSchema(siteAccessSettingsSchema) } },
    },
    async (request) => ok(await readSiteAccessSettings(app.db, request, request.language)),
  );

  app.put(
    siteAccessPaths.maintenance,
    {
      onRequest: requireOperator('brands.manage'),
      schema: { tags, body: siteMaintenanceUpdateBodySchema, response: { 200: saved } },
    },
    async (request) => ok(await saveSiteAccessSection(app.db, request, { section: 'maintenance', ...request.body })),
  );

  app.put(
    siteAccessPaths.access,
    {
      onRequest: requireOperator('brands.manage'),
      schema: { tags, body: siteAccessUpdateBodySchema, response: { 200: saved } },
    },
    async (request) => ok(await saveSiteAccessSection(app.db, request, { section: 'access', ...request.body })),
  );
}
