import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Configuration, parsed once from the environment at start. Nothing else reads `process.env`.
 * Every problem is listed together so an operator fixes them in one go (see README "Settings").
 */
const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/{src,dist} -> repository root. */
const repoRoot = path.resolve(here, '../../..');

const listSchema = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const booleanSchema = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** The house vendor's secret outside production (documented in the README); production must set its own. */
export const developmentHouseVendorSecret = 'lotus-dev-house-vendor-secret';
/** The key sealing vendor secrets outside production (public: README); production must set its own. */
export const developmentVendorSecretKey = 'lotus-dev-vendor-secret-key-0123456789abcdef';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key, so that several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits, and : . - _ only')
    .default('lotus:'),
  /** Proxies (IPs or CIDRs) whose X-Forwarded-For is believed. Empty: the socket address is the client. */
  TRUST_PROXY: listSchema.default([]),
  /** Who may read /metrics. */
  METRICS_ALLOW: listSchema.default(['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The member site's server render of its first screen (issue 19), built beside it by npm run build. */
  WEB_SSR_ENTRY: z.string().default(path.join(repoRoot, 'apps/web/dist-ssr/server-entry.js')),
  /** The built back-office, served at /admin. */
  ADMIN_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  /**
   * The first back-office admin, created at start for each merchant without any operator. Unset: one
   * named `admin` with a random password printed once to the log. Only used at creation; a secret.
   */
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3-32 letters, digits, and _ . - only')
    .optional(),
  ADMIN_PASSWORD: z.string().min(10, 'at least 10 characters').max(128).optional(),
  /**
   * Seed the demo merchant (site content, catalogue, and the demo agent whose password is public)
   * at start when the database has no merchant yet; `npm run db:seed` refuses without it. Default on,
   * except with NODE_ENV=production, where the demo is seeded only when asked (SEED_DEMO=1, or
   * `npm run db:seed -- --demo`).
   */
  SEED_DEMO: booleanSchema.optional(),
  /**
   * For automated tests only: every sliderToken and captcha field also accepts the literal answer
   * `bypass`. Refused at start with NODE_ENV=production (see modules/verification/challenge-bypass.ts).
   */
  CHALLENGE_BYPASS: booleanSchema.default(false),
  /**
   * Sealed calls (login, register, password changes) one client IP may make a minute, all together.
   * Each costs an RSA private-key operation before anything else is checked: this caps the CPU one
   * address can make the API spend. Raise it behind a NAT shared by many members.
   */
  SEALED_CALLS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(120),
  /**
   * Calls that log in, register, send a code or reset a password one client IP may make an hour, all
   * together (each also has its own per-minute limit and failure counting).
   */
  CREDENTIAL_CALLS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).default(300),
  /** Run the background jobs (pruning; later reconciliation) in this process. Every instance may: each job runs once. */
  JOBS_ENABLED: booleanSchema.default(true),
  /** Drain time before in-flight requests are cut at shutdown. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Where SMS go: `outbox` keeps them for operators only; `http` also posts them to SMS_GATEWAY_URL. */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_GATEWAY_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** Sent as `Authorization: Bearer <token>` to the SMS gateway. A secret: never logged. */
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Where e-mails go: `outbox` keeps them for operators only; `smtp` also sends them through SMTP_URL. */
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. Holds a secret: never logged. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().default('Lotus <no-reply@localhost>'),
  /**
   * HMAC secret of the house vendor's /vendor-api calls (modules/seamless-wallet). Outside production it
   * defaults to developmentHouseVendorSecret; in production there is no default: unset, every house
   * vendor call is refused (INVALID_SIGNATURE) and the start logs an error.
   */
  HOUSE_VENDOR_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * The key that seals vendors' HMAC secrets in the database (AES-256-GCM, the 32-byte key derived
   * from it with HKDF-SHA256; modules/seamless-wallet `secret-sealing.ts`). At least 32 characters of
   * randomness (`openssl rand -base64 32`). Outside production it defaults to the public
   * developmentVendorSecretKey; production must set its own. Changing it makes every stored vendor
   * secret unreadable (docs/operations.md). Never logged.
   */
  VENDOR_SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
  /** Start the house vendor's process (apps/house-games) beside the API (`npm start`). */
  HOUSE_GAMES_ENABLED: booleanSchema.default(true),
  /** Port of the house vendor's process (apps/house-games), started beside the API; default PORT + 1. */
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The house games' address as browsers reach it (the /game iframe); default http://localhost:HOUSE_GAMES_PORT. */
  HOUSE_GAMES_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'an origin: http(s)://host[:port], no path')
    .optional(),
  /** The house games' address as the API reaches it (transfer-wallet calls); default http://127.0.0.1:HOUSE_GAMES_PORT. */
  HOUSE_GAMES_INTERNAL_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'an origin: http(s)://host[:port], no path')
    .optional(),
});

