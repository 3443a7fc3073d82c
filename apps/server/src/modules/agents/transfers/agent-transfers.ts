import {
  agentTransferErrorCodes,
  formatMinorUnits,
  parseAmount,
  type AgentTransferResult,
  type LuckyBagRequest,
  type TransferToDownlineRequest,
  type TransferToUplineRequest,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { requireText } from '../../withdrawal/index.ts';
import { sendTransfers, type TransferContext } from './send-transfers.ts';
import { equalShares, randomShares } from './shares.ts';

type Db = Kysely<Database> | Transaction<Database>;

function limitsOf(context: TransferContext) {
  const config = context.merchant.config.agentTransfers;
  return { min: parseAmount(config.minAmount)!, max: parseAmount(config.maxAmount)! };
}

/** The amount against the merchant's per-transfer limits: refused before anything is read or counted. */
function checkAmount(context: TransferContext, amount: bigint, field: string): void {
  const { min, max } = limitsOf(context);
  if (amount < min)
    throw new AppError(400, agentTransferErrorCodes.amountBelowMin, { field, params: { min: formatMinorUnits(min) } });
  if (amount > max)
    throw new AppError(400, agentTransferErrorCodes.amountAboveMax, { field, params: { max: formatMinorUnits(max) } });
}

/** Is `memberId` below `agentId` (at any depth; `maxDepth` 1: a direct downline)? */
async function downlinesAmong(
  db: Db,
  merchantId: number,
  agentId: bigint,
  memberIds: readonly bigint[],
  maxDepth?: number,
): Promise<Set<bigint>> {
  if (memberIds.length === 0) return new Set();
  let query = db
    .selectFrom('member_hierarchy')
    .select('descendant_id')
    .where('merchant_id', '=', merchantId)
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', 'in', memberIds)
    .where('depth', '>=', 1);
  if (maxDepth !== undefined) query = query.where('depth', '<=', maxDepth);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.descendant_id));
}

/**
 * An agent to one downline of its whole subtree (the original's "transfer to downline": 6207 on the
 * agent's side, 6104 on the downline's). Any id outside the subtree, another merchant's included,
 * answers 404 like an unknown one.
 */
export async function transferToDownline(
  context: TransferContext,
  request: TransferToDownlineRequest,
): Promise<AgentTransferResult> {
  const amount = parseAmount(request.transferAmount)!;
  checkAmount(context, amount, 'transferAmount');
  requireText(request.password, 'password');
  const downlineId = BigInt(request.downlineId);
  return sendTransfers(context, 'agent.transfer.downline', request.password, request.remark ?? '', async (trx) => {
    const found = await downlinesAmong(trx, context.merchant.id, context.memberId, [downlineId]);
    if (!found.has(downlineId))
      throw new AppError(404, agentTransferErrorCodes.downlineUnknown, { field: 'downlineId' });
    return [{ memberId: downlineId, amount }];
  });
}

/**
 * The lucky bag (the original's agentRedRain): a total shared among every direct downline or the
 * chosen ones, equally (the remainder's cents to the first ones, in id order) or at random (each
 * at least 0.01, from the system's CSPRNG). The total is held to the per-transfer maximum; each
 * share needs at least one minor unit. An id that is not a direct downline answers 404.
 */
export async function sendLuckyBag(context: TransferContext, request: LuckyBagRequest): Promise<AgentTransferResult> {
  const total = parseAmount(request.totalAmount)!;
  const { max } = limitsOf(context);
  if (total > max)
    throw new AppError(400, agentTransferErrorCodes.amountAboveMax, {
      field: 'totalAmount',
      params: { max: formatMinorUnits(max) },
    });
  requireText(request.password, 'password');
  const chosen =
    request.recipients === 'SELECTED' ? [...new Set((request.downlineIds ?? []).map((id) => BigInt(id)))] : null;
  if (chosen !== null && chosen.length === 0)
    throw new AppError(400, agentTransferErrorCodes.noRecipients, { field: 'downlineIds' });

  return sendTransfers(context, 'agent.transfer.luckybag', request.password, request.remark ?? '', async (trx) => {
    let ids: bigint[];
    if (chosen === null) {
      const rows = await trx
        .selectFrom('member_hierarchy')
        .select('descendant_id')
        .where('merchant_id', '=', context.merchant.id)
        .where('ancestor_id', '=', context.memberId)
        .where('depth', '=', 1)
        .orderBy('descendant_id')
        .execute();
      ids = rows.map((row) => row.descendant_id);
      if (ids.length === 0) throw new AppError(400, agentTransferErrorCodes.noRecipients, { field: 'recipients' });
    } else {
      const found = await downlinesAmong(trx, context.merchant.id, context.memberId, chosen, 1);
      if (chosen.some((id) => !found.has(id)))
        throw new AppError(404, agentTransferErrorCodes.downlineUnknown, { field: 'downlineIds' });
      ids = [...chosen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
    if (total < BigInt(ids.length))
      throw new AppError(400, agentTransferErrorCodes.shareBelowMin, {
        field: 'totalAmount',
        params: { min: formatMinorUnits(BigInt(ids.length)) },
      });
    const shares = request.type === 'SHARE' ? equalShares(total, ids.length) : randomShares(total, ids.length);
    return ids.map((memberId, index) => ({ memberId, amount: shares[index]! }));
  });
}

/**
 * A member to its direct upline (the original's `agentDownlineTransfer`, type 6233): only when the
 * merchant's `toUpline` switch is on and the caller is not an isAgent 2 agent (the original hides it
 * from them).
 */
export async function transferToUpline(
  context: TransferContext,
  isAgent: number,
  request: TransferToUplineRequest,
): Promise<AgentTransferResult> {
  if (!context.merchant.config.agentTransfers.toUpline || isAgent === 2)
    throw new AppError(403, agentTransferErrorCodes.toUplineOff);
  const amount = parseAmount(request.transferAmount)!;
  checkAmount(context, amount, 'transferAmount');
  requireText(request.password, 'password');
  return sendTransfers(context, 'agent.transfer.upline', request.password, request.remark ?? '', async (trx) => {
    const self = await findMemberSummary(trx, context.merchant.id, context.memberId);
    if (!self || self.uplineId === null) throw new AppError(400, agentTransferErrorCodes.noUpline);
    return [{ memberId: self.uplineId, amount }];
  });
}
