import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The house vendor's own tables, in schema `house_games` of the same PostgreSQL (a vendor keeps its
 * own books: the platform's tables are never read or written from here). Listed statically; never
 * edit a landed one.
 */
export const houseSchema = 'house_games';

export const migrations: Record<string, Migration> = {
  '0001_transfer_brand': {
    async up(db: Kysely<unknown>) {
      // The transfer brand's wallets: the money members moved in from the platform.
      await sql`
        CREATE TABLE house_games.player (
          player_id text PRIMARY KEY,
          currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
          balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
          created_at timestamptz NOT NULL
        )`.execute(db);
      // Every fund-in and fund-out by the platform's reference. FAILED rows are references the platform
      // asked about before they arrived: refused from then on, so a late request cannot land.
      await sql`
        CREATE TABLE house_games.transfer (
          reference text PRIMARY KEY,
          player_id text NOT NULL,
          direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
          amount bigint NOT NULL CHECK (amount >= 0),
          status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
          created_at timestamptz NOT NULL
        )`.execute(db);
      // Launch sessions of the transfer brand (the platform issues those of the seamless brand).
      await sql`
        CREATE TABLE house_games.play_session (
          token_hash text PRIMARY KEY,
          player_id text NOT NULL REFERENCES house_games.player (player_id),
          game_id text NOT NULL,
          language text NOT NULL,
          expires_at timestamptz NOT NULL
        )`.execute(db);
    },
  },
  '0002_games': {
    async up(db: Kysely<unknown>) {
      // Provably fair seeds of a player (slot) or a table (baccarat): the secret server seed, its
      // published hash, the client seed and the next nonce; the previous pair once rotated, revealed.
      await sql`
        CREATE TABLE house_games.fair_seed (
          owner_key text PRIMARY KEY,
          server_seed text NOT NULL,
          server_seed_hash text NOT NULL,
          client_seed text NOT NULL,
          nonce integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
          previous_server_seed text,
          previous_server_seed_hash text,
          rotated_at timestamptz
        )`.execute(db);
      // Slot rounds: the outcome is fixed (and stored) before the bet is sent; see games/slot/README.md.
      await sql`
        CREATE TABLE house_games.slot_round (
          round_id text PRIMARY KEY,
          player_key text NOT NULL,
          game_id text NOT NULL,
          -- What the wallet calls need to be repeated after a crash (a platform session token for the seamless brand).
          wallet_ref jsonb NOT NULL,
          bet_per_line bigint NOT NULL CHECK (bet_per_line > 0),
          total_bet bigint NOT NULL CHECK (total_bet > 0),
          total_win bigint NOT NULL CHECK (total_win >= 0),
          server_seed_hash text NOT NULL,
          client_seed text NOT NULL,
          nonce integer NOT NULL,
          outcome jsonb NOT NULL,
          status text NOT NULL CHECK (status IN ('open', 'bet_placed', 'settled', 'voided')),
          created_at timestamptz NOT NULL,
          settled_at timestamptz
        )`.execute(db);
      await sql`CREATE INDEX slot_round_player_idx ON house_games.slot_round (player_key, created_at DESC)`.execute(db);
      await sql`CREATE INDEX slot_round_unfinished_idx ON house_games.slot_round (created_at) WHERE status IN ('open', 'bet_placed')`.execute(
        db,
      );
      // Wallet calls of the transfer brand's games: idempotent by transaction id, like the platform's.
      await sql`
        CREATE TABLE house_games.wallet_transaction (
          transaction_id text PRIMARY KEY,
          player_id text NOT NULL REFERENCES house_games.player (player_id),
          kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
          amount bigint NOT NULL CHECK (amount >= 0),
          round_id text NOT NULL,
          created_at timestamptz NOT NULL
        )`.execute(db);
    },
  },
  '0003_baccarat': {
    async up(db: Kysely<unknown>) {
      // A table's rounds. The outcome is dealt from the table's committed seeds when the round opens
      // and kept hidden until betting closes; a round the process never finished is settled with it.
      await sql`
        CREATE TABLE house_games.baccarat_round (
          round_id text PRIMARY KEY,
          table_id text NOT NULL,
          round_no integer NOT NULL,
          server_seed_hash text NOT NULL,
          client_seed text NOT NULL,
          nonce integer NOT NULL,
          outcome jsonb NOT NULL,
          phase text NOT NULL CHECK (phase IN ('betting', 'dealing', 'settled')),
          betting_closes_at timestamptz NOT NULL,
          created_at timestamptz NOT NULL,
          settled_at timestamptz,
          UNIQUE (table_id, round_no)
        )`.execute(db);
      await sql`CREATE INDEX baccarat_round_open_idx ON house_games.baccarat_round (table_id) WHERE phase <> 'settled'`.execute(
        db,
      );
      // One row per bet request (a player may bet several times in a round): `placing` until the wallet answers.
      await sql`
        CREATE TABLE house_games.baccarat_bet (
          transaction_id text PRIMARY KEY,
          round_id text NOT NULL REFERENCES house_games.baccarat_round (round_id),
          player_key text NOT NULL,
          wallet_ref jsonb NOT NULL,
          bets jsonb NOT NULL,
          amount bigint NOT NULL CHECK (amount > 0),
          status text NOT NULL CHECK (status IN ('placing', 'placed', 'refused', 'rolled_back')),
          created_at timestamptz NOT NULL
        )`.execute(db);
      await sql`CREATE INDEX baccarat_bet_round_idx ON house_games.baccarat_bet (round_id, player_key)`.execute(db);
      // What each player is owed for a round, paid by one closing win call (0 for a loss).
      await sql`
        CREATE TABLE house_games.baccarat_payout (
          round_id text NOT NULL REFERENCES house_games.baccarat_round (round_id),
          player_key text NOT NULL,
          wallet_ref jsonb NOT NULL,
          amount bigint NOT NULL CHECK (amount >= 0),
          status text NOT NULL CHECK (status IN ('pending', 'paid')),
          PRIMARY KEY (round_id, player_key)
        )`.execute(db);
      await sql`CREATE INDEX baccarat_payout_pending_idx ON house_games.baccarat_payout (round_id) WHERE status = 'pending'`.execute(
        db,
      );
    },
  },
  '0004_round_feed': {
    async up(db: Kysely<unknown>) {
      // The transfer brand's feed of settled rounds (transfer-api `bet-records`), read in settlement order.
      await sql`CREATE INDEX slot_round_settled_feed_idx ON house_games.slot_round (settled_at, round_id) WHERE status = 'settled'`.execute(
        db,
      );
    },
  },
};
