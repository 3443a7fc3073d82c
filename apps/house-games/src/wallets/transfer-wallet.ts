import { sql, type Kysely } from 'kysely';
import type { HouseDatabase, WalletRef } from '../db/schema.ts';
import { playerKeyOf, WalletRefusal, type PlayerWallet, type WalletMove } from './player-wallet.ts';

/**
 * The transfer brand's wallet: the balance this vendor keeps (moved in and out by the platform's
 * fund-in and fund-out). Each move is one transaction with its idempotency row; a repeat answers the
 * current balance without moving anything.
 */
export function transferWallet(
  db: Kysely<HouseDatabase>,
  ref: Extract<WalletRef, { brand: 'transfer' }>,
  now: () => number,
): PlayerWallet {
  const balance = async () => {
    const player = await db
      .selectFrom('player')
      .select('balance')
      .where('player_id', '=', ref.playerId)
      .executeTakeFirst();
    if (!player) throw new WalletRefusal('PLAYER_NOT_FOUND');
    return player.balance;
  };
  const move =
    (kind: 'bet' | 'win' | 'rollback', change: (amount: bigint) => bigint) =>
    async (input: WalletMove & { referenceTransactionId?: string }) =>
      db.transaction().execute(async (trx) => {
        let amount = input.amount;
        if (kind === 'rollback') {
          // A rollback refunds its bet (if that bet was taken), whatever amount it names.
          const bet = await trx
            .selectFrom('wallet_transaction')
            .select('amount')
            .where('transaction_id', '=', input.referenceTransactionId!)
            .where('kind', '=', 'bet')
            .executeTakeFirst();
          amount = bet?.amount ?? 0n;
        }
        const inserted = await trx
          .insertInto('wallet_transaction')
          .values({
            transaction_id: input.transactionId,
            player_id: ref.playerId,
            kind,
            amount,
            round_id: input.roundId,
            created_at: new Date(now()),
          })
          .onConflict((oc) => oc.doNothing())
          .returning('transaction_id')
          .executeTakeFirst();
        if (!inserted || amount === 0n) {
          const player = await trx
            .selectFrom('player')
            .select('balance')
            .where('player_id', '=', ref.playerId)
            .executeTakeFirstOrThrow();
          return player.balance;
        }
        const delta = change(amount);
        const updated = await trx
          .updateTable('player')
          .set({ balance: sql<bigint>`balance + ${delta}` })
          .where('player_id', '=', ref.playerId)
          .where(sql<boolean>`balance + ${delta} >= 0`)
          .returning('balance')
          .executeTakeFirst();
        if (!updated) throw new WalletRefusal('INSUFFICIENT_FUNDS', await balance());
        return updated.balance;
      });
  return {
    ref,
    playerKey: playerKeyOf(ref),
    balance,
    bet: move('bet', (amount) => -amount),
    win: move('win', (amount) => amount),
    rollback: move('rollback', (amount) => amount),
  };
}
