import type { ColumnType, Generated } from 'kysely';
import type { GameCategory, WalletMode } from '@lotus/contract';

/**
 * Tables of the games catalogue. Every row belongs to a merchant, so each brand can rename, sort,
 * hide or price its own copy of a vendor's catalogue without touching another brand's.
 */

/** A top-navigation entry (spec §3 "Navigation item"). */
export interface GameCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  category: GameCategory;
  /** The original's game type for the entry (LIVE, RNG, LOTT, SPORTS, ...). */
  game_type: string;
  /** i18n key of the entry's name in the site's catalogues. */
  name_key: string;
  /** Site route the entry opens, e.g. `/live`. */
  page: string;
  en_name: string;
  /** numeric(6,2); pg hands numerics back as text, which is what the wire wants ("0.70"). */
  point_rate: ColumnType<string | null, string | null | undefined, string | null>;
  sort: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface GameVendorTable {
  id: Generated<number>;
  merchant_id: number;
  /** The vendor code (spec: vassalage). */
  vassalage: string;
  game_category: GameCategory;
  game_type: string;
  display_name_th: string;
  display_name_en: string;
  account_type_name: string;
  is_hot: ColumnType<boolean, boolean | undefined, boolean>;
  logo_kind: 'SV3' | 'N2' | 'SLOT';
  logo_url: string;
  wallet_mode: WalletMode;
  /** The integration (vendor_credential.vendor_code) serving this vendor's games; null: not connected (migration 0018). */
  integration_code: ColumnType<string | null, string | null | undefined, string | null>;
  sort: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** A planned maintenance window; launch refuses games of a vendor inside it (vendor_under_maintenance). */
  maintenance_start_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  maintenance_end_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Bumped by every operator save; a save that read another version is refused (migration 0040). */
  version: ColumnType<number, number | undefined, number>;
  /** 0-100: the share of this vendor's valid bets a withdrawal's turnover leaves out (migration 0040). */
  turnover_exclusion_pct: ColumnType<number, number | undefined, number>;
}

/** A vendor's maintenance window (migration 0040): one-off, or weekly in `time_zone`. */
export interface GameVendorMaintenanceTable {
  id: Generated<string>;
  merchant_id: number;
  vendor_id: number;
  kind: 'once' | 'weekly';
  starts_at: Date | null;
  ends_at: Date | null;
  /** 0 = Sunday .. 6 = Saturday. */
  weekday: number | null;
  /** Minutes of the day, 0-1439; the end 1-1440, at or before the start: runs past midnight. */
  start_minute: number | null;
  end_minute: number | null;
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface GameTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: string;
  /** The launch node (room or table) the vendor expects with the game id. */
  node_id: string;
  vassalage: string;
  /** Sub-type: live classes (BAC, ROU, ...) or RNG kinds (SC, VP, JP, TG, AC, BG). */
  game_classify: string | null;
  name_th: string;
  name_en: string;
  thumbnail_url: string;
  is_hot: ColumnType<boolean, boolean | undefined, boolean>;
  is_new: ColumnType<boolean, boolean | undefined, boolean>;
  min_bet_minor: ColumnType<string | bigint, bigint | string, bigint | string>;
  sort: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /**
   * Whether the integration connected to the vendor serves this game (migration 0028), kept in step by
   * `syncServedGames`; a connected vendor's unserved game is neither listed nor launchable. Ignored for
   * a vendor with no integration (README "Served games").
   */
  is_served: ColumnType<boolean, boolean | undefined, boolean>;
  /** Bumped by every operator save (migration 0040). */
  version: ColumnType<number, number | undefined, number>;
}

/** A member's favourite game (migration 0017). Adding twice is one row (unique member and game). */
export interface GameFavoriteTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  /** `game.id` of the member's own merchant. */
  game_row_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A game the member launched (migration 0017): one row per member and game, `played_at` the latest launch. */
export interface GameRecentTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  game_row_id: number;
  played_at: Date;
}

export interface GamesTables {
  game_category: GameCategoryTable;
  game_vendor: GameVendorTable;
  game_vendor_maintenance: GameVendorMaintenanceTable;
  game: GameTable;
  game_favorite: GameFavoriteTable;
  game_recent: GameRecentTable;
}
