import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TreeMember } from './team-figures.ts';

/**
 * Every member and its direct upline at `at`: today's tree with the moved members' history applied
 * (every kind's settlement reads the tree of its period's end here).
 */
export async function treeAt(db: Kysely<Database>, merchantId: number, at: Date): Promise<TreeMember[]> {
  const { rows } = await sql<{ member_id: string; upline_id: string | null }>`
    SELECT self.descendant_id AS member_id,
           CASE WHEN moved.member_id IS NULL THEN up.ancestor_id ELSE moved.upline_id END AS upline_id
      FROM member_hierarchy self
      LEFT JOIN member_hierarchy up
        ON up.merchant_id = self.merchant_id AND up.descendant_id = self.descendant_id AND up.depth = 1
      LEFT JOIN LATERAL (
        SELECT h.member_id, h.upline_id FROM member_upline_history h
         WHERE h.merchant_id = self.merchant_id AND h.member_id = self.descendant_id
           AND h.valid_from <= ${at} AND (h.valid_to IS NULL OR h.valid_to > ${at})
         ORDER BY h.valid_from DESC, h.id DESC LIMIT 1
      ) moved ON true
     WHERE self.merchant_id = ${merchantId} AND self.depth = 0`.execute(db);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    uplineId: row.upline_id === null ? null : BigInt(row.upline_id),
  }));
}
