import type {
  AdminAnnouncement,
  AdminAnnouncementBody,
  AdminAnnouncementPreview,
  AdminBanner,
  AdminBannerBody,
} from '@lotus/contract';
import type { Selectable } from 'kysely';
import { sanitizeRichText } from '../content-admin/sanitize-rich-text.ts';
import type { ContentKind } from '../content-admin/versioned-rows.ts';
import type { AnnouncementTable, BannerTable } from '../site.tables.ts';

/** Announcements and banners as the back-office reads them, and how a body becomes their columns. */

const newCode = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));
/** A blank optional text is no text: the site then draws no subtitle or button. */
const textOrNull = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());

export const announcementKind: ContentKind<Selectable<AnnouncementTable>, AdminAnnouncement> = {
  table: 'announcement',
  auditName: 'site.announcement',
  toAdmin: (row) => ({
    id: row.id,
    version: row.version,
    code: row.code,
    type: row.type,
    titleTh: row.title_th,
    titleEn: row.title_en,
    contentTh: row.content_th,
    contentEn: row.content_en,
    imageUrl: row.image_url,
    isPinned: row.is_pinned,
    isPopup: row.is_popup,
    sort: row.sort,
    audience: row.audience,
    enabled: row.is_enabled,
    activeFrom: row.active_from?.getTime() ?? null,
    activeUntil: row.active_until?.getTime() ?? null,
    publishedAt: row.published_at.getTime(),
  }),
};

/** The columns of a saved body: rich text is sanitised here, so what is stored is safe wherever it is drawn. */
export const announcementValues = (body: AdminAnnouncementBody) => ({
  type: body.type,
  title_th: body.titleTh,
  title_en: body.titleEn,
  content_th: sanitizeRichText(body.contentTh),
  content_en: sanitizeRichText(body.contentEn),
  image_url: body.imageUrl,
  is_pinned: body.isPinned,
  is_popup: body.isPopup,
  sort: body.sort,
  audience: body.audience,
  is_enabled: body.enabled,
  active_from: dateOrNull(body.activeFrom),
  active_until: dateOrNull(body.activeUntil),
});

/** A new announcement is published now (its date on the site); its window decides when it shows. */
export const newAnnouncementValues = (body: AdminAnnouncementBody, nowMs: number) => ({
  ...announcementValues(body),
  code: newCode('ann'),
  published_at: new Date(nowMs),
});

export function previewAnnouncement(body: AdminAnnouncementBody): AdminAnnouncementPreview {
  const values = announcementValues(body);
  return {
    th: { title: values.title_th, content: values.content_th },
    en: { title: values.title_en, content: values.content_en },
    imageUrl: values.image_url,
  };
}

export const bannerKind: ContentKind<Selectable<BannerTable>, AdminBanner> = {
  table: 'banner',
  auditName: 'site.banner',
  toAdmin: (row) => ({
    id: row.id,
    version: row.version,
    code: row.code,
    groupName: row.group_name,
    titleTh: row.title_th,
    titleEn: row.title_en,
    subtitleTh: row.subtitle_th,
    subtitleEn: row.subtitle_en,
    buttonLabelTh: row.button_label_th,
    buttonLabelEn: row.button_label_en,
    imageUrl: row.image_url,
    linkUrl: row.link_url,
    sort: row.sort,
    enabled: row.is_enabled,
  }),
};

export const bannerValues = (body: AdminBannerBody) => ({
  group_name: body.groupName,
  title_th: body.titleTh,
  title_en: body.titleEn,
  subtitle_th: textOrNull(body.subtitleTh),
  subtitle_en: textOrNull(body.subtitleEn),
  button_label_th: textOrNull(body.buttonLabelTh),
  button_label_en: textOrNull(body.buttonLabelEn),
  image_url: body.imageUrl,
  link_url: body.linkUrl,
  sort: body.sort,
  is_enabled: body.enabled,
});

export const newBannerValues = (body: AdminBannerBody) => ({ ...bannerValues(body), code: newCode('banner') });
