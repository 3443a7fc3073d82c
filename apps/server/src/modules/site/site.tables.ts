import type { ColumnType, Generated } from 'kysely';
import type { AnnouncementAudience, AnnouncementType } from '@lotus/contract';

/**
 * Tables of the site's public content. Every row belongs to a merchant; `code` (or `tag`, `key`)
 * is the row's stable name within its merchant, which is what lets the seed run again without
 * adding duplicates and lets the back-office address a row by name.
 */

type CreatedAt = ColumnType<Date, never, never>;
type DefaultedBoolean = ColumnType<boolean, boolean | undefined, boolean>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type DefaultedVersion = ColumnType<number, number | undefined, number>;

export interface AnnouncementTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  type: AnnouncementType;
  title_th: string;
  title_en: string;
  /** HTML; the site sanitises it before drawing. */
  content_th: string;
  content_en: string;
  published_at: Date;
  is_pinned: DefaultedBoolean;
  /** Also shown as the popup when the site opens. */
  is_popup: DefaultedBoolean;
  sort: ColumnType<number, number | undefined, number>;
  /** Shown only inside [active_from, active_until); either end may be open. */
  active_from: NullableTimestamp;
  active_until: NullableTimestamp;
  created_at: CreatedAt;
  /** Hash of the values the demo seed last wrote; null on rows it did not write (seed-demo-content.ts). */
  seed_fingerprint: NullableText;
  /** Bumped by every operator save; a save names the version it read (migration 0039). */
  version: DefaultedVersion;
  /** Switched off: never shown. */
  is_enabled: DefaultedBoolean;
  /** Who sees it: every visitor, or logged-in members only. */
  audience: ColumnType<AnnouncementAudience, AnnouncementAudience | undefined, AnnouncementAudience>;
  /** The art drawn above the text (a /media/... address), or null. */
  image_url: NullableText;
}

export interface BannerTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  /** Where the banner shows: w_login, w_register, w_announcement, home. */
  group_name: string;
  /** The headline drawn over the art (and the image's alternative text). */
  title_th: string;
  title_en: string;
  /** A short line under the headline; null when the banner has none. */
  subtitle_th: NullableText;
  subtitle_en: NullableText;
  /** The button's text; the button goes to link_url. Null: no button. */
  button_label_th: NullableText;
  button_label_en: NullableText;
  image_url: string;
  link_url: string | null;
  sort: number;
  is_enabled: DefaultedBoolean;
  /** Hash of the values the demo seed last wrote; null on rows it did not write (seed-demo-content.ts). */
  seed_fingerprint: NullableText;
  /** Bumped by every operator save (migration 0039). */
  version: DefaultedVersion;
}

export interface HelpTopicTable {
  id: Generated<number>;
  merchant_id: number;
  /** Anchor of the topic: /help#{tag}. */
  tag: string;
  title_th: string;
  title_en: string;
  /** HTML; the site sanitises it before drawing. */
  content_th: string;
  content_en: string;
  sort: number;
  /** The category the article is listed under; null: under no heading. */
  category_id: ColumnType<number | null, number | null | undefined, number | null>;
  is_enabled: DefaultedBoolean;
  /** Raised by every operator save; a save naming an older one is refused (migration 0037). */
  version: DefaultedVersion;
}

/** Help centre categories (migration 0037): the headings articles are listed under. */
export interface HelpCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  title_th: string;
  title_en: string;
  sort: number;
  is_enabled: DefaultedBoolean;
  version: DefaultedVersion;
}

/** The home page's game lanes (migration 0037), in `sort` order. */
export interface HomeLaneTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  title_th: string;
  title_en: string;
  /** A game category code the lane keeps to; null: every category. */
  category: string | null;
  /** hot: the games flagged hot; picked: `game_ids` in that order. */
  source: 'hot' | 'picked';
  game_ids: string[];
  max_games: number;
  sort: number;
  is_enabled: DefaultedBoolean;
  version: DefaultedVersion;
}

export interface SiteResourceTable {
  id: Generated<number>;
  merchant_id: number;
  key: string;
  resource_type: string;
  label_name_en: string;
  label_th: string;
  label_en: string;
  url: string;
  qr_code_url: string | null;
  sort: number;
  is_enabled: DefaultedBoolean;
  version: DefaultedVersion;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  /** LIVECHAT, LINE, TELEGRAM, PHONE, EMAIL, FACEBOOK, WHATSAPP */
  type: string;
  label_th: string;
  label_en: string;
  url: string;
  is_vip: DefaultedBoolean;
  sort: number;
  is_enabled: DefaultedBoolean;
  version: DefaultedVersion;
}

export interface PartnerTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  logo_url: string;
  sort: number;
  is_enabled: DefaultedBoolean;
  version: DefaultedVersion;
}

export interface SiteTables {
  announcement: AnnouncementTable;
  banner: BannerTable;
  help_topic: HelpTopicTable;
  help_category: HelpCategoryTable;
  home_lane: HomeLaneTable;
  site_resource: SiteResourceTable;
  customer_service: CustomerServiceTable;
  partner: PartnerTable;
}
