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
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { HouseDatabase } from '../db/schema.ts';
import { HouseError } from '../http/house-error.ts';
import type { HouseAppInstance } from '../http/types.ts';
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

/** The protocol's refusals: a definite answer (the call did not take effect), 409 unless said otherwise. */
const refusal = (errorCode: string, statusCode = 409) => new HouseError(statusCode, errorCode);

/** An unknown call is answered 404 INVALID_REQUEST (route `config.invalid`), before the signature is checked. */
const paramsSchema = z.object({ call: z.enum(transferVendorCalls) });

/**
 * The transfer brand's side of the transfer-wallet protocol (packages/contract/src/transfer-vendor.ts):
 * `POST /transfer-api/{call}`, signed by the platform. The brand keeps each player's money itself;
 * every fund-in and fund-out is recorded under the platform's reference, so a repeat answers the same
 * and a status query can tell what happened.
 */
export async function transferApi(app: HouseAppInstance, options: TransferApiOptions): Promise<void> {
  const { db } = options;
  // Signatures are over the exact bytes: keep the body as text until it is verified.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
    done(null, body),
  );

  // The body is the contract's request schema of the call (transferVendorRequestSchemas), checked in
  // the handler rather than as the route's body schema: the signature is over the raw text and is
  // checked first, so an unsigned body is refused as such before anything reads it.
  app.post(
    '/transfer-api/:call',
    {
      schema: { params: paramsSchema },
      config: { invalid: { statusCode: 404, errorCode: transferVendorErrorCodes.invalidRequest } },
    },
    async (request) => {
      const { call } = request.params;
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!signatureMatches(options.secret, raw, request.headers['x-signature'] as string | undefined))
        throw refusal(transferVendorErrorCodes.invalidSignature, 401);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw refusal(transferVendorErrorCodes.invalidRequest, 400);
      }
      const parsed = transferVendorRequestSchemas[call].safeParse(json);
      if (!parsed.success) throw refusal(transferVendorErrorCodes.invalidRequest, 400);
      if (Math.abs(parsed.data.timestamp - options.now()) > maxClockSkewMs)
        throw refusal(transferVendorErrorCodes.staleRequest, 400);
      return { success: true, value: await handlers[call](parsed.data as never) };
    },
  );

  const findPlayer = async (playerId: string) => {
    const player = await db
      .selectFrom('player')
      .select(['player_id', 'balance', 'currency'])
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    if (!player) throw refusal(transferVendorErrorCodes.playerNotFound, 404);
    return player;
  };

  /** Fund-in or fund-out under a reference, once: the reference's row and the balance change commit together. */
  const move = async (direction: 'IN' | 'OUT', body: TransferVendorRequest<'fund-in'>) => {
    const amount = parseAmount(body.amount);
    if (amount === null || amount <= 0n) throw refusal(transferVendorErrorCodes.invalidRequest, 400);
    const player = await findPlayer(body.playerId);
    if (player.currency !== body.currency) throw refusal(transferVendorErrorCodes.invalidRequest, 400);
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
        if (!same) throw refusal(transferVendorErrorCodes.duplicateReference);
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
      if (!updated) throw refusal(transferVendorErrorCodes.insufficientFunds);
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
      if (!Number.isSafeInteger(afterMs)) throw refusal(transferVendorErrorCodes.invalidRequest, 400);
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
      if (!isHouseGame(body.gameId)) throw refusal(transferVendorErrorCodes.gameUnknown, 404);
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
