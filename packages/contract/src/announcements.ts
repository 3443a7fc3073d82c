import { z } from 'zod';
import { announcementTypeSchema } from './site.ts';

/* ------------------------------------------------------------------------------------------------
 * Announcements (spec §3: B, PL, PU popup, PR promotion, H) and banners in the back-office (issue 15,
 * permission `content.manage`). Same rules as the other site content (site-content.ts): ids are the
 * rows' numeric ids within the merchant, an update sends the version it read (a stale one is 409
 * `site.content.version.conflict`, nothing written), a delete sends `?version=`. Rich text is
 * sanitised by the server when saved. The site reads them through MCSFE_getListAnnouncements.
 * ---------------------------------------------------------------------------------------------- */

export const announcementPaths = {
  /** GET list, POST create. */
  adminAnnouncements: '/admin-api/site/announcements',
  /** PUT update (with `version`), DELETE `?version=`. */
  adminAnnouncementItem: '/admin-api/site/announcements/:id',
  /** POST: the body as the site would show it (rich text sanitised as a save would), nothing stored. */
  adminAnnouncementPreview: '/admin-api/site/announcements/preview',
  adminBanners: '/admin-api/site/banners',
  adminBannerItem: '/admin-api/site/banners/:id',
} as const;

/**
 * Who sees an announcement: every visitor, logged-in members only, or agents only (never on the public
 * site: only in the agent centre's announcement page, `agentAnnouncementsPath`). VIP levels come later
 * as more values.
 */
export const announcementAudiences = ['all', 'members', 'agents'] as const;
export const announcementAudienceSchema = z.enum(announcementAudiences);
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

/** Where a banner shows on the site. */
export const bannerGroups = ['home', 'w_login', 'w_register', 'w_announcement'] as const;
export const bannerGroupSchema = z.enum(bannerGroups);

/** Where a banner's button goes: a path of the site (/promotions) or an http(s) address; never javascript:. */
export const siteLinkSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/(?!\/)[^\s<>"']*|https?:\/\/[^\s<>"']+)$/i);

/** An image: a path of this site (/media/... from the upload, /art/...) or an http(s) address. */
const imageUrlSchema = siteLinkSchema;

const titleSchema = z.string().trim().min(1).max(200);
/** Rich text (HTML); what is stored is what the sanitiser keeps. */
const richTextSchema = z.string().max(20_000);
const shortTextSchema = z.string().trim().max(120);
const sortSchema = z.number().int().min(0).max(9999);
const versionSchema = z.number().int().min(1);
/** epoch ms; null: open on that side. */
const momentSchema = z.number().int().min(0).max(8_640_000_000_000).nullable();

const announcementFields = z.object({
  type: announcementTypeSchema,
  titleTh: titleSchema,
  titleEn: titleSchema,
  contentTh: richTextSchema,
  contentEn: richTextSchema,
  /** The art above the text (an address from the media upload), or null. */
  imageUrl: imageUrlSchema.nullable(),
  /** Shown first on the notice board. */
  isPinned: z.boolean(),
  /** Also opens as the popup when the site opens (type PU always does). */
  isPopup: z.boolean(),
  sort: sortSchema,
  audience: announcementAudienceSchema,
  enabled: z.boolean(),
  /** Shown only inside [activeFrom, activeUntil). */
  activeFrom: momentSchema,
  activeUntil: momentSchema,
});

const windowInOrder = (body: { activeFrom: number | null; activeUntil: number | null }, context: z.RefinementCtx) => {
  if (body.activeFrom !== null && body.activeUntil !== null && body.activeUntil <= body.activeFrom)
    context.addIssue({ code: 'custom', path: ['activeUntil'], message: 'after activeFrom' });
};

export const adminAnnouncementBodySchema = announcementFields.superRefine(windowInOrder);
export type AdminAnnouncementBody = z.infer<typeof adminAnnouncementBodySchema>;
export const adminAnnouncementUpdateSchema = announcementFields
  .extend({ version: versionSchema })
  .superRefine(windowInOrder);
export type AdminAnnouncementUpdate = z.infer<typeof adminAnnouncementUpdateSchema>;

export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  code: z.string(),
  type: announcementTypeSchema,
  titleTh: z.string(),
  titleEn: z.string(),
  contentTh: z.string(),
  contentEn: z.string(),
  imageUrl: z.string().nullable(),
  isPinned: z.boolean(),
  isPopup: z.boolean(),
  sort: z.number().int(),
  audience: announcementAudienceSchema,
  enabled: z.boolean(),
  activeFrom: z.number().nullable(),
  activeUntil: z.number().nullable(),
  /** epoch ms; when it was first published (its date on the site). */
  publishedAt: z.number(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/** The preview: both languages as the site would draw them. */
export const adminAnnouncementPreviewSchema = z.object({
  th: z.object({ title: z.string(), content: z.string() }),
  en: z.object({ title: z.string(), content: z.string() }),
  imageUrl: z.string().nullable(),
});
export type AdminAnnouncementPreview = z.infer<typeof adminAnnouncementPreviewSchema>;

const bannerFields = z.object({
  groupName: bannerGroupSchema,
  /** The headline drawn over the art (and its alternative text). */
  titleTh: titleSchema,
  titleEn: titleSchema,
  /** '' or null: no subtitle. */
  subtitleTh: shortTextSchema.nullable(),
  subtitleEn: shortTextSchema.nullable(),
  /** '' or null: no button. */
  buttonLabelTh: shortTextSchema.nullable(),
  buttonLabelEn: shortTextSchema.nullable(),
  imageUrl: imageUrlSchema,
  linkUrl: siteLinkSchema.nullable(),
  sort: sortSchema,
  enabled: z.boolean(),
});
export const adminBannerBodySchema = bannerFields;
export type AdminBannerBody = z.infer<typeof adminBannerBodySchema>;
export const adminBannerUpdateSchema = bannerFields.extend({ version: versionSchema });
export type AdminBannerUpdate = z.infer<typeof adminBannerUpdateSchema>;
export const adminBannerSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  code: z.string(),
  groupName: z.string(),
  titleTh: z.string(),
  titleEn: z.string(),
  subtitleTh: z.string().nullable(),
  subtitleEn: z.string().nullable(),
  buttonLabelTh: z.string().nullable(),
  buttonLabelEn: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
