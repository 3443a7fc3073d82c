import { randomBytes } from 'node:crypto';
import {
  formatMinorUnits,
  parseAmount,
  transferVendorCalls,
  transferVendorErrorCodes,
  transferVendorRequestSchemas,
  type TransferVendorCall,
  type TransferVendorRequest,
} from '@lotus/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { HouseDatabase } from '../db/schema.ts';
import { fail } from '../http.ts';
import { hashToken, signatureMatches } from '../signature.ts';
import { isHouseGame } from '../games/catalogue.ts';

/** A request whose timestamp is further than this from our clock is refused (replays of old captures). */
const maxClockSkewMs = 5 * 60_000;
/** How long a transfer-brand launch is good for. */
const playSessionTtlMs = 12 * 3_600_000;

export interface TransferApiOptions {
  db: Kysely<HouseDatabase>;
  secret: string;
  publicUrl: string;
  now: () => number;
}

class Refusal extends Error {
  constructor(
    readonly errorCode: string,
    readonly statusCode = 409,
  ) {
    super(errorCode);
  }
}

/**
 * The transfer brand's side of the transfer-wallet protocol (packages/contract/src/transfer-vendor.ts):
 * `POST /transfer-api/{call}`, signed by the platform. The brand keeps each player's money itself;
 * every fund-in and fund-out is recorded under the platform's reference, so a repeat answers the same
 * and a status query can tell what happened.
 */
