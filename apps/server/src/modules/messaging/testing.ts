import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { merchantConfigSchema, type MerchantContext } from '../merchant/index.ts';

/** Helpers shared by this module's tests. */

/** A Thai mobile number nobody else in the test file uses: `0` + 9 digits, and its normal form. */
export function freshMobile(): { mobileNo: string; destination: string } {
  const national = `8${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { mobileNo: `0${national}`, destination: `+66${national}` };
}

/** What issueCode needs of the demo merchant, read from the database as a request would see it. */
export async function demoMerchant(db: Kysely<Database>): Promise<Pick<MerchantContext, 'id' | 'config'>> {
  const row = await db
    .selectFrom('merchant')
    .select(['id', 'config'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { id: row.id, config: merchantConfigSchema.parse(row.config) };
}
