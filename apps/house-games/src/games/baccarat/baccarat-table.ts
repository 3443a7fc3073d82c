import { randomUUID } from 'node:crypto';
import { BACCARAT_BETS, dealBaccarat, settleBaccaratBet, type BaccaratBet, type BaccaratOutcome } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { HouseDatabase, WalletRef } from '../../db/schema.ts';
import { HouseError } from '../../http/house-error.ts';
import { WalletRefusal, WalletUnreachable, type PlayerWallet } from '../../wallets/player-wallet.ts';
import { publicSeeds, rotateSeeds, takeRoundSeeds, type PublicSeeds } from '../fair-seeds.ts';

/** How long each phase lasts. */
export interface TableTiming {
  bettingMs: number;
  dealingMs: number;
  resultMs: number;
}
export const defaultTiming: TableTiming = { bettingMs: 15_000, dealingMs: 5_000, resultMs: 5_000 };

/** A shoe: the table's server seed is revealed and replaced after this many rounds. */
export const roundsPerShoe = 60;
/** Stake limits per spot, minor units; chips the page offers. */
export const betLimits: { minMinor: number; maxMinor: number; chips: readonly number[] } = {
  minMinor: 1_000,
  maxMinor: 1_000_000,
  chips: [1_000, 5_000, 10_000, 50_000, 100_000],
};
const historyLength = 72;

export type TableEvent =
  | { type: 'state'; state: TableState }
  | { type: 'bets'; roundId: string; totals: Partial<Record<BaccaratBet, number>> };

export interface RoundView {
  roundId: string;
  roundNo: number;
  phase: 'betting' | 'dealing' | 'settled';
  bettingClosesAt: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Only once betting has closed. */
  outcome: BaccaratOutcome | null;
}

export interface TableState {
  tableId: string;
  gameId: string;
  round: RoundView | null;
  /** Latest rounds first: what the roads are drawn from. */
  history: Array<
    Pick<BaccaratOutcome, 'result' | 'playerPair' | 'bankerPair' | 'playerTotal' | 'bankerTotal'> & {
      roundNo: number;
      roundId: string;
    }
  >;
  seeds: PublicSeeds;
  limits: typeof betLimits;
  serverNow: number;
}

export interface TableDeps {
  db: Kysely<HouseDatabase>;
  now: () => number;
  walletOf: (ref: WalletRef) => PlayerWallet;
  tableId: string;
  gameId: string;
  timing?: TableTiming;
  /** False: nothing happens by itself; tests call `step()`. */
  autoRun?: boolean;
  onError?: (error: unknown) => void;
}

/** A bet the table refuses: answered 409 with its code (a HouseError, written by the app's error handler). */
export class BetRefused extends HouseError {
  constructor(readonly code: 'BETTING_CLOSED' | 'INVALID_BET') {
    super(409, code);
  }
}

type Round = {
  round_id: string;
  round_no: number;
  phase: 'betting' | 'dealing' | 'settled';
  betting_closes_at: Date;
  settled_at: Date | null;
  outcome: BaccaratOutcome;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
};

/**
 * A live baccarat table (README.md "Baccarat"): one round at a time, shared by everyone seated.
 * Betting window, then dealing (the outcome, dealt from the table's committed seeds when the round
 * opened, is revealed), then settlement: each player's bets are paid by one closing win call.
 * Every step is stored first, so a restarted process carries on where it stopped.
 */
