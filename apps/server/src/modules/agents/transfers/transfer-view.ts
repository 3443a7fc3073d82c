import { agentTransferTxTypes, formatMinorUnits, type AgentTransfer } from '@lotus/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import type { AgentTransferTable } from '../agents.tables.ts';

export const transferColumns = [
  'id',
  'kind',
  'sender_id',
  'receiver_id',
  'amount',
  'remark',
  'created_at',
] as const satisfies ReadonlyArray<keyof AgentTransferTable>;

export type TransferRow = Pick<Selectable<AgentTransferTable>, (typeof transferColumns)[number]>;

/** The account names of the other sides of `rows`, by id. */
export async function namesOf(
  db: Kysely<Database>,
  merchantId: number,
  rows: readonly TransferRow[],
): Promise<Map<bigint, string>> {
  const ids = [...new Set(rows.flatMap((row) => [row.sender_id, row.receiver_id]))];
  const summaries = await listMemberSummaries(db, merchantId, ids);
  return new Map([...summaries].map(([id, summary]) => [id, summary.username]));
}

/**
 * The original's type of a row as `viewerId` sees it: to a downline 6207 out / 6104 in, to the
 * upline 6233 on both sides (the amount's sign tells out from in).
 */
export function txTypeOf(row: Pick<TransferRow, 'kind' | 'sender_id'>, viewerId: bigint): number {
  if (row.kind === 'agent.transfer.upline') return agentTransferTxTypes.toUpline;
  return row.sender_id === viewerId ? agentTransferTxTypes.toDownlineOut : agentTransferTxTypes.fromUplineIn;
}

export function toAgentTransfer(row: TransferRow, viewerId: bigint, names: Map<bigint, string>): AgentTransfer {
  const isSent = row.sender_id === viewerId;
  const counterpartyId = isSent ? row.receiver_id : row.sender_id;
  return {
    transactionId: Number(row.id),
    txTypeId: txTypeOf(row, viewerId),
    kind: row.kind,
    amount: formatMinorUnits(isSent ? -row.amount : row.amount),
    subordinateName: names.get(counterpartyId) ?? '',
    counterpartyId: Number(counterpartyId),
    remark: row.remark,
    time: row.created_at.getTime(),
  };
}
