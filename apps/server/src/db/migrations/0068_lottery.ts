import { sql, type Kysely } from 'kysely';

/**
 * The lottery's foundations (issue 18; modules/lottery README): its games and their draws. Betting,
 * settlement, limits and official results come in later migrations.
 *
 * `lottery_game`: one row per game. `kind` says who draws it: `house` (the fast e-lotteries, drawn
 * provably fair by the server every `draw_interval_seconds`, which divides a day so draws fall on the
 * same clock times every day) or `official` (Thai government, Lao, Hanoi, Vietnamese: the result is
 * entered or imported; no calendar yet, so they are seeded disabled). `lock_seconds`: bets close that
 * long before the draw (the original's `lockTime`). `prize_mode`: the original's prize modes (LOTT 1,
 * ZY 2, ELOTT 3, WS 4, SEA 5); `default_play_type`: Tradition 1, Entertainment 2; `game_group`: the
 * menu group the site lists it under.
 *
 * `lottery_draw`: one row per game and numero (the original's issue number, `YYYYMMDD-NNNN` in
 * Asia/Bangkok). A house draw carries its server seed (secret until drawn; only its SHA-256 is shown
 * before) and its public client seed; `result` is the family's LotteryResult once drawn. The unique
 * (game, numero) makes creating draws ahead idempotent; the status guard of the drawing UPDATE makes
 * drawing exactly-once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_game (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_]{2,40}$'),
      family text NOT NULL CHECK (family IN ('FAST5D', 'FAST3D', 'KENO', 'THAI_GOV', 'THAI_STYLE', 'LAO', 'VN_NORTH', 'VN_SOUTH')),
      name_th text NOT NULL CHECK (length(name_th) BETWEEN 1 AND 100),
      name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 100),
      kind text NOT NULL CHECK (kind IN ('house', 'official')),
      draw_interval_seconds integer CHECK (draw_interval_seconds > 0 AND 86400 % draw_interval_seconds = 0),
      lock_seconds integer NOT NULL CHECK (lock_seconds >= 0),
      prize_mode smallint NOT NULL CHECK (prize_mode BETWEEN 1 AND 5),
      default_play_type smallint NOT NULL CHECK (default_play_type IN (1, 2)),
      game_group text NOT NULL CHECK (length(game_group) BETWEEN 1 AND 40),
      live_video boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL,
      sort_order integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A house game draws on a schedule and only house families are drawn by the house.
      CONSTRAINT lottery_game_house_schedule CHECK (
        (kind = 'house') = (draw_interval_seconds IS NOT NULL)
        AND (kind = 'house') = (family IN ('FAST5D', 'FAST3D', 'KENO'))
        AND (draw_interval_seconds IS NULL OR lock_seconds < draw_interval_seconds)
      )
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_draw (
      id bigserial PRIMARY KEY,
      game_id integer NOT NULL REFERENCES lottery_game (id),
      numero text NOT NULL CHECK (numero ~ '^[0-9]{8}-[0-9]{3,5}$'),
      opens_at timestamptz NOT NULL,
      locks_at timestamptz NOT NULL,
      draws_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'locked', 'drawn', 'settled', 'cancelled')),
      -- House draws only: 64 hex characters, shown once drawn; its SHA-256 is shown from the start.
      server_seed text CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
      client_seed text CHECK (length(client_seed) BETWEEN 1 AND 64),
      result jsonb,
      drawn_at timestamptz,
      CONSTRAINT lottery_draw_key UNIQUE (game_id, numero),
      CONSTRAINT lottery_draw_times CHECK (opens_at <= locks_at AND locks_at <= draws_at),
      CONSTRAINT lottery_draw_seeds CHECK ((server_seed IS NULL) = (server_seed_hash IS NULL) AND (server_seed IS NULL) = (client_seed IS NULL)),
      CONSTRAINT lottery_draw_result CHECK (
        (result IS NULL) = (drawn_at IS NULL) AND (status IN ('drawn', 'settled')) <= (result IS NOT NULL)
      )
    )`.execute(db);
  // A game's draws by time: the current, next and previous numero, the latest result, the history.
  await sql`CREATE INDEX lottery_draw_game_draws_at_idx ON lottery_draw (game_id, draws_at)`.execute(db);
  // The scheduler's work: draws still to lock and to draw (a handful of rows among millions drawn).
  await sql`CREATE INDEX lottery_draw_to_lock_idx ON lottery_draw (locks_at) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX lottery_draw_to_draw_idx ON lottery_draw (draws_at) WHERE status IN ('open', 'locked')`.execute(
    db,
  );
  await sql`
    INSERT INTO lottery_game (code, family, name_th, name_en, kind, draw_interval_seconds, lock_seconds, prize_mode,
      default_play_type, game_group, enabled, sort_order)
    VALUES
      ('FAST5D_1M', 'FAST5D', 'หวยด่วน 5 ตัว 1 นาที', 'Fast 5D 1 minute', 'house', 60, 5, 3, 2, 'FAST5D', true, 10),
      ('FAST5D_3M', 'FAST5D', 'หวยด่วน 5 ตัว 3 นาที', 'Fast 5D 3 minutes', 'house', 180, 10, 3, 2, 'FAST5D', true, 20),
      ('FAST5D_5M', 'FAST5D', 'หวยด่วน 5 ตัว 5 นาที', 'Fast 5D 5 minutes', 'house', 300, 15, 3, 2, 'FAST5D', true, 30),
      ('FAST3D_5M', 'FAST3D', 'หวยไทยด่วน 5 นาที', 'Thai fast 3D 5 minutes', 'house', 300, 15, 3, 2, 'FAST3D', true, 40),
      ('KENO_2M', 'KENO', 'คีโน 2 นาที', 'Keno 2 minutes', 'house', 120, 10, 3, 2, 'KENO', true, 50),
      ('THAI_GOV', 'THAI_GOV', 'หวยรัฐบาลไทย', 'Thai government lottery', 'official', NULL, 1800, 1, 1, 'THAI', false, 110),
      ('LAO', 'LAO', 'หวยลาวพัฒนา', 'Lao Development lottery', 'official', NULL, 1800, 1, 1, 'LAO', false, 120),
      ('HANOI', 'THAI_STYLE', 'หวยฮานอย', 'Hanoi lottery', 'official', NULL, 1800, 5, 1, 'SEA', false, 130),
      ('VN_NORTH', 'VN_NORTH', 'หวยเวียดนามเหนือ', 'Vietnamese North lottery', 'official', NULL, 1800, 1, 1, 'VN', false, 140)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lottery_draw, lottery_game`.execute(db);
}
