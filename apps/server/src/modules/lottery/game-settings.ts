import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LotteryGameSettingTable } from './lottery.tables.ts';

export type LotteryGameSetting = Selectable<LotteryGameSettingTable>;

/**
 * A merchant's rules for one game. A game nobody has set yet is sold on the table's defaults
 * (migration 0069): the row is written with them on first read, so the defaults live in one place
 * and an operator's later change is a plain update of a row that exists.
 */
export async function findGameSetting(
  db: Kysely<Database> | Transaction<Database>,
  merchantId: number,
  gameId: number,
): Promise<LotteryGameSetting> {
  const read = () =>
    db
      .selectFrom('lottery_game_setting')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
  const found = await read();
  if (found) return found;
  await db
    .insertInto('lottery_game_setting')
    .values({ merchant_id: merchantId, game_id: gameId })
    .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doNothing())
    .execute();
  return (await read())!;
}

/** The numbers an operator closed for every draw of the game (`PLAY_CODE:number`), and those of one draw. */
export async function listClosedNumbers(
  db: Kysely<Database> | Transaction<Database>,
  merchantId: number,
  gameId: number,
  drawId: bigint | null,
): Promise<string[]> {
  let query = db
    .selectFrom('lottery_number_rule')
    .select(['play_code', 'number'])
    .where('merchant_id', '=', merchantId)
    .where('game_id', '=', gameId)
    .where('closed', '=', true);
  query =
    drawId === null
      ? query.where('draw_id', 'is', null)
      : query.where((eb) => eb.or([eb('draw_id', 'is', null), eb('draw_id', '=', drawId)]));
  const rows = await query.orderBy('play_code').orderBy('number').execute();
  return rows.map((row) => `${row.play_code}:${row.number}`);
}
