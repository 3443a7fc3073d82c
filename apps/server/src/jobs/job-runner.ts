import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * Background jobs on pg-boss: queues kept in PostgreSQL (schema `pgboss`), so every API instance can
 * run a worker and each job still runs once. A scheduled job is sent by whichever instance's clock
 * monitor takes the schedule first (pg-boss serialises that in the database), then fetched by exactly
 * one worker (`SELECT ... FOR UPDATE SKIP LOCKED`). Nothing here needs Redis.
 */
export interface ScheduledJob {
  /** Queue name, e.g. `maintenance.prune`. */
  name: string;
  /** Five-field cron in UTC. */
  cron: string;
  /** What it did, for the log (e.g. rows deleted per table). Throwing makes pg-boss retry it later. */
  run(): Promise<Record<string, number>>;
}

export interface JobRunner {
  /**
   * Queues one run of a job now (operators, tests); the workers pick it up as any other. With
   * `runKey`, the run has an identity: every instance that asks for the same key (two instances
   * reacting to the same event, a double click) queues the one run, and all but the first get null.
   */
  runNow(name: string, runKey?: string): Promise<string | null>;
  /** Waits for running jobs (up to `timeoutMs`), then stops polling and scheduling. */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

export interface JobRunnerOptions {
  connectionString: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  jobs: readonly ScheduledJob[];
  /** Seconds between polls of an idle queue. pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
}

export async function startJobRunner({
  connectionString,
  logger,
  jobs,
  pollingIntervalSeconds = 30,
}: JobRunnerOptions): Promise<JobRunner> {
  const boss = new PgBoss({
    connectionString,
    application_name: 'lotus-jobs',
    // Its own small pool: a long job never starves the API's pool.
    max: 3,
    schema: 'pgboss',
    // Finished jobs are kept a week for inspection, then pg-boss's own maintenance removes them.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));
  await boss.start();

  for (const job of jobs) {
    // Singleton: at most one queued or active run at a time, so a slow run is never doubled by the next tick.
    await boss.createQueue(job.name, {
      name: job.name,
      policy: 'singleton',
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInMinutes: 15,
    });
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds }, async () => {
      const startedAt = Date.now();
      try {
        const outcome = await job.run();
        logger.info({ job: job.name, ...outcome, ms: Date.now() - startedAt }, 'job done');
      } catch (error) {
        logger.warn({ job: job.name, err: error }, 'job failed; pg-boss retries it');
        throw error;
      }
    });
  }
  logger.info({ jobs: jobs.map((job) => job.name) }, 'job runner started');

  return {
    boss,
    runNow: (name, runKey) => boss.send(name, {}, runKey === undefined ? {} : { id: jobIdOf(name, runKey) }),
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
  };
}

/**
 * The job id of a keyed run: a UUID derived from queue and key, so every instance computes the same
 * one. pg-boss inserts a job with `ON CONFLICT DO NOTHING` on its id, which is what makes the second
 * `send` of the same run a no-op instead of a second run, queued, running or done, for as long as
 * pg-boss keeps the first in its job table (completed jobs move to its archive after 12 hours).
 */
export function jobIdOf(name: string, runKey: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${runKey}`).digest('hex');
  // Shaped as a version-5-like UUID (name-based), which PostgreSQL's uuid type accepts.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
