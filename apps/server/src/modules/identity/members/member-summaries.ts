import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AgentType, MemberStatus } from '../identity.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What another module (the agent tree, affiliate codes) may know of a member: no contact data, no hashes. */
export interface MemberSummary {
  id: bigint;
  username: string;
  isAgent: AgentType;
  status: MemberStatus;
  uplineId: bigint | null;
}

/** Large teams are read in slices, well under PostgreSQL's limit of bind parameters per statement. */
const idsPerQuery = 10_000;

const summaryColumns = ['id', 'username', 'is_agent', 'status', 'upline_id'] as const;

/** The member of this merchant with this id, or undefined. One primary-key read. */
export async function findMemberSummary(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<MemberSummary | undefined> {
  const summaries = await listMemberSummaries(db, merchantId, [memberId]);
  return summaries.get(memberId);
}

/** The members of this merchant among `memberIds`, by id (ids of no member of the merchant are absent). */
export async function listMemberSummaries(
  db: Db,
  merchantId: number,
  memberIds: readonly bigint[],
): Promise<Map<bigint, MemberSummary>> {
  const summaries = new Map<bigint, MemberSummary>();
  for (let start = 0; start < memberIds.length; start += idsPerQuery) {
    const rows = await db
      .selectFrom('member')
      .select(summaryColumns)
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', memberIds.slice(start, start + idsPerQuery))
      .execute();
    for (const row of rows) summaries.set(row.id, toSummary(row));
  }
  return summaries;
}

/** The member of this merchant with this username (any letter case), or undefined. */
export async function findMemberSummaryByUsername(
  db: Db,
  merchantId: number,
  username: string,
): Promise<MemberSummary | undefined> {
  const row = await db
    .selectFrom('member')
    .select(summaryColumns)
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  return row === undefined ? undefined : toSummary(row);
}

function toSummary(row: {
  id: bigint;
  username: string;
  is_agent: AgentType;
  status: MemberStatus;
  upline_id: bigint | null;
}): MemberSummary {
  return { id: row.id, username: row.username, isAgent: row.is_agent, status: row.status, uplineId: row.upline_id };
}
