import { exactSlotRtp, slotGame, type SlotRtp } from '@lotus/fair';
import { z } from 'zod';
import { okAnswer, plain, playerBodySchema, type PlayerBody } from '../../http/answers.ts';
import { HouseError } from '../../http/house-error.ts';
import type { HouseAppInstance } from '../../http/types.ts';
import type { Sessions } from '../../sessions.ts';
import { houseGames, isHouseGame } from '../catalogue.ts';
import { publicSeeds, rotateSeeds, setClientSeed } from '../fair-seeds.ts';
import {
  finishUnfinishedRounds,
  playSlotRound,
  recentSlotRounds,
  slotBetsPerLine,
  type SlotDeps,
} from './slot-rounds.ts';

/** The client seed a player may choose: printable, short, no spaces (it is shown and hashed as typed). */
const clientSeedSchema = z.string().regex(/^[\x21-\x7e]{1,64}$/);

/** A spin: the line bet must be one of the page's choices (minor units). */
const spinBodySchema = playerBodySchema
  .extend({ betPerLine: z.number().int() })
  .refine((body) => (slotBetsPerLine as readonly number[]).includes(body.betPerLine));

/** Restoring a round younger than this could race the request still playing it. */
const restoreAfterMs = 5_000;

export interface SlotRouteOptions extends SlotDeps {
  sessions: Sessions;
}

/**
 * The slot's calls for its page (README.md "Slot"). Each body is checked by its route schema (a
 * refusal answers INVALID_REQUEST, or the call's own `config.invalid` code); wallet refusals and
 * HouseErrors become envelopes in the app's error handler (http/error-handler.ts).
 */
export async function slotRoutes(app: HouseAppInstance, options: SlotRouteOptions): Promise<void> {
  const { db, sessions } = options;
  let rtp: SlotRtp | null = null;

  const openSlot = async (body: PlayerBody) => {
    if (!isHouseGame(body.gameId) || houseGames[body.gameId].kind !== 'slot') throw new HouseError(404, 'GAME_UNKNOWN');
    return sessions.open(body.token, body.gameId, body.currency);
  };

  app.get('/api/slot/info', async () => {
    rtp ??= exactSlotRtp();
    return okAnswer({
      lines: slotGame.lines,
      paytable: slotGame.paytable,
      scatterPays: slotGame.scatterPays,
      freeSpins: slotGame.freeSpins,
      reels: slotGame.reels,
      betsPerLine: slotBetsPerLine,
      rtp,
    });
  });

  app.post('/api/slot/session', { schema: { body: playerBodySchema } }, async (request) => {
    const session = await openSlot(request.body);
    const playerKey = session.wallet.playerKey;
    // The member came back: a round a dead request left behind is finished first, then shown.
    await finishUnfinishedRounds(options, { playerKey, olderThanMs: restoreAfterMs });
    const [balance, fairness, rounds] = await Promise.all([
      session.wallet.balance(),
      publicSeeds(db, `slot:${playerKey}`),
      recentSlotRounds(db, playerKey, 1),
    ]);
    return okAnswer(
      plain({
        balance,
        currency: session.wallet.ref.currency,
        fairness,
        betsPerLine: slotBetsPerLine,
        lastRound: rounds[0] ?? null,
      }),
    );
  });

  app.post(
    '/api/slot/spin',
    { schema: { body: spinBodySchema }, config: { invalid: { statusCode: 400, errorCode: 'INVALID_BET' } } },
    async (request) => {
      const session = await openSlot(request.body);
      const played = await playSlotRound(options, session.wallet, request.body.gameId, request.body.betPerLine);
      return okAnswer(plain({ ...played, nextFairness: await publicSeeds(db, `slot:${session.wallet.playerKey}`) }));
    },
  );

  app.post('/api/slot/history', { schema: { body: playerBodySchema } }, async (request) => {
    const session = await openSlot(request.body);
    return okAnswer(plain({ rounds: await recentSlotRounds(db, session.wallet.playerKey) }));
  });

  app.post(
    '/api/slot/client-seed',
    {
      schema: { body: playerBodySchema.extend({ clientSeed: clientSeedSchema }) },
      config: { invalid: { statusCode: 400, errorCode: 'INVALID_CLIENT_SEED' } },
    },
    async (request) => {
      const session = await openSlot(request.body);
      return okAnswer(await setClientSeed(db, `slot:${session.wallet.playerKey}`, request.body.clientSeed));
    },
  );

  app.post('/api/slot/rotate-seed', { schema: { body: playerBodySchema } }, async (request) => {
    const session = await openSlot(request.body);
    return okAnswer(await rotateSeeds(db, `slot:${session.wallet.playerKey}`, options.now()));
  });
}
