import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eDataDir } from './environment.ts';

/**
 * The e2e server's own database (a fresh embedded one each run), for set-up and checks no call
 * shows. The embedded server picks its port at start: postmaster.pid names it; the password is
 * the one the server generated next to it.
 */
/** Also for a job's own function run against that database (agent-contracts.spec.ts settles a day). */
export function connectionString(): string {
  const pid = readFileSync(path.join(e2eDataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(e2eDataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]}/lotus`;
}

/**
 * pg's parsers are process-wide, and a spec that imports the server's database module
 * (agent-contracts.spec.ts runs a job's own function) turns every int8 into a bigint for the rest
 * of its worker. The specs' own connections pin pg's default (int8 as text), whatever ran before.
 */
const defaultTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens a connection for `use` and closes it afterwards. */
export async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: connectionString(), types: defaultTypes });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The rows of one query. */
export async function queryDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  return withDatabase(async (client) => (await client.query<T>(text, values)).rows);
}
