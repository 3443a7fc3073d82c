import { z } from 'zod';
import { languageSchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * Public site calls (spec §7) that draw the site without a login.
 * Paths and field names are the spec's (§3); shapes the spec leaves open follow protocol-notes.md.
 * ---------------------------------------------------------------------------------------------- */

/** Game categories of spec §3, plus BINGO (`BG` in the original's RNG sub-types). */
export const gameCategorySchema = z.enum([
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'FISH',
  'RNG',
  'PVP',
  'BINGO',
]);
export type GameCategory = z.infer<typeof gameCategorySchema>;

/** Game types that have a lobby page with `?page={vendor}` (spec §2). */
export const lobbyGameTypes = ['LIVE', 'RNG', 'PVP', 'FISH'] as const;

/** A registration rule for one field (spec §3). `acceptedPattern` '*' means any text. */
export const registerFieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  /** Index into the 24 pattern messages (1..24); 0 for '*' (any text). */
  patternId: z.number().int().min(0).max(24),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;

export const registerFieldNames = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'zalo',
  'telegram',
  'birthday',
  'nickname',
] as const;
export const registerFieldNameSchema = z.enum(registerFieldNames);
export type RegisterFieldName = z.infer<typeof registerFieldNameSchema>;

/** GET /wps/system/setting/register */
export const registerSettingsSchema = z.object({
  rules: z.record(registerFieldNameSchema, registerFieldRuleSchema),
  /** Minimum age to register (spec §5: 18; a birthday text says 21). */
  minimumAge: z.number().int(),
  usernameRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  mobileRegistrationPassword: z.boolean(),
  smsVerificationOnRegister: z.boolean(),
  directRegistration: z.boolean(),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

/** Feature switches of spec §6 as the merchant configures them. */
export const featureSwitchesSchema = z.object({
  mobileRegistration: z.boolean(),
  smsVerificationOnRegister: z.boolean(),
  mobileRegistrationPassword: z.boolean(),
  usernameRegistration: z.boolean(),
  freePlay: z.boolean(),
  forcedPasswordChangeOnExpiry: z.boolean(),
  smsCodeLogin: z.boolean(),
  directRegistration: z.boolean(),
  agentPolicy: z.boolean(),
  manualPlayRebate: z.boolean(),
  memberCentre: z.boolean(),
  phoneVerification: z.boolean(),
  firebase: z.object({ facebook: z.boolean(), line: z.boolean(), google: z.boolean(), sms: z.boolean() }),
});
export type FeatureSwitches = z.infer<typeof featureSwitchesSchema>;

export const customerServiceEntrySchema = z.object({
  id: z.string(),
  /** LIVECHAT, LINE, TELEGRAM, PHONE, EMAIL, FACEBOOK, WHATSAPP */
  type: z.string(),
  label: z.string(),
  url: z.string(),
  /** Shown when the rank is above level 4 (spec §6): VIP customer service. */
  isVip: z.boolean(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

/** Site resource (spec §3): per key labelNameEn and url; app downloads carry resourceType and qrCodeUrl. */
export const siteResourceSchema = z.object({
  key: z.string(),
  resourceType: z.string(),
  labelNameEn: z.string(),
  label: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
});
export type SiteResource = z.infer<typeof siteResourceSchema>;

export const partnerSchema = z.object({ code: z.string(), name: z.string(), logoUrl: z.string() });
export type Partner = z.infer<typeof partnerSchema>;

export const brandSchema = z.object({
  name: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  /** CSS custom properties the site applies at start (`--brand-primary`, ...). */
  colors: z.record(z.string(), z.string()),
  footerDescription: z.string(),
  /** The footer's copyright line, its range ending at the current year. */
  copyright: z.string(),
  /** The first year of the copyright range (the site ends it at the current year); null: the current year only. */
  copyrightStartYear: z.number().int().nullable(),
});

/** GET /wps/system/whitelabel: the merchant's brand configuration and switches ("menu" in the original). */
export const whitelabelSchema = z.object({
  merchantCode: z.string(),
  platform: z.literal('web'),
  lotteryType: z.string(),
  device: z.string(),
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  currency: z.string(),
  currencySymbol: z.string(),
  brand: brandSchema,
  switches: featureSwitchesSchema,
  /** spec §2: when on, anonymous visitors are sent to /login. */
  loginedToHomePage: z.boolean(),
  /** Vendor codes that split SPORTS into ESPORTS and COCKFIGHT (spec §3). */
  esportsVendors: z.array(z.string()),
  cockfightVendors: z.array(z.string()),
  customerService: z.array(customerServiceEntrySchema),
  resources: z.array(siteResourceSchema),
  partners: z.array(partnerSchema),
  promotionCount: z.number().int(),
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

export const systemStatusQuerySchema = z.object({ url: z.string().max(2048).optional() });

/** GET /wps/system/status ("permission" in the original). systemStatus: 0 normal, 1 maintenance, 2 region restriction. */
export const systemStatusSchema = z.object({
  systemStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  location: z.object({ ip: z.string(), country: z.string() }),
  maintenance: z
    .object({ startTime: z.number().nullable(), endTime: z.number().nullable(), message: z.string() })
    .nullable(),
  regionRestriction: z.object({ ip: z.string(), country: z.string(), message: z.string() }).nullable(),
  info: z.object({
    merchantCode: z.string(),
    registerRules: z.record(registerFieldNameSchema, registerFieldRuleSchema),
    resources: z.array(siteResourceSchema),
    customerService: z.array(customerServiceEntrySchema),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** GET /wps/system/domainRoute ("routers"). */
export const domainRouteSchema = z.object({
  domainList: z.array(z.object({ domain: z.string(), isPrimary: z.boolean() })),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

/** GET /wps/system/country: dialling codes. */
export const countrySchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  /** Flag emoji built from the ISO code. */
  flag: z.string(),
});
export const countryListSchema = z.array(countrySchema);
export type Country = z.infer<typeof countrySchema>;

/** GET /wps/system/helpCenter: help topics; `content` is HTML the site sanitises before drawing. */
export const helpTopicSchema = z.object({
  tag: z.string(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  /** The heading of the help category the topic is listed under (issue 15); absent or null: none. */
  category: z.string().nullable().optional(),
});
export const helpCenterSchema = z.array(helpTopicSchema);
export type HelpTopic = z.infer<typeof helpTopicSchema>;

/** A vendor card (spec §3 "Vendor group"). */
export const vendorSchema = z.object({
  vassalage: z.string(),
  gameType: z.string(),
  gameCategory: gameCategorySchema,
  displayName: z.string(),
  accountTypeName: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  logoUrl: z.string(),
  /** spec §9: SV3 sports, N2 live, others slots. */
  logoKind: z.enum(['SV3', 'N2', 'SLOT']),
  sort: z.number().int(),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** A navigation item (spec §3): name key, gameType, page route, enName, optional point rate. */
export const gameMenuSchema = z.object({
  gameCategory: gameCategorySchema,
  /** i18n key of the item's name. */
  name: z.string(),
  gameType: z.string(),
  page: z.string(),
  enName: z.string(),
  pointRate: z.string().nullable(),
  vendors: z.array(vendorSchema),
});
export const gameMenusSchema = z.array(gameMenuSchema);
export type GameMenu = z.infer<typeof gameMenuSchema>;

export const gameMenusQuerySchema = z.object({ language: languageSchema.optional() });

/** Announcement types (spec §3): B default, PL, PU, PR, H. */
export const announcementTypeSchema = z.enum(['B', 'PL', 'PU', 'PR', 'H']);
export type AnnouncementType = z.infer<typeof announcementTypeSchema>;

export const announcementsQuerySchema = z.object({
  /** Comma-separated types, e.g. `B,PL,PU`; default all. */
  types: z
    .string()
    .max(40)
    .regex(/^[A-Z]{1,2}(,[A-Z]{1,2})*$/, 'types')
    .optional(),
  platform: z.enum(['W']).optional(),
  execution: z.string().max(40).optional(),
});

export const announcementSchema = z.object({
  id: z.string(),
  type: announcementTypeSchema,
  title: z.string(),
  /** HTML; the site sanitises it before drawing. */
  content: z.string(),
  /** epoch ms */
  publishedAt: z.number(),
  isPinned: z.boolean(),
  /** The art above the text (a /media/... address), null or absent: none. */
  imageUrl: z.string().nullable().optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  /** e.g. w_login, w_register, w_announcement, home */
  groupName: z.string(),
  /** The headline, drawn as text over the art (which carries no words), and the image's alternative text. */
  title: z.string(),
  /** A short line under the headline; null when the banner has none. */
  subtitle: z.string().nullable(),
  /** The button's text, leading to linkUrl; null (or no linkUrl): no button. */
  buttonLabel: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sort: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** GET /wps/relay/MCSFE_getListAnnouncements ("notice"). */
export const announcementListSchema = z.object({
  player: z.array(announcementSchema),
  banners: z.array(bannerSchema),
  popup: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const hotGamesQuerySchema = z.object({
  merchantCode: z.string().max(32).optional(),
  isPlatform: z.coerce.number().int().optional(),
  vassalage: z.string().max(32).optional(),
  platform: z.string().max(64).optional(),
  language: languageSchema.optional(),
});

/** A game card (spec §3). */
export const gameCardSchema = z.object({
  gameId: z.string(),
  nodeId: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  gameCategory: gameCategorySchema,
  gameClassify: z.string().nullable(),
  displayName: z.string(),
  thumbnailUrl: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.boolean(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

/** GET /wps/relay/GCSGAME_hotGamesV2 ("gameHot"): value.list. */
export const hotGamesSchema = z.object({ list: z.array(gameCardSchema) });
export type HotGames = z.infer<typeof hotGamesSchema>;

// PUT /wps/feedback's request and the feedback desk: feedback.ts.
