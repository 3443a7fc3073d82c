import {
  agentTransferTxTypes,
  type AgentTransferHistory,
  type AgentTransferHistoryQuery,
  type AgentTransferKind,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findMemberSummaryByUsername } from '../../identity/index.ts';
import { namesOf, toAgentTransfer, transferColumns } from './transfer-view.ts';

/**
 * The caller's transfers with its downlines and its upline, newest first, in the original's
 * `ODSFE2_MemTransDet` shape: `subordinateName` (the other side's account; an unknown name reads an
 * empty page), a time range (epoch ms, start inclusive, end exclusive), `txTypeIds` (6207 sent to a
 * downline, 6104 received from the upline, 6233 to or from the upline), paged.
 */
export async function listAgentTransfers(
  db: Kysely<Database>,
  scope: { merchantId: number; memberId: bigint },
  query: AgentTransferHistoryQuery,
): Promise<AgentTransferHistory> {
  const { merchantId, memberId } = scope;
  const empty = { content: [], totalElements: 0, page: query.page, size: query.size };
  let counterpartyId: bigint | null = null;
  if (query.subordinateName !== undefined && query.subordinateName !== '') {
    const other = await findMemberSummaryByUsername(db, merchantId, query.subordinateName);
    if (!other) return empty;
    counterpartyId = other.id;
  }
  const types = new Set((query.txTypeIds ?? '').split(',').filter(Boolean).map(Number));

  let base = db
    .selectFrom('agent_transfer')
    .where('merchant_id', '=', merchantId)
    .where((eb) => {
      const sides = [];
      const sentKinds: AgentTransferKind[] = [];
      const receivedKinds: AgentTransferKind[] = [];
      const all = types.size === 0;
      if (all || types.has(agentTransferTxTypes.toDownlineOut))
        sentKinds.push('agent.transfer.downline', 'agent.transfer.luckybag');
      if (all || types.has(agentTransferTxTypes.fromUplineIn))
        receivedKinds.push('agent.transfer.downline', 'agent.transfer.luckybag');
      if (all || types.has(agentTransferTxTypes.toUpline)) {
        sentKinds.push('agent.transfer.upline');
        receivedKinds.push('agent.transfer.upline');
      }
      if (sentKinds.length > 0) sides.push(eb.and([eb('sender_id', '=', memberId), eb('kind', 'in', sentKinds)]));
      if (receivedKinds.length > 0)
        sides.push(eb.and([eb('receiver_id', '=', memberId), eb('kind', 'in', receivedKinds)]));
      return sides.length === 0 ? eb.val(false) : eb.or(sides);
    });
  if (counterpartyId !== null) {
    const other = counterpartyId;
    base = base.where((eb) => eb.or([eb('sender_id', '=', other), eb('receiver_id', '=', other)]));
  }
  if (query.startTime !== undefined) base = base.where('created_at', '>=', new Date(query.startTime));
  if (query.endTime !== undefined) base = base.where('created_at', '<', new Date(query.endTime));

  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .select(transferColumns)
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  const names = await namesOf(db, merchantId, rows);
  return {
    content: rows.map((row) => toAgentTransfer(row, memberId, names)),
    totalElements: Number(count.count),
    page: query.page,
    size: query.size,
  };
}
