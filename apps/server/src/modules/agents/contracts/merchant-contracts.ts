import {
  agentContractErrorCodes,
  type AgentContract,
  type DownlineContracts,
  type OfferContractRequest,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditContext, recordAudit } from '../../backoffice/index.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { findMerchant } from '../../merchant/index.ts';
import { isAgentType } from '../agent-types.ts';
import { isKindOffered, periodOfOffer, placeOffer, setStatus, viewOf } from './contract-flow.ts';
import { assertTiers, termsOfOffer } from './contract-terms.ts';
import { historyOf } from './downline-contracts.ts';

/**
 * The operator's side of contracts: the merchant offers its top agents (agents with no upline) their
 * contracts, capped by nothing but the tiers' own rules; the agent answers as any holder does. An
 * operator may also end any contract of the brand at once. Every change is audited with the contract
 * before and after, and is an event of the contract's history (actor `operator`).
 */
export async function offerMerchantContract(
  db: Kysely<Database>,
  request: FastifyRequest,
  offer: OfferContractRequest,
): Promise<AgentContract> {
  const audit = auditContext(request);
  const merchant = await findMerchant(db, { id: audit.merchantId });
  if (!merchant || !isKindOffered(merchant, offer.kind)) throw new AppError(403, agentContractErrorCodes.kindOff);
  const holder = await findMemberSummary(db, audit.merchantId, BigInt(offer.downlineId));
  if (!holder || holder.uplineId !== null || !isAgentType(holder.isAgent))
    throw new AppError(404, agentContractErrorCodes.downlineUnknown, { field: 'downlineId' });
  const terms = termsOfOffer(offer);
  assertTiers(offer.kind, terms, null);
  return db.transaction().execute(async (trx) => {
    const row = await placeOffer(trx, {
      merchantId: audit.merchantId,
      holderId: holder.id,
      uplineId: null,
      key: { kind: offer.kind, productType: offer.productType, period: periodOfOffer(offer) },
      terms,
      actor: { kind: 'operator', id: audit.operatorId },
      nowMs: audit.nowMs,
    });
    const after = viewOf(row, false);
    await recordAudit(trx, {
      ...audit,
      action: 'agent.contract.offer',
      targetType: 'member',
      targetId: holder.id.toString(),
      before: null,
      after,
    });
    return after;
  });
}

/** Ends a contract of the brand now (any status but C and R), audited. Another brand's id: unknown. */
export async function endContract(
  db: Kysely<Database>,
  request: FastifyRequest,
  contractId: bigint,
): Promise<AgentContract> {
  const audit = auditContext(request);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agent_contract')
      .selectAll()
      .where('id', '=', contractId)
      .where('merchant_id', '=', audit.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(404, agentContractErrorCodes.contractUnknown, { field: 'contractId' });
    if (row.status === 'C' || row.status === 'R')
      throw new AppError(409, agentContractErrorCodes.statusConflict, { field: 'contractId' });
    const before = viewOf(row, false);
    const after = viewOf(
      await setStatus(trx, row, 'C', { kind: 'operator', id: audit.operatorId }, audit.nowMs),
      false,
    );
    await recordAudit(trx, {
      ...audit,
      action: 'agent.contract.end',
      targetType: 'member',
      targetId: row.member_id.toString(),
      before,
      after,
    });
    return after;
  });
}

/** A member's contracts as holder, newest first, with their history (the operator's view). */
export async function listMemberContracts(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
): Promise<DownlineContracts> {
  if (!(await findMemberSummary(db, merchantId, memberId))) throw AppError.notFound();
  const rows = await db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => ({ ...viewOf(row, false), history: history.get(row.id) ?? [] })) };
}
