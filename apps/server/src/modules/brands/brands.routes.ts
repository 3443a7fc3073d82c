import {
  brandDomainsUpdateBodySchema,
  brandListSchema,
  brandPaths,
  brandSettingsSchema,
  brandSettingsUpdateBodySchema,
  createBrandBodySchema,
  createdBrandSchema,
  envelopeSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireOperator } from '../backoffice/index.ts';
import { brandActor } from './brand-actor.ts';
import { listBrands, readBrandSettings, updateBrandDomains, updateBrandSettings } from './brand-settings.ts';
import { createBrand } from './create-brand.ts';

const tags = ['admin: brands'];
const noStore = 'no-store';
const merchantParams = z.object({ merchantId: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The brand calls (`/admin-api/brands...`): `brands.manage` for the operator's own merchant, and with
 * `brands.platform` any merchant and creating one. Another merchant's id answers 404 to everyone else.
 */
export async function brandsRoutes(app: AppInstance): Promise<void> {
  const manage = requireOperator('brands.manage');

  app.get(
    brandPaths.brands,
    { onRequest: manage, schema: { tags, response: { 200: envelopeSchema(brandListSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listBrands(app.db, brandActor(request)));
    },
  );

  app.post(
    brandPaths.brands,
    {
      onRequest: requireOperator('brands.platform'),
      schema: { tags, body: createBrandBodySchema, response: { 200: envelopeSchema(createdBrandSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await createBrand(app.db, request.body, brandActor(request), app.now()));
    },
  );

  app.get(
    brandPaths.brand,
    {
      onRequest: manage,
      schema: { tags, params: merchantParams, response: { 200: envelopeSchema(brandSettingsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await readBrandSettings(app.db, brandActor(request), request.params.merchantId));
    },
  );

  app.put(
    brandPaths.brandSettings,
    {
      onRequest: manage,
      schema: {
        tags,
        params: merchantParams,
        body: brandSettingsUpdateBodySchema,
        response: { 200: envelopeSchema(brandSettingsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await updateBrandSettings(app.db, brandActor(request), request.params.merchantId, request.body));
    },
  );

  app.put(
    brandPaths.brandDomains,
    {
      onRequest: manage,
      schema: {
        tags,
        params: merchantParams,
        body: brandDomainsUpdateBodySchema,
        response: { 200: envelopeSchema(brandSettingsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await updateBrandDomains(app.db, brandActor(request), request.params.merchantId, request.body));
    },
  );
}
