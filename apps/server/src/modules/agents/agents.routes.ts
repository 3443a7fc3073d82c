import {
  affiliateQuerySchema,
  affiliateSchema,
  apiPaths,
  consolidatedFundsPath,
  consolidatedFundsSchema,
  createDownlineRequestSchema,
  downlineCreatedSchema,
  envelopeSchema,
} from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { callerOf, requireRealMember } from '../identity/index.ts';
import { checkAffiliate } from './affiliate/affiliate.ts';
import { consolidatedFunds } from './contracts/consolidated-funds.ts';
import { createDownline } from './downlines/create-downline.ts';

/** Per IP. */
const rateLimits = {
  /** Enough for a visitor who mistypes; too few to walk the space of codes. */
  affiliate: { max: 20, timeWindow: '1 minute' },
  downline: { max: 30, timeWindow: '1 minute' },
};

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
      return ok(await checkAffiliate(app.db, request.merchant.id, affiliateCode, domain ?? request.host));
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

  app.get(
    consolidatedFundsPath,
    {
      onRequest: requireRealMember,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(consolidatedFundsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await consolidatedFunds(app.db, request.merchant, request.member.id));
    },
  );
}
