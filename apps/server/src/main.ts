import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
const server = await startServer(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
logger.info({ url: server.url, dataDir: config.DATABASE_URL ? undefined : config.dataDir }, 'site and API listening');

// SIGTERM/SIGINT: stop accepting, drain in-flight requests, then stop the database cleanly.
closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await server.close();
});
