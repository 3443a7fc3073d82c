import { gameErrorCodes, recentGamesLimit, type RecentGames } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { gameListItemOf, type MemberGamesContext } from './member-games.ts';
import { listRecentRows } from './member-games.queries.ts';

export interface RecentGamePlay {
  merchantId: number;
  memberId: bigint;
  /** The catalogue's game id (`game.game_id`) of the member's merchant. */
  gameId: string;
  playedAt: Date;
}

/**
 * Records that a member launched a game (for the launch call): one row per member and game,
 * holding the latest launch; a member keeps at most `recentGamesLimit` games, the oldest dropped.
 * A game id that is not the merchant's is refused 404 `game.unknown` (field `gameId`), as the launch
 * call checks it first. Takes the database or a transaction.
 */
export async function recordRecentGame(db: Kysely<Database>, play: RecentGamePlay): Promise<void> {
  const inserted = await db
    .insertInto('game_recent')
    .columns(['merchant_id', 'member_id', 'game_row_id', 'played_at'])
    .expression((eb) =>
      eb
        .selectFrom('game')
        .select([
          sql<number>`${play.merchantId}::integer`.as('merchant_id'),
          sql<bigint>`${play.memberId}::bigint`.as('member_id'),
          'game.id',
          sql<Date>`${play.playedAt}::timestamptz`.as('played_at'),
        ])
        .where('game.merchant_id', '=', play.merchantId)
        .where('game.game_id', '=', play.gameId),
    )
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'game_row_id'])
        .doUpdateSet({ played_at: sql<Date>`greatest(game_recent.played_at, excluded.played_at)` }),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError(404, gameErrorCodes.gameUnknown, { field: 'gameId', params: { field: 'gameId' } });
  // Keep the latest recentGamesLimit of the member's games.
  await db
    .deleteFrom('game_recent')
    .where('member_id', '=', play.memberId)
    .where('merchant_id', '=', play.merchantId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('game_recent')
        .select('id')
        .where('member_id', '=', play.memberId)
        .where('merchant_id', '=', play.merchantId)
        .orderBy('played_at', 'desc')
        .orderBy('id', 'desc')
        .limit(recentGamesLimit),
    )
    .execute();
}

/** GET GCS_recentGame: the member's playable recent games, latest first. */
export async function listRecentGames(context: MemberGamesContext): Promise<RecentGames> {
  const rows = await listRecentRows(context.db, context.merchant.id, context.memberId, recentGamesLimit);
  return {
    content: rows.map((row) => ({
      ...gameListItemOf(row, context.merchant, context.language),
      playedAt: row.played_at.getTime(),
    })),
  };
}
