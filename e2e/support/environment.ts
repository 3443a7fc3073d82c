/**
 * Where the browser tests' servers run and keep their data. Each Playwright worker has its own server
 * on a fresh embedded database (slot = the worker's parallel index), so journeys that switch the
 * merchant into maintenance or count rows never see another worker's. The main runner process has no
 * worker index: it starts one server per slot (playwright.config.ts).
 */
export const e2eBasePort = Number(process.env.E2E_PORT ?? 8391);
export const e2eBaseDataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** How many workers, so servers (one each). Two on this project's two-core machines. */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);

/** A slot's server port (its house-games vendor listens on the next one) and data directory. */
export function e2eSlot(slot: number): { port: number; dataDir: string } {
  return { port: e2eBasePort + 10 * slot, dataDir: slot === 0 ? e2eBaseDataDir : `${e2eBaseDataDir}-${slot}` };
}

const own = e2eSlot(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's server. */
export const e2ePort = own.port;
export const e2eDataDir = own.dataDir;
