/** Where the browser tests' server runs and keeps its data (a fresh embedded database each run). */
export const e2ePort = Number(process.env.E2E_PORT ?? 8391);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
