import {
  adminIdSchema,
  affiliateLinkListSchema,
  affiliateLinkPaths,
  affiliateLinkSchema,
  agentMovePaths,
  createAffiliateLinkRequestSchema,
  moveUplineBodySchema,
  removeAffiliateLinkRequestSchema,
  uplineHistorySchema,
  uplineMovedSchema,
  affiliateQuerySchema,
  affiliateSchema,
  apiPaths,
  createDownlineRequestSchema,
  downlineCreatedSchema,
  envelopeSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireOperator } from '../backoffice/index.ts';
import { callerOf, requireRealMember } from '../identity/index.ts';
import { checkAffiliate } from './affiliate/affiliate.ts';
import { agentLinkDeskRoutes } from './affiliate/desk-links.routes.ts';
import { createAffiliateLink, listAffiliateLinks, removeAffiliateLink, type LinkOwner } from './affiliate/links.ts';
import { moveUpline } from './downlines/move-upline.ts';
import { listUplineHistory } from './downlines/upline-history.ts';
import { agentAnnouncementRoutes } from './announcements/announcements.routes.ts';
import { agentContractRoutes } from './contracts/contracts.routes.ts';
import { agentTransferRoutes } from './transfers/transfers.routes.ts';
import { settlementDeskRoutes } from './settlement/settlement-desk.routes.ts';
import { agentTeamRoutes } from './team/team.routes.ts';
import { agentStatementRoutes } from './statements/statements.routes.ts';
import { agentSettlementRoutes } from './settlement/settlement.routes.ts';
import { requireAgent } from './agent-guard.ts';
import { createDownline } from './downlines/create-downline.ts';

/** Per IP. */
const rateLimits = {
  /** Enough for a visitor who mistypes; too few to walk the space of codes. */
  affiliate: { max: 20, timeWindow: '1 minute' },
  downline: { max: 30, timeWindow: '1 minute' },
  /** Creating and removing links. */
  links: { max: 30, timeWindow: '1 minute' },
};

function linkOwner(request: FastifyRequest): LinkOwner {
  return { merchantId: request.merchant.id, agentId: request.member.id };
}

const memberParams = z.object({ memberId: adminIdSchema });

/** Answers about a member are theirs alone: never stored by a browser cache or a proxy. */
const noStore = 'no-store';

/** Affiliate codes, agent-created accounts and the contracts' summary (README.md). */
export async function agentsRoutes(app: AppInstance): Promise<void> {
  // The two account calls kept the `identity` tag they had in the OpenAPI page before agents had a module.
  app.get(
    apiPaths.agentAffiliate,
    {
      config: { rateLimit: rateLimits.affiliate },
      schema: {
        tags: ['identity'],
        querystring: affiliateQuerySchema,
        response: { 200: envelopeSchema(affiliateSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const { affiliateCode, domain } = request.query;
      return ok(await checkAffiliate(app.db, request.merchant.id, affiliateCode, domain ?? request.host, app.now()));
    },
  );

  // A trial account is refused first (403 member.trial.forbidden), a member that is no agent next (403 agent.only).
  app.put(
    apiPaths.agentDownline,
    {
      onRequest: requireRealMember,
      // Sealed although spec §7 does not say: it carries the new account's first password.
      config: { sealed: true, rateLimit: rateLimits.downline },
      schema: {
        tags: ['identity'],
        body: createDownlineRequestSchema,
        response: { 200: envelopeSchema(downlineCreatedSchema) },
      },
    },
    async (request) => {
      const context = {
        db: app.db,
        merchant: request.merchant,
        caller: callerOf(request),
        language: request.language,
        nowMs: app.now(),
      };
      return ok(await createDownline(context, request.member, request.body));
    },
  );

  // Affiliate links (issue 16): the calling agent's own, and only those.
  app.get(
    affiliateLinkPaths.list,
    {
      onRequest: requireAgent,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(affiliateLinkListSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listAffiliateLinks(app.db, linkOwner(request), app.now()));
    },
  );

  app.post(
    affiliateLinkPaths.create,
    {
      onRequest: requireAgent,
      config: { rateLimit: rateLimits.links },
      schema: {
        tags: ['agents'],
        body: createAffiliateLinkRequestSchema,
        response: { 200: envelopeSchema(affiliateLinkSchema) },
      },
    },
    async (request) => ok(await createAffiliateLink(app.db, linkOwner(request), request.body, app.now())),
  );

  app.post(
    affiliateLinkPaths.remove,
    {
      onRequest: requireAgent,
      config: { rateLimit: rateLimits.links },
      schema: { tags: ['agents'], body: removeAffiliateLinkRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeAffiliateLink(app.db, linkOwner(request), BigInt(request.body.id), app.now());
      return ok(null);
    },
  );

  // Operators: a member and its whole team under another agent, and the member's upline history.
  app.put(
    agentMovePaths.move,
    {
      onRequest: requireOperator('members.manage'),
      schema: {
        tags: ['backoffice'],
        params: memberParams,
        body: moveUplineBodySchema,
        response: { 200: envelopeSchema(uplineMovedSchema) },
      },
    },
    async (request) => ok(await moveUpline(app.db, request, BigInt(request.params.memberId), request.body)),
  );

  app.get(
    agentMovePaths.history,
    {
      onRequest: requireOperator('members.read'),
      schema: { tags: ['backoffice'], params: memberParams, response: { 200: envelopeSchema(uplineHistorySchema) } },
    },
    async (request) =>
      ok(await listUplineHistory(app.db, request.operator.merchantId, BigInt(request.params.memberId))),
  );

  await agentContractRoutes(app);
  await agentTransferRoutes(app);
  await settlementDeskRoutes(app);
  await agentLinkDeskRoutes(app);
  await agentTeamRoutes(app);
  await agentStatementRoutes(app);
  await agentSettlementRoutes(app);
  await agentAnnouncementRoutes(app);
}
