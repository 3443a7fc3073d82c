import { sql, type Kysely } from 'kysely';

/**
 * The operators' catalogue (issue 15, modules/games README "Back-office"):
 * - `version` on `game_vendor` and `game`: every save sends the version it read; a stale one is refused
 *   (409 `games.version.conflict`) and nothing is overwritten.
 * - `game_vendor.turnover_exclusion_pct` (0-100): the share of this vendor's valid bets that does not count
 *   towards a withdrawal's turnover (e.g. 100 for a vendor whose games are low-risk hedging).
 * - `game_vendor_maintenance`: a vendor's maintenance windows, one-off (`starts_at`, `ends_at`) or weekly
 *   (`weekday` 0 = Sunday, `start_minute`..`end_minute` of the day in `time_zone`; an end at or before the
 *   start runs past midnight). Its rows feed the cached public lobby, so it gets the cache trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE game_vendor
    ADD COLUMN version integer NOT NULL DEFAULT 1,
    ADD COLUMN turnover_exclusion_pct smallint NOT NULL DEFAULT 0
      CONSTRAINT game_vendor_turnover_exclusion_pct_range CHECK (turnover_exclusion_pct BETWEEN 0 AND 100)`.execute(db);
  await sql`ALTER TABLE game ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`CREATE TABLE game_vendor_maintenance (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    merchant_id integer NOT NULL REFERENCES merchant (id),
    vendor_id integer NOT NULL REFERENCES game_vendor (id) ON DELETE CASCADE,
    kind text NOT NULL CONSTRAINT game_vendor_maintenance_kind CHECK (kind IN ('once', 'weekly')),
    starts_at timestamptz,
    ends_at timestamptz,
    weekday smallint CONSTRAINT game_vendor_maintenance_weekday CHECK (weekday BETWEEN 0 AND 6),
    start_minute smallint CONSTRAINT game_vendor_maintenance_start CHECK (start_minute BETWEEN 0 AND 1439),
    end_minute smallint CONSTRAINT game_vendor_maintenance_end CHECK (end_minute BETWEEN 0 AND 1440),
    time_zone text NOT NULL DEFAULT 'Asia/Bangkok',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT game_vendor_maintenance_shape CHECK (
      (kind = 'once' AND starts_at IS NOT NULL AND ends_at > starts_at AND weekday IS NULL)
      OR (kind = 'weekly' AND weekday IS NOT NULL AND start_minute IS NOT NULL AND end_minute IS NOT NULL
          AND start_minute <> end_minute AND starts_at IS NULL AND ends_at IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX game_vendor_maintenance_vendor_idx ON game_vendor_maintenance (merchant_id, vendor_id)`.execute(
    db,
  );
  await sql`CREATE TRIGGER game_vendor_maintenance_public_cache AFTER INSERT OR UPDATE OR DELETE ON game_vendor_maintenance
    FOR EACH ROW EXECUTE FUNCTION notify_cache_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE game_vendor_maintenance`.execute(db);
  await sql`ALTER TABLE game DROP COLUMN version`.execute(db);
  await sql`ALTER TABLE game_vendor DROP COLUMN version, DROP COLUMN turnover_exclusion_pct`.execute(db);
}
