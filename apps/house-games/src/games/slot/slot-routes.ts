import { exactSlotRtp, slotGame, type SlotRtp } from '@lotus/fair';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, okAnswer, plain, playerBodySchema, walletFailure } from '../../http.ts';
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

/** Restoring a round younger than this could race the request still playing it. */
const restoreAfterMs = 5_000;

export interface SlotRouteOptions extends SlotDeps {
  sessions: Sessions;
}

/** The slot's calls for its page (README.md "Slot"). */
export async function slotRoutes(app: FastifyInstance, options: SlotRouteOptions): Promise<void> {
  const { db, sessions } = options;
  let rtp: SlotRtp | null = null;

  const openSlot = async (body: z.infer<typeof playerBodySchema>) => {
    if (!isHouseGame(body.gameId) || houseGames[body.gameId].kind !== 'slot') return null;
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

  app.post('/api/slot/session', async (request, reply) => {
    const body = playerBodySchema.safeParse(request.body);
    if (!body.success) return fail(reply, 400, 'INVALID_REQUEST');
    try {
      const session = await openSlot(body.data);
      if (!session) return fail(reply, 404, 'GAME_UNKNOWN');
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
    } catch (error) {
      return walletFailure(reply, error);
    }
  });

  app.post('/api/slot/spin', async (request, reply) => {
    const body = playerBodySchema.extend({ betPerLine: z.number().int() }).safeParse(request.body);
    if (!body.success || !(slotBetsPerLine as readonly number[]).includes(body.data.betPerLine))
      return fail(reply, 400, 'INVALID_BET');
    try {
      const session = await openSlot(body.data);
      if (!session) return fail(reply, 404, 'GAME_UNKNOWN');
      const played = await playSlotRound(options, session.wallet, body.data.gameId, body.data.betPerLine);
      return okAnswer(plain({ ...played, nextFairness: await publicSeeds(db, `slot:${session.wallet.playerKey}`) }));
    } catch (error) {
      return walletFailure(reply, error);
    }
  });

  app.post('/api/slot/history', async (request, reply) => {
    const body = playerBodySchema.safeParse(request.body);
    if (!body.success) return fail(reply, 400, 'INVALID_REQUEST');
    try {
      const session = await openSlot(body.data);
      if (!session) return fail(reply, 404, 'GAME_UNKNOWN');
      return okAnswer(plain({ rounds: await recentSlotRounds(db, session.wallet.playerKey) }));
    } catch (error) {
      return walletFailure(reply, error);
    }
  });

  app.post('/api/slot/client-seed', async (request, reply) => {
    const body = playerBodySchema.extend({ clientSeed: clientSeedSchema }).safeParse(request.body);
    if (!body.success) return fail(reply, 400, 'INVALID_CLIENT_SEED');
    try {
      const session = await openSlot(body.data);
      if (!session) return fail(reply, 404, 'GAME_UNKNOWN');
      return okAnswer(await setClientSeed(db, `slot:${session.wallet.playerKey}`, body.data.clientSeed));
    } catch (error) {
      return walletFailure(reply, error);
    }
  });

  app.post('/api/slot/rotate-seed', async (request, reply) => {
    const body = playerBodySchema.safeParse(request.body);
    if (!body.success) return fail(reply, 400, 'INVALID_REQUEST');
    try {
      const session = await openSlot(body.data);
      if (!session) return fail(reply, 404, 'GAME_UNKNOWN');
      return okAnswer(await rotateSeeds(db, `slot:${session.wallet.playerKey}`, options.now()));
    } catch (error) {
      return walletFailure(reply, error);
    }
  });
}
