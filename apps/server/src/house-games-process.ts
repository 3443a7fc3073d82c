import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from './config.ts';

export interface HouseGamesProcess {
  stop(): Promise<void>;
}

const restartDelayMs = 1_000;

/**
 * Runs the house vendor (apps/house-games, built to dist/main.js) as a child process beside the
 * API: its own port, the same PostgreSQL (its own schema), and only the vendor protocols between
 * them. Restarted when it dies; stopped with the API. Null when disabled or not built.
 */
export function startHouseGamesProcess(
  config: AppConfig,
  logger: Logger,
  connectionString: string,
  platformUrl: string,
): HouseGamesProcess | null {
  if (!config.HOUSE_GAMES_ENABLED) return null;
  const entry = path.join(config.repoRoot, 'apps/house-games/dist/main.js');
  if (!existsSync(entry)) {
    logger.warn({ entry }, 'house games are not built (npm run build): their games cannot be launched');
    return null;
  }
  if (config.HOUSE_GAMES_PORT === 0 || config.HOUSE_VENDOR_SECRET === undefined) {
    logger.warn('house games need HOUSE_GAMES_PORT (not 0) and HOUSE_VENDOR_SECRET: not started');
    return null;
  }
  const env = {
    NODE_ENV: config.NODE_ENV,
    LOG_LEVEL: config.LOG_LEVEL,
    HOST: config.HOST,
    HOUSE_GAMES_PORT: String(config.HOUSE_GAMES_PORT),
    HOUSE_GAMES_URL: config.HOUSE_GAMES_URL,
    HOUSE_VENDOR_SECRET: config.HOUSE_VENDOR_SECRET,
    DATABASE_URL: connectionString,
    PLATFORM_URL: platformUrl,
  };
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  const start = () => {
    // The IPC channel is how the child learns that the API died (see apps/house-games/src/main.ts).
    child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    logger.info({ pid: child.pid, url: config.HOUSE_GAMES_URL }, 'house games starting');
    child.once('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      logger.error({ code, signal }, 'house games exited: restarting');
      restartTimer = setTimeout(start, restartDelayMs);
    });
  };
  start();
  return {
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child as ChildProcess | null;
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
        setTimeout(() => running.kill('SIGKILL'), config.SHUTDOWN_GRACE_MS).unref();
      });
    },
  };
}
