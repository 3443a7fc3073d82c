import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { HouseConfig } from './config.ts';
import type { HouseDatabase, WalletRef } from './db/schema.ts';
import { baccaratRoutes } from './games/baccarat/baccarat-routes.ts';
import { BaccaratTable, type TableTiming } from './games/baccarat/baccarat-table.ts';
import { houseGames } from './games/catalogue.ts';
import { sendError, sendFailure } from './http/error-handler.ts';
import { okAnswer } from './http/answers.ts';
import { createHouseLogger } from './logger.ts';
import { slotRoutes } from './games/slot/slot-routes.ts';
import { finishUnfinishedRounds } from './games/slot/slot-rounds.ts';
import { pageRoutes } from './pages/page-routes.ts';
import { createSessions } from './sessions.ts';
import { transferApi } from './transfer-brand/transfer-api.ts';
import type { PlayerWallet } from './wallets/player-wallet.ts';
import { seamlessWallet } from './wallets/seamless-wallet.ts';
import { transferWallet } from './wallets/transfer-wallet.ts';

export { connectHouseDatabase, migrateHouseDatabase } from './db/database.ts';
export type { HouseDatabase } from './db/schema.ts';
export type { BaccaratTable, TableEvent, TableState } from './games/baccarat/baccarat-table.ts';
/** The games this vendor serves (the platform's declaration of them is checked against it). */
export { houseGames } from './games/catalogue.ts';

export interface HouseGamesOptions {
  db: Kysely<HouseDatabase>;
  /** HOUSE_VENDOR_SECRET: signs every call between this vendor and the platform, both ways. */
  secret: string;
  /** The platform's API as this process reaches it (seamless wallet calls to /vendor-api/HOUSE). */
  platformUrl: string;
  /** This process as browsers reach it (game pages in the /game iframe). */
  publicUrl: string;
  /** Who may frame the game pages (CSP frame-ancestors); default any site, as vendors serve many brands. */
  frameAncestors?: string;
  now?: () => number;
  /** The process's logger (main.ts, from the config); default one made of logLevel and logStream. */
  logger?: Logger;
  logLevel?: HouseConfig['LOG_LEVEL'];
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Finish rounds whose requests died, every this many ms (0: never; tests call it themselves). */
  recoveryEveryMs?: number;
  /** Live tables' phase lengths; `autoRun: false` leaves them still until a test calls `step()`. */
  tables?: { timing?: TableTiming; autoRun?: boolean };
}

/** The running app with its live tables (by game id), for tests that drive the tables. */
export interface HouseGamesApp {
  app: FastifyInstance;
  tables: Map<string, BaccaratTable>;
}

/**
 * The house vendor: a separate process that serves game pages for the platform's /game iframe and
 * talks to the platform only as an outside vendor would (README.md).
 */
export async function buildHouseGamesApp(options: HouseGamesOptions): Promise<HouseGamesApp> {
  const logger: FastifyBaseLogger =
    options.logger ?? createHouseLogger({ LOG_LEVEL: options.logLevel ?? 'info' }, options.logStream);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: false,
    bodyLimit: 16_384,
  }).withTypeProvider<ZodTypeProvider>();
  // Route schemas are zod, as in apps/server: they check params, query and body before the handler.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every refusal and fault, and whatever a route does not answer itself (a body that is not JSON or
  // too large), answers in the envelope from this one handler, never Fastify's own shape or a stack trace.
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((_request, reply) => sendFailure(reply, 404, 'NOT_FOUND'));
  const now = options.now ?? Date.now;
  const { db } = options;
  const platform = { platformUrl: options.platformUrl, secret: options.secret, now };
  const walletOf = (ref: WalletRef): PlayerWallet =>
    ref.brand === 'seamless' ? seamlessWallet(platform, ref) : transferWallet(db, ref, now);
  const sessions = createSessions(db, platform);

  app.get('/health', async () => okAnswer({ status: 'ok' }));
  await app.register(async (scope) =>
    transferApi(scope, { db, secret: options.secret, publicUrl: options.publicUrl, now }),
  );
  await app.register(async (scope) => slotRoutes(scope, { db, now, walletOf, sessions }));
  await app.register(async (scope) => pageRoutes(scope, { frameAncestors: options.frameAncestors ?? '*' }));

  const tables = new Map<string, BaccaratTable>();
  for (const [gameId, game] of Object.entries(houseGames)) {
    if (game.kind !== 'baccarat') continue;
    const table = new BaccaratTable({
      db,
      now,
      walletOf,
      tableId: `${gameId}-1`,
      gameId,
      ...options.tables,
      onError: (error) => app.log.error({ err: error }, 'baccarat table step failed'),
    });
    tables.set(gameId, table);
  }
  await app.register(async (scope) =>
    baccaratRoutes(scope, { sessions, tables, allowedOrigin: new URL(options.publicUrl).origin }),
  );
  // Tables start when the app is ready (a restarted process settles what it left open first).
  app.addHook('onReady', async () => {
    for (const table of tables.values()) await table.start();
  });
  app.addHook('onClose', async () => {
    for (const table of tables.values()) table.stop();
  });

  const every = options.recoveryEveryMs ?? 30_000;
  if (every > 0) {
    const timer = setInterval(() => {
      finishUnfinishedRounds({ db, now, walletOf }).catch((error: unknown) =>
        app.log.error({ err: error }, 'round recovery failed'),
      );
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return { app, tables };
}
