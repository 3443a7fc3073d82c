import type { subordinateQuerySchema } from '@lotus/contract';
import { type SubordinateList } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';
import { isAgentType } from '../agent-types.ts';

type Query = z.output<typeof subordinateQuerySchema>;

/**
 * The original's downline picker `ODSFE2_subordinateSimple`: members of the caller's subtree (SELF) or
 * its direct downlines (DIRECT), nearest first, paged; `subordinateName` finds one account by its exact
 * name (any case) and answers it only if it is in that scope. `agentsOnly` keeps agents (contracts).
 */
export async function listSubordinates(
  db: Kysely<Database>,
  caller: { merchantId: number; memberId: bigint },
  query: Query,
): Promise<SubordinateList> {
  let base = db
    .selectFrom('member_hierarchy')
    .where('merchant_id', '=', caller.merchantId)
    .where('ancestor_id', '=', caller.memberId)
    .where('depth', '>', 0);
  if (query.subordinateType === 'DIRECT') base = base.where('depth', '=', 1);
  if (query.subordinateName) {
    const named = await findMemberSummaryByUsername(db, caller.merchantId, query.subordinateName);
    if (!named) return { list: [], totalElements: 0 };
    base = base.where('descendant_id', '=', named.id);
  }
  const ordered = base.select(['descendant_id', 'depth']).orderBy('depth').orderBy('descendant_id');
  if (query.agentsOnly === '0') {
    // Every member counts: page in the database, read only the page's members.
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ordered
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
    ]);
    const members = await listMemberSummaries(
      db,
      caller.merchantId,
      rows.map((row) => row.descendant_id),
    );
    return {
      list: rows.flatMap((row) => {
        const member = members.get(row.descendant_id);
        return member
          ? [
              {
                customerId: Number(row.descendant_id),
                customerName: member.username,
                isAgent: member.isAgent,
                depth: row.depth,
              },
            ]
          : [];
      }),
      totalElements: Number(count.count),
    };
  }
  // Agents only: the kind is identity's, so the scope's members are read and filtered here.
  const rows = await ordered.execute();
  const members = await listMemberSummaries(
    db,
    caller.merchantId,
    rows.map((row) => row.descendant_id),
  );
  const kept = rows.flatMap((row) => {
    const member = members.get(row.descendant_id);
    return member && isAgentType(member.isAgent) ? [{ row, member }] : [];
  });
  const page = kept.slice((query.page - 1) * query.size, query.page * query.size);
  return {
    list: page.map(({ row, member }) => ({
      customerId: Number(row.descendant_id),
      customerName: member.username,
      isAgent: member.isAgent,
      depth: row.depth,
    })),
    totalElements: kept.length,
  };
}
