import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AgentType } from './identity.tables.ts';

/**
 * The agent tree as a closure table (`member_hierarchy`, migration 0008): a row for every ancestor of
 * every member at its depth, and one of each member to itself. Both questions an agent area asks
 * ("my whole team, at any depth" and "whose team is this member in, up to the top") are then one
 * indexed query, with no recursion at read time.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Places a member that has just been created at its spot in the tree: one row per ancestor of
 * `uplineId` (and `uplineId` itself at depth 1), and `member.upline_id`. (The member's own depth-0
 * row is written by a trigger when the member is inserted.) Every account creation calls it in the
 * transaction that inserts the member, so tree and member are never out of step. Only for a member
 * without an upline or downlines yet (moving a whole team is another operation). The upline must
 * belong to the same merchant: the composite foreign keys refuse anything else.
 */
export async function placeUnder(trx: Db, memberId: bigint, uplineId: bigint | null): Promise<void> {
  if (uplineId === null) return;
  const member = await trx
    .selectFrom('member')
    .select('merchant_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('member_hierarchy')
    .columns(['merchant_id', 'ancestor_id', 'descendant_id', 'depth'])
    .expression((eb) =>
      eb
        .selectFrom('member_hierarchy')
        .select((inner) => [
          'merchant_id',
          'ancestor_id',
          inner.val(memberId).as('descendant_id'),
          inner(inner.ref('depth'), '+', 1).as('depth'),
        ])
        .where('descendant_id', '=', uplineId)
        .where('merchant_id', '=', member.merchant_id),
    )
    .execute();
  await trx.updateTable('member').set({ upline_id: uplineId }).where('id', '=', memberId).execute();
}

export interface HierarchyMember {
  memberId: bigint;
  username: string;
  isAgent: AgentType;
  uplineId: bigint | null;
  /** Distance from the member asked about: 1 is a direct downline (or the direct upline). */
  depth: number;
}

/**
 * Every downline of `agentId` in its merchant, nearest first (the agent itself excluded); with
 * `maxDepth`, only down to that many levels. One query on the closure table's primary key.
 */
export async function listDownlines(
  db: Db,
  agentId: bigint,
  options: { merchantId: number; maxDepth?: number },
): Promise<HierarchyMember[]> {
  let query = db
    .selectFrom('member_hierarchy as h')
    .innerJoin('member as m', 'm.id', 'h.descendant_id')
    .select(['m.id', 'm.username', 'm.is_agent', 'm.upline_id', 'h.depth'])
    .where('h.ancestor_id', '=', agentId)
    .where('h.merchant_id', '=', options.merchantId)
    .where('h.depth', '>', 0);
  if (options.maxDepth !== undefined) query = query.where('h.depth', '<=', options.maxDepth);
  const rows = await query.orderBy('h.depth').orderBy('m.id').execute();
  return rows.map(toHierarchyMember);
}

/** The uplines of `memberId`, its direct upline first and the top of the tree last. One query. */
export async function listUplineChain(
  db: Db,
  memberId: bigint,
  options: { merchantId: number },
): Promise<HierarchyMember[]> {
  const rows = await db
    .selectFrom('member_hierarchy as h')
    .innerJoin('member as m', 'm.id', 'h.ancestor_id')
    .select(['m.id', 'm.username', 'm.is_agent', 'm.upline_id', 'h.depth'])
    .where('h.descendant_id', '=', memberId)
    .where('h.merchant_id', '=', options.merchantId)
    .where('h.depth', '>', 0)
    .orderBy('h.depth')
    .execute();
  return rows.map(toHierarchyMember);
}

function toHierarchyMember(row: {
  id: bigint;
  username: string;
  is_agent: AgentType;
  upline_id: bigint | null;
  depth: number;
}): HierarchyMember {
  return { memberId: row.id, username: row.username, isAgent: row.is_agent, uplineId: row.upline_id, depth: row.depth };
}