export class BaccaratTable {
  private readonly listeners = new Set<(event: TableEvent) => void>();
  private readonly inFlightBets = new Map<string, Promise<unknown>>();
  private readonly timing: TableTiming;
  private timer: NodeJS.Timeout | null = null;
  private stepping: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: TableDeps) {
    this.timing = deps.timing ?? defaultTiming;
  }

  private get ownerKey() {
    return `table:${this.deps.tableId}`;
  }

  subscribe(listener: (event: TableEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: TableEvent) {
    for (const listener of this.listeners) listener(event);
  }

  async start(): Promise<void> {
    await this.step();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Moves the table one phase on, as far as time allows (serialised: one step at a time). */
  step(): Promise<void> {
    this.stepping = this.stepping.then(() => this.advance()).catch((error: unknown) => this.deps.onError?.(error));
    return this.stepping;
  }

  private async currentRound(): Promise<Round | undefined> {
    return this.deps.db
      .selectFrom('baccarat_round')
      .select([
        'round_id',
        'round_no',
        'phase',
        'betting_closes_at',
        'settled_at',
        'outcome',
        'server_seed_hash',
        'client_seed',
        'nonce',
      ])
      .where('table_id', '=', this.deps.tableId)
      .orderBy('round_no', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private async advance(): Promise<void> {
    const nowMs = this.deps.now();
    await this.payPending();
    const round = await this.currentRound();
    let next: number;
    if (!round || (round.phase === 'settled' && round.settled_at!.getTime() + this.timing.resultMs <= nowMs)) {
      const opened = await this.openRound(round?.round_no ?? 0);
      next = opened.betting_closes_at.getTime();
    } else if (round.phase === 'betting' && round.betting_closes_at.getTime() <= nowMs) {
      await this.closeBetting(round);
      next = nowMs + this.timing.dealingMs;
    } else if (round.phase === 'dealing' && round.betting_closes_at.getTime() + this.timing.dealingMs <= nowMs) {
      await this.settle(round);
      next = nowMs + this.timing.resultMs;
    } else {
      next =
        round.phase === 'betting'
          ? round.betting_closes_at.getTime()
          : round.phase === 'dealing'
            ? round.betting_closes_at.getTime() + this.timing.dealingMs
            : round.settled_at!.getTime() + this.timing.resultMs;
    }
    if (this.deps.autoRun !== false && !this.stopped) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.step(), Math.max(50, next - this.deps.now()));
    }
  }

  private async openRound(lastRoundNo: number): Promise<Round> {
    const seeds = await publicSeeds(this.deps.db, this.ownerKey);
    if (seeds.nextNonce >= roundsPerShoe) await rotateSeeds(this.deps.db, this.ownerKey, this.deps.now());
    const round = await this.deps.db.transaction().execute(async (trx) => {
      const taken = await takeRoundSeeds(trx, this.ownerKey);
      const nowMs = this.deps.now();
      return trx
        .insertInto('baccarat_round')
        .values({
          round_id: randomUUID(),
          table_id: this.deps.tableId,
          round_no: lastRoundNo + 1,
          server_seed_hash: taken.serverSeedHash,
          client_seed: taken.clientSeed,
          nonce: taken.nonce,
          outcome: JSON.stringify(dealBaccarat(taken)),
          phase: 'betting',
          betting_closes_at: new Date(nowMs + this.timing.bettingMs),
          created_at: new Date(nowMs),
        })
        .returning([
          'round_id',
          'round_no',
          'phase',
          'betting_closes_at',
          'settled_at',
          'outcome',
          'server_seed_hash',
          'client_seed',
          'nonce',
        ])
        .executeTakeFirstOrThrow();
    });
    await this.broadcast();
    return round;
  }

  private async closeBetting(round: Round): Promise<void> {
    // Waits for bet requests still inserting (they hold the round row's share lock).
    await this.deps.db
      .updateTable('baccarat_round')
      .set({ phase: 'dealing' })
      .where('round_id', '=', round.round_id)
      .where('phase', '=', 'betting')
      .execute();
    await this.broadcast();
  }

  /**
   * Works out what each player is owed and pays it. Bets whose wallet answer never came are first
   * awaited (in this process) or, after a restart, rolled back: the round goes on without them.
   */
  private async settle(round: Round): Promise<void> {
    const { db } = this.deps;
    const placing = await db
      .selectFrom('baccarat_bet')
      .select(['transaction_id', 'wallet_ref', 'amount'])
      .where('round_id', '=', round.round_id)
      .where('status', '=', 'placing')
      .execute();
    for (const bet of placing) {
      const running = this.inFlightBets.get(bet.transaction_id);
      if (running) {
        await running.catch(() => undefined);
        continue;
      }
      try {
        await this.deps.walletOf(bet.wallet_ref).rollback({
          roundId: round.round_id,
          transactionId: `${bet.transaction_id}:rollback`,
          referenceTransactionId: bet.transaction_id,
          amount: bet.amount,
        });
        await db
          .updateTable('baccarat_bet')
          .set({ status: 'rolled_back' })
          .where('transaction_id', '=', bet.transaction_id)
          .execute();
      } catch (error) {
        if (!(error instanceof WalletRefusal || error instanceof WalletUnreachable)) throw error;
        return; // Not settled yet: the next step tries again.
      }
    }
    const placed = await db
      .selectFrom('baccarat_bet')
      .select(['player_key', 'wallet_ref', 'bets'])
      .where('round_id', '=', round.round_id)
      .where('status', '=', 'placed')
      .execute();
    const owed = new Map<string, { ref: WalletRef; amount: number }>();
    for (const bet of placed) {
      const entry = owed.get(bet.player_key) ?? { ref: bet.wallet_ref, amount: 0 };
      for (const [spot, amount] of Object.entries(bet.bets) as Array<[BaccaratBet, number]>)
        entry.amount += settleBaccaratBet(spot, amount, round.outcome);
      owed.set(bet.player_key, entry);
    }
    await db.transaction().execute(async (trx) => {
      if (owed.size > 0) {
        await trx
          .insertInto('baccarat_payout')
          .values(
            [...owed].map(([playerKey, entry]) => ({
              round_id: round.round_id,
              player_key: playerKey,
              wallet_ref: JSON.stringify(entry.ref),
              amount: BigInt(entry.amount),
              status: 'pending' as const,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      await trx
        .updateTable('baccarat_round')
        .set({ phase: 'settled', settled_at: new Date(this.deps.now()) })
        .where('round_id', '=', round.round_id)
        .execute();
    });
    await this.payPending();
    await this.broadcast();
  }

  /** Pays every payout not yet paid (each by one idempotent closing win call; 0 closes a lost round). */
  private async payPending(): Promise<void> {
    const { db } = this.deps;
    const pending = await db
      .selectFrom('baccarat_payout')
      .innerJoin('baccarat_round', 'baccarat_round.round_id', 'baccarat_payout.round_id')
      .select([
        'baccarat_payout.round_id',
        'baccarat_payout.player_key',
        'baccarat_payout.wallet_ref',
        'baccarat_payout.amount',
        'baccarat_round.server_seed_hash',
        'baccarat_round.client_seed',
        'baccarat_round.nonce',
        'baccarat_round.outcome',
      ])
      .where('baccarat_round.table_id', '=', this.deps.tableId)
      .where('baccarat_payout.status', '=', 'pending')
      .limit(1_000)
      .execute();
    for (const payout of pending) {
      try {
        await this.deps.walletOf(payout.wallet_ref).win({
          roundId: payout.round_id,
          transactionId: `${payout.round_id}:${payout.player_key}:win`,
          amount: payout.amount,
          roundClosed: true,
          roundDetails: {
            serverSeedHash: payout.server_seed_hash,
            clientSeed: payout.client_seed,
            nonce: payout.nonce,
            outcome: JSON.stringify({
              result: payout.outcome.result,
              player: payout.outcome.playerTotal,
              banker: payout.outcome.bankerTotal,
            }),
          },
        });
        await db
          .updateTable('baccarat_payout')
          .set({ status: 'paid' })
          .where('round_id', '=', payout.round_id)
          .where('player_key', '=', payout.player_key)
          .execute();
      } catch (error) {
        if (!(error instanceof WalletRefusal || error instanceof WalletUnreachable)) throw error;
        this.deps.onError?.(error); // Left pending: the next step pays it.
      }
    }
  }

  /**
   * A player's bet on the current round, during its betting window: stored as `placing`, taken from
   * the wallet in one bet call, then `placed` (or `refused`, moving nothing).
   */
  async placeBet(
    wallet: PlayerWallet,
    roundId: string,
    bets: Partial<Record<BaccaratBet, number>>,
  ): Promise<{ balance: bigint; bets: Partial<Record<BaccaratBet, number>> }> {
    const spots = Object.entries(bets) as Array<[BaccaratBet, number]>;
    const valid =
      spots.length > 0 &&
      spots.every(
        ([spot, amount]) =>
          (BACCARAT_BETS as readonly string[]).includes(spot) &&
          Number.isSafeInteger(amount) &&
          amount >= betLimits.minMinor &&
          amount <= betLimits.maxMinor,
      );
    if (!valid) throw new BetRefused('INVALID_BET');
    const total = spots.reduce((sum, [, amount]) => sum + amount, 0);
    const transactionId = randomUUID();
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      const round = await trx
        .selectFrom('baccarat_round')
        .select(['phase', 'betting_closes_at'])
        .where('round_id', '=', roundId)
        .where('table_id', '=', this.deps.tableId)
        .forShare()
        .executeTakeFirst();
      if (!round || round.phase !== 'betting' || round.betting_closes_at.getTime() <= this.deps.now())
        throw new BetRefused('BETTING_CLOSED');
      // The spot limits count the player's earlier bets in this round too.
      const earlier = await this.myBets(roundId, wallet.playerKey, trx);
      for (const [spot, amount] of spots)
        if ((earlier[spot] ?? 0) + amount > betLimits.maxMinor) throw new BetRefused('INVALID_BET');
      await trx
        .insertInto('baccarat_bet')
        .values({
          transaction_id: transactionId,
          round_id: roundId,
          player_key: wallet.playerKey,
          wallet_ref: JSON.stringify(wallet.ref),
          bets: JSON.stringify(bets),
          amount: BigInt(total),
          status: 'placing',
          created_at: new Date(this.deps.now()),
        })
        .execute();
    });
    const taking = wallet.bet({ roundId, transactionId, amount: BigInt(total), roundClosed: false });
    this.inFlightBets.set(transactionId, taking);
    try {
      const balance = await taking;
      await db
        .updateTable('baccarat_bet')
        .set({ status: 'placed' })
        .where('transaction_id', '=', transactionId)
        .execute();
      this.emit({ type: 'bets', roundId, totals: await this.roundTotals(roundId) });
      return { balance, bets: await this.myBets(roundId, wallet.playerKey) };
    } catch (error) {
      if (error instanceof WalletRefusal)
        await db
          .updateTable('baccarat_bet')
          .set({ status: 'refused' })
          .where('transaction_id', '=', transactionId)
          .execute();
      throw error;
    } finally {
      this.inFlightBets.delete(transactionId);
    }
  }

  /** The player's bets in a round (those still being taken count: they may yet be placed). */
  async myBets(
    roundId: string,
    playerKey: string,
    db: Kysely<HouseDatabase> = this.deps.db,
  ): Promise<Partial<Record<BaccaratBet, number>>> {
    const rows = await db
      .selectFrom('baccarat_bet')
      .select('bets')
      .where('round_id', '=', roundId)
      .where('player_key', '=', playerKey)
      .where('status', 'in', ['placing', 'placed'])
      .execute();
    return sumBets(rows.map((row) => row.bets));
  }

  private async roundTotals(roundId: string) {
    const rows = await this.deps.db
      .selectFrom('baccarat_bet')
      .select('bets')
      .where('round_id', '=', roundId)
      .where('status', '=', 'placed')
      .execute();
    return sumBets(rows.map((row) => row.bets));
  }

  /** What every seated player sees: the round (its outcome only after betting), the history, the seeds. */
  async state(): Promise<TableState> {
    const { db } = this.deps;
    const [round, history, seeds] = await Promise.all([
      this.currentRound(),
      db
        .selectFrom('baccarat_round')
        .select(['round_id', 'round_no', 'outcome'])
        .where('table_id', '=', this.deps.tableId)
        .where('phase', '=', 'settled')
        .orderBy('round_no', 'desc')
        .limit(historyLength)
        .execute(),
      publicSeeds(db, this.ownerKey),
    ]);
    return {
      tableId: this.deps.tableId,
      gameId: this.deps.gameId,
      round: round
        ? {
            roundId: round.round_id,
            roundNo: round.round_no,
            phase: round.phase,
            bettingClosesAt: round.betting_closes_at.getTime(),
            serverSeedHash: round.server_seed_hash,
            clientSeed: round.client_seed,
            nonce: round.nonce,
            outcome: round.phase === 'betting' ? null : round.outcome,
          }
        : null,
      history: history.map((row) => ({
        roundId: row.round_id,
        roundNo: row.round_no,
        result: row.outcome.result,
        playerPair: row.outcome.playerPair,
        bankerPair: row.outcome.bankerPair,
        playerTotal: row.outcome.playerTotal,
        bankerTotal: row.outcome.bankerTotal,
      })),
      seeds,
      limits: betLimits,
      serverNow: this.deps.now(),
    };
  }

  private async broadcast(): Promise<void> {
    if (this.listeners.size === 0) return;
    this.emit({ type: 'state', state: await this.state() });
  }

  /** The player's paid amount of a settled round (what the page shows as the win). */
  async payoutOf(roundId: string, playerKey: string): Promise<bigint | null> {
    const row = await this.deps.db
      .selectFrom('baccarat_payout')
      .select('amount')
      .where('round_id', '=', roundId)
      .where('player_key', '=', playerKey)
      .executeTakeFirst();
    return row?.amount ?? null;
  }
}

function sumBets(list: ReadonlyArray<Partial<Record<BaccaratBet, number>>>): Partial<Record<BaccaratBet, number>> {
  const total: Partial<Record<BaccaratBet, number>> = {};
  for (const bets of list)
    for (const [spot, amount] of Object.entries(bets) as Array<[BaccaratBet, number]>)
      total[spot] = (total[spot] ?? 0) + amount;
  return total;
}
