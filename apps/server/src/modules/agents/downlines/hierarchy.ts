import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { listMemberSummaries, type AgentType, type MemberSummary } from '../../identity/index.ts';
import { lockTree } from './tree-lock.ts';

/**
 * The agent tree as a closure table (`member_hierarchy`, migration 0008): a row for every ancestor of
 * every member at its depth, and one of each member to itself. Both questions an agent area asks
 * ("my whole team, at any depth" and "whose team is this member in, up to the top") are then one
 * indexed query on the tree, with no recursion at read time, and one read of the members found
 * (identity's `listMemberSummaries`: the member rows are identity's).
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Places a member that has just been created at its spot in the tree: one row per ancestor of
 * `uplineId` (and `uplineId` itself at depth 1). The member's own depth-0 row is written by a trigger
 * when the member is inserted, and `member.upline_id` by identity's `insertMember`, which calls this
 * (as its `placeInTree`) in the transaction that inserts the member, so tree and member are never out
 * of step. Only for a member without downlines yet (moving a whole team is `moveUpline`).
 */
export async function placeUnder(
  trx: Transaction<Database>,
  placement: { merchantId: number; memberId: bigint; uplineId: bigint },
): Promise<void> {
  const { merchantId, memberId, uplineId } = placement;
  // Shared with other placements; waits for a move of a team (move-upline.ts) to commit first.
  await lockTree(trx, merchantId, 'shared');
  const inserted = await trx
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
        .where('merchant_id', '=', merchantId),
    )
    .executeTakeFirst();
  // The upline has at least its own depth-0 row in its merchant; none means another merchant's member.
  if (inserted.numInsertedOrUpdatedRows === 0n)
    throw new Error(`upline ${uplineId} is not a member of merchant ${merchantId}`);
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
    .selectFrom('member_hierarchy')
    .select(['descendant_id as memberId', 'depth'])
    .where('ancestor_id', '=', agentId)
    .where('merchant_id', '=', options.merchantId)
    .where('depth', '>', 0);
  if (options.maxDepth !== undefined) query = query.where('depth', '<=', options.maxDepth);
  const rows = await query.orderBy('depth').orderBy('descendant_id').execute();
  return withMembers(db, options.merchantId, rows);
}

/** The uplines of `memberId`, its direct upline first and the top of the tree last. One query. */
export async function listUplineChain(
  db: Db,
  memberId: bigint,
  options: { merchantId: number },
): Promise<HierarchyMember[]> {
  const rows = await db
    .selectFrom('member_hierarchy')
    .select(['ancestor_id as memberId', 'depth'])
    .where('descendant_id', '=', memberId)
    .where('merchant_id', '=', options.merchantId)
    .where('depth', '>', 0)
    .orderBy('depth')
    .execute();
  return withMembers(db, options.merchantId, rows);
}

async function withMembers(
  db: Db,
  merchantId: number,
  rows: Array<{ memberId: bigint; depth: number }>,
): Promise<HierarchyMember[]> {
  if (rows.length === 0) return [];
  const members = await listMemberSummaries(
    db,
    merchantId,
    rows.map((row) => row.memberId),
  );
  // The tree's composite foreign keys keep every row's member in the same merchant.
  return rows.map((row) => toHierarchyMember(members.get(row.memberId)!, row.depth));
}

function toHierarchyMember(member: MemberSummary, depth: number): HierarchyMember {
  return { memberId: member.id, username: member.username, isAgent: member.isAgent, uplineId: member.uplineId, depth };
}
