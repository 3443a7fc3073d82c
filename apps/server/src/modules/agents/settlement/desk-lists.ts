import {
  formatMinorUnits,
  type AdminAgentTransferPage,
  type AdminAgentTransferQuery,
  type AdminTopContractPage,
  type AdminTopContractQuery,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';
import { viewOf } from '../contracts/contract-flow.ts';
import { historyOf } from '../contracts/downline-contracts.ts';

/** The back-office's agents pages besides statements: the merchant's own contracts, the agents' transfers. */

const stateStatuses = { signed: ['A', 'V'], waiting: ['P', 'E'], ended: ['C', 'R'] } as const;

async function usernames(db: Kysely<Database>, merchantId: number, ids: readonly bigint[]) {
  const summaries = await listMemberSummaries(db, merchantId, [...new Set(ids)]);
  return new Map([...summaries].map(([id, summary]) => [id, summary.username]));
}

/** The merchant's own contracts with its top agents (no upline), newest first, with their history. */
export async function listTopContracts(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminTopContractQuery,
): Promise<AdminTopContractPage> {
  const empty = { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
  let base = db
    .selectFrom('agent_contract')
    .where('merchant_id', '=', merchantId)
    .where('upline_member_id', 'is', null);
  if (query.state !== undefined) base = base.where('status', 'in', [...stateStatuses[query.state]]);
  if (query.agent !== undefined && query.agent !== '') {
    const holder = await findMemberSummaryByUsername(db, merchantId, query.agent);
    if (!holder) return empty;
    base = base.where('member_id', '=', holder.id);
  }
  const [count, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const [history, names] = await Promise.all([
    historyOf(
      db,
      rows.map((row) => row.id),
    ),
    usernames(
      db,
      merchantId,
      rows.map((row) => row.member_id),
    ),
  ]);
  return {
    ...empty,
    total: Number(count.n),
    items: rows.map((row) => ({
      ...viewOf(row, false),
      holderUsername: names.get(row.member_id) ?? '',
      history: history.get(row.id) ?? [],
    })),
  };
}

/** Every transfer between agents and their teams (one row per recipient), newest first. */
export async function listAgentTransfersForDesk(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminAgentTransferQuery,
): Promise<AdminAgentTransferPage> {
  const empty = { items: [], page: query.page, pageSize: query.pageSize, total: 0, totalAmount: '0.00' };
  let base = db.selectFrom('agent_transfer').where('merchant_id', '=', merchantId);
  if (query.kind !== undefined) base = base.where('kind', '=', query.kind);
  if (query.from !== undefined) base = base.where('created_at', '>=', new Date(query.from));
  if (query.to !== undefined) base = base.where('created_at', '<', new Date(query.to));
  if (query.member !== undefined && query.member !== '') {
    const member = await findMemberSummaryByUsername(db, merchantId, query.member);
    if (!member) return empty;
    base = base.where((eb) => eb.or([eb('sender_id', '=', member.id), eb('receiver_id', '=', member.id)]));
  }
  const [totals, rows] = await Promise.all([
    base
      .select([sql<string>`count(*)`.as('n'), sql<string | null>`sum(amount)`.as('amount')])
      .executeTakeFirstOrThrow(),
    base
      .select(['id', 'kind', 'sender_id', 'receiver_id', 'amount', 'remark', 'posting_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const names = await usernames(
    db,
    merchantId,
    rows.flatMap((row) => [row.sender_id, row.receiver_id]),
  );
  return {
    ...empty,
    total: Number(totals.n),
    totalAmount: formatMinorUnits(BigInt(totals.amount ?? 0)),
    items: rows.map((row) => ({
      id: row.id.toString(),
      kind: row.kind,
      senderId: row.sender_id.toString(),
      senderUsername: names.get(row.sender_id) ?? '',
      receiverId: row.receiver_id.toString(),
      receiverUsername: names.get(row.receiver_id) ?? '',
      amount: formatMinorUnits(row.amount),
      remark: row.remark,
      postingId: row.posting_id.toString(),
      time: row.created_at.getTime(),
    })),
  };
}