/** Settings that only some choices need; checked even when other settings are wrong, so every problem is listed. */
const requiredWhen: Array<{
  field: keyof z.input<typeof envSchema>;
  when: (env: Record<string, string>) => boolean;
  because: string;
}> = [
  {
    field: 'SMS_GATEWAY_URL',
    when: (env) => env.SMS_PROVIDER === 'http',
    because: 'required when SMS_PROVIDER is http',
  },
  { field: 'SMTP_URL', when: (env) => env.EMAIL_PROVIDER === 'smtp', because: 'required when EMAIL_PROVIDER is smtp' },
  {
    field: 'ADMIN_PASSWORD',
    when: (env) => env.ADMIN_USERNAME !== undefined,
    because: 'required when ADMIN_USERNAME is set',
  },
  {
    field: 'ADMIN_USERNAME',
    when: (env) => env.ADMIN_PASSWORD !== undefined,
    because: 'required when ADMIN_PASSWORD is set',
  },
  // The development default is public (README): production must bring its own secret.
  {
    field: 'HOUSE_VENDOR_SECRET',
    when: (env) => env.NODE_ENV === 'production',
    because: 'required with NODE_ENV=production',
  },
  // Same: the development key is public, so secrets sealed with it are not secret.
  {
    field: 'VENDOR_SECRET_KEY',
    when: (env) => env.NODE_ENV === 'production',
    because: 'required with NODE_ENV=production',
  },
];

export type AppConfig = Readonly<
  Omit<
    z.infer<typeof envSchema>,
    'SEED_DEMO' | 'HOUSE_GAMES_PORT' | 'HOUSE_GAMES_URL' | 'HOUSE_GAMES_INTERNAL_URL' | 'VENDOR_SECRET_KEY'
  > & {
    VENDOR_SECRET_KEY: string;
    SEED_DEMO: boolean;
    HOUSE_GAMES_PORT: number;
    HOUSE_GAMES_URL: string;
    HOUSE_GAMES_INTERNAL_URL: string;
    dataDir: string;
    repoRoot: string;
  }
>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment (empty strings count as unset). Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const missing = requiredWhen.filter(
    ({ field, when }) => when(cleaned as Record<string, string>) && cleaned[field] === undefined,
  );
  if (!parsed.success || missing.length > 0) {
    throw new ConfigError([
      ...(parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      ...missing.map(({ field, because }) => `${field}: ${because}`),
    ]);
  }
  const houseVendorSecret =
    parsed.data.HOUSE_VENDOR_SECRET ??
    (parsed.data.NODE_ENV === 'production' ? undefined : developmentHouseVendorSecret);
  const houseGamesPort = parsed.data.HOUSE_GAMES_PORT ?? (parsed.data.PORT === 0 ? 0 : parsed.data.PORT + 1);
  return Object.freeze({
    ...parsed.data,
    HOUSE_VENDOR_SECRET: houseVendorSecret,
    // Production cannot get here without its own key (requiredWhen).
    VENDOR_SECRET_KEY: parsed.data.VENDOR_SECRET_KEY ?? developmentVendorSecretKey,
    // No demo accounts with known passwords in production unless asked for (README "Settings").
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production',
    HOUSE_GAMES_PORT: houseGamesPort,
    HOUSE_GAMES_URL: parsed.data.HOUSE_GAMES_URL ?? `http://localhost:${houseGamesPort}`,
    HOUSE_GAMES_INTERNAL_URL: parsed.data.HOUSE_GAMES_INTERNAL_URL ?? `http://127.0.0.1:${houseGamesPort}`,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    repoRoot,
  });
}
