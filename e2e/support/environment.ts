/**
 * Where the browser tests' servers run and keep their data. Each Playwright worker has its own server
 * on a fresh embedded database (slot = the worker's parallel index), so journeys that switch the
 * merchant into maintenance or count rows never see another worker's. The main runner process has no
 * worker index: it starts one server per slot (playwright.config.ts).
 */
export const e2eBasePort = Number(process.env.E2E_PORT ?? 8391);
export const e2eBaseDataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/**
 * How many workers, so servers (one each). One by default: with two, a clean-clone CI run saw the slot
 * journey's balance not follow a spin (games.spec.ts), passed alone and in an idle two-worker run here;
 * until that is understood, `E2E_WORKERS=2` is opt-in (17.7 min for the suite against 22.8 with one).
 */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 1);

/** A slot's server port (its house-games vendor listens on the next one) and data directory. */
export function e2eSlot(slot: number): { port: number; dataDir: string } {
  return { port: e2eBasePort + 10 * slot, dataDir: slot === 0 ? e2eBaseDataDir : `${e2eBaseDataDir}-${slot}` };
}

const own = e2eSlot(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's server. */
export const e2ePort = own.port;
export const e2eDataDir = own.dataDir;
