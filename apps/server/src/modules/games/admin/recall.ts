import { createHash } from 'node:crypto';
import { formatMinorUnits, type AdminRecallRound } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findRoundRecords } from '../../bet-records/index.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import { listPostingTransfers } from '../../ledger/index.ts';
import { listRoundTransactions } from '../../seamless-wallet/index.ts';

/**
 * True when a revealed server seed hashes to the committed one (the house games' commitment: hex
 * SHA-256 of the seed's UTF-8 text, packages/fair `hashServerSeed`); null when there is nothing to check yet.
 */
export function fairnessVerified(fairness: Record<string, unknown> | null): boolean | null {
  const seed = fairness?.serverSeed;
  const hash = fairness?.serverSeedHash;
  if (typeof seed !== 'string' || typeof hash !== 'string') return null;
  return createHash('sha256').update(seed, 'utf8').digest('hex') === hash.trim().toLowerCase();
}

/**
 * The game recall (README "Back-office"): the merchant's rounds of any vendor whose round id is `id`,
 * or the round a seamless bet's transaction id `id` belongs to, each with its money calls' ledger
 * transfers and its fairness data. Another merchant's rounds are never found.
 */
export async function recallRounds(db: Kysely<Database>, merchantId: number, id: string): Promise<AdminRecallRound[]> {
  const transactions = await listRoundTransactions(db, merchantId, { roundIds: [id], transactionId: id });
  const roundIds = [...new Set([id, ...transactions.map((transaction) => transaction.roundId)])];
  const records = await findRoundRecords(
    db,
    merchantId,
    roundIds.map((roundId) => ({ roundId })),
  );
  if (records.length === 0) return [];
  const [transfers, members, games] = await Promise.all([
    listPostingTransfers(
      db,
      merchantId,
      transactions.flatMap((transaction) => (transaction.postingId === null ? [] : [transaction.postingId])),
    ),
    listMemberSummaries(db, merchantId, [...new Set(records.map((record) => record.memberId))]),
    db
      .selectFrom('game')
      .select(['vassalage', 'game_id', 'name_en'])
      .where('merchant_id', '=', merchantId)
      .where('game_id', 'in', [...new Set(records.map((record) => record.gameId))])
      .execute(),
  ]);
  const roundKey = (round: { vendorCode: string; roundId: string; memberId: bigint }) =>
    `${round.vendorCode}\u0000${round.roundId}\u0000${round.memberId}`;
  return records.map((record) => {
    const calls = transactions.filter((transaction) => roundKey(transaction) === roundKey(record));
    return {
      vendorCode: record.vendorCode,
      roundId: record.roundId,
      memberId: String(record.memberId),
      username: members.get(record.memberId)?.username ?? null,
      vassalage: record.vassalage,
      gameId: record.gameId,
      gameName:
        games.find((game) => game.vassalage === record.vassalage && game.game_id === record.gameId)?.name_en ?? null,
      status: record.status,
      stake: formatMinorUnits(record.stakeMinor),
      validBet: formatMinorUnits(record.validBetMinor),
      payout: formatMinorUnits(record.payoutMinor),
      betCount: record.betCount,
      firstBetAt: record.firstBetAt.getTime(),
      settledAt: record.settledAt?.getTime() ?? null,
      fairness: record.fairness,
      fairnessVerified: fairnessVerified(record.fairness),
      postings: calls.flatMap((call) =>
        transfers
          .filter((transfer) => transfer.postingId === call.postingId)
          .map((transfer) => ({
            transactionId: call.transactionId,
            transactionKind: call.kind,
            transferId: String(transfer.transferId),
            kind: transfer.kind,
            fromAccount: transfer.fromAccount,
            toAccount: transfer.toAccount,
            amount: formatMinorUnits(transfer.amountMinor),
            at: transfer.createdAt.getTime(),
          })),
      ),
    };
  });
}
