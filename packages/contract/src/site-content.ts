import { z } from 'zod';
import { gameCardSchema, gameCategorySchema } from './site.ts';

/* ------------------------------------------------------------------------------------------------
 * The site's content in the back-office (issue 15, permission `content.manage`): customer-service
 * channels, app download links and their QR, partner logos, the help centre (categories and
 * articles) and the home page's game lanes. Every row is edited with the version the operator read
 * (a stale one is refused 409, nothing written); ids are the rows' numeric ids within the merchant.
 * The public reads of these rows are the site's existing calls (whitelabel, status, helpCenter) and
 * GET /wps/system/homeLanes.
 * ---------------------------------------------------------------------------------------------- */

// In a module of its own: the home page reads its lanes by this path, and importing this file would
// bring every schema below (and zod) into the home page's JavaScript.
export { siteContentPaths } from './site-content-paths.ts';

export const siteContentErrorCodes = {
  /** The row changed since the operator read it (409); nothing was written. `value.version` is the current one. */
  versionConflict: 'site.content.version.conflict',
  /** Another row of the merchant already has this code, tag or key (409, field named). */
  codeTaken: 'site.content.code.taken',
  /** A help category still has articles (409): move or delete them first. */
  categoryInUse: 'site.content.category.in.use',
  /** A picked lane names a game the merchant does not list (400, field `gameIds`). */
  gameUnknown: 'site.content.game.unknown',
} as const;
export type SiteContentErrorCode = (typeof siteContentErrorCodes)[keyof typeof siteContentErrorCodes];

export const customerServiceTypes = ['LIVECHAT', 'LINE', 'TELEGRAM', 'PHONE', 'EMAIL', 'FACEBOOK', 'WHATSAPP'] as const;
export const customerServiceTypeSchema = z.enum(customerServiceTypes);
export type CustomerServiceType = z.infer<typeof customerServiceTypeSchema>;

/** A link the site may follow: http(s) only (never javascript:, data: or another scheme). */
const webLinkSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s<>"']+$/i);
/** An image: a path of this site (/media/..., /art/...) or an http(s) address. */
const imageUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/(?!\/)[^\s<>"']*|https?:\/\/[^\s<>"']+)$/i);
/** A stable name within the merchant: used in the site's addresses (/help#tag) and by the seed. */
const codeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9_-]*$/);
const labelSchema = z.string().trim().min(1).max(80);
const sortSchema = z.number().int().min(0).max(9999);
const versionSchema = z.number().int().min(1);

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const adminVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Every edited row answers its id and version; an update sends the version it read. */
const rowBase = { id: z.number().int(), version: z.number().int(), sort: z.number().int(), enabled: z.boolean() };
const withVersion = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ version: versionSchema });

/* Customer service ------------------------------------------------------------------------------ */

/**
 * A channel: the link or number is checked by type: PHONE a number (digits, spaces, +, -), EMAIL an
 * address, every other type an http(s) link.
 */
export const adminCustomerServiceBodySchema = z
  .object({
    type: customerServiceTypeSchema,
    labelTh: labelSchema,
    labelEn: labelSchema,
    url: z.string().trim().min(1).max(500),
    isVip: z.boolean(),
    sort: sortSchema,
    enabled: z.boolean(),
  })
  .superRefine((body, context) => {
    const valid =
      body.type === 'PHONE'
        ? /^\+?[0-9][0-9 -]{5,19}$/.test(body.url)
        : body.type === 'EMAIL'
          ? z.email().safeParse(body.url).success
          : webLinkSchema.safeParse(body.url).success;
    if (!valid) context.addIssue({ code: 'custom', path: ['url'], message: 'format' });
  });
export type AdminCustomerServiceBody = z.infer<typeof adminCustomerServiceBodySchema>;
export const adminCustomerServiceUpdateSchema = adminCustomerServiceBodySchema.and(
  z.object({ version: versionSchema }),
);
export type AdminCustomerServiceUpdate = z.infer<typeof adminCustomerServiceUpdateSchema>;
export const adminCustomerServiceSchema = z.object({
  ...rowBase,
  code: z.string(),
  type: customerServiceTypeSchema,
  labelTh: z.string(),
  labelEn: z.string(),
  url: z.string(),
  isVip: z.boolean(),
});
export type AdminCustomerService = z.infer<typeof adminCustomerServiceSchema>;

/* App download links and other site resources ---------------------------------------------------- */

export const adminResourceBodySchema = z.object({
  key: codeSchema,
  /** APP_IOS, APP_ANDROID, ...: what the site draws it as. */
  resourceType: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Z0-9_]+$/),
  labelTh: labelSchema,
  labelEn: labelSchema,
  url: webLinkSchema,
  /** An uploaded QR image; null: the server draws the QR of `url`. */
  qrImageUrl: imageUrlSchema.nullable(),
  sort: sortSchema,
  enabled: z.boolean(),
});
export type AdminResourceBody = z.infer<typeof adminResourceBodySchema>;
export const adminResourceUpdateSchema = withVersion(adminResourceBodySchema);
export type AdminResourceUpdate = z.infer<typeof adminResourceUpdateSchema>;
export const adminResourceSchema = z.object({
  ...rowBase,
  key: z.string(),
  resourceType: z.string(),
  labelTh: z.string(),
  labelEn: z.string(),
  url: z.string(),
  qrImageUrl: z.string().nullable(),
  /** What the site shows: the uploaded image, or the QR drawn from the link (a data: URL). */
  qrCodeUrl: z.string().nullable(),
});
export type AdminResource = z.infer<typeof adminResourceSchema>;

