import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BetRecordStatus } from './bet-records.tables.ts';

/** A member's round as the back-office's member desk lists it. */
export interface DeskBet {
  id: bigint;
  firstBetAt: Date;
  vassalage: string;
  gameId: string;
  roundId: string;
  status: BetRecordStatus;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
}

/** The member's rounds, newest first, paged (bet_record_member_time_idx). Read only. */
export async function listMemberBetsForDesk(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ items: DeskBet[]; total: number }> {
  const base = db.selectFrom('bet_record').where('member_id', '=', memberId).where('merchant_id', '=', merchantId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'first_bet_at', 'vassalage', 'game_id', 'round_id', 'status', 'stake', 'valid_bet', 'payout'])
      .orderBy('first_bet_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstBetAt: row.first_bet_at,
      vassalage: row.vassalage,
      gameId: row.game_id,
      roundId: row.round_id,
      status: row.status,
      stakeMinor: row.stake,
      validBetMinor: row.valid_bet,
      payoutMinor: row.payout,
    })),
    total: Number(count.total),
  };
}
