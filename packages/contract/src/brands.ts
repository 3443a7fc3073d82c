import { z } from 'zod';
import { agentSettlementConfigSchema } from './agent-settlement.ts';
import { languageSchema } from './envelope.ts';
import { loginVerifyMethodSchema } from './identity.ts';
import { operatorUsernameSchema } from './backoffice.ts';
import { featureSwitchesSchema, registerFieldNames, registerFieldRuleSchema } from './site.ts';

/* ------------------------------------------------------------------------------------------------
 * Brands (merchants) in the back-office: a merchant's settings, edited one section at a time with the
 * version the operator read, its domains, and (platform operators, `brands.platform`) the list of
 * every merchant and creating one. Other operators see only their own merchant.
 * ---------------------------------------------------------------------------------------------- */

/** Error codes of the brand calls. Messages are in the server's catalogue under the same keys, TH and EN. */
export const brandErrorCodes = {
  /**
   * The merchant's settings changed since the operator read them (409): nothing was written.
   * `value.version` is the current version; read the settings again, then save on top of them.
   */
  versionConflict: 'brand.version.conflict',
  /** Creating a merchant: the code is another merchant's, any letter case (409, field `code`). */
  codeTaken: 'brand.code.taken',
  /** A domain already answers for a merchant (409, field `domain` or `domains.N.domain`). */
  domainTaken: 'brand.domain.taken',
} as const;
export type BrandErrorCode = (typeof brandErrorCodes)[keyof typeof brandErrorCodes];

export const brandPaths = {
  /** GET: the merchants the operator may see (platform: all; else their own). POST (brands.platform): create one. */
  brands: '/admin-api/brands',
  /** GET: one merchant's settings and version. */
  brand: '/admin-api/brands/:merchantId',
  /** PUT `{ version, section, value }`: one settings section. */
  brandSettings: '/admin-api/brands/:merchantId/settings',
  /** PUT `{ version, domains }`: the merchant's domains, one of them primary. */
  brandDomains: '/admin-api/brands/:merchantId/domains',
} as const;

/** A merchant code: 2-32 lower-case letters, digits and `-`, starting with a letter (the `Merchant` header). */
export const merchantCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,31}$/);

/** A host name the site answers on, lower case, without port or scheme (`www.example.com`, `localhost`). */
export const merchantDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);

/** ISO 4217 currency code. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

/** The symbol the site prints for a currency when none is given. */
export function defaultCurrencySymbol(currency: string): string {
  return { THB: '฿', USD: '$', EUR: '€', VND: '₫', MYR: 'RM', IDR: 'Rp', PHP: '₱', CNY: '¥' }[currency] ?? currency;
}

export const createBrandBodySchema = z.object({
  code: merchantCodeSchema,
  name: z.string().trim().min(1).max(60),
  domain: merchantDomainSchema,
  currency: currencyCodeSchema,
  currencySymbol: z.string().trim().min(1).max(4).optional(),
  defaultLanguage: languageSchema.default('TH'),
  /** The first operator's name (role admin, or platform when `platformAdmin`). */
  adminUsername: operatorUsernameSchema.default('admin'),
  platformAdmin: z.boolean().default(false),
});
export type CreateBrandBody = z.input<typeof createBrandBodySchema>;

export const brandSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  currency: z.string(),
  defaultLanguage: languageSchema,
  primaryDomain: z.string().nullable(),
  createdAt: z.string(),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

export const brandListSchema = z.object({
  items: z.array(brandSummarySchema),
  /** Whether the operator may create merchants (brands.platform). */
  canCreate: z.boolean(),
});
export type BrandList = z.infer<typeof brandListSchema>;

/** POST /admin-api/brands answer: the merchant and its first operator, whose password is shown this once. */
export const createdBrandSchema = z.object({
  merchant: brandSummarySchema,
  admin: z.object({ username: z.string(), role: z.string(), password: z.string() }),
});
export type CreatedBrand = z.infer<typeof createdBrandSchema>;

/* ---- settings sections ---- */

/** An image: a same-origin path (`/media/...`, `/art/...`) or an https URL; empty for none. */
export const brandImageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:|\/(?!\/)\S*|https:\/\/\S+)$/);

const localizedText = (max: number) => z.object({ TH: z.string().trim().max(max), EN: z.string().trim().max(max) });

export const brandIdentitySchema = z.object({
  name: z.string().trim().min(1).max(60),
  logoUrl: brandImageUrlSchema,
  faviconUrl: brandImageUrlSchema,
  footerDescription: localizedText(1000),
  /** The footer's copyright range starts here (ends at the current year); null: the current year only. */
  copyrightStartYear: z.number().int().min(1990).max(2100).nullable(),
});
export type BrandIdentity = z.infer<typeof brandIdentitySchema>;

