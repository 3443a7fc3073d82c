import {
  adminAnnouncementBodySchema,
  adminAnnouncementPreviewSchema,
  adminAnnouncementSchema,
  adminAnnouncementUpdateSchema,
  adminBannerBodySchema,
  adminBannerSchema,
  adminBannerUpdateSchema,
  adminIdParamsSchema,
  adminVersionQuerySchema,
  announcementPaths,
  envelopeSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import {
  createContent,
  deleteContent,
  listContent,
  updateContent,
  type ContentKind,
  type ContentWrite,
  type SiteBackoffice,
} from '../content-admin/versioned-rows.ts';
import {
  announcementKind,
  announcementValues,
  bannerKind,
  bannerValues,
  newAnnouncementValues,
  newBannerValues,
  previewAnnouncement,
} from './announcement-kinds.ts';

const tags = ['admin: announcements'];

interface KindRoutes<Body> {
  listPath: string;
  itemPath: string;
  kind: ContentKind<never, unknown>;
  body: z.ZodType<Body>;
  update: z.ZodType<Body & { version: number }>;
  answer: z.ZodType;
  createValues: (body: Body, nowMs: number) => Record<string, unknown>;
  updateValues: (body: Body) => Record<string, unknown>;
}

/**
 * `/admin-api/site/announcements` and `/admin-api/site/banners` (permission `content.manage`): list,
 * create, update (with the version read), delete (`?version=`), each audited with before and after
 * (versioned-rows.ts). The site's public call picks a save up at once on every instance: the tables'
 * triggers notify `public_cache`, which drops the merchant's cached answers.
 */
export async function announcementsAdminRoutes(app: AppInstance, backoffice: SiteBackoffice): Promise<void> {
  const guard = backoffice.requireOperator('content.manage');
  const writeOf = (request: FastifyRequest): ContentWrite => ({
    db: app.db,
    backoffice,
    who: backoffice.auditContext(request),
  });

  // Before the item routes, so `preview` is never read as an id.
  app.post(
    announcementPaths.adminAnnouncementPreview,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminAnnouncementBodySchema,
        response: { 200: envelopeSchema(adminAnnouncementPreviewSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(previewAnnouncement(request.body));
    },
  );

  function register<Body>(routes: KindRoutes<Body>) {
    app.get(
      routes.listPath,
      { onRequest: guard, schema: { tags, response: { 200: envelopeSchema(z.array(routes.answer)) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return ok(await listContent(app.db, routes.kind, request.operator.merchantId));
      },
    );
    app.post(
      routes.listPath,
      { onRequest: guard, schema: { tags, body: routes.body, response: { 200: envelopeSchema(routes.answer) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const write = writeOf(request);
        return ok(await createContent(write, routes.kind, routes.createValues(request.body as Body, write.who.nowMs)));
      },
    );
    app.put(
      routes.itemPath,
      {
        onRequest: guard,
        schema: {
          tags,
          params: adminIdParamsSchema,
          body: routes.update,
          response: { 200: envelopeSchema(routes.answer) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const { version, ...body } = request.body as Body & { version: number };
        return ok(
          await updateContent(
            writeOf(request),
            routes.kind,
            request.params.id,
            version,
            routes.updateValues(body as Body),
          ),
        );
      },
    );
    app.delete(
      routes.itemPath,
      {
        onRequest: guard,
        schema: {
          tags,
          params: adminIdParamsSchema,
          querystring: adminVersionQuerySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        await deleteContent(writeOf(request), routes.kind, request.params.id, request.query.version);
        return ok(null);
      },
    );
  }

  register({
    listPath: announcementPaths.adminAnnouncements,
    itemPath: announcementPaths.adminAnnouncementItem,
    kind: announcementKind,
    body: adminAnnouncementBodySchema,
    update: adminAnnouncementUpdateSchema,
    answer: adminAnnouncementSchema,
    createValues: newAnnouncementValues,
    updateValues: announcementValues,
  });

  register({
    listPath: announcementPaths.adminBanners,
    itemPath: announcementPaths.adminBannerItem,
    kind: bannerKind,
    body: adminBannerBodySchema,
    update: adminBannerUpdateSchema,
    answer: adminBannerSchema,
    createValues: newBannerValues,
    updateValues: bannerValues,
  });
}
