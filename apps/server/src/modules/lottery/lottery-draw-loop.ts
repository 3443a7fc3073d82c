import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import { createDrawsAhead } from './create-draws-ahead.ts';
import { drawDueDraws, lockDueDraws, nextDrawEventMs, type DrawnDraw } from './draw-due-draws.ts';
import { runOfficialTick } from './official/index.ts';
import { runYeekeeTick } from './yeekee/index.ts';
import { settleDrawnDraws, type SettledDraw } from './settle-draws.ts';

/** What one pass did. */
export interface LotteryTickResult {
  created: number;
  locked: number;
  drawn: DrawnDraw[];
  settled: SettledDraw[];
}

/**
 * One pass of the scheduler: draws created ahead, due locks taken, due draws drawn, drawn draws settled
 * (those just drawn, and any a crash left drawn but unsettled).
 */
export async function runLotteryTick(db: Kysely<Database>, nowMs: number): Promise<LotteryTickResult> {
  // Official draws: created ahead on their calendars; those past their result deadline cancelled and refunded.
  await runOfficialTick(db, nowMs);
  const created = await createDrawsAhead(db, nowMs);
  const locked = await lockDueDraws(db, nowMs);
  const drawn = await drawDueDraws(db, nowMs);
  // Yee-Kee rounds: created ahead, and drawn from their shots (or refunded when void) before settling.
  await runYeekeeTick(db, nowMs);
  const settled = await settleDrawnDraws(db, nowMs);
  return { created, locked, drawn, settled };
}

export interface LotteryDrawLoopOptions {
  db: Kysely<Database>;
  /** The app's clock (epoch ms). */
  now: () => number;
  logger: Logger;
  /** Called with what a pass drew (settlement will hang here). */
  onDrawn?: (drawn: DrawnDraw[]) => void | Promise<void>;
  /** How the loop waits between passes (default a timer that stop() cuts short); tests move a fake clock. */
  pause?: (ms: number) => Promise<void>;
}

export interface LotteryDrawLoop {
  /** Stops the loop and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

/**
 * Longest sleep between passes: a draw another instance created, or a game an operator enabled, is
 * seen within this, and the horizon of draws ahead is topped up.
 */
const maxSleepMs = 5_000;
/** After a failed pass (database restarting), the next try. */
const retryMs = 2_000;
/** A timer may fire a little early; waking just after the instant avoids a pass that finds nothing. */
const wakeLateMs = 20;

/**
 * Runs the draws on this instance: a pass at start (overdue draws are drawn at once after a restart),
 * then a pass at each next lock or draw instant, read from the database, waking at least every 5 s.
 * Every instance may run it: creating ahead is idempotent and each draw is drawn by one conditional
 * UPDATE, so two instances never draw twice and either one alone keeps time (README, "Exactly once").
 */
export function startLotteryDrawLoop(options: LotteryDrawLoopOptions): LotteryDrawLoop {
  const { db, now, logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause =
    options.pause ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, ms);
      }));

  const loop = (async () => {
    while (!stopped) {
      let sleepMs = maxSleepMs;
      try {
        const pass = await runLotteryTick(db, now());
        if (pass.drawn.length > 0) {
          // Debug: a few draws a minute, all day, would drown the info log.
          logger.debug({ draws: pass.drawn.map((draw) => `${draw.gameCode} ${draw.numero}`) }, 'lottery draws drawn');
          await options.onDrawn?.(pass.drawn);
        }
        const nextMs = await nextDrawEventMs(db);
        if (nextMs !== null) sleepMs = Math.min(maxSleepMs, Math.max(0, nextMs - now()) + wakeLateMs);
      } catch (error) {
        if (stopped) break;
        logger.error({ err: error }, 'lottery draw pass failed; retrying');
        sleepMs = retryMs;
      }
      if (!stopped) await pause(sleepMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
