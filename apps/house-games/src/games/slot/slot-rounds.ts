import { randomUUID } from 'node:crypto';
import { spinSlot, type SlotRound } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { HouseDatabase, WalletRef } from '../../db/schema.ts';
import { WalletRefusal, WalletUnreachable, type PlayerWallet } from '../../wallets/player-wallet.ts';
import { takeRoundSeeds } from '../fair-seeds.ts';

/** Line bets a player may choose (minor units); 20 lines, so a spin costs 1.00 to 100.00. */
export const slotBetsPerLine = [5, 10, 25, 50, 100, 250, 500] as const;

/** A round left unfinished this long (its request died) is finished by the recovery rule. */
export const unfinishedAfterMs = 30_000;

export interface PlayedRound {
  roundId: string;
  round: SlotRound;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  balance: bigint;
}

export interface SlotDeps {
  db: Kysely<HouseDatabase>;
  now: () => number;
  /** Reopens the wallet of a stored round (recovery after a crash or a lost answer). */
  walletOf: (ref: WalletRef) => PlayerWallet;
}

const betId = (roundId: string) => `${roundId}:bet`;
const winId = (roundId: string) => `${roundId}:win`;
const rollbackId = (roundId: string) => `${roundId}:rollback`;

/**
 * One paid spin (README.md "Rounds"): the outcome is fixed from the player's seeds and stored as
 * `open` before any money moves; then the bet, then the win (0 for a loss, to close the round).
 * If the bet is refused the round is `voided` and nothing moved. If an answer is lost the round stays
 * as it is, and `finishUnfinishedRounds` completes it by the documented rule.
 */
export async function playSlotRound(
  deps: SlotDeps,
  wallet: PlayerWallet,
  gameId: string,
  betPerLineMinor: number,
): Promise<PlayedRound> {
  const roundId = randomUUID();
  const started = await deps.db.transaction().execute(async (trx) => {
    const seeds = await takeRoundSeeds(trx, `slot:${wallet.playerKey}`);
    const round = spinSlot(seeds, betPerLineMinor);
    await trx
      .insertInto('slot_round')
      .values({
        round_id: roundId,
        player_key: wallet.playerKey,
        game_id: gameId,
        wallet_ref: JSON.stringify(wallet.ref),
        bet_per_line: BigInt(betPerLineMinor),
        total_bet: BigInt(round.totalBetMinor),
        total_win: BigInt(round.totalWinMinor),
        server_seed_hash: seeds.serverSeedHash,
        client_seed: seeds.clientSeed,
        nonce: seeds.nonce,
        outcome: JSON.stringify(round),
        status: 'open',
        created_at: new Date(deps.now()),
      })
      .execute();
    return {
      round,
      fairness: { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
    };
  });

  const details = {
    ...started.fairness,
    outcome: JSON.stringify({ stops: started.round.stops, freeSpins: started.round.freeSpins.length }),
  };
  try {
    await wallet.bet({
      roundId,
      transactionId: betId(roundId),
      amount: BigInt(started.round.totalBetMinor),
      roundDetails: details,
    });
  } catch (error) {
    // A refusal moved nothing: the round never happened. A lost answer is left to the recovery rule.
    if (error instanceof WalletRefusal) await markRound(deps, roundId, 'voided');
    throw error;
  }
  await markRound(deps, roundId, 'bet_placed');
  const balance = await wallet.win({
    roundId,
    transactionId: winId(roundId),
    amount: BigInt(started.round.totalWinMinor),
    roundClosed: true,
    roundDetails: details,
  });
  await markRound(deps, roundId, 'settled');
  return { roundId, ...started, balance };
}

async function markRound(deps: SlotDeps, roundId: string, status: 'bet_placed' | 'settled' | 'voided') {
  await deps.db
    .updateTable('slot_round')
    .set({ status, ...(status === 'bet_placed' ? {} : { settled_at: new Date(deps.now()) }) })
    .where('round_id', '=', roundId)
    .execute();
}

/**
 * The recovery rule for rounds whose request died: a round whose bet was taken (`bet_placed`) is
 * paid its stored win (the outcome was fixed before the bet, so finishing it is what the player was
 * owed); a round still `open` (the bet's answer was lost, so it may or may not have been taken) is
 * rolled back and voided: the platform refunds the bet if it took it, and refuses it if it arrives
 * late. Repeating any of these calls is harmless (same transaction ids).
 */
export async function finishUnfinishedRounds(
  deps: SlotDeps,
  options: { playerKey?: string; olderThanMs?: number } = {},
): Promise<{ settled: number; voided: number; failed: number }> {
  let query = deps.db
    .selectFrom('slot_round')
    .select(['round_id', 'wallet_ref', 'status', 'total_bet', 'total_win'])
    .where('status', 'in', ['open', 'bet_placed'])
    .where('created_at', '<', new Date(deps.now() - (options.olderThanMs ?? unfinishedAfterMs)));
  if (options.playerKey) query = query.where('player_key', '=', options.playerKey);
  const rounds = await query.orderBy('created_at').limit(500).execute();
  const report = { settled: 0, voided: 0, failed: 0 };
  for (const round of rounds) {
    const wallet = deps.walletOf(round.wallet_ref);
    try {
      if (round.status === 'bet_placed') {
        await wallet.win({
          roundId: round.round_id,
          transactionId: winId(round.round_id),
          amount: round.total_win,
          roundClosed: true,
        });
        await markRound(deps, round.round_id, 'settled');
        report.settled += 1;
      } else {
        await wallet.rollback({
          roundId: round.round_id,
          transactionId: rollbackId(round.round_id),
          referenceTransactionId: betId(round.round_id),
          amount: round.total_bet,
        });
        await markRound(deps, round.round_id, 'voided');
        report.voided += 1;
      }
    } catch (error) {
      if (!(error instanceof WalletRefusal || error instanceof WalletUnreachable)) throw error;
      report.failed += 1;
    }
  }
  return report;
}

/** The player's latest rounds, newest first (history panel and the restored round). */
export async function recentSlotRounds(db: Kysely<HouseDatabase>, playerKey: string, limit = 20) {
  return db
    .selectFrom('slot_round')
    .select([
      'round_id',
      'game_id',
      'total_bet',
      'total_win',
      'server_seed_hash',
      'client_seed',
      'nonce',
      'outcome',
      'status',
      'created_at',
    ])
    .where('player_key', '=', playerKey)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
