import multipart from '@fastify/multipart';
import {
  adminBonusPaths,
  adminPromotionClaimPageSchema,
  adminPromotionClaimQuerySchema,
  adminPromotionGrantRequestSchema,
  adminPromotionGrantResultSchema,
  adminPromotionInputSchema,
  adminPromotionListQuerySchema,
  adminPromotionPageSchema,
  adminPromotionPaths,
  adminPromotionReviewRequestSchema,
  adminPromotionSchema,
  adminPromotionUpdateSchema,
  availablePromotionsSchema,
  bonusCostQuerySchema,
  bonusCostReportSchema,
  claimIssuedPromotionRequestSchema,
  claimRegisterPromotionRequestSchema,
  claimLoginPromotionRequestSchema,
  claimSaviorPromotionRequestSchema,
  saviorPromotionListSchema,
  loginHistoryQuerySchema,
  loginHistorySchema,
  loginPromotionListSchema,
  claimResultSchema,
  envelopeSchema,
  joinPromotionRequestSchema,
  promotionCategoryListSchema,
  promotionClaimListQuerySchema,
  promotionClaimListSchema,
  promotionClaimSchema,
  promotionDetailQuerySchema,
  promotionDetailSchema,
  promotionErrorCodes,
  promotionListQuerySchema,
  promotionListSchema,
  promotionPaths,
  promotionPictureMaxBytes,
  promotionPictureQuerySchema,
  promotionPictureSchema,
  registerPromotionListSchema,
  signUpRequestRewardRequestSchema,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import { requireRealMember } from '../identity/index.ts';
import { merchantTimeZone } from '../merchant/index.ts';
import { createPromotion, getAdminPromotion, listAdminPromotions, updatePromotion } from './admin-promotions.ts';
import { bonusCostReport } from './bonus-cost-report.ts';
import { bonusCostCsv } from './bonus-cost-csv.ts';
import { findPicture, listAdminClaims, reviewApplication, signUpRequestReward, uploadPicture } from './applications.ts';
import { grantPromotion } from './grants.ts';
import {
  countAvailablePromotions,
  getPromotionDetail,
  joinPromotion,
  listMemberRewards,
  listPromotionCategories,
  listPromotions,
  type Reader,
} from './member-promotions.ts';
import { claimLoginPromotion, getLoginHistory, listLoginPromotions, type LoginReader } from './login-promotions.ts';
import { claimRegisterPromotion, listRegisterPromotions } from './register-promotions.ts';
import { claimSaviorPromotion, listSaviorPromotions } from './savior-promotions.ts';
import { claimReward } from './rewards.ts';

const tags = ['promotions'];
/** Answers about a member's rewards are its own. */
const noStore = 'no-store';
/** A person's clicks; a script claiming in a loop is stopped. */
const memberWriteLimit = { max: 30, timeWindow: '1 minute' };
const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The member's reader: a real member's token makes the cards carry its state; a visitor's (or trial's) do not. */
async function readerOf(app: AppInstance, request: FastifyRequest): Promise<Reader> {
  let memberId: bigint | null = null;
  if (request.headers.authorization !== undefined) {
    const isMember = await requireRealMember(request).then(
      () => true,
      () => false,
    );
    if (isMember) memberId = request.member.id;
  }
  return { merchantId: request.merchant.id, language: request.language, memberId, nowMs: app.now() };
}

function sendPicture(reply: FastifyReply, picture: { contentType: string; content: Buffer }) {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'inline')
    .type(picture.contentType)
    .send(picture.content);
}

