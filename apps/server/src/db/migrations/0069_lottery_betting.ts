import { sql, type Kysely } from 'kysely';

/**
 * Betting on the lottery (issue 18; modules/lottery README "Betting", "Settlement", "Limits").
 *
 * `lottery_game_setting`: a merchant's rules for one game: whether it sells it, the stake limits
 * (per order, per member and draw), the multiple and series allowed, the per-number payout limit and
 * what happens past it (`refuse`: LGS_BETTING_NUMBER_OVER_LIMITS; `reduce`: the number is taken at
 * half its odds), the maximum profit a member takes from one draw, and cancellation (allowed or not,
 * its fee in basis points). A game without a row is sold on the defaults below (the row is written on
 * first read), so there is one place they live.
 *
 * `lottery_number_rule`: an operator's rule for one number of one play of a game ("blocked
 * numbers"): closed, or its own payout limit; for every draw of the game or one draw.
 *
 * `lottery_chase`: one chase order: the same bet over the next draws, optionally stopping when one wins.
 *
 * `lottery_order`: one bet (the original's order detail): the draw, the play and its content as the
 * member sent it, its count, stake, multiple and series as the server priced them, the numbers taken
 * at reduced odds, its status (the original's codes: 2 waiting, 4 won, 5 lost, 6 stopped by the chase
 * after a win, 8 cancelled by the player, 12 refunded, no draw) and, once settled, its win. Its stake
 * is debited through the seamless wallet (vendor LTLOTTO, transaction `LOTTO-B-<id>`) in the same
 * transaction that writes it.
 *
 * `lottery_member_draw`: what a member has staked on a draw (the per-member limit is a conditional
 * update of it) and, once settled, what the draw paid them: the settlement's unit of payment (one win
 * call per row, transaction `LOTTO-W-<draw>-<member>`), so a rerun replays instead of paying twice.
 *
 * `lottery_exposure`: the merchant's book: per draw, play and number, the stakes taken and what the
 * house pays if that number wins. The per-number limit is a conditional update of it, taken under the
 * same transaction as the debit, so parallel bets never pass it.
 *
 * The numero pattern widens for official draws: a day alone (`20261201`) or a day and a province or
 * index code (`20261201-HN`), beside the house draws' `YYYYMMDD-NNNN`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lottery_draw DROP CONSTRAINT lottery_draw_numero_check`.execute(db);
  await sql`ALTER TABLE lottery_draw ADD CONSTRAINT lottery_draw_numero_check CHECK (numero ~ '^[0-9]{8}(-[0-9A-Z]{2,5})?$')`.execute(
    db,
  );
  await sql`
    CREATE TABLE lottery_game_setting (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      game_id integer NOT NULL REFERENCES lottery_game (id),
      enabled boolean NOT NULL DEFAULT true,
      min_stake_minor bigint NOT NULL DEFAULT 100 CHECK (min_stake_minor > 0),
      max_order_minor bigint NOT NULL DEFAULT 5000000 CHECK (max_order_minor > 0),
      max_member_draw_minor bigint NOT NULL DEFAULT 20000000 CHECK (max_member_draw_minor > 0),
      max_multiple integer NOT NULL DEFAULT 1000 CHECK (max_multiple BETWEEN 1 AND 100000),
      min_series integer NOT NULL DEFAULT 1800 CHECK (min_series BETWEEN 1 AND 2000),
      max_series integer NOT NULL DEFAULT 2000 CHECK (max_series BETWEEN 1 AND 2000),
      max_number_payout_minor bigint CHECK (max_number_payout_minor > 0),
      over_limit_mode text NOT NULL DEFAULT 'refuse' CHECK (over_limit_mode IN ('refuse', 'reduce')),
      max_profit_minor bigint CHECK (max_profit_minor > 0),
      allow_cancel boolean NOT NULL DEFAULT true,
      cancel_fee_bps integer NOT NULL DEFAULT 0 CHECK (cancel_fee_bps BETWEEN 0 AND 10000),
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, game_id),
      CONSTRAINT lottery_game_setting_series CHECK (min_series <= max_series),
      CONSTRAINT lottery_game_setting_stakes CHECK (min_stake_minor <= max_order_minor AND max_order_minor <= max_member_draw_minor)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_number_rule (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      game_id integer NOT NULL REFERENCES lottery_game (id),
      draw_id bigint REFERENCES lottery_draw (id),
      play_code text NOT NULL CHECK (play_code ~ '^[A-Z0-9_]{2,40}$'),
      number text NOT NULL CHECK (number ~ '^[0-9]{1,6}$'),
      closed boolean NOT NULL,
      max_payout_minor bigint CHECK (max_payout_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT lottery_number_rule_key UNIQUE NULLS NOT DISTINCT (merchant_id, game_id, draw_id, play_code, number),
      CONSTRAINT lottery_number_rule_kind CHECK (closed OR max_payout_minor IS NOT NULL)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_chase (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL REFERENCES member (id),
      game_id integer NOT NULL REFERENCES lottery_game (id),
      chase_no text NOT NULL CHECK (chase_no ~ '^[A-Z0-9]{6}$'),
      total_phases integer NOT NULL CHECK (total_phases BETWEEN 2 AND 120),
      stop_on_win boolean NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'won_stopped', 'completed', 'cancelled')),
      created_at timestamptz NOT NULL,
      CONSTRAINT lottery_chase_no_key UNIQUE (merchant_id, chase_no)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_order (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL REFERENCES member (id),
      draw_id bigint NOT NULL REFERENCES lottery_draw (id),
      game_id integer NOT NULL REFERENCES lottery_game (id),
      master_no text NOT NULL CHECK (master_no ~ '^[A-Z0-9]{6}$'),
      order_no text NOT NULL CHECK (order_no ~ '^[A-Z0-9]{6}-[0-9]{3}$'),
      chase_id bigint REFERENCES lottery_chase (id),
      play_id integer NOT NULL,
      play_code text NOT NULL,
      bet_content text NOT NULL CHECK (length(bet_content) BETWEEN 1 AND 2000),
      bet_num integer NOT NULL CHECK (bet_num > 0),
      stake_per_unit_minor bigint NOT NULL CHECK (stake_per_unit_minor > 0),
      multiple integer NOT NULL CHECK (multiple > 0),
      series integer NOT NULL CHECK (series BETWEEN 1 AND 2000),
      bet_amount_minor bigint NOT NULL CHECK (bet_amount_minor > 0),
      reduced_numbers text[] NOT NULL DEFAULT '{}',
      status smallint NOT NULL CHECK (status IN (2, 4, 5, 6, 8, 12)),
      win_amount_minor bigint CHECK (win_amount_minor >= 0),
      fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
      session_token_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      cancelled_at timestamptz,
      CONSTRAINT lottery_order_no_key UNIQUE (merchant_id, order_no),
      CONSTRAINT lottery_order_settled CHECK ((status IN (4, 5)) = (win_amount_minor IS NOT NULL))
    )`.execute(db);
  // The member's records, newest first; a draw's waiting orders (settlement, cancellation of a draw).
  await sql`CREATE INDEX lottery_order_member_idx ON lottery_order (member_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX lottery_order_draw_idx ON lottery_order (draw_id, member_id)`.execute(db);
  await sql`CREATE INDEX lottery_order_chase_idx ON lottery_order (chase_id) WHERE chase_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE lottery_member_draw (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL REFERENCES member (id),
      draw_id bigint NOT NULL REFERENCES lottery_draw (id),
      stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
      win_minor bigint CHECK (win_minor >= 0),
      settled_at timestamptz,
      PRIMARY KEY (draw_id, member_id)
    )`.execute(db);
  await sql`
    CREATE TABLE lottery_exposure (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      draw_id bigint NOT NULL REFERENCES lottery_draw (id),
      play_code text NOT NULL,
      number text NOT NULL,
      stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
      payout_minor bigint NOT NULL CHECK (payout_minor >= 0),
      PRIMARY KEY (merchant_id, draw_id, play_code, number)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lottery_exposure, lottery_member_draw, lottery_order, lottery_chase, lottery_number_rule, lottery_game_setting`.execute(
    db,
  );
  await sql`ALTER TABLE lottery_draw DROP CONSTRAINT lottery_draw_numero_check`.execute(db);
  await sql`ALTER TABLE lottery_draw ADD CONSTRAINT lottery_draw_numero_check CHECK (numero ~ '^[0-9]{8}-[0-9]{3,5}$')`.execute(
    db,
  );
}
