import multipart from '@fastify/multipart';
import {
  askDepositQuestionRequestSchema,
  attachDepositProofRequestSchema,
  banksSchema,
  confirmDepositPaidRequestSchema,
  createDepositRequestSchema,
  depositDetailQuerySchema,
  depositErrorCodes,
  depositLimitsSchema,
  depositMethodsSchema,
  depositPaths,
  depositProofMaxBytes,
  depositProofQuerySchema,
  depositProofSchema,
  depositReportQuerySchema,
  depositReportSchema,
  depositSchema,
  depositSettingsSchema,
  envelopeSchema,
  gatewayCallbackResultSchema,
  setDepositLimitsRequestSchema,
} from '@lotus/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import { findMerchant, listMerchantIds } from '../merchant/index.ts';
import { registerAdminDepositRoutes } from './admin-deposits.routes.ts';
import { isDemoPayAllowed } from './channels.ts';
import { createDeposit } from './create-deposit.ts';
import { getDepositLimits, setDepositLimits } from './deposit-limits.ts';
import { askDepositQuestion } from './deposit-questions.ts';
import { DemoPayGateway } from './demopay/demopay-gateway.ts';
import { demoPayRoutes } from './demopay/demopay.routes.ts';
import { handleGatewayCallback } from './gateway-callback.ts';
import { createDemoPayAdapter } from './gateways/demopay.ts';
import type { PaymentGateway, PaymentGateways } from './gateways/payment-gateway.ts';
import { attachDepositProof, confirmDepositPaid } from './mark-deposit-paid.ts';
import { findMemberDeposit, getDepositSettings, listDepositMethods, listMemberDeposits } from './member-deposits.ts';
import { findMemberProof, uploadProof, type ProofContent } from './proofs.ts';
import { thaiBanks } from './thai-banks.ts';

const tags = ['deposits'];
/** Money answers are the member's alone and change at any moment: never stored by any cache. */
const noStore = 'no-store';
/** A callback body is small; anything bigger is not a callback. */
const callbackBodyLimit = 16 * 1024;

/** The origin the member reached us on (behind a trusted proxy, the one it forwarded), for payUrl. */
function originOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

function sendImage(reply: FastifyReply, image: ProofContent, name: string) {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `inline; filename="${name}.${image.contentType === 'image/png' ? 'png' : 'jpg'}"`)
    .type(image.contentType)
    .send(image.content);
}

/**
 * Logs, once the app is ready, which merchants have DEMOPAY on: as an error with NODE_ENV=production,
 * where the server refuses it (no pay page, no callback route, never offered), otherwise as a notice.
 */
async function announceDemoPay(app: AppInstance): Promise<void> {
  const enabled: string[] = [];
  for (const id of await listMerchantIds(app.db)) {
    const merchant = await findMerchant(app.db, { id });
    if (merchant?.config.deposits.channels.DEMOPAY.enabled) enabled.push(merchant.code);
  }
  if (enabled.length === 0) return;
  if (!isDemoPayAllowed(app.config)) {
    app.log.error(
      { setting: 'deposits.channels.DEMOPAY', merchants: enabled },
      'DEMOPAY is refused with NODE_ENV=production: it credits money out of thin air. It stays off for these merchants whatever their setting says; switch it off in their deposit channels.',
    );
  } else {
    app.log.warn(
      { setting: 'deposits.channels.DEMOPAY', merchants: enabled },
      'DEMOPAY, the demo payment gateway, is on for these merchants. It is never available with NODE_ENV=production.',
    );
  }
}

/** Callbacks from the listening server to itself go over loopback, whatever address it listens on. */
function loopbackOrigin(app: AppInstance): string | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  if (address.family === 'IPv6')
    return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

/**
 * Routes of modules/deposit (see its README.md). Member calls take their guard as an `onRequest`
 * hook: a caller without a token (or a trial account) is refused before its body or query is even
 * validated, and the Idempotency-Key layer (a preHandler) finds `request.member` set.
 */