/** The site's promotion calls (spec §2 /promotions, the reward centre) and the back-office's editor, queue and grants. */
export async function promotionsRoutes(app: AppInstance): Promise<void> {
  const member = (request: FastifyRequest) => ({ merchantId: request.merchant.id, memberId: request.member.id });

  app.get(
    promotionPaths.list,
    { schema: { tags, querystring: promotionListQuerySchema, response: { 200: envelopeSchema(promotionListSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listPromotions(app.db, await readerOf(app, request), request.query));
    },
  );

  app.get(
    promotionPaths.detail,
    {
      schema: {
        tags,
        querystring: promotionDetailQuerySchema,
        response: { 200: envelopeSchema(promotionDetailSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getPromotionDetail(app.db, await readerOf(app, request), BigInt(request.query.promotionId)));
    },
  );

  app.get(
    promotionPaths.categories,
    { schema: { tags, response: { 200: envelopeSchema(promotionCategoryListSchema) } } },
    async (request) => ok(await listPromotionCategories(app.db, request.merchant.id, app.now())),
  );

  app.get(
    promotionPaths.merchantAvailable,
    { schema: { tags, response: { 200: envelopeSchema(availablePromotionsSchema) } } },
    async (request) =>
      ok(
        await countAvailablePromotions(app.db, {
          merchantId: request.merchant.id,
          language: request.language,
          memberId: null,
          nowMs: app.now(),
        }),
      ),
  );

  app.get(
    promotionPaths.available,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(availablePromotionsSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await countAvailablePromotions(app.db, {
          merchantId: request.merchant.id,
          language: request.language,
          memberId: request.member.id,
          nowMs: app.now(),
        }),
      );
    },
  );

  app.post(
    promotionPaths.join,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: {
        tags,
        body: joinPromotionRequestSchema,
        response: { 200: envelopeSchema(z.object({ rewardId: z.number().int(), status: z.literal('joined') })) },
      },
    },
    async (request) => ok(await joinPromotion(app.db, member(request), BigInt(request.body.promotionId), app.now())),
  );

  app.post(
    promotionPaths.signUpRequestReward,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: signUpRequestRewardRequestSchema, response: { 200: envelopeSchema(promotionClaimSchema) } },
    },
    async (request) =>
      ok(await signUpRequestReward(app.db, member(request), request.body, request.language, app.now())),
  );

  app.get(
    promotionPaths.claimList,
    {
      onRequest: requireRealMember,
      schema: {
        tags,
        querystring: promotionClaimListQuerySchema,
        response: { 200: envelopeSchema(promotionClaimListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await listMemberRewards(
          app.db,
          {
            merchantId: request.merchant.id,
            language: request.language,
            memberId: request.member.id,
            nowMs: app.now(),
          },
          request.query,
        ),
      );
    },
  );

  app.post(
    promotionPaths.claimIssued,
    {
      onRequest: requireRealMember,
      config: { idempotent: true, rateLimit: { max: 200, timeWindow: '1 minute' } },
      schema: { tags, body: claimIssuedPromotionRequestSchema, response: { 200: envelopeSchema(claimResultSchema) } },
    },
    async (request) =>
      ok(
        await claimReward(
          app.db,
          { ...member(request), currency: request.merchant.currency },
          BigInt(request.body.rewardId),
          request.body.promotionType,
          app.now(),
        ),
      ),
  );

  const loginReader = (request: FastifyRequest): LoginReader => ({
    ...member(request),
    language: request.language,
    timeZone: merchantTimeZone(request.merchant.config),
    nowMs: app.now(),
  });

  app.get(
    promotionPaths.loginList,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(loginPromotionListSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listLoginPromotions(app.db, loginReader(request)));
    },
  );

  app.get(
    promotionPaths.loginHistory,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: loginHistoryQuerySchema, response: { 200: envelopeSchema(loginHistorySchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getLoginHistory(app.db, loginReader(request), BigInt(request.query.configId)));
    },
  );

  app.post(
    promotionPaths.claimLogin,
    {
      onRequest: requireRealMember,
      config: { idempotent: true, rateLimit: memberWriteLimit },
      schema: { tags, body: claimLoginPromotionRequestSchema, response: { 200: envelopeSchema(claimResultSchema) } },
    },
    async (request) =>
      ok(
        await claimLoginPromotion(
          app.db,
          { ...loginReader(request), currency: request.merchant.currency },
          request.body.id,
        ),
      ),
  );

  app.get(
    promotionPaths.saviorList,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(saviorPromotionListSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listSaviorPromotions(app.db, loginReader(request)));
    },
  );

  app.post(
    promotionPaths.claimSavior,
    {
      onRequest: requireRealMember,
      config: { idempotent: true, rateLimit: memberWriteLimit },
      schema: { tags, body: claimSaviorPromotionRequestSchema, response: { 200: envelopeSchema(claimResultSchema) } },
    },
    async (request) =>
      ok(
        await claimSaviorPromotion(
          app.db,
          { ...loginReader(request), currency: request.merchant.currency },
          BigInt(request.body.promId),
        ),
      ),
  );

  app.get(
    promotionPaths.registerList,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(registerPromotionListSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listRegisterPromotions(app.db, { ...member(request), language: request.language }, app.now()));
    },
  );

  app.post(
    promotionPaths.claimRegister,
    {
      onRequest: requireRealMember,
      config: { idempotent: true, rateLimit: memberWriteLimit },
      schema: { tags, body: claimRegisterPromotionRequestSchema, response: { 200: envelopeSchema(claimResultSchema) } },
    },
    async (request) =>
      ok(
        await claimRegisterPromotion(
          app.db,
          { ...member(request), currency: request.merchant.currency },
          BigInt(request.body.promotionId),
          app.now(),
        ),
      ),
  );

  app.get(
    promotionPaths.picture,
    { onRequest: requireRealMember, schema: { tags, querystring: promotionPictureQuerySchema } },
    async (request, reply) => {
      const picture = await findPicture(
        app.db,
        request.merchant.id,
        request.member.id,
        BigInt(request.query.pictureId),
      );
      if (!picture) throw new AppError(404, promotionErrorCodes.pictureUnknown);
      return sendPicture(reply, picture);
    },
  );

  // Multipart only here, in its own scope (like the deposit's slip upload).
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: promotionPictureMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
    });
    scope.post(
      promotionPaths.uploadPicture,
      {
        onRequest: requireRealMember,
        config: { rateLimit: memberWriteLimit },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(promotionPictureSchema) } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', noStore);
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'file') throw AppError.badRequest('file', 'validation.required');
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(400, 'media.file.too.large', {
              field: 'file',
              params: { field: 'file', maxMegabytes: promotionPictureMaxBytes / (1024 * 1024) },
            });
          throw AppError.badRequest('file', 'validation.required');
        }
        return ok(await uploadPicture(app.db, member(request), bytes, app.now()));
      },
    );
  });

  /* ---------- the back-office ---------- */

  app.get(
    adminPromotionPaths.promotions,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: {
        tags,
        querystring: adminPromotionListQuerySchema,
        response: { 200: envelopeSchema(adminPromotionPageSchema) },
      },
    },
    async (request) => ok(await listAdminPromotions(app.db, request.operator.merchantId, request.query, app.now())),
  );

  app.post(
    adminPromotionPaths.promotions,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: { tags, body: adminPromotionInputSchema, response: { 200: envelopeSchema(adminPromotionSchema) } },
    },
    async (request) => ok(await createPromotion(app.db, auditContext(request), request.body)),
  );

  app.get(
    adminPromotionPaths.claims,
    {
      onRequest: requireOperator('promotions.review'),
      schema: {
        tags,
        querystring: adminPromotionClaimQuerySchema,
        response: { 200: envelopeSchema(adminPromotionClaimPageSchema) },
      },
    },
    async (request) => ok(await listAdminClaims(app.db, request.operator.merchantId, request.query)),
  );

  app.get(
    adminPromotionPaths.promotion,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(adminPromotionSchema) } },
    },
    async (request) => ok(await getAdminPromotion(app.db, request.operator.merchantId, BigInt(request.params.id))),
  );

  app.put(
    adminPromotionPaths.promotion,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: {
        tags,
        params: idParamsSchema,
        body: adminPromotionUpdateSchema,
        response: { 200: envelopeSchema(adminPromotionSchema) },
      },
    },
    async (request) =>
      ok(await updatePromotion(app.db, auditContext(request), BigInt(request.params.id), request.body)),
  );

  app.post(
    adminPromotionPaths.grant,
    {
      onRequest: requireOperator('promotions.manage'),
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: adminPromotionGrantRequestSchema,
        response: { 200: envelopeSchema(adminPromotionGrantResultSchema) },
      },
    },
    async (request) => ok(await grantPromotion(app.db, auditContext(request), BigInt(request.params.id), request.body)),
  );

  app.post(
    adminPromotionPaths.review,
    {
      onRequest: requireOperator('promotions.review'),
      schema: {
        tags,
        params: idParamsSchema,
        body: adminPromotionReviewRequestSchema,
        response: {
          200: envelopeSchema(z.object({ id: z.number().int(), status: z.enum(['issued', 'rejected']) })),
        },
      },
    },
    async (request) =>
      ok(
        await reviewApplication(
          app.db,
          { ...auditContext(request), username: request.operator.username },
          BigInt(request.params.id),
          request.body,
        ),
      ),
  );

  app.get(
    adminPromotionPaths.picture,
    { onRequest: requireOperator('promotions.review'), schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const picture = await findPicture(app.db, request.operator.merchantId, null, BigInt(request.params.id));
      if (!picture) throw new AppError(404, promotionErrorCodes.pictureUnknown);
      return sendPicture(reply, picture);
    },
  );

  // The bonus cost report: a money report (reports.read, like the other reports), served here and not
  // by bonus because it names the promotions, and bonus sits below promotions (modules/bonus README).
  app.get(
    adminBonusPaths.cost,
    {
      onRequest: requireOperator('reports.read'),
      schema: {
        tags: ['backoffice'],
        querystring: bonusCostQuerySchema,
        response: { 200: envelopeSchema(bonusCostReportSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await bonusCostReport(app.db, {
          merchantId: request.operator.merchantId,
          timezone: merchantTimeZone(request.merchant.config),
          from: request.query.from,
          to: request.query.to,
        }),
      );
    },
  );

  // Its "Export CSV": the same report, as the reports' CSVs are served (a file behind the operator token).
  app.get(
    adminBonusPaths.costCsv,
    {
      onRequest: requireOperator('reports.read'),
      schema: { tags: ['backoffice'], querystring: bonusCostQuerySchema },
    },
    async (request, reply) => {
      const report = await bonusCostReport(app.db, {
        merchantId: request.operator.merchantId,
        timezone: merchantTimeZone(request.merchant.config),
        from: request.query.from,
        to: request.query.to,
      });
      reply.header('Cache-Control', noStore);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="bonus-cost-${report.from}-${report.to}.csv"`);
      return bonusCostCsv(report, request.language);
    },
  );
}
