import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { HouseDatabase, WalletRef } from './db/schema.ts';
import { baccaratRoutes } from './games/baccarat/baccarat-routes.ts';
import { BaccaratTable, type TableTiming } from './games/baccarat/baccarat-table.ts';
import { houseGames } from './games/catalogue.ts';
import { fail } from './http.ts';
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
  logLevel?: string;
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
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Game pages are opened with the player's session token in the query (`/play/x?token=`), so
      // request lines carry the path only: a token in a log is a seat anyone reading it could take.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: false,
    bodyLimit: 16_384,
  });
  // Whatever a route does not answer itself (a body that is not JSON or too large, an unknown
  // address, a fault) still answers in the envelope, never Fastify's own shape or a stack trace.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (statusCode === 500) request.log.error({ err: error }, 'house games request failed');
    return fail(
      reply,
      statusCode,
      statusCode === 500 ? 'INTERNAL_ERROR' : statusCode === 413 ? 'BODY_TOO_LARGE' : 'INVALID_REQUEST',
    );
  });
  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'NOT_FOUND'));
  const now = options.now ?? Date.now;
  const { db } = options;
  const platform = { platformUrl: options.platformUrl, secret: options.secret, now };
  const walletOf = (ref: WalletRef): PlayerWallet =>
    ref.brand === 'seamless' ? seamlessWallet(platform, ref) : transferWallet(db, ref, now);
  const sessions = createSessions(db, platform);

  app.get('/health', async () => ({ success: true, value: { status: 'ok' } }));
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
