import { sql, type Kysely } from 'kysely';

/**
 * Yee-Kee (จับยี่กี, issue 18; modules/lottery/yeekee README): a Thai-style game whose result members
 * compute themselves. Every 15 minutes a round; during it members "shoot" 5-digit numbers; at the draw
 * instant the result is the sum of the shots minus the 16th (`yeekeeResult` of @lotus/fair), and every
 * shot is listed publicly so anyone can recompute it.
 *
 * `lottery_game.kind` gets a third value, `yeekee`: drawn on a schedule like a house game (a draw
 * interval that divides a day, numeros `YYYYMMDD-NNNN`), but its result comes from the shots, not from
 * seeds, and its family is always THAI_STYLE (3 top, 2 bottom), so the draws carry no seeds. The
 * house-schedule constraint is rewritten to say so; house games keep exactly their old rule.
 *
 * `YEEKEE_15M`: every 900 s, bets close 60 s before the draw (shooting goes on until the draw instant,
 * as market-rules 1.8 has it: shooting continues after betting closes), prize mode SEA 5, play type
 * Tradition 1, menu group YEEKEE.
 *
 * `lottery_yeekee_shot`: one row per shot: the draw, the member, the 5 digits as text (leading zeros are
 * part of the number), `seq` its place in arrival order (1, 2, 3... without gaps: taken as max + 1 while
 * the shooter holds the draw row's lock, which the drawing also takes), created_at. Shots are never
 * updated or deleted: the list is the result's proof.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lottery_game DROP CONSTRAINT lottery_game_kind_check`.execute(db);
  await sql`ALTER TABLE lottery_game ADD CONSTRAINT lottery_game_kind_check CHECK (kind IN ('house', 'official', 'yeekee'))`.execute(
    db,
  );
  await sql`ALTER TABLE lottery_game DROP CONSTRAINT lottery_game_house_schedule`.execute(db);
  // House and Yee-Kee games draw on a schedule; only house families are drawn by the house; Yee-Kee is Thai-style.
  await sql`
    ALTER TABLE lottery_game ADD CONSTRAINT lottery_game_house_schedule CHECK (
      (kind IN ('house', 'yeekee')) = (draw_interval_seconds IS NOT NULL)
      AND (kind = 'house') = (family IN ('FAST5D', 'FAST3D', 'KENO'))
      AND (kind <> 'yeekee' OR family = 'THAI_STYLE')
      AND (draw_interval_seconds IS NULL OR lock_seconds < draw_interval_seconds)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_yeekee_shot (
      id bigserial PRIMARY KEY,
      draw_id bigint NOT NULL REFERENCES lottery_draw (id),
      seq integer NOT NULL CHECK (seq >= 1),
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL REFERENCES member (id),
      number text NOT NULL CHECK (number ~ '^[0-9]{5}$'),
      created_at timestamptz NOT NULL,
      CONSTRAINT lottery_yeekee_shot_seq_key UNIQUE (draw_id, seq)
    )`.execute(db);
  // The 5-second rule: a member's latest shot.
  await sql`CREATE INDEX lottery_yeekee_shot_member_idx ON lottery_yeekee_shot (member_id, created_at DESC)`.execute(db);
  await sql`
    INSERT INTO lottery_game (code, family, name_th, name_en, kind, draw_interval_seconds, lock_seconds, prize_mode,
      default_play_type, game_group, enabled, sort_order)
    VALUES ('YEEKEE_15M', 'THAI_STYLE', 'หวยยี่กี 15 นาที', 'Yee-Kee 15 minutes', 'yeekee', 900, 60, 5, 1, 'YEEKEE', true, 150)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lottery_yeekee_shot`.execute(db);
  // The game row stays, disabled (its draws and orders refer to it): the old rules come back NOT VALID.
  await sql`UPDATE lottery_game SET enabled = false WHERE kind = 'yeekee'`.execute(db);
  await sql`ALTER TABLE lottery_game DROP CONSTRAINT lottery_game_house_schedule`.execute(db);
  await sql`ALTER TABLE lottery_game DROP CONSTRAINT lottery_game_kind_check`.execute(db);
  await sql`
    ALTER TABLE lottery_game ADD CONSTRAINT lottery_game_house_schedule CHECK (
      (kind = 'house') = (draw_interval_seconds IS NOT NULL)
      AND (kind = 'house') = (family IN ('FAST5D', 'FAST3D', 'KENO'))
      AND (draw_interval_seconds IS NULL OR lock_seconds < draw_interval_seconds)
    ) NOT VALID`.execute(db);
  await sql`ALTER TABLE lottery_game ADD CONSTRAINT lottery_game_kind_check CHECK (kind IN ('house', 'official')) NOT VALID`.execute(
    db,
  );
}
