import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { connect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase {
  db: Kysely<Database>;
  connectionString: string;
  drop(): Promise<void>;
}

/** A fresh database copied from the migrated and seeded template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminConnectionString = inject('adminConnectionString');
  const template = inject('templateDatabase');
  const name = `lotus_test_${template.split('_').at(-1)}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminConnectionString });
  await admin.connect();
  // Copying a template needs it to have no connections; files may copy it at the same moment.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !String((error as Error).message).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 25));
    }
  }
  await admin.end();
  const connectionString = withDatabase(adminConnectionString, name);
  const db = connect(connectionString, 5);
  return {
    db,
    connectionString,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminConnectionString });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
