import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';

/**
 * The repeatable step of the migrator (Flyway's repeatable migrations are the model). Every database
 * function has one file, `db/functions/<name>.sql`, holding its current body as `CREATE OR REPLACE`.
 * After the numbered migrations, each file whose checksum differs from the one recorded in
 * `db_function` (migration 0031), or whose function is missing, runs again. All of it happens in one
 * transaction under an advisory lock, so two instances starting at once apply a changed file once
 * and a failed file changes nothing.
 *
 * The server's build copies the folder next to dist/main.js (build.mjs), so `./functions/` resolves
 * from this module in the source tree and from the bundle alike.
 */
export const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

/** Any constant shared by every instance; the value only has to differ from other advisory locks. */
const repeatableLockKey = 7_310_031n;

export interface FunctionFile {
  name: string;
  body: string;
  checksum: string;
}

export function readFunctionFiles(dir: string = functionsDir): FunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const body = readFileSync(`${dir}/${file}`, 'utf8');
      return { name: file.slice(0, -'.sql'.length), body, checksum: createHash('sha256').update(body).digest('hex') };
    });
}

/** Runs every changed function file; returns the names it applied (none when all were current). */
export async function applyRepeatableFunctions<T>(
  db: Kysely<T>,
  logger: Logger,
  files: FunctionFile[] = readFunctionFiles(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${repeatableLockKey})`.execute(trx);
    const { rows } = await sql<{ name: string; checksum: string }>`SELECT name, checksum FROM db_function`.execute(trx);
    const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
    // A numbered migration may drop a function to change its arguments or result type: a file whose
    // function is missing runs again even when its checksum is the recorded one.
    const existing = await sql<{ proname: string }>`
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema()`.execute(trx);
    const present = new Set(existing.rows.map((row) => row.proname));
    const applied: string[] = [];
    for (const file of files) {
      if (recorded.get(file.name) === file.checksum && present.has(file.name)) continue;
      await sql.raw(file.body).execute(trx);
      await sql`
        INSERT INTO db_function (name, checksum, applied_at) VALUES (${file.name}, ${file.checksum}, now())
        ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = excluded.applied_at`.execute(trx);
      logger.info({ function: file.name, checksum: file.checksum }, 'database function applied');
      applied.push(file.name);
    }
    return applied;
  });
}
