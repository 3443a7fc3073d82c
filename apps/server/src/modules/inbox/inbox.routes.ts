import {
  adminInboxAudienceQuerySchema,
  adminInboxAudienceSchema,
  adminInboxMessageSchema,
  adminInboxPageSchema,
  adminInboxPaths,
  adminInboxQuerySchema,
  adminSendMessageRequestSchema,
  envelopeSchema,
  inboxChangeResultSchema,
  inboxDetailQuerySchema,
  inboxIdsRequestSchema,
  inboxListQuerySchema,
  inboxMailSchema,
  inboxPageSchema,
  inboxPaths,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import { requireRealMember } from '../identity/index.ts';
import { deleteMail, markAllRead, markRead, type ChangeContext } from './change-inbox.ts';
import { countUnreadMessages, getInboxMail, listInbox, type ReadContext } from './list-inbox.ts';
import { countAudience, listMerchantMessages, sendMerchantMessage } from './merchant-messages.ts';

const tags = ['inbox'];
/** Answers about a member's inbox are its own: never kept by a browser cache or a proxy. */
const noStore = 'no-store';
/** A person's clicks (select many, mark, delete), per IP: generous for a page, a wall for a script. */
const memberWriteLimit = { max: 60, timeWindow: '1 minute' };
/** An operator sends a handful of messages; a loop sending hundreds is stopped. */
const composerLimit = { max: 10, timeWindow: '1 minute' };

/** The member's inbox calls (real members: the member centre) and the back-office's composer. */
export async function inboxRoutes(app: AppInstance): Promise<void> {
  const readContext = (request: FastifyRequest): ReadContext => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    language: request.language,
    nowMs: app.now(),
  });
  const changeContext = (request: FastifyRequest): ChangeContext => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    nowMs: app.now(),
  });
  const changed = { 200: envelopeSchema(inboxChangeResultSchema) };

  app.get(
    inboxPaths.unreadCount,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(z.number().int()) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await countUnreadMessages(app.db, readContext(request)));
    },
  );

  app.get(
    inboxPaths.list,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: inboxListQuerySchema, response: { 200: envelopeSchema(inboxPageSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listInbox(app.db, readContext(request), request.query));
    },
  );

  app.get(
    inboxPaths.detail,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: inboxDetailQuerySchema, response: { 200: envelopeSchema(inboxMailSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getInboxMail(app.db, readContext(request), request.query.inboxId));
    },
  );

  app.post(
    inboxPaths.markRead,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: inboxIdsRequestSchema, response: changed },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await markRead(app.db, changeContext(request), request.body.inboxIds));
    },
  );

  app.post(
    inboxPaths.markAllRead,
    { onRequest: requireRealMember, config: { rateLimit: memberWriteLimit }, schema: { tags, response: changed } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await markAllRead(app.db, changeContext(request)));
    },
  );

  app.post(
    inboxPaths.remove,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: inboxIdsRequestSchema, response: changed },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await deleteMail(app.db, changeContext(request), request.body.inboxIds));
    },
  );

  app.get(
    adminInboxPaths.messages,
    {
      onRequest: requireOperator('messages.send'),
      schema: { tags, querystring: adminInboxQuerySchema, response: { 200: envelopeSchema(adminInboxPageSchema) } },
    },
    async (request) => ok(await listMerchantMessages(app.db, request.operator.merchantId, request.query)),
  );

  app.post(
    adminInboxPaths.messages,
    {
      onRequest: requireOperator('messages.send'),
      config: { rateLimit: composerLimit },
      schema: { tags, body: adminSendMessageRequestSchema, response: { 200: envelopeSchema(adminInboxMessageSchema) } },
    },
    async (request) =>
      ok(
        await sendMerchantMessage(app.db, { ...auditContext(request), operatorId: request.operator.id }, request.body),
      ),
  );

  app.get(
    adminInboxPaths.audience,
    {
      onRequest: requireOperator('messages.send'),
      schema: {
        tags,
        querystring: adminInboxAudienceQuerySchema,
        response: { 200: envelopeSchema(adminInboxAudienceSchema) },
      },
    },
    async (request) =>
      ok({ recipientCount: await countAudience(app.db, request.operator.merchantId, request.query.audience) }),
  );
}
