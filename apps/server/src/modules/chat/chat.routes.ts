import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import {
  adminChatConversationSchema,
  adminChatSettingsSchema,
  cannedReplyBodySchema,
  cannedReplyParamsSchema,
  cannedReplySchema,
  chatConversationParamsSchema,
  chatConversationSchema,
  chatErrorCodes,
  chatImageSchema,
  chatOperatorSchema,
  chatPaths,
  chatQueuePageSchema,
  chatQueueQuerySchema,
  chatSettingsSchema,
  chatSocketProtocol,
  chatSummarySchema,
  chatTransferBodySchema,
  envelopeSchema,
  errorCodes,
  mediaImageMaxBytes,
  visitorConversationSchema,
  type ChatConversation,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, operatorSessionCheck, requireOperator } from '../backoffice/index.ts';
import { callerConversation, ensureOwnConversation, requireChatCaller } from './chat-caller.ts';
import {
  assignConversation,
  closeConversation,
  deleteCannedReply,
  getChatSettings,
  getChatSummary,
  getDeskConversation,
  listCannedReplies,
  listChatOperators,
  listChatQueue,
  saveCannedReply,
  saveChatSettings,
  transferConversation,
  type DeskActor,
} from './chat-desk.ts';
import { findChatImage, readUploadedFile, storeChatImage } from './chat-images.ts';
import { credentialsFromProtocols, serveChatSocket } from './chat-socket.ts';
import {
  createVisitorConversation,
  getConversation,
  listLatestMessages,
  marksOf,
  type ConversationRow,
} from './conversations.ts';

const tags = ['chat'];
const answer = requireOperator('chat.answer');

/**
 * A socket path asked without a websocket upgrade (a plain GET, a crawler, a fuzzer): answered 404 in the
 * envelope once the caller is known, before the handler finds or opens a conversation, so nothing is written.
 */
async function requireUpgrade(request: FastifyRequest): Promise<void> {
  if (String(request.headers.upgrade ?? '').toLowerCase() !== 'websocket') throw new AppError(404, errorCodes.notFound);
}
const socketQuerySchema = z.object({
  conversationId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  after: z
    .string()
    .regex(/^\d{1,18}$/)
    .default('0'),
});
type SocketQuery = z.infer<typeof socketQuerySchema>;
/** Opening conversations needs no login for visitors: throttled per IP so the queue stays usable. */
const visitorRateLimit = { max: 5, timeWindow: '10 minutes' };
const imageRateLimit = { max: 30, timeWindow: '10 minutes' };

