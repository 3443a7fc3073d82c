import { agentAnnouncementListSchema, agentAnnouncementsPath, envelopeSchema } from '@lotus/contract';
import { publicReadContext } from '../../../cache/public-read.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { listAgentAnnouncements } from '../../site/index.ts';
import { requireAgentPage } from '../agent-guard.ts';

/**
 * The agent centre's announcement page (the original's agentAnnouncement, AGENTANNOUNCE3): what the
 * operator published for agents only (audience `agents`, back-office announcements). The content is the
 * site's (its table, its cached board); agents decides who may read it: an agent of a merchant with
 * the page on. Not in the response cache (it needs a token), and never stored by a browser or proxy.
 */
export async function agentAnnouncementRoutes(app: AppInstance): Promise<void> {
  app.get(
    agentAnnouncementsPath,
    {
      onRequest: requireAgentPage('AGENTANNOUNCE3'),
      schema: { tags: ['agents'], response: { 200: envelopeSchema(agentAnnouncementListSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ list: await listAgentAnnouncements(publicReadContext(app, request), app.now()) });
    },
  );
}