/* Partners ---------------------------------------------------------------------------------------- */

export const adminPartnerBodySchema = z.object({
  name: labelSchema,
  logoUrl: imageUrlSchema,
  sort: sortSchema,
  enabled: z.boolean(),
});
export type AdminPartnerBody = z.infer<typeof adminPartnerBodySchema>;
export const adminPartnerUpdateSchema = withVersion(adminPartnerBodySchema);
export type AdminPartnerUpdate = z.infer<typeof adminPartnerUpdateSchema>;
export const adminPartnerSchema = z.object({ ...rowBase, code: z.string(), name: z.string(), logoUrl: z.string() });
export type AdminPartner = z.infer<typeof adminPartnerSchema>;

/* Help centre ------------------------------------------------------------------------------------- */

export const adminHelpCategoryBodySchema = z.object({
  code: codeSchema,
  titleTh: labelSchema,
  titleEn: labelSchema,
  sort: sortSchema,
  enabled: z.boolean(),
});
export type AdminHelpCategoryBody = z.infer<typeof adminHelpCategoryBodySchema>;
export const adminHelpCategoryUpdateSchema = withVersion(adminHelpCategoryBodySchema);
export type AdminHelpCategoryUpdate = z.infer<typeof adminHelpCategoryUpdateSchema>;
export const adminHelpCategorySchema = z.object({
  ...rowBase,
  code: z.string(),
  titleTh: z.string(),
  titleEn: z.string(),
  articleCount: z.number().int(),
});
export type AdminHelpCategory = z.infer<typeof adminHelpCategorySchema>;

/** Article HTML: the server sanitises it on save (allowed tags only, no script, handlers or javascript: links). */
const richTextSchema = z.string().trim().min(1).max(50_000);

export const adminHelpArticleBodySchema = z.object({
  /** The anchor of the article on the site: /help#tag. */
  tag: codeSchema,
  categoryId: z.number().int().positive().max(2_147_483_647).nullable(),
  titleTh: z.string().trim().min(1).max(120),
  titleEn: z.string().trim().min(1).max(120),
  contentTh: richTextSchema,
  contentEn: richTextSchema,
  sort: sortSchema,
  enabled: z.boolean(),
});
export type AdminHelpArticleBody = z.infer<typeof adminHelpArticleBodySchema>;
export const adminHelpArticleUpdateSchema = withVersion(adminHelpArticleBodySchema);
export type AdminHelpArticleUpdate = z.infer<typeof adminHelpArticleUpdateSchema>;
export const adminHelpArticleSchema = z.object({
  ...rowBase,
  tag: z.string(),
  categoryId: z.number().int().nullable(),
  titleTh: z.string(),
  titleEn: z.string(),
  contentTh: z.string(),
  contentEn: z.string(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;

/* Home page game lanes ---------------------------------------------------------------------------- */

export const homeLaneSourceSchema = z.enum(['hot', 'picked']);
export type HomeLaneSource = z.infer<typeof homeLaneSourceSchema>;

export const adminHomeLaneBodySchema = z
  .object({
    code: codeSchema,
    titleTh: labelSchema,
    titleEn: labelSchema,
    /** Keep to one game category; null: every category. */
    category: gameCategorySchema.nullable(),
    /** hot: the games the games page flags hot; picked: `gameIds` in this order. */
    source: homeLaneSourceSchema,
    gameIds: z.array(z.string().trim().min(1).max(64)).max(48),
    maxGames: z.number().int().min(1).max(48),
    sort: sortSchema,
    enabled: z.boolean(),
  })
  .superRefine((body, context) => {
    if (body.source === 'picked' && body.gameIds.length === 0)
      context.addIssue({ code: 'custom', path: ['gameIds'], message: 'required' });
    if (new Set(body.gameIds).size !== body.gameIds.length)
      context.addIssue({ code: 'custom', path: ['gameIds'], message: 'duplicate' });
  });
export type AdminHomeLaneBody = z.infer<typeof adminHomeLaneBodySchema>;
export const adminHomeLaneUpdateSchema = adminHomeLaneBodySchema.and(z.object({ version: versionSchema }));
export type AdminHomeLaneUpdate = z.infer<typeof adminHomeLaneUpdateSchema>;
export const adminHomeLaneSchema = z.object({
  ...rowBase,
  code: z.string(),
  titleTh: z.string(),
  titleEn: z.string(),
  category: gameCategorySchema.nullable(),
  source: homeLaneSourceSchema,
  gameIds: z.array(z.string()),
  maxGames: z.number().int(),
});
export type AdminHomeLane = z.infer<typeof adminHomeLaneSchema>;

/** GET /wps/system/homeLanes: the lanes the home page draws, in order; empty: the site draws its one hot-games grid. */
export const homeLaneSchema = z.object({
  code: z.string(),
  title: z.string(),
  category: gameCategorySchema.nullable(),
  games: z.array(gameCardSchema),
});
export type HomeLane = z.infer<typeof homeLaneSchema>;
export const homeLanesSchema = z.object({ lanes: z.array(homeLaneSchema) });
export type HomeLanes = z.infer<typeof homeLanesSchema>;