/**
 * The theme tokens the member site reads (apps/web: CSS custom properties applied by brand-theme.ts).
 * `color` tokens take a colour, `gradient` tokens a CSS linear-gradient.
 */
export const brandThemeTokens = [
  { token: '--brand-primary', kind: 'color' },
  { token: '--brand-primary-strong', kind: 'color' },
  { token: '--brand-primary-contrast', kind: 'color' },
  { token: '--brand-accent', kind: 'color' },
  { token: '--brand-accent-strong', kind: 'color' },
  { token: '--brand-accent-contrast', kind: 'color' },
  { token: '--bg', kind: 'color' },
  { token: '--bg-elevated', kind: 'color' },
  { token: '--surface', kind: 'color' },
  { token: '--surface-2', kind: 'color' },
  { token: '--surface-3', kind: 'color' },
  { token: '--border', kind: 'color' },
  { token: '--text', kind: 'color' },
  { token: '--text-muted', kind: 'color' },
  { token: '--text-dim', kind: 'color' },
  { token: '--link', kind: 'color' },
  { token: '--success', kind: 'color' },
  { token: '--warning', kind: 'color' },
  { token: '--danger', kind: 'color' },
  { token: '--header-bg', kind: 'color' },
  { token: '--footer-bg', kind: 'color' },
  { token: '--gradient-gold', kind: 'gradient' },
  { token: '--gradient-hero', kind: 'gradient' },
] as const;
export type BrandThemeToken = (typeof brandThemeTokens)[number]['token'];

/** `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgb()/rgba()` with numbers: nothing that loads or runs anything. */
export const themeColorSchema = z
  .string()
  .trim()
  .max(60)
  .regex(/^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\(\s*[\d.]+%?(?:\s*,\s*[\d.]+%?){2,3}\s*\))$/);
