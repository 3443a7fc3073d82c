import {
  buildHouseGamesApp,
  connectHouseDatabase,
  migrateHouseDatabase,
  type BaccaratTable,
  type HouseDatabase,
} from '@lotus/house-games';
import type { Kysely } from 'kysely';
import { developmentHouseVendorSecret } from '../config.ts';
import { freePort } from '../free-port.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import type { TransferVendorClientWrapper } from '../modules/transfer-wallet/index.ts';

export interface TestHouseGames {
  /** The vendor's address for the platform (HOUSE_GAMES_INTERNAL_URL). */
  url: string;
  db: Kysely<HouseDatabase>;
  /** The live tables by game id; they move only when a test calls `step()`. */
  tables: Map<string, BaccaratTable>;
  close(): Promise<void>;
}

/**
 * The real house vendor (apps/house-games) on a free port and its own schema of the test database,
 * for tests of what the platform asks a vendor. Its pages' public address is a placeholder unless
 * `publicAddress` is true: then it is the real one (`url`), so the game URLs it hands out can be opened.
 */
export async function startTestHouseGames(
  database: TestDatabase,
  now: () => number,
  platformUrl = 'http://127.0.0.1:1',
  options: { publicAddress?: boolean } = {},
): Promise<TestHouseGames> {
  const db = connectHouseDatabase(database.connectionString);
  await migrateHouseDatabase(db);
  const listenPort = options.publicAddress ? await freePort() : 0;
  const publicUrl = options.publicAddress ? `http://127.0.0.1:${listenPort}` : 'http://localhost:9999';
  const { app, tables } = await buildHouseGamesApp({
    db,
    secret: developmentHouseVendorSecret,
    platformUrl,
    publicUrl,
    logLevel: 'silent',
    now,
    recoveryEveryMs: 0,
    tables: { autoRun: false },
  });
  await app.listen({ port: listenPort, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    tables,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

export interface PlatformWithHouse {
  database: TestDatabase;
  house: TestHouseGames;
  testApp: TestApp;
  close(): Promise<void>;
}

/**
 * The platform and the real house vendor on one fresh database, each knowing the other's address: the
 * platform listens on a real port (the house calls its /vendor-api) and calls the house's /transfer-api.
 * `gameUrlsOpen`: the launch's game URLs point at the running house vendor (both brands), so a test
 * can open the pages they name.
 */
export async function startPlatformWithHouse(options: {
  now: () => number;
  wrapTransferVendorClient?: TransferVendorClientWrapper;
  gameUrlsOpen?: boolean;
}): Promise<PlatformWithHouse> {
  const database = await createTestDatabase();
  const platformPort = await freePort();
  const house = await startTestHouseGames(database, options.now, `http://127.0.0.1:${platformPort}`, {
    publicAddress: options.gameUrlsOpen ?? false,
  });
  const testApp = await createTestApp(
    { HOUSE_GAMES_INTERNAL_URL: house.url, ...(options.gameUrlsOpen ? { HOUSE_GAMES_URL: house.url } : {}) },
    {
      database,
      now: options.now,
      ...(options.wrapTransferVendorClient ? { wrapTransferVendorClient: options.wrapTransferVendorClient } : {}),
    },
  );
  await testApp.app.listen({ port: platformPort, host: '127.0.0.1' });
  return {
    database,
    house,
    testApp,
    close: async () => {
      await house.close();
      await testApp.app.close();
      await database.drop();
    },
  };
}
