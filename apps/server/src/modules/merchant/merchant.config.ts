import { z } from 'zod';
import {
  agentCentrePagesConfigSchema,
  agentContractsConfigSchema,
  agentSettlementConfigSchema,
  defaultAgentSettlementConfig,
  agentTransfersConfigSchema,
  defaultAgentCentrePagesConfig,
  defaultAgentTransfersConfig,
  defaultDepositsConfig,
  defaultWithdrawalsConfig,
  depositsConfigSchema,
  withdrawalsConfigSchema,
  featureSwitchesSchema,
  languageSchema,
  loginVerifyMethodSchema,
  parseAmount,
  registerFieldNameSchema,
  registerFieldRuleSchema,
} from '@lotus/contract';

/**
 * A merchant's whole configuration, stored as one JSON document in `merchant.config` and parsed
 * with this schema whenever it is read, so a bad row fails loudly instead of drawing a broken site.
 */
const localizedSchema = z.object({ TH: z.string(), EN: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

export const merchantConfigSchema = z.object({
  platform: z.literal('web'),
  lotteryType: z.string(),
  device: z.string(),
  languages: z.array(languageSchema).min(1),
  brand: z.object({
    name: z.string(),
    logoUrl: z.string(),
    faviconUrl: z.string(),
    colors: z.record(z.string(), z.string()),
    footerDescription: localizedSchema,
    /** The first year of the footer's copyright range, which ends at the current year; null: the current year only. */
    copyrightStartYear: z.number().int().min(1900).max(9999).nullable().default(null),
  }),
  switches: featureSwitchesSchema,
  loginedToHomePage: z.boolean(),
  registerRules: z.record(registerFieldNameSchema, registerFieldRuleSchema),
  minimumAge: z.number().int().min(18),
  /**
   * The IANA time zone the merchant's days begin in (reports' days, modules/reports). Absent: Asia/Bangkok
   * (`merchantTimeZone`), so rows stored before it existed stay valid.
   */
  timezone: z
    .string()
    .refine((zone) => isTimeZone(zone), 'not an IANA time zone')
    .optional(),
  esportsVendors: z.array(z.string()),
  cockfightVendors: z.array(z.string()),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** Maintenance: when enabled and now is inside [startTime, endTime] (either may be open), systemStatus is 1. */
  maintenance: z.object({
    enabled: z.boolean(),
    startTime: z.number().nullable(),
    endTime: z.number().nullable(),
    message: localizedSchema,
    /** IPs or CIDRs that still see the site (operators testing during maintenance). */
    allowIps: z.array(z.string()),
  }),
  /**
   * Region rules: an IP on `ipAllow` always passes; an IP on `ipDeny` is always refused; otherwise
   * a country on `blockedCountries` is refused, and when `allowedCountries` is non-empty only those pass.
   */
  /**
   * Member sessions: a token dies after `idleMinutes` without a call, and `absoluteHours` after login
   * whatever happens. Defaulted so that rows written before it existed stay valid.
   */
  sessions: z
    .object({ idleMinutes: z.number().int().min(1).max(1440), absoluteHours: z.number().int().min(1).max(720) })
    .default({ idleMinutes: 30, absoluteHours: 24 }),
  access: z.object({
    ipAllow: z.array(z.string()),
    ipDeny: z.array(z.string()),
    blockedCountries: z.array(z.string()),
    allowedCountries: z.array(z.string()),
    message: localizedSchema,
  }),
  /**
   * One-time codes (modules/messaging): a code lives `codeExpiredMinutes`, and no new one is sent to
   * the same destination and purpose before it has expired; at most `maxCodesPerHour` per destination.
   * Defaulted, so rows stored before this setting existed stay valid.
   */
  verification: z
    .object({
      codeExpiredMinutes: z.number().int().min(1).max(60).default(5),
      maxCodesPerHour: z.number().int().min(1).max(100).default(5),
    })
    .default({ codeExpiredMinutes: 5, maxCodesPerHour: 5 }),
  /** Accounts (modules/identity): a free-play trial account lives `trialHours`. Defaulted for older rows. */
  accounts: z
    .object({
      trialHours: z.number().int().min(1).max(720).default(24),
      /** Play money a trial account starts with (`member_trial`, never cash), a decimal string. */
      trialBalance: z
        .string()
        .refine((text) => parseAmount(text) !== null, 'a decimal amount with at most two places')
        .default('10000.00'),
    })
    .default({ trialHours: 24, trialBalance: '10000.00' }),
  /**
   * Login security (modules/identity): verify logins from an IP the member never logged in from with
   * one of `methods`, and force a password change after `passwordMaxAgeDays` when the switch
   * `forcedPasswordChangeOnExpiry` is on. Defaulted for older rows (new-IP verification off).
   */
  loginSecurity: z
    .object({
      newIpVerification: z.boolean().default(false),
      methods: z.array(loginVerifyMethodSchema).default(['mobile', 'email', 'bankName', 'totp']),
      passwordMaxAgeDays: z.number().int().min(1).max(3650).default(90),
    })
    .default({ newIpVerification: false, methods: ['mobile', 'email', 'bankName', 'totp'], passwordMaxAgeDays: 90 }),
  /** Deposit channels (modules/deposit, its README): limits, fees, where to pay. Defaulted with every channel off. */
  deposits: depositsConfigSchema.default(defaultDepositsConfig),
  /** Withdrawals (modules/withdrawal, its README): limits, fee, turnover, confirmation minutes, payment password rule. */
  withdrawals: withdrawalsConfigSchema.default(defaultWithdrawalsConfig),
  /** Which salary and dividend contracts agents may offer (modules/agents). Defaulted with every kind off. */
  agentContracts: agentContractsConfigSchema.default({
    dividend: false,
    dailySalary: false,
    mrDailySalary: false,
    hourlySalary: false,
    realtimeSalary: false,
  }),
  /** Agent ↔ downline transfers (modules/agents, "Transfers"): the `toUpline` switch, limits. */
  agentTransfers: agentTransfersConfigSchema.default(defaultAgentTransfersConfig),
  /** Which agent-centre pages the merchant shows, by the original's menu codes (modules/agents). Every page on by default. */
  agentCentrePages: agentCentrePagesConfigSchema.default(defaultAgentCentrePagesConfig),
  /** Settlement rules (modules/agents, "Settlement"): active members, dividend charges, the manual-claim window. */
  agentSettlement: agentSettlementConfigSchema.default(defaultAgentSettlementConfig),
});
export type MerchantConfig = z.infer<typeof merchantConfigSchema>;

/** The merchant's days begin here when its configuration names no time zone. */
export const defaultMerchantTimeZone = 'Asia/Bangkok';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA time zone of the merchant's days (reports): its configured one, else Asia/Bangkok. */
export function merchantTimeZone(config: Pick<MerchantConfig, 'timezone'>): string {
  return config.timezone ?? defaultMerchantTimeZone;
}

/** What a request knows about its merchant (decorated as `request.merchant`). */
export interface MerchantContext {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  status: 'active' | 'disabled';
  defaultLanguage: 'TH' | 'EN';
  config: MerchantConfig;
  /** The row's version when it was read (see writeMerchantConfigSection). */
  version: number;
}