/** A linear-gradient of colours and stops only (no url(), no var()). */
export const themeGradientSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^linear-gradient\((?:[\s\d.,%#a-zA-Z-]|rgba?\([\d\s.,%]+\))+\)$/)
  .refine((value) => !/url|var|expression/i.test(value));

export const brandThemeSchema = z.object({
  colors: z.object(
    Object.fromEntries(
      brandThemeTokens.map(({ token, kind }) => [token, kind === 'color' ? themeColorSchema : themeGradientSchema]),
    ) as unknown as Record<BrandThemeToken, z.ZodType<string>>,
  ),
});
export type BrandTheme = z.infer<typeof brandThemeSchema>;

/** Whether `zone` is an IANA time zone name this runtime knows (`Asia/Bangkok`, `Europe/London`, `UTC`). */
export function isIanaTimeZone(zone: string): boolean {
  // Names only: offsets (`+07:00`) and abbreviations (`ICT`) are no zone of the IANA database.
  if (!/^(?:UTC|[A-Z][A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The merchant's time zone (`config.timezone`): its days in reports, new weekly maintenance windows. */
export const brandTimeZoneSchema = z.string().trim().max(64).refine(isIanaTimeZone, 'not an IANA time zone');

export const brandLanguagesSchema = z
  .object({
    defaultLanguage: languageSchema,
    languages: z
      .array(languageSchema)
      .min(1)
      .refine((list) => new Set(list).size === list.length, 'each language once'),
    /** Absent: the merchant's zone is kept (clients from before the field). */
    timeZone: brandTimeZoneSchema.optional(),
  })
  .refine((value) => value.languages.includes(value.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'the default language must be one of the languages',
  });
export type BrandLanguages = z.infer<typeof brandLanguagesSchema>;

/** Spec §9 switches: registration, free play, verification, pages. */
export const brandSwitchesSchema = z.object({
  switches: featureSwitchesSchema,
  /** spec §2: anonymous visitors are sent to /login. */
  loginedToHomePage: z.boolean(),
  /** Free-play trial accounts. */
  trialHours: z.number().int().min(1).max(720),
});
export type BrandSwitches = z.infer<typeof brandSwitchesSchema>;

const editableRegisterRuleSchema = registerFieldRuleSchema
  .extend({
    acceptedPattern: z
      .string()
      .max(300)
      .refine((source) => {
        if (source === '*') return true;
        try {
          new RegExp(source, 'u');
          return true;
        } catch {
          return false;
        }
      }, 'not a valid regular expression'),
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(0).max(255),
  })
  .refine((rule) => rule.maxLength === 0 || rule.minLength <= rule.maxLength, {
    path: ['maxLength'],
    message: 'maximum below minimum',
  })
  .refine((rule) => rule.enabled || !rule.required, {
    path: ['required'],
    message: 'a hidden field cannot be required',
  });

export const brandRegisterRulesSchema = z.object({
  rules: z.object(
    Object.fromEntries(registerFieldNames.map((name) => [name, editableRegisterRuleSchema])) as Record<
      (typeof registerFieldNames)[number],
      typeof editableRegisterRuleSchema
    >,
  ),
  minimumAge: z.number().int().min(18).max(99),
});
export type BrandRegisterRules = z.infer<typeof brandRegisterRulesSchema>;

export const brandSecuritySchema = z.object({
  sessions: z.object({
    idleMinutes: z.number().int().min(1).max(1440),
    absoluteHours: z.number().int().min(1).max(720),
  }),
  verification: z.object({
    codeExpiredMinutes: z.number().int().min(1).max(60),
    maxCodesPerHour: z.number().int().min(1).max(100),
  }),
  loginSecurity: z.object({
    newIpVerification: z.boolean(),
    methods: z.array(loginVerifyMethodSchema).refine((list) => new Set(list).size === list.length, 'each method once'),
    passwordMaxAgeDays: z.number().int().min(1).max(3650),
  }),
});
export type BrandSecurity = z.infer<typeof brandSecuritySchema>;

export const brandDomainsSchema = z
  .array(z.object({ domain: merchantDomainSchema, isPrimary: z.boolean() }))
  .min(1)
  .max(50)
  .superRefine((domains, context) => {
    const seen = new Set<string>();
    domains.forEach((entry, index) => {
      if (seen.has(entry.domain))
        context.addIssue({ code: 'custom', path: [index, 'domain'], message: 'listed twice' });
      seen.add(entry.domain);
    });
    if (domains.filter((entry) => entry.isPrimary).length !== 1)
      context.addIssue({ code: 'custom', path: [0, 'isPrimary'], message: 'exactly one primary domain' });
  });
export type BrandDomains = z.infer<typeof brandDomainsSchema>;

/** The sections PUT .../settings takes, each with its value schema. */
export const brandSettingsSectionSchemas = {
  identity: brandIdentitySchema,
  theme: brandThemeSchema,
  languages: brandLanguagesSchema,
  switches: brandSwitchesSchema,
  registerRules: brandRegisterRulesSchema,
  security: brandSecuritySchema,
  agentSettlement: agentSettlementConfigSchema,
} as const;
export type BrandSettingsSection = keyof typeof brandSettingsSectionSchemas;

export const brandSettingsUpdateBodySchema = z.discriminatedUnion('section', [
  z.object({ version: z.number().int().min(1), section: z.literal('identity'), value: brandIdentitySchema }),
  z.object({ version: z.number().int().min(1), section: z.literal('theme'), value: brandThemeSchema }),
  z.object({ version: z.number().int().min(1), section: z.literal('languages'), value: brandLanguagesSchema }),
  z.object({ version: z.number().int().min(1), section: z.literal('switches'), value: brandSwitchesSchema }),
  z.object({ version: z.number().int().min(1), section: z.literal('registerRules'), value: brandRegisterRulesSchema }),
  z.object({ version: z.number().int().min(1), section: z.literal('security'), value: brandSecuritySchema }),
  /** The agents' settlement rules (modules/agents README): active members, dividend charges, claim days, shortfall. */
  z.object({
    version: z.number().int().min(1),
    section: z.literal('agentSettlement'),
    value: agentSettlementConfigSchema,
  }),
]);
export type BrandSettingsUpdateBody = z.infer<typeof brandSettingsUpdateBodySchema>;

export const brandDomainsUpdateBodySchema = z.object({ version: z.number().int().min(1), domains: brandDomainsSchema });
export type BrandDomainsUpdateBody = z.infer<typeof brandDomainsUpdateBodySchema>;

/** GET /admin-api/brands/:merchantId: everything the settings pages edit, and the version to send back. */
export const brandSettingsSchema = z.object({
  merchant: brandSummarySchema,
  version: z.number().int(),
  domains: z.array(z.object({ domain: z.string(), isPrimary: z.boolean() })),
  identity: brandIdentitySchema,
  /** Colours as stored (a token the contract does not list is kept but not edited). */
  theme: z.object({ colors: z.record(z.string(), z.string()) }),
  /** `timeZone` always present here: the merchant's, Asia/Bangkok when it sets none. */
  languages: z.object({ defaultLanguage: languageSchema, languages: z.array(languageSchema), timeZone: z.string() }),
  switches: brandSwitchesSchema,
  registerRules: z.object({
    rules: z.record(z.string(), registerFieldRuleSchema),
    minimumAge: z.number().int(),
  }),
  security: brandSecuritySchema,
  agentSettlement: agentSettlementConfigSchema,
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
