import { sql, type Kysely } from 'kysely';

/**
 * Official lottery results (issue 18; modules/lottery/official README): the calendars of the official
 * games, results entered by two operators (four eyes) or imported, a deadline after which a draw
 * without a result is cancelled and refunded, and corrections that re-settle a draw.
 *
 * `lottery_official_schedule`: one row per official game. A Bangkok day is a draw day when its day of
 * the month is in `month_days` or its ISO weekday (1 Monday .. 7 Sunday) is in `weekdays`; the draw is
 * at `draw_time` Bangkok time (UTC+7 all year; Vietnam keeps the same offset), bets close the game's
 * `lock_seconds` before. Draws are created `days_ahead` days ahead. A draw still without a result
 * `result_deadline_seconds` after its time is cancelled and every bet refunded (status 12). Defaults,
 * from market-rules (sources disagree; all are data, not code):
 * - THAI_GOV: the 1st and 16th, 16:00, bets close 30 min before (sites close 15:25-15:30: 1.1). The
 *   dates move for holidays (30 Dec, 2 Jan, 17 Jan, 2 May, ...): `lottery_official_day_change`.
 *   Deadline one day: the government result is published the same evening, a late one still settles.
 * - LAO: Mon/Thu 20:30 (zone-dev, truthbetkub19; a Lao bot README says Mon/Wed/Fri: 1.6), bets close
 *   20:00; deadline 1 hour ("no result within 1 hour: all bets refunded", zone-dev).
 * - HANOI: daily 18:30 (the northern draw of ~18:15 complete; "ฮานอยปกติ" closes 18:00: 1.5);
 *   deadline 2 hours.
 * - VN_NORTH: daily 18:15 (XSMB: 2.1, original-programmes §2), bets close 17:45; deadline 2 hours.
 *
 * `lottery_official_day_change`: a scheduled draw day moved to another day (`draw_day`) or skipped
 * (`draw_day` null), for holidays. The numero is the day the draw really happens (`YYYYMMDD`).
 *
 * `lottery_game_setting.result_deadline_seconds`: a merchant's own, shorter deadline: its waiting
 * orders on a draw still without a result that long after the draw are refunded (status 12) while
 * the draw itself waits for the game's deadline (other merchants' bets may still settle).
 *
 * `lottery_result_entry`: one operator's entry of a draw's result (`purpose` result) or of a corrected
 * result of a drawn or settled draw (`purpose` correction), typed in or imported from a file
 * (`source`). A second operator confirms it by entering the same values without seeing the first
 * entry (blind double entry); one pending entry per draw at a time. Confirmed, the draw takes the
 * result (status drawn, and the loop settles it) or, for a correction, is re-settled at once.
 *
 * `lottery_result_correction_line`: what a confirmed correction changed for one member of the draw:
 * the member's win before and after, what was posted (`LOTTO-C-<entry>-<member>`, once) and what a
 * negative difference could not take back from the balance (recorded, never forced below zero).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_official_schedule (
      game_id integer PRIMARY KEY REFERENCES lottery_game (id),
      month_days smallint[] NOT NULL DEFAULT '{}' CHECK (month_days <@ '{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}'::smallint[]),
      weekdays smallint[] NOT NULL DEFAULT '{}' CHECK (weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
      draw_time time NOT NULL,
      days_ahead integer NOT NULL DEFAULT 14 CHECK (days_ahead BETWEEN 1 AND 60),
      result_deadline_seconds integer NOT NULL CHECK (result_deadline_seconds BETWEEN 600 AND 604800),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT lottery_official_schedule_days CHECK (cardinality(month_days) + cardinality(weekdays) > 0)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_official_day_change (
      game_id integer NOT NULL REFERENCES lottery_game (id),
      scheduled_day date NOT NULL,
      draw_day date,
      note text CHECK (length(note) <= 200),
      PRIMARY KEY (game_id, scheduled_day)
    )`.execute(db);
  await sql`ALTER TABLE lottery_game_setting ADD COLUMN result_deadline_seconds integer CHECK (result_deadline_seconds BETWEEN 600 AND 604800)`.execute(
    db,
  );
  await sql`
    CREATE TABLE lottery_result_entry (
      id bigserial PRIMARY KEY,
      draw_id bigint NOT NULL REFERENCES lottery_draw (id),
      purpose text NOT NULL CHECK (purpose IN ('result', 'correction')),
      result jsonb NOT NULL,
      source text NOT NULL CHECK (source IN ('manual', 'import')),
      status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected')),
      entered_by bigint NOT NULL REFERENCES operator (id),
      entered_merchant_id integer NOT NULL REFERENCES merchant (id),
      decided_by bigint REFERENCES operator (id),
      decision_reason text CHECK (length(decision_reason) BETWEEN 1 AND 500),
      previous_result jsonb,
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CONSTRAINT lottery_result_entry_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
      CONSTRAINT lottery_result_entry_four_eyes CHECK (decided_by IS NULL OR decided_by <> entered_by)
    )`.execute(db);
  // One entry waits per draw: a second operator confirms it or rejects it before another is entered.
  await sql`CREATE UNIQUE INDEX lottery_result_entry_pending_key ON lottery_result_entry (draw_id) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX lottery_result_entry_status_idx ON lottery_result_entry (status, id DESC)`.execute(db);
  await sql`
    CREATE TABLE lottery_result_correction_line (
      entry_id bigint NOT NULL REFERENCES lottery_result_entry (id),
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL REFERENCES member (id),
      old_win_minor bigint NOT NULL CHECK (old_win_minor >= 0),
      new_win_minor bigint NOT NULL CHECK (new_win_minor >= 0),
      posted_minor bigint NOT NULL,
      unrecovered_minor bigint NOT NULL CHECK (unrecovered_minor >= 0),
      PRIMARY KEY (entry_id, member_id)
    )`.execute(db);
  await sql`
    INSERT INTO lottery_official_schedule (game_id, month_days, weekdays, draw_time, result_deadline_seconds)
    SELECT g.id, s.month_days::smallint[], s.weekdays::smallint[], s.draw_time::time, s.deadline
    FROM lottery_game g
    JOIN (VALUES
      ('THAI_GOV', '{1,16}', '{}', '16:00', 86400),
      ('LAO', '{}', '{1,4}', '20:30', 3600),
      ('HANOI', '{}', '{1,2,3,4,5,6,7}', '18:30', 7200),
      ('VN_NORTH', '{}', '{1,2,3,4,5,6,7}', '18:15', 7200)
    ) AS s (code, month_days, weekdays, draw_time, deadline) ON s.code = g.code`.execute(db);
  await sql`UPDATE lottery_game SET enabled = true WHERE code IN ('THAI_GOV', 'LAO', 'HANOI', 'VN_NORTH')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE lottery_game SET enabled = false WHERE kind = 'official'`.execute(db);
  await sql`DROP TABLE lottery_result_correction_line, lottery_result_entry, lottery_official_day_change, lottery_official_schedule`.execute(
    db,
  );
  await sql`ALTER TABLE lottery_game_setting DROP COLUMN result_deadline_seconds`.execute(db);
}
