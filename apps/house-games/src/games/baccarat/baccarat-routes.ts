import websocket from '@fastify/websocket';
import { BACCARAT_BETS } from '@lotus/fair';
import { z } from 'zod';
import { okAnswer, plain, playerBodySchema, type PlayerBody } from '../../http/answers.ts';
import { HouseError } from '../../http/house-error.ts';
import type { HouseAppInstance } from '../../http/types.ts';
import type { Sessions } from '../../sessions.ts';
import { WalletRefusal } from '../../wallets/player-wallet.ts';
import { houseGames, isHouseGame } from '../catalogue.ts';
import type { BaccaratTable } from './baccarat-table.ts';

const betSchema = playerBodySchema.extend({
  roundId: z.string().uuid(),
  bets: z.partialRecord(z.enum(BACCARAT_BETS), z.number().int()),
});

/** The websocket's first message (checked here: a websocket message has no route schema). */
const joinSchema = playerBodySchema.extend({ type: z.literal('join') });

/** `GET /api/baccarat/state?gameId=`: a missing or repeated gameId names no table (404 GAME_UNKNOWN). */
const stateQuerySchema = z.object({ gameId: z.string().default('') });

/**
 * The baccarat table's calls (README.md "Baccarat"): a websocket that pushes the shared table state
 * to every seated player (and their own balance and bets), and a bet call.
 */
export async function baccaratRoutes(
  app: HouseAppInstance,
  options: { sessions: Sessions; tables: Map<string, BaccaratTable>; allowedOrigin: string },
): Promise<void> {
  const { sessions, tables } = options;
  await app.register(websocket, { options: { maxPayload: 4_096 } });

  const openTable = async (body: PlayerBody) => {
    if (!isHouseGame(body.gameId) || houseGames[body.gameId].kind !== 'baccarat') return null;
    const table = tables.get(body.gameId);
    if (!table) return null;
    return { table, session: await sessions.open(body.token, body.gameId, body.currency) };
  };

  app.get('/api/baccarat/ws', { websocket: true }, (socket, request) => {
    // Only our own game pages may open a seat (a page elsewhere could not read the answers anyway, but should not even try).
    if (request.headers.origin !== options.allowedOrigin) {
      socket.close(1008, 'origin');
      return;
    }
    let unsubscribe: (() => void) | null = null;
    const send = (message: unknown) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(plain(message)));
    socket.on('message', (data: Buffer) => {
      void (async () => {
        if (unsubscribe) return; // One join per connection.
        let parsed;
        try {
          parsed = joinSchema.safeParse(JSON.parse(data.toString('utf8')));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) return socket.close(1008, 'INVALID_REQUEST');
        try {
          const opened = await openTable(parsed.data);
          if (!opened) return socket.close(1008, 'GAME_UNKNOWN');
          const { table, session } = opened;
          unsubscribe = table.subscribe((event) => {
            send(event);
            if (event.type === 'state' && event.state.round?.phase === 'settled') {
              // The player's own result: balance after the payout and what this round paid them.
              void Promise.all([
                session.wallet.balance(),
                table.payoutOf(event.state.round.roundId, session.wallet.playerKey),
              ])
                .then(([balance, payout]) => send({ type: 'me', balance, payout, bets: {} }))
                .catch(() => undefined);
            }
          });
          const state = await table.state();
          send({ type: 'state', state });
          const bets = state.round ? await table.myBets(state.round.roundId, session.wallet.playerKey) : {};
          send({
            type: 'me',
            balance: await session.wallet.balance(),
            payout: null,
            bets,
            currency: session.wallet.ref.currency,
          });
        } catch (error) {
          socket.close(1008, error instanceof WalletRefusal ? error.code : 'WALLET_UNAVAILABLE');
        }
      })();
    });
    socket.on('close', () => unsubscribe?.());
  });

  app.post(
    '/api/baccarat/bet',
    { schema: { body: betSchema }, config: { invalid: { statusCode: 400, errorCode: 'INVALID_BET' } } },
    async (request) => {
      const opened = await openTable(request.body);
      if (!opened) throw new HouseError(404, 'GAME_UNKNOWN');
      const placed = await opened.table.placeBet(opened.session.wallet, request.body.roundId, request.body.bets);
      return okAnswer(plain(placed));
    },
  );

  app.get(
    '/api/baccarat/state',
    {
      schema: { querystring: stateQuerySchema },
      config: { invalid: { statusCode: 404, errorCode: 'GAME_UNKNOWN' } },
    },
    async (request) => {
      const table = tables.get(request.query.gameId);
      if (!table) throw new HouseError(404, 'GAME_UNKNOWN');
      return okAnswer(plain(await table.state()));
    },
  );
}
