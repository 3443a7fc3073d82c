import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * The site's maintenance and access rules in the back-office (`brands.manage`, issue 15 "Brands"):
 * the merchant configuration's `maintenance` and `access` sections, each saved with the merchant's
 * version the operator read (409 `brand.version.conflict` when stale, nothing written). They govern
 * the member site only: the back-office and /admin-api are never refused by them, so no rule saved
 * here can lock an operator out (operators have their own IP allow-list).
 * ---------------------------------------------------------------------------------------------- */

/** An IPv4 or IPv6 address, or a CIDR range of either (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`). */
export const ipRuleSchema = z
  .string()
  .trim()
  .max(64)
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]));

const ipRulesSchema = z.array(ipRuleSchema).max(200);
/** An ISO 3166 country code of the site's country list (the server checks membership). */
const countryCodesSchema = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  )
  .max(250);
const messageSchema = z.object({ TH: z.string().trim().max(500), EN: z.string().trim().max(500) });

/** The maintenance section: when enabled and now is inside [startTime, endTime) the site shows maintenance. */
export const siteMaintenanceSchema = z
  .object({
    enabled: z.boolean(),
    /** Epoch ms; null = open end. The form types the merchant's local time. */
    startTime: z.number().int().min(0).nullable(),
    endTime: z.number().int().min(0).nullable(),
    message: messageSchema,
    /** Addresses that still see the site during maintenance (operators testing). */
    allowIps: ipRulesSchema,
  })
  .refine((value) => value.startTime === null || value.endTime === null || value.endTime > value.startTime, {
    message: 'the end must be after the start',
    path: ['endTime'],
  });
export type SiteMaintenance = z.infer<typeof siteMaintenanceSchema>;

/** The access section: IP allow and deny, blocked and allowed countries, the message of the restriction page. */
export const siteAccessRulesSchema = z.object({
  ipAllow: ipRulesSchema,
  ipDeny: ipRulesSchema,
  blockedCountries: countryCodesSchema,
  allowedCountries: countryCodesSchema,
  message: messageSchema,
});
export type SiteAccessRules = z.infer<typeof siteAccessRulesSchema>;

export const siteMaintenanceUpdateBodySchema = z.object({
  version: z.number().int().min(1),
  value: siteMaintenanceSchema,
});
export const siteAccessUpdateBodySchema = z.object({ version: z.number().int().min(1), value: siteAccessRulesSchema });
export type SiteMaintenanceUpdateBody = z.infer<typeof siteMaintenanceUpdateBodySchema>;
export type SiteAccessUpdateBody = z.infer<typeof siteAccessUpdateBodySchema>;

/** GET: both sections, the version, and what the page needs to say who will see what. */
export const siteAccessSettingsSchema = z.object({
  version: z.number().int(),
  /** The merchant's IANA time zone: the schedule is typed and shown in it. */
  timeZone: z.string(),
  maintenance: siteMaintenanceSchema,
  access: siteAccessRulesSchema,
  /** The site's country list, in the operator's language. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The operator's own address and country as the server sees them, and what the site would show them now. */
  caller: z.object({
    ip: z.string(),
    country: z.string(),
    siteStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
});
export type SiteAccessSettings = z.infer<typeof siteAccessSettingsSchema>;

export const siteAccessPaths = {
  /** GET the settings above (the operator's merchant). */
  settings: '/admin-api/site-access',
  /** PUT `{ version, value }`. */
  maintenance: '/admin-api/site-access/maintenance',
  /** PUT `{ version, value }`. */
  access: '/admin-api/site-access/access',
} as const;
