import type { InboxAudience } from '@lotus/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findMemberSegment, type AgentType } from '../identity/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * isAgent values of agents (spec §3). The agents module has the same set (`agentTypes`), but it sits
 * above the inbox (its transfers write messages), so the inbox keeps its own; inbox.test.ts checks
 * they agree.
 */
export const agentKinds: readonly AgentType[] = [1, 2, 41, 42];

/** Whose inbox: the member of the call. */
export interface Reader {
  merchantId: number;
  memberId: bigint;
}

/** What a reader sees of the merchant's broadcasts: their audiences, sent since it registered. */
export interface ReaderScope extends Reader {
  broadcastAudiences: readonly InboxAudience[];
  since: Date;
}

/** The broadcast audiences that reach an account of this type: none for a trial account. */
export function broadcastAudiencesOf(isAgent: AgentType): readonly InboxAudience[] {
  if (isAgent === 0) return ['all', 'members'];
  return agentKinds.includes(isAgent) ? ['all', 'agents'] : [];
}

/** The reader's scope, read from identity (one primary-key read); no member of the merchant sees nothing. */
export async function readerScopeOf(db: Db, reader: Reader): Promise<ReaderScope> {
  const segment = await findMemberSegment(db, reader.merchantId, reader.memberId);
  return {
    ...reader,
    broadcastAudiences: segment ? broadcastAudiencesOf(segment.isAgent) : [],
    since: segment?.createdAt ?? new Date(8.64e15),
  };
}

export interface VisibleFilter {
  /** Send time bounds: inclusive from, exclusive to. */
  from?: Date;
  to?: Date;
  /** Only these messages. */
  ids?: readonly bigint[];
}

/**
 * The messages the reader sees, not deleted, as rows `(message_id, sent_at, read_at, is_broadcast)`:
 * its listed deliveries (primary key and `(member_id, sent_at)` index) and the merchant's broadcasts of
 * its audiences sent since it registered (the partial broadcast index), each joined with the reader's
 * own delivery row if it has one. Every read and change of a member's inbox goes through this one
 * definition, so what a member sees, counts, reads and deletes cannot disagree; an id outside it is
 * another member's, deleted or unknown, and answers 404.
 */
export function visibleRows(
  scope: ReaderScope,
  filter: VisibleFilter = {},
): RawBuilder<{ message_id: bigint; sent_at: Date; read_at: Date | null; is_broadcast: boolean }> {
  // The filter's conditions on one side of the union: its send-time and message-id columns.
  const conditions = (sentAt: string, messageId: string) =>
    sql.join(
      [
        sql``,
        ...(filter.from ? [sql`AND ${sql.ref(sentAt)} >= ${filter.from}`] : []),
        ...(filter.to ? [sql`AND ${sql.ref(sentAt)} < ${filter.to}`] : []),
        ...(filter.ids ? [sql`AND ${sql.ref(messageId)} = ANY(${filter.ids.map(String)}::bigint[])`] : []),
      ],
      sql` `,
    );
  const listed = sql`
    SELECT d.message_id, d.sent_at, d.read_at, false AS is_broadcast
      FROM inbox_delivery d
     WHERE d.member_id = ${scope.memberId} AND NOT d.is_broadcast AND d.deleted_at IS NULL
       ${conditions('d.sent_at', 'd.message_id')}`;
  if (scope.broadcastAudiences.length === 0) return sql`(${listed})`;
  const broadcasts = sql`
    SELECT m.id AS message_id, m.sent_at, d.read_at, true AS is_broadcast
      FROM inbox_message m
      LEFT JOIN inbox_delivery d ON d.member_id = ${scope.memberId} AND d.message_id = m.id
     WHERE m.merchant_id = ${scope.merchantId} AND m.audience <> 'listed'
       AND m.audience = ANY(${[...scope.broadcastAudiences]}::text[])
       AND m.sent_at >= ${scope.since}
       AND d.deleted_at IS NULL
       ${conditions('m.sent_at', 'm.id')}`;
  return sql`(${listed} UNION ALL ${broadcasts})`;
}

/**
 * The reader's unread messages, whatever their date: listed deliveries neither read nor deleted (a
 * partial index), plus broadcasts of its audiences since it registered that it has no row of (a
 * broadcast's row is written only when it is read or deleted).
 */
export async function countUnread(db: Db, scope: ReaderScope): Promise<number> {
  const broadcasts =
    scope.broadcastAudiences.length === 0
      ? sql`0`
      : sql`(SELECT count(*) FROM inbox_message m
              WHERE m.merchant_id = ${scope.merchantId} AND m.audience <> 'listed'
                AND m.audience = ANY(${[...scope.broadcastAudiences]}::text[])
                AND m.sent_at >= ${scope.since}
                AND NOT EXISTS (SELECT 1 FROM inbox_delivery d WHERE d.member_id = ${scope.memberId} AND d.message_id = m.id))`;
  const result = await sql<{ unread: string }>`
    SELECT (SELECT count(*) FROM inbox_delivery
             WHERE member_id = ${scope.memberId} AND NOT is_broadcast AND read_at IS NULL AND deleted_at IS NULL)
           + ${broadcasts} AS unread`.execute(db);
  return Number(result.rows[0]!.unread);
}
