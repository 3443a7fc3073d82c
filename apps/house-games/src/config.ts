import { z } from 'zod';

/**
 * The house vendor's settings, parsed once from the environment at start (README.md "Settings").
 * Nothing else reads `process.env` (lint forbids it). Every problem is listed together, so an
 * operator fixes them in one go. The platform's `npm start` passes these when it spawns this process
 * (apps/server/src/house-games-process.ts).
 */
const envSchema = z.object({
  /** The PostgreSQL server; schema `house_games` is created and migrated at start. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  /** Signs every call between the platform and this vendor, both ways. A secret: never logged. */
  HOUSE_VENDOR_SECRET: z.string(),
  /** The platform's API as this process reaches it (seamless wallet calls). */
  PLATFORM_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('http://127.0.0.1:8080'),
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  HOST: z.string().default('0.0.0.0'),
  /** This process as browsers reach it (the game pages' origin); default http://localhost:HOUSE_GAMES_PORT. */
  HOUSE_GAMES_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type HouseConfig = Readonly<Omit<z.infer<typeof envSchema>, 'HOUSE_GAMES_URL'> & { HOUSE_GAMES_URL: string }>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment (empty strings count as unset). Throws ConfigError listing every problem. */
export function loadHouseConfig(env: NodeJS.ProcessEnv = process.env): HouseConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) =>
        issue.code === 'invalid_type' && issue.input === undefined
          ? `${issue.path.join('.')}: required`
          : `${issue.path.join('.')}: ${issue.message}`,
      ),
    );
  }
  return Object.freeze({
    ...parsed.data,
    HOUSE_GAMES_URL: parsed.data.HOUSE_GAMES_URL ?? `http://localhost:${parsed.data.HOUSE_GAMES_PORT}`,
  });
}
