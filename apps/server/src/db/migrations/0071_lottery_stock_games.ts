import { sql, type Kysely } from 'kysely';

/**
 * Stock-index lotteries (issue 18: "results from the closing values of indices such as SET, Nikkei,
 * Hang Seng, Dow Jones: 3 top and 2 top/bottom from the index's digits; results entered or
 * imported"). Four official Thai-style games (3 top, 2 bottom; prize mode SEA 5, play type Tradition
 * 1, menu group STOCK), each on the official calendar of 0070 (`lottery_official_schedule`): trading
 * days at the market's close in Bangkok time, bets closing 30 minutes before. The result is entered
 * (four eyes) or imported like any official result; its digits come from the index values with
 * @lotus/fair's `thaiStyleFromThaiStock` (SET) or `thaiStyleFromStockIndex` (the others).
 *
 * | game | index | draw days (Bangkok) | draw time (Bangkok) | why |
 * |---|---|---|---|---|
 * | STOCK_SET | SET, SET50 | Mon-Fri | 16:40 | SET closes 16:30 with a random close to about 16:35 |
 * | STOCK_NIKKEI | Nikkei 225 | Mon-Fri | 13:30 | Tokyo closes 15:30 JST (since November 2024) |
 * | STOCK_HANGSENG | Hang Seng | Mon-Fri | 15:10 | Hong Kong's closing auction ends by 16:10 HKT |
 * | STOCK_DOWJONES | Dow Jones | Tue-Sat | 03:00 | New York closes 16:00 ET = 04:00 Bangkok in winter, 03:00 in summer time |
 *
 * The Dow draws on the Bangkok morning after each New York trading day, hence Tuesday to Saturday. Its
 * draw time is the summer close, so bets close (02:30) before the close in both seasons; in winter the
 * result comes an hour after the draw time, well within the deadline. The calendar has one time per
 * game, so a season is a schedule row, not code.
 *
 * Deadline 6 hours: a market holiday has no close, so the draw is cancelled and refunded (status 12)
 * by the deadline, unless an operator skips the day beforehand (`lottery_official_day_change`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO lottery_game (code, family, name_th, name_en, kind, draw_interval_seconds, lock_seconds, prize_mode,
      default_play_type, game_group, enabled, sort_order)
    VALUES
      ('STOCK_SET', 'THAI_STYLE', 'หวยหุ้นไทย', 'Thai stock (SET) lottery', 'official', NULL, 1800, 5, 1, 'STOCK', true, 141),
      ('STOCK_NIKKEI', 'THAI_STYLE', 'หวยหุ้นนิเคอิ', 'Nikkei lottery', 'official', NULL, 1800, 5, 1, 'STOCK', true, 142),
      ('STOCK_HANGSENG', 'THAI_STYLE', 'หวยหุ้นฮั่งเส็ง', 'Hang Seng lottery', 'official', NULL, 1800, 5, 1, 'STOCK', true, 143),
      ('STOCK_DOWJONES', 'THAI_STYLE', 'หวยหุ้นดาวโจนส์', 'Dow Jones lottery', 'official', NULL, 1800, 5, 1, 'STOCK', true, 144)
  `.execute(db);
  await sql`
    INSERT INTO lottery_official_schedule (game_id, weekdays, draw_time, result_deadline_seconds)
    SELECT g.id, s.weekdays::smallint[], s.draw_time::time, 21600
    FROM lottery_game g
    JOIN (VALUES
      ('STOCK_SET', '{1,2,3,4,5}', '16:40'),
      ('STOCK_NIKKEI', '{1,2,3,4,5}', '13:30'),
      ('STOCK_HANGSENG', '{1,2,3,4,5}', '15:10'),
      ('STOCK_DOWJONES', '{2,3,4,5,6}', '03:00')
    ) AS s (code, weekdays, draw_time) ON s.code = g.code`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The game rows stay, disabled (draws and orders may refer to them); no new draws are created.
  await sql`DELETE FROM lottery_official_schedule WHERE game_id IN (SELECT id FROM lottery_game WHERE game_group = 'STOCK')`.execute(
    db,
  );
  await sql`UPDATE lottery_game SET enabled = false WHERE game_group = 'STOCK'`.execute(db);
}