/** The site's chat (members and visitors), the back-office queue and both websockets (README.md). */
export async function chatRoutes(app: AppInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: 16 * 1024,
      // The client offers `lotus-chat` and its credentials; the server answers only `lotus-chat`.
      handleProtocols: (protocols) => (protocols.has(chatSocketProtocol) ? chatSocketProtocol : false),
    },
  });

  /* The site. */

  app.get(
    chatPaths.settings,
    { schema: { tags, response: { 200: envelopeSchema(chatSettingsSchema) } } },
    async (request) => ok({ visitorsAllowed: (await getChatSettings(app.db, request.merchant.id)).visitorsAllowed }),
  );

  app.post(
    chatPaths.memberConversation,
    { onRequest: requireChatCaller, schema: { tags, response: { 200: envelopeSchema(chatConversationSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await conversationView(app, await callerConversation(request)));
    },
  );

  app.post(
    chatPaths.visitorConversation,
    {
      config: { rateLimit: visitorRateLimit },
      schema: { tags, response: { 200: envelopeSchema(visitorConversationSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { visitorsAllowed } = await getChatSettings(app.db, request.merchant.id);
      if (!visitorsAllowed) throw new AppError(403, chatErrorCodes.visitorsNotAllowed);
      const { conversation, token } = await createVisitorConversation(app.db, {
        merchantId: request.merchant.id,
        language: request.language,
        nowMs: app.now(),
      });
      return ok({ ...(await conversationView(app, conversation)), visitorToken: token });
    },
  );

  // The conversation is found (and a named id checked) before the upgrade, so a refusal is a plain 4xx.
  const socketConversations = new WeakMap<FastifyRequest, ConversationRow>();
  app.get(
    chatPaths.memberSocket,
    {
      websocket: true,
      onRequest: [credentialsFromProtocols, requireChatCaller, requireUpgrade],
      preHandler: async (request) => {
        const conversation = await callerConversation(request);
        ensureOwnConversation(conversation, (request.query as SocketQuery).conversationId);
        socketConversations.set(request, conversation);
      },
      schema: { tags, querystring: socketQuerySchema },
    },
    (socket, request) => {
      const caller = request.chatCaller;
      serveChatSocket(socket, request, {
        merchantId: request.merchant.id,
        conversationId: socketConversations.get(request)!.id,
        afterId: BigInt((request.query as SocketQuery).after),
        party: { side: 'member', sender: caller.kind, operatorId: null },
        sessionId: caller.kind === 'member' ? caller.sessionId : null,
        stillAdmitted: null,
      });
    },
  );

  app.get(chatPaths.image, { schema: { hide: true } }, async (request, reply) => {
    const { imageKey } = request.params as { imageKey: string };
    const image = await findChatImage(app.db, request.merchant.id, imageKey);
    if (!image) throw AppError.notFound();
    return reply
      .headers({
        'Cache-Control': 'private, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
      .type(image.contentType)
      .send(image.content);
  });

  /* The back-office. */

  app.get(
    chatPaths.adminConversations,
    {
      onRequest: answer,
      schema: { tags, querystring: chatQueueQuerySchema, response: { 200: envelopeSchema(chatQueuePageSchema) } },
    },
    async (request) => ok(await listChatQueue(app.db, deskActor(request), request.query)),
  );
  app.get(
    chatPaths.adminConversation,
    {
      onRequest: answer,
      schema: {
        tags,
        params: chatConversationParamsSchema,
        response: { 200: envelopeSchema(adminChatConversationSchema) },
      },
    },
    async (request) =>
      ok(
        await getDeskConversation(
          app.db,
          deskActor(request),
          request.merchant.currency,
          BigInt(request.params.conversationId),
        ),
      ),
  );
  app.post(
    chatPaths.adminAssign,
    {
      onRequest: answer,
      schema: { tags, params: chatConversationParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await assignConversation(app.db, deskActor(request), BigInt(request.params.conversationId));
      return ok(null);
    },
  );
  app.post(
    chatPaths.adminTransfer,
    {
      onRequest: answer,
      schema: {
        tags,
        params: chatConversationParamsSchema,
        body: chatTransferBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await transferConversation(
        app.db,
        deskActor(request),
        BigInt(request.params.conversationId),
        BigInt(request.body.operatorId),
      );
      return ok(null);
    },
  );
  app.post(
    chatPaths.adminClose,
    {
      onRequest: answer,
      schema: { tags, params: chatConversationParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await closeConversation(app.db, deskActor(request), BigInt(request.params.conversationId));
      return ok(null);
    },
  );
  app.get(
    chatPaths.adminSummary,
    { onRequest: answer, schema: { tags, response: { 200: envelopeSchema(chatSummarySchema) } } },
    async (request) => ok(await getChatSummary(app.db, request.operator.merchantId, app.now())),
  );
  app.get(
    chatPaths.adminOperators,
    { onRequest: answer, schema: { tags, response: { 200: envelopeSchema(z.array(chatOperatorSchema)) } } },
    async (request) => ok(await listChatOperators(app.db, request.operator.merchantId)),
  );
  app.get(
    chatPaths.adminCannedReplies,
    { onRequest: answer, schema: { tags, response: { 200: envelopeSchema(z.array(cannedReplySchema)) } } },
    async (request) => ok(await listCannedReplies(app.db, request.operator.merchantId)),
  );
  app.post(
    chatPaths.adminCannedReplies,
    {
      onRequest: answer,
      schema: { tags, body: cannedReplyBodySchema, response: { 200: envelopeSchema(cannedReplySchema) } },
    },
    async (request) => ok(await saveCannedReply(app.db, deskActor(request), null, request.body)),
  );
  app.put(
    chatPaths.adminCannedReply,
    {
      onRequest: answer,
      schema: {
        tags,
        params: cannedReplyParamsSchema,
        body: cannedReplyBodySchema,
        response: { 200: envelopeSchema(cannedReplySchema) },
      },
    },
    async (request) =>
      ok(await saveCannedReply(app.db, deskActor(request), BigInt(request.params.cannedReplyId), request.body)),
  );
  app.delete(
    chatPaths.adminCannedReply,
    {
      onRequest: answer,
      schema: { tags, params: cannedReplyParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteCannedReply(app.db, deskActor(request), BigInt(request.params.cannedReplyId));
      return ok(null);
    },
  );
  app.get(
    chatPaths.adminSettings,
    { onRequest: answer, schema: { tags, response: { 200: envelopeSchema(adminChatSettingsSchema) } } },
    async (request) => ok(await getChatSettings(app.db, request.operator.merchantId)),
  );
  app.put(
    chatPaths.adminSettings,
    {
      onRequest: answer,
      schema: { tags, body: adminChatSettingsSchema, response: { 200: envelopeSchema(adminChatSettingsSchema) } },
    },
    async (request) => ok(await saveChatSettings(app.db, deskActor(request), request.body)),
  );

  app.get(
    chatPaths.adminSocket,
    {
      websocket: true,
      onRequest: [credentialsFromProtocols, answer, requireUpgrade],
      // Another merchant's conversation id is refused like an unknown one (404), before the upgrade.
      preHandler: async (request) => {
        const { conversationId } = request.query as SocketQuery;
        if (conversationId !== undefined)
          await getConversation(app.db, request.operator.merchantId, BigInt(conversationId));
      },
      schema: { tags, querystring: socketQuerySchema },
    },
    (socket, request) => {
      const query = request.query as SocketQuery;
      serveChatSocket(socket, request, {
        merchantId: request.operator.merchantId,
        conversationId: query.conversationId === undefined ? null : BigInt(query.conversationId),
        afterId: BigInt(query.after),
        party: { side: 'operator', sender: 'operator', operatorId: request.operator.id },
        sessionId: null,
        stillAdmitted: operatorSessionCheck(request, 'chat.answer'),
      });
    },
  );

  // Images: multipart only in this scope, with the media module's size limit.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: mediaImageMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
    });
    scope.post(
      chatPaths.images,
      {
        onRequest: requireChatCaller,
        config: { rateLimit: imageRateLimit },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(chatImageSchema) } },
      },
      async (request) => {
        const conversation = await callerConversation(request);
        const bytes = await readUploadedFile(request);
        return ok(
          await storeChatImage(app.db, {
            merchantId: request.merchant.id,
            conversationId: conversation.id,
            bytes,
            nowMs: app.now(),
          }),
        );
      },
    );
    scope.post(
      chatPaths.adminImages,
      {
        onRequest: answer,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(chatImageSchema) },
        },
      },
      async (request) => {
        const { conversationId } = request.params as { conversationId: string };
        const conversation = await getConversation(app.db, request.operator.merchantId, BigInt(conversationId));
        const bytes = await readUploadedFile(request);
        return ok(
          await storeChatImage(app.db, {
            merchantId: request.operator.merchantId,
            conversationId: conversation.id,
            bytes,
            nowMs: app.now(),
            audit: deskActor(request),
          }),
        );
      },
    );
  });
}

async function conversationView(app: AppInstance, conversation: ConversationRow): Promise<ChatConversation> {
  return {
    id: String(conversation.id),
    status: conversation.status,
    marks: marksOf(conversation),
    messages: await listLatestMessages(app.db, {
      merchantId: conversation.merchant_id,
      conversationId: conversation.id,
      limit: 100,
      withOperatorNames: false,
    }),
  };
}

function deskActor(request: FastifyRequest): DeskActor {
  return { ...auditContext(request), operatorId: request.operator.id };
}
