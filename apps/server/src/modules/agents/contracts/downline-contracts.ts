import { agentContractErrorCodes, type DownlineContracts } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { downlineHigherRateOf, viewOf, type ContractCaller } from './contract-flow.ts';

/**
 * The upline's view of one direct downline's contracts with it, newest first, each with its history.
 * Anyone else (not a direct downline, another merchant's member) answers as if unknown.
 */
export async function listDownlineContracts(
  db: Kysely<Database>,
  caller: ContractCaller,
  downlineId: bigint,
): Promise<DownlineContracts> {
  const downline = await findMemberSummary(db, caller.merchant.id, downlineId);
  if (!downline || downline.uplineId !== caller.memberId)
    throw new AppError(404, agentContractErrorCodes.downlineUnknown, { field: 'downlineId' });
  const rows = await db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', caller.merchant.id)
    .where('member_id', '=', downlineId)
    .where('upline_member_id', '=', caller.memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  const list = [];
  for (const row of rows)
    list.push({ ...viewOf(row, await downlineHigherRateOf(db, row)), history: history.get(row.id) ?? [] });
  return { list };
}

/** The contracts' status changes, oldest first, by contract id. */
export async function historyOf(
  db: Kysely<Database>,
  contractIds: readonly bigint[],
): Promise<Map<bigint, DownlineContracts['list'][number]['history']>> {
  const history = new Map<bigint, DownlineContracts['list'][number]['history']>();
  if (contractIds.length === 0) return history;
  const events = await db
    .selectFrom('agent_contract_event')
    .select(['contract_id', 'from_status', 'to_status', 'actor', 'created_at'])
    .where('contract_id', 'in', contractIds)
    .orderBy('id')
    .execute();
  for (const event of events) {
    const list = history.get(event.contract_id) ?? [];
    list.push({
      fromStatus: event.from_status,
      toStatus: event.to_status,
      actor: event.actor,
      time: event.created_at.getTime(),
    });
    history.set(event.contract_id, list);
  }
  return history;
}
