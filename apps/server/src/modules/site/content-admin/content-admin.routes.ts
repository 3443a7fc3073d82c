import {
  adminCustomerServiceBodySchema,
  adminCustomerServiceSchema,
  adminCustomerServiceUpdateSchema,
  adminHelpArticleBodySchema,
  adminHelpArticleSchema,
  adminHelpArticleUpdateSchema,
  adminHelpCategoryBodySchema,
  adminHelpCategorySchema,
  adminHelpCategoryUpdateSchema,
  adminHomeLaneBodySchema,
  adminHomeLaneSchema,
  adminHomeLaneUpdateSchema,
  adminIdParamsSchema,
  adminPartnerBodySchema,
  adminPartnerSchema,
  adminPartnerUpdateSchema,
  adminResourceBodySchema,
  adminResourceSchema,
  adminResourceUpdateSchema,
  adminVersionQuerySchema,
  envelopeSchema,
  siteContentErrorCodes,
  siteContentPaths,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { publicReadContext } from '../../../cache/public-read.ts';
import type { SiteGames } from '../get-home-lanes.ts';
import {
  customerServiceKind,
  customerServiceValues,
  helpArticleKind,
  helpArticleValues,
  helpCategoryKind,
  helpCategoryValues,
  homeLaneKind,
  homeLaneValues,
  newCustomerServiceValues,
  newPartnerValues,
  partnerKind,
  partnerValues,
  resourceKind,
  resourceValues,
} from './content-kinds.ts';
import {
  createContent,
  deleteContent,
  listContent,
  updateContent,
  type ContentKind,
  type ContentWrite,
  type SiteBackoffice,
} from './versioned-rows.ts';

const tags = ['admin: site content'];

interface KindRoutes<Body> {
  listPath: string;
  itemPath: string;
  kind: ContentKind<never, unknown>;
  body: z.ZodType<Body>;
  update: z.ZodType<Body & { version: number }>;
  /** The row as the back-office reads it (the answer's schema). */
  answer: z.ZodType;
  /** Checks of the body against other rows (a category of the merchant, games it lists): 400 naming the field. */
  check?: (body: Body, request: FastifyRequest) => Promise<void>;
  createValues: (body: Body) => Record<string, unknown> | Promise<Record<string, unknown>>;
  updateValues: (body: Body) => Record<string, unknown> | Promise<Record<string, unknown>>;
  list?: (merchantId: number) => Promise<unknown[]>;
  beforeDelete?: (trx: Kysely<Database>, merchantId: number, id: number) => Promise<void>;
}

/**
 * `/admin-api/site/...` (permission `content.manage`): list, create, update and delete of each kind
 * of the site's content. The rules every kind shares are in versioned-rows.ts; the public calls pick
 * a save up at once on every instance (the tables' triggers drop the merchant's cached answers).
 */
export async function siteContentAdminRoutes(app: AppInstance, backoffice: SiteBackoffice, games: SiteGames) {
  const guard = backoffice.requireOperator('content.manage');
  const writeOf = (request: FastifyRequest): ContentWrite => ({
    db: app.db,
    backoffice,
    who: backoffice.auditContext(request),
  });

  function register<Body>(routes: KindRoutes<Body>) {
    const listAnswer = envelopeSchema(z.array(routes.answer));
    app.get(
      routes.listPath,
      { onRequest: guard, schema: { tags, response: { 200: listAnswer } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const merchantId = request.operator.merchantId;
        return ok(await (routes.list ? routes.list(merchantId) : listContent(app.db, routes.kind, merchantId)));
      },
    );
    app.post(
      routes.listPath,
      { onRequest: guard, schema: { tags, body: routes.body, response: { 200: envelopeSchema(routes.answer) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const write = writeOf(request);
        const body = request.body as Body;
        await routes.check?.(body, request);
        return ok(await createContent(write, routes.kind, await routes.createValues(body)));
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
        const write = writeOf(request);
        const { version, ...body } = request.body as Body & { version: number };
        await routes.check?.(body as Body, request);
        const values = await routes.updateValues(body as Body);
        return ok(await updateContent(write, routes.kind, request.params.id, version, values));
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
        const write = writeOf(request);
        const { id } = request.params;
        await deleteContent(write, routes.kind, id, request.query.version, async (trx) => {
          await routes.beforeDelete?.(trx, write.who.merchantId, id);
        });
        return ok(null);
      },
    );
  }

  register({
    listPath: siteContentPaths.adminCustomerService,
    itemPath: siteContentPaths.adminCustomerServiceItem,
    kind: customerServiceKind,
    body: adminCustomerServiceBodySchema,
    update: adminCustomerServiceUpdateSchema,
    answer: adminCustomerServiceSchema,
    createValues: newCustomerServiceValues,
    updateValues: customerServiceValues,
  });

  register({
    listPath: siteContentPaths.adminResources,
    itemPath: siteContentPaths.adminResourceItem,
    kind: resourceKind,
    body: adminResourceBodySchema,
    update: adminResourceUpdateSchema,
    answer: adminResourceSchema,
    createValues: resourceValues,
    updateValues: resourceValues,
  });

  register({
    listPath: siteContentPaths.adminPartners,
    itemPath: siteContentPaths.adminPartnerItem,
    kind: partnerKind,
    body: adminPartnerBodySchema,
    update: adminPartnerUpdateSchema,
    answer: adminPartnerSchema,
    createValues: newPartnerValues,
    updateValues: partnerValues,
  });

  register({
    listPath: siteContentPaths.adminHelpCategories,
    itemPath: siteContentPaths.adminHelpCategoryItem,
    kind: helpCategoryKind,
    body: adminHelpCategoryBodySchema,
    update: adminHelpCategoryUpdateSchema,
    answer: adminHelpCategorySchema.partial({ articleCount: true }),
    createValues: helpCategoryValues,
    updateValues: helpCategoryValues,
    list: async (merchantId) => {
      const [categories, counts] = await Promise.all([
        listContent(app.db, helpCategoryKind, merchantId),
        app.db
          .selectFrom('help_topic')
          .select(['category_id', (eb) => eb.fn.countAll<string>().as('count')])
          .where('merchant_id', '=', merchantId)
          .where('category_id', 'is not', null)
          .groupBy('category_id')
          .execute(),
      ]);
      const countOf = new Map(counts.map((row) => [row.category_id, Number(row.count)]));
      return categories.map((category) => ({ ...category, articleCount: countOf.get(category.id) ?? 0 }));
    },
    // A category that still lists articles is kept: they would drop out of it unseen.
    beforeDelete: async (trx, merchantId, id) => {
      const article = await trx
        .selectFrom('help_topic')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('category_id', '=', id)
        .executeTakeFirst();
      if (article) throw new AppError(409, siteContentErrorCodes.categoryInUse);
    },
  });

  register({
    listPath: siteContentPaths.adminHelpArticles,
    itemPath: siteContentPaths.adminHelpArticleItem,
    kind: helpArticleKind,
    body: adminHelpArticleBodySchema,
    update: adminHelpArticleUpdateSchema,
    answer: adminHelpArticleSchema,
    // Another merchant's category is unknown here, exactly like a missing one.
    check: async (body, request) => {
      if (body.categoryId === null) return;
      const category = await app.db
        .selectFrom('help_category')
        .select('id')
        .where('merchant_id', '=', request.operator.merchantId)
        .where('id', '=', body.categoryId)
        .executeTakeFirst();
      if (!category) throw AppError.badRequest('categoryId');
    },
    createValues: helpArticleValues,
    updateValues: helpArticleValues,
  });

  register({
    listPath: siteContentPaths.adminHomeLanes,
    itemPath: siteContentPaths.adminHomeLaneItem,
    kind: homeLaneKind,
    body: adminHomeLaneBodySchema,
    update: adminHomeLaneUpdateSchema,
    answer: adminHomeLaneSchema,
    // Picked games must be games the lobby lists now (a game switched off later just drops out of the lane).
    // The operator's merchant is the request's (requireOperator refuses another merchant's token).
    check: async (body, request) => {
      if (body.source !== 'picked') return;
      const listed = await games.listGameCardsByIds(publicReadContext(app, request), body.gameIds);
      const known = new Set(listed.map((game) => game.gameId));
      const unknown = body.gameIds.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw new AppError(400, siteContentErrorCodes.gameUnknown, {
          field: 'gameIds',
          params: { field: 'gameIds', gameId: unknown },
        });
    },
    createValues: homeLaneValues,
    updateValues: homeLaneValues,
  });
}