export async function transferApi(app: FastifyInstance, options: TransferApiOptions): Promise<void> {
  const { db } = options;
  // Signatures are over the exact bytes: keep the body as text until it is verified.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { call: string }; Body: string }>('/transfer-api/:call', async (request, reply) => {
    const call = request.params.call as TransferVendorCall;
    if (!transferVendorCalls.includes(call)) return fail(reply, 404, transferVendorErrorCodes.invalidRequest);
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signatureMatches(options.secret, raw, request.headers['x-signature'] as string | undefined))
      return fail(reply, 401, transferVendorErrorCodes.invalidSignature);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return fail(reply, 400, transferVendorErrorCodes.invalidRequest);
    }
    const parsed = transferVendorRequestSchemas[call].safeParse(json);
    if (!parsed.success) return fail(reply, 400, transferVendorErrorCodes.invalidRequest);
    if (Math.abs(parsed.data.timestamp - options.now()) > maxClockSkewMs)
      return fail(reply, 400, transferVendorErrorCodes.staleRequest);
    try {
      return { success: true, value: await handlers[call](parsed.data as never) };
    } catch (error) {
      if (error instanceof Refusal) return fail(reply, error.statusCode, error.errorCode);
      throw error;
    }
  });

  const findPlayer = async (playerId: string) => {
    const player = await db
      .selectFrom('player')
      .select(['player_id', 'balance', 'currency'])
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    if (!player) throw new Refusal(transferVendorErrorCodes.playerNotFound, 404);
    return player;
  };

  /** Fund-in or fund-out under a reference, once: the reference's row and the balance change commit together. */
  const move = async (direction: 'IN' | 'OUT', body: TransferVendorRequest<'fund-in'>) => {
    const amount = parseAmount(body.amount);
    if (amount === null || amount <= 0n) throw new Refusal(transferVendorErrorCodes.invalidRequest, 400);
    const player = await findPlayer(body.playerId);
    if (player.currency !== body.currency) throw new Refusal(transferVendorErrorCodes.invalidRequest, 400);
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('transfer')
        .values({
          reference: body.reference,
          player_id: body.playerId,
          direction,
          amount,
          status: 'SUCCESS',
          created_at: new Date(options.now()),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('reference')
        .executeTakeFirst();
      if (!inserted) {
        const earlier = await trx
          .selectFrom('transfer')
          .selectAll()
          .where('reference', '=', body.reference)
          .executeTakeFirstOrThrow();
        const same =
          earlier.status === 'SUCCESS' &&
          earlier.player_id === body.playerId &&
          earlier.direction === direction &&
          earlier.amount === amount;
        if (!same) throw new Refusal(transferVendorErrorCodes.duplicateReference);
        const current = await findPlayer(body.playerId);
        return { reference: body.reference, status: 'SUCCESS' as const, balance: formatMinorUnits(current.balance) };
      }
      const change = direction === 'IN' ? amount : -amount;
      const updated = await trx
        .updateTable('player')
        .set({ balance: sql<bigint>`balance + ${change}` })
        .where('player_id', '=', body.playerId)
        .where(sql<boolean>`balance + ${change} >= 0`)
        .returning('balance')
        .executeTakeFirst();
      // Rolling back the transaction also drops the reference: a refused fund-out may be retried.
      if (!updated) throw new Refusal(transferVendorErrorCodes.insufficientFunds);
      return { reference: body.reference, status: 'SUCCESS' as const, balance: formatMinorUnits(updated.balance) };
    });
  };

  const handlers: { [C in TransferVendorCall]: (body: TransferVendorRequest<C>) => Promise<unknown> } = {
    player: async (body) => {
      await db
        .insertInto('player')
        .values({ player_id: body.playerId, currency: body.currency, created_at: new Date(options.now()) })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { playerId: body.playerId };
    },
    balance: async (body) => {
      const player = await findPlayer(body.playerId);
      return { balance: formatMinorUnits(player.balance), currency: player.currency };
    },
    'fund-in': (body) => move('IN', body),
    'fund-out': (body) => move('OUT', body),
    'transfer-status': async (body) => {
      // Asking about a reference we never saw burns it (a FAILED tombstone): it can no longer land late.
      await db
        .insertInto('transfer')
        .values({
          reference: body.reference,
          player_id: '',
          direction: 'IN',
          amount: 0n,
          status: 'FAILED',
          created_at: new Date(options.now()),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom('transfer')
        .select(['status', 'player_id'])
        .where('reference', '=', body.reference)
        .executeTakeFirstOrThrow();
      return { reference: body.reference, status: row.player_id === '' ? 'NOT_FOUND' : row.status };
    },
    'bet-records': async (body) => {
      // Cursor: `<settled at, epoch ms>:<round id>` of the last round sent; empty from the start.
      const [afterMs, afterRound] =
        body.cursor === ''
          ? [0, '']
          : [Number(body.cursor.slice(0, body.cursor.indexOf(':'))), body.cursor.slice(body.cursor.indexOf(':') + 1)];
      if (!Number.isSafeInteger(afterMs)) throw new Refusal(transferVendorErrorCodes.invalidRequest, 400);
      const rounds = await db
        .selectFrom('slot_round')
        .select([
          'round_id',
          'wallet_ref',
          'game_id',
          'total_bet',
          'total_win',
          'created_at',
          'settled_at',
          'server_seed_hash',
          'client_seed',
          'nonce',
        ])
        .where('status', '=', 'settled')
        .where('player_key', 'like', 'transfer:%')
        .where((eb) => eb(eb.refTuple('settled_at', 'round_id'), '>', eb.tuple(new Date(afterMs), afterRound)))
        .orderBy('settled_at')
        .orderBy('round_id')
        .limit(body.limit)
        .execute();
      const records = rounds.map((round) => ({
        roundId: round.round_id,
        playerId: round.wallet_ref.playerId,
        gameId: round.game_id,
        stake: round.total_bet.toString(),
        payout: round.total_win.toString(),
        betAt: round.created_at.getTime(),
        settledAt: round.settled_at!.getTime(),
        fairness: { serverSeedHash: round.server_seed_hash, clientSeed: round.client_seed, nonce: round.nonce },
      }));
      const last = rounds.at(-1);
      return { records, cursor: last ? `${last.settled_at!.getTime()}:${last.round_id}` : body.cursor };
    },
    launch: async (body) => {
      const player = await findPlayer(body.playerId);
      if (!isHouseGame(body.gameId)) throw new Refusal(transferVendorErrorCodes.gameUnknown, 404);
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('play_session')
        .values({
          token_hash: hashToken(token),
          player_id: body.playerId,
          game_id: body.gameId,
          language: body.language,
          expires_at: new Date(options.now() + playSessionTtlMs),
        })
        .execute();
      const url = new URL(`/play/${encodeURIComponent(body.gameId)}`, options.publicUrl);
      url.searchParams.set('token', token);
      url.searchParams.set('lang', body.language.toLowerCase());
      url.searchParams.set('currency', player.currency);
      // The page is titled with the platform's catalogue name, as the seamless launch does.
      if (body.gameName) url.searchParams.set('name', body.gameName);
      return { url: url.toString() };
    },
  };
}
