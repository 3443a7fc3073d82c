import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { connect, migrateToLatest } from '../../db/database.ts';
import { seedDemo } from '../../db/seed.ts';
import { createLogger } from '../../logger.ts';
import { createTransferVendorClients, reconcilePendingTransfers } from '../../modules/transfer-wallet/index.ts';
import { freePort } from '../../free-port.ts';
import { createMembers, runMember, seededRandom, type Operation } from './load.ts';
import {
  apiService,
  bundleService,
  Database,
  houseGamesService,
  houseVendorSecret,
  sleep,
  type Ports,
} from './processes.ts';
import { verify, type Verdict } from './verify.ts';

/**
 * A chaos run (docs/testing.md, "Crash safety"): the platform on its own embedded database, a mixed
 * load from many members, and SIGKILLs of the API at random moments (once also of the database);
 * then every lost answer is asked again with the same key, pending transfers are reconciled, and
 * verify() checks that nothing was lost, duplicated or left stuck.
 */
export interface ChaosOptions {
  seed: number;
  members: number;
  kills: number;
  /** Mean seconds of load between the API answering again and the next kill (each gap is 0.5 to 1.5 times it). */
  gapSeconds: number;
  /** Kill the database too, once (at a random one of the kills). */
  killDatabase: boolean;
  dataDir: string;
  log: (line: string) => void;
}

export interface ChaosReport extends Verdict {
  seed: number;
  kills: number;
  databaseKills: number;
}

/** An idempotent request left unfinished by a crash is taken over after 30 s (modules/idempotency). */
const takeOverSeconds = 30;

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  const random = seededRandom(options.seed);
  await rm(options.dataDir, { recursive: true, force: true });
  const logger = createLogger(loadConfig({ ...process.env, LOG_LEVEL: 'error', DATABASE_URL: '' }));
  const database = new Database(options.dataDir, logger);
  await database.start();
  const ports: Ports = { api: await freePort(), houseGames: await freePort() };
  const output = (line: string) => log(line);
  const api = apiService(await bundleService('server'), ports, database, output);
  const houseGames = houseGamesService(await bundleService('house-games'), ports, database, output);
  let setupDb = connect(database.connectionString, 4);
  const operations: Operation[] = [];
  let kills = 0;
  let databaseKills = 0;
  try {
    await migrateToLatest(setupDb, logger);
    await seedDemo(setupDb);
    const members = await createMembers(setupDb, options.members, options.seed.toString(36));
    const { currency } = await setupDb
      .selectFrom('merchant')
      .select('currency')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    await setupDb.destroy();
    await api.start();
    await houseGames.start();
    log(
      `chaos: seed ${options.seed}, ${options.members} members, ${options.kills} kills${options.killDatabase ? ' (one with the database)' : ''} about ${options.gapSeconds} s apart`,
    );

    const deadlines = { stopAt: Number.POSITIVE_INFINITY, giveUpAt: Number.POSITIVE_INFINITY };
    const load = Promise.all(
      members.map((member) =>
        runMember({ apiOrigin: `http://127.0.0.1:${ports.api}`, currency, deadlines, random }, member),
      ),
    );

    const databaseKillAt = options.killDatabase ? Math.floor(random() * options.kills) : -1;
    const gap = () => sleep(options.gapSeconds * 1_000 * (0.5 + random()));
    for (let index = 0; index < options.kills; index += 1) {
      await gap();
      kills += 1;
      if (index === databaseKillAt) {
        log(`chaos: kill ${kills}: SIGKILL to PostgreSQL and the API`);
        await database.kill();
        await api.kill();
        await houseGames.kill();
        databaseKills += 1;
        await database.start();
        await houseGames.start();
      } else {
        log(`chaos: kill ${kills}: SIGKILL to the API`);
        await api.kill();
      }
      const restarting = Date.now();
      await api.start();
      log(`chaos: API answering again after ${((Date.now() - restarting) / 1_000).toFixed(1)} s`);
    }
    // A last stretch of load without kills, then every lost answer is asked for until a crashed
    // idempotent request has been taken over and answered.
    await gap();
    deadlines.stopAt = Date.now();
    deadlines.giveUpAt = Date.now() + (takeOverSeconds + 60) * 1_000;
    for (const memberOperations of await load) operations.push(...memberOperations);

    // What a lost transfer answer leaves pending is resolved by asking the vendor, as the job does.
    setupDb = connect(database.connectionString, 4);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: database.connectionString,
      HOUSE_VENDOR_SECRET: houseVendorSecret,
      HOUSE_GAMES_INTERNAL_URL: `http://127.0.0.1:${ports.houseGames}`,
    });
    const reconciled = await reconcilePendingTransfers(
      setupDb,
      config,
      createTransferVendorClients({ nowMs: () => Date.now() }),
      Date.now() + 3_600_000,
    );
    log(`chaos: reconciliation ${JSON.stringify(reconciled)}`);
    const verdict = await verify(
      setupDb,
      operations,
      members.map((member) => member.memberId),
    );
    return { seed: options.seed, kills, databaseKills, ...verdict };
  } finally {
    await api.stop().catch(() => {});
    await houseGames.stop().catch(() => {});
    await setupDb.destroy().catch(() => {});
    await database.stop().catch(() => {});
  }
}

export const defaultDataDir = path.resolve(import.meta.dirname, '../../../../../.tmp/chaos-data');
