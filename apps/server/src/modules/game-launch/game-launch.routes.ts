import { envelopeSchema, launchGameRequestSchema, launchGameResultSchema, launchPaths } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireMember } from '../identity/index.ts';
import { launchGame } from './launch-game.ts';

const tags = ['games'];

/** POST /wps/game/launchGame (README.md): a member's call (trial accounts too), never cached. */
export async function gameLaunchRoutes(app: AppInstance): Promise<void> {
  app.post(
    launchPaths.launchGame,
    {
      onRequest: requireMember,
      schema: { tags, body: launchGameRequestSchema, response: { 200: envelopeSchema(launchGameResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const context = {
        db: app.db,
        config: app.config,
        merchant: request.merchant,
        member: request.member,
        nowMs: app.now(),
        clientFor: app.transferVendorClient,
      };
      return ok(await launchGame(context, request.body));
    },
  );
}
