import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AgentType } from '../identity.tables.ts';
import type { MemberSummary } from './member-summaries.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What decides which of the merchant's broadcasts a member receives (modules/inbox). */
export interface MemberSegment {
  isAgent: AgentType;
  /** A broadcast reaches the members registered when it was sent. */
  createdAt: Date;
}

/** The member's type and registration time, or undefined for no member of this merchant. One primary-key read. */
export async function findMemberSegment(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<MemberSegment | undefined> {
  const row = await db
    .selectFrom('member')
    .select(['is_agent', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row && { isAgent: row.is_agent, createdAt: row.created_at };
}

/** How many of the merchant's accounts, not closed, have one of these types. One count. */
export async function countMembersOfTypes(db: Db, merchantId: number, types: readonly AgentType[]): Promise<number> {
  if (types.length === 0) return 0;
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('merchant_id', '=', merchantId)
    .where('is_agent', 'in', types)
    .where('status', '<>', 'closed')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The merchant's members among these usernames (any letter case), keyed by the lower-case name; names
 * of no member are absent. One query on the unique (merchant, username_key) index.
 */
export async function listMemberSummariesByUsernames(
  db: Db,
  merchantId: number,
  usernames: readonly string[],
): Promise<Map<string, MemberSummary>> {
  const keys = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const found = new Map<string, MemberSummary>();
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('member')
    .select(['id', 'username', 'username_key', 'is_agent', 'status', 'upline_id'])
    .where('merchant_id', '=', merchantId)
    .where('username_key', 'in', keys)
    .execute();
  for (const row of rows)
    found.set(row.username_key, {
      id: row.id,
      username: row.username,
      isAgent: row.is_agent,
      status: row.status,
      uplineId: row.upline_id,
    });
  return found;
}
