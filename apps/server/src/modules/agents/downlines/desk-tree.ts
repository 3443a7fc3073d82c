import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * What the back-office's member desk reads of the agent tree and affiliate codes: a page of an
 * agent's direct downlines with their count, and the agent behind an affiliate code (any state:
 * an operator searching by a code wants its team even when the code is switched off).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Direct downlines (depth 1) of `agentId`, by id, paged, and how many there are. Members are read by the caller. */
export async function pageDirectDownlines(
  db: Db,
  merchantId: number,
  agentId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ memberIds: bigint[]; total: number }> {
  const base = db
    .selectFrom('member_hierarchy')
    .where('ancestor_id', '=', agentId)
    .where('merchant_id', '=', merchantId)
    .where('depth', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select('descendant_id')
      .orderBy('descendant_id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { memberIds: rows.map((row) => row.descendant_id), total: Number(count.total) };
}

/** The agent an affiliate code of the merchant belongs to (any letter case), or undefined. */
export async function findAffiliateCodeAgent(db: Db, merchantId: number, code: string): Promise<bigint | undefined> {
  const key = code.trim().toLowerCase();
  if (key === '') return undefined;
  const row = await db
    .selectFrom('affiliate_code')
    .select('agent_id')
    .where('merchant_id', '=', merchantId)
    .where('code_key', '=', key)
    .executeTakeFirst();
  return row?.agent_id;
}