export async function depositRoutes(app: AppInstance): Promise<void> {
  const demoPay = isDemoPayAllowed(app.config)
    ? new DemoPayGateway({ db: app.db, now: () => app.now(), callbackOrigin: () => loopbackOrigin(app) })
    : null;
  const gateways: PaymentGateways = new Map<PaymentGateway['code'], PaymentGateway>(
    demoPay ? [['DEMOPAY', createDemoPayAdapter(demoPay)]] : [],
  );
  app.addHook('onReady', async () => {
    await announceDemoPay(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not list the merchants with DEMOPAY on'),
    );
  });

  app.get(
    depositPaths.settings,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(depositSettingsSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getDepositSettings(app.db, app.config, request.merchant, request.member));
    },
  );

  app.get(
    depositPaths.methods,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(depositMethodsSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listDepositMethods(app.db, app.config, request.merchant, request.member, app.now()));
    },
  );

  app.get(
    depositPaths.banks,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(banksSchema) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok([...thaiBanks]);
    },
  );

  app.post(
    depositPaths.create,
    {
      onRequest: requireRealMember,
      config: { idempotent: true },
      schema: { tags, body: createDepositRequestSchema, response: { 200: envelopeSchema(depositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const deps = { db: app.db, appConfig: app.config, gateways, nowMs: app.now() };
      return ok(
        await createDeposit(
          deps,
          request.merchant,
          request.member,
          request.body,
          request.idempotencyKey!,
          originOf(request),
        ),
      );
    },
  );

  app.get(
    depositPaths.detail,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: depositDetailQuerySchema, response: { 200: envelopeSchema(depositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const deposit = await findMemberDeposit(app.db, request.merchant, request.member, request.query.depositId);
      if (!deposit) throw new AppError(404, depositErrorCodes.notFound);
      return ok(deposit);
    },
  );

  app.get(
    depositPaths.report,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: depositReportQuerySchema, response: { 200: envelopeSchema(depositReportSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listMemberDeposits(app.db, request.merchant, request.member, request.query));
    },
  );

  // The member's own changes to a deposit: each is idempotent by itself (a repeat answers the deposit as it is).
  app.post(
    depositPaths.confirmPaid,
    {
      onRequest: requireRealMember,
      schema: { tags, body: confirmDepositPaidRequestSchema, response: { 200: envelopeSchema(depositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await confirmDepositPaid(app.db, request.merchant, request.member, request.body.depositId, app.now()));
    },
  );

  app.post(
    depositPaths.attachProof,
    {
      onRequest: requireRealMember,
      schema: { tags, body: attachDepositProofRequestSchema, response: { 200: envelopeSchema(depositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await attachDepositProof(app.db, request.merchant, request.member, request.body, app.now()));
    },
  );

  app.post(
    depositPaths.askQuestion,
    {
      onRequest: requireRealMember,
      schema: { tags, body: askDepositQuestionRequestSchema, response: { 200: envelopeSchema(depositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await askDepositQuestion(app.db, request.merchant, request.member, request.body, app.now()));
    },
  );

  app.get(
    depositPaths.limits,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(depositLimitsSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await getDepositLimits(app.db, {
          merchantId: request.merchant.id,
          memberId: request.member.id,
          nowMs: app.now(),
        }),
      );
    },
  );

  app.post(
    depositPaths.setLimits,
    {
      onRequest: requireRealMember,
      schema: { tags, body: setDepositLimitsRequestSchema, response: { 200: envelopeSchema(depositLimitsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await setDepositLimits(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id, nowMs: app.now() },
          request.body,
        ),
      );
    },
  );

  app.get(
    depositPaths.proof,
    { onRequest: requireRealMember, schema: { tags, querystring: depositProofQuerySchema } },
    async (request, reply) => {
      const proof = await findMemberProof(app.db, request.merchant.id, request.member.id, request.query.proofId);
      if (!proof) throw new AppError(404, depositErrorCodes.notFound);
      return sendImage(reply, proof, `proof-${request.query.proofId}`);
    },
  );

  // Multipart only here, in its own scope: no other route accepts file uploads.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: depositProofMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
    });
    scope.post(
      depositPaths.uploadProof,
      {
        onRequest: requireRealMember,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(depositProofSchema) } },
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
            throw new AppError(400, depositErrorCodes.proofTooLarge, { field: 'file' });
          // Not multipart at all, or a broken one: nothing usable arrived.
          throw AppError.badRequest('file', 'validation.required');
        }
        return ok(
          await uploadProof(app.db, {
            merchantId: request.merchant.id,
            memberId: request.member.id,
            bytes,
            nowMs: app.now(),
          }),
        );
      },
    );
  });

  // Gateway callbacks: the raw bytes are kept, because the signature is over them, not over parsed JSON.
  await app.register(async (scope: AppInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: callbackBodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      depositPaths.gatewayCallback,
      {
        config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
        schema: {
          tags,
          params: z.object({ gatewayCode: z.string().max(32), merchantCode: z.string().max(64) }),
          response: { 200: envelopeSchema(gatewayCallbackResultSchema) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', noStore);
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(
          await handleGatewayCallback(app.db, gateways, {
            gatewayCode: request.params.gatewayCode,
            merchantCode: request.params.merchantCode,
            rawBody,
            headers: request.headers,
            remoteIp: request.ip,
            nowMs: app.now(),
          }),
        );
      },
    );
  });

  if (demoPay) await app.register(async (scope: AppInstance) => demoPayRoutes(scope, demoPay));

  await registerAdminDepositRoutes(app);
}
