import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AnnouncementTable, BannerTable } from './site.tables.ts';

/**
 * The fingerprint of a demo row: a hash of exactly the columns the demo seed writes, read the same
 * way from the values the seed is about to write and from the row as it is now. While the two agree
 * nobody has edited the row since the seed wrote it (seed-demo-content.ts).
 */

export type SeededAnnouncementValues = Pick<
  Selectable<AnnouncementTable>,
  | 'type'
  | 'title_th'
  | 'title_en'
  | 'content_th'
  | 'content_en'
  | 'published_at'
  | 'is_pinned'
  | 'is_popup'
  | 'sort'
  | 'active_from'
  | 'active_until'
>;

export type SeededBannerValues = Pick<
  Selectable<BannerTable>,
  | 'group_name'
  | 'title_th'
  | 'title_en'
  | 'subtitle_th'
  | 'subtitle_en'
  | 'button_label_th'
  | 'button_label_en'
  | 'image_url'
  | 'link_url'
  | 'sort'
  | 'is_enabled'
>;

const hash = (values: unknown[]): string => createHash('sha256').update(JSON.stringify(values)).digest('hex');
const timeOf = (date: Date | null): number | null => (date === null ? null : date.getTime());

export function announcementFingerprint(row: SeededAnnouncementValues): string {
  return hash([
    row.type,
    row.title_th,
    row.title_en,
    row.content_th,
    row.content_en,
    timeOf(row.published_at),
    row.is_pinned,
    row.is_popup,
    row.sort,
    timeOf(row.active_from),
    timeOf(row.active_until),
  ]);
}

export function bannerFingerprint(row: SeededBannerValues): string {
  return hash([
    row.group_name,
    row.title_th,
    row.title_en,
    row.subtitle_th,
    row.subtitle_en,
    row.button_label_th,
    row.button_label_en,
    row.image_url,
    row.link_url,
    row.sort,
    row.is_enabled,
  ]);
}
