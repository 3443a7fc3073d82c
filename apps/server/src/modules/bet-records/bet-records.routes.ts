import { betHistoryQuerySchema, betHistorySchema, betRecordPaths, envelopeSchema } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import type { CatalogueNames } from './catalogue-names.ts';
import { listBetRecords } from './list-bet-records.ts';

const tags = ['bet-records'];

/**
 * The member's betting record (page personalHistoryCopy). A real member's call (trial accounts get
 * 403 `member.trial.forbidden`, as every member-centre call), always `no-store`. The records' vendors and
 * games are named by the catalogue (`catalogue`, from modules/routes.ts).
 */
export async function betRecordRoutes(app: AppInstance, catalogue: CatalogueNames): Promise<void> {
  // A member's bets are theirs alone: never kept by a browser or a proxy, errors included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    betRecordPaths.betHistory,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: betHistoryQuerySchema, response: { 200: envelopeSchema(betHistorySchema) } },
    },
    async (request) =>
      ok(
        await listBetRecords(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.query,
          request.language,
          request.merchant.currency,
          catalogue,
        ),
      ),
  );
}
