import {
  adminAgentLinkPageSchema,
  adminAgentLinkQuerySchema,
  adminAgentLinkSchema,
  agentLinkAdminPaths,
  disableAgentLinkBodySchema,
  disableAgentLinkParamsSchema,
  envelopeSchema,
} from '@lotus/contract';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { requireOperator } from '../../backoffice/index.ts';
import { disableLinkForDesk, listLinksForDesk } from './desk-links.ts';

/**
 * The back-office's agents' links (README "Affiliate links in the back-office"): reading them is the
 * member desk's `members.read`; switching one off changes what the agent's team can grow by, so it is
 * `agents.manage`, like offering and ending contracts.
 */
export async function agentLinkDeskRoutes(app: AppInstance): Promise<void> {
  app.get(
    agentLinkAdminPaths.links,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags: ['backoffice'],
        querystring: adminAgentLinkQuerySchema,
        response: { 200: envelopeSchema(adminAgentLinkPageSchema) },
      },
    },
    async (request) => ok(await listLinksForDesk(app.db, request.operator.merchantId, request.query, app.now())),
  );

  app.post(
    agentLinkAdminPaths.disable,
    {
      onRequest: requireOperator('agents.manage'),
      schema: {
        tags: ['backoffice'],
        params: disableAgentLinkParamsSchema,
        body: disableAgentLinkBodySchema,
        response: { 200: envelopeSchema(adminAgentLinkSchema) },
      },
    },
    async (request) => ok(await disableLinkForDesk(app.db, request, BigInt(request.params.linkId), request.body)),
  );
}
