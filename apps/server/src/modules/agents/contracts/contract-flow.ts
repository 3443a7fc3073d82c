import {
  agentContractErrorCodes,
  type AgentContract,
  type AgentContractKind,
  type AgentContractStatus,
  type ContractProductType,
  type OfferContractRequest,
} from '@lotus/contract';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { sendSystemMessage } from '../../inbox/index.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { isAgentType } from '../agent-types.ts';
import type { AgentContractTable } from '../agents.tables.ts';
import {
  assertTiers,
  originalTiersOf,
  storedTermsSchema,
  termsOfOffer,
  tierProblemOf,
  type StoredTerms,
} from './contract-terms.ts';

/**
 * The life of a contract (original-programmes §1.4). The upline offers (P), or offers a change to a
 * signed contract (E, which replaces it when accepted), or asks to end one (V). The downline accepts
 * (A) or refuses (R) an offer, and keeps (A) or ends (C) a contract the upline asked to end. A new
 * offer replaces an offer still waiting (the old one ends, C). Every change is an event of the
 * contract's history, in the same transaction.
 *
 * Accepting an offer re-checks it against the upline's contract as it is then (the upline's own may
 * have changed), and ends the holder's own downline contracts that now pay more than it receives
 * (the client warned: `downlineHigherRate`).
 */

type ContractRow = Selectable<AgentContractTable>;

export interface ContractCaller {
  merchant: MerchantContext;
  memberId: bigint;
  nowMs: number;
}

/** Which merchant switch (configuration `agentContracts`) offers each kind. */
const switchOf = {
  dividend: 'dividend',
  daily_salary: 'dailySalary',
  mr_daily_salary: 'mrDailySalary',
  hourly_salary: 'hourlySalary',
  realtime_salary: 'realtimeSalary',
} as const;

export const isKindOffered = (merchant: MerchantContext, kind: AgentContractKind) =>
  merchant.config.agentContracts[switchOf[kind]] === true;

export const periodOfOffer = (offer: OfferContractRequest) =>
  offer.kind === 'dividend' ? offer.computationPeriod : offer.kind === 'hourly_salary' ? offer.frequency : '';

export interface ContractKey {
  kind: AgentContractKind;
  productType: ContractProductType;
  period: string;
}

const signed: AgentContractStatus[] = ['A', 'V'];
const pending: AgentContractStatus[] = ['P', 'E'];

export const termsOf = (row: Pick<ContractRow, 'terms'>): StoredTerms => storedTermsSchema.parse(row.terms);

async function recordEvent(
  trx: Transaction<Database>,
  row: Pick<ContractRow, 'id' | 'merchant_id'>,
  change: {
    from: AgentContractStatus | null;
    to: AgentContractStatus;
    actor: 'upline' | 'downline' | 'system' | 'operator';
    actorId: bigint | null;
    nowMs: number;
  },
): Promise<void> {
  await trx
    .insertInto('agent_contract_event')
    .values({
      merchant_id: row.merchant_id,
      contract_id: row.id,
      from_status: change.from,
      to_status: change.to,
      actor: change.actor,
      actor_id: change.actorId,
      created_at: new Date(change.nowMs),
    })
    .execute();
}

export async function setStatus(
  trx: Transaction<Database>,
  row: ContractRow,
  to: AgentContractStatus,
  actor: { kind: 'upline' | 'downline' | 'system' | 'operator'; id: bigint | null },
  nowMs: number,
): Promise<ContractRow> {
  const decided = to === 'A' || to === 'R' || to === 'C';
  const updated = await trx
    .updateTable('agent_contract')
    .set({ status: to, updated_at: new Date(nowMs), ...(decided ? { decided_at: new Date(nowMs) } : {}) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordEvent(trx, row, { from: row.status, to, actor: actor.kind, actorId: actor.id, nowMs });
  return updated;
}

/** The signed contract of a member for a key, locked (FOR UPDATE), or undefined. */
function lockSigned(trx: Transaction<Database>, merchantId: number, memberId: bigint, key: ContractKey) {
  return trx
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('kind', '=', key.kind)
    .where('product_type', '=', key.productType)
    .where('period', '=', key.period)
    .where('status', 'in', signed)
    .forUpdate()
    .executeTakeFirst();
}

/** The upline's side: a new or changed offer to a direct downline agent. */
export async function offerContract(
  db: Kysely<Database>,
  caller: ContractCaller,
  offer: OfferContractRequest,
): Promise<AgentContract> {
  if (!isKindOffered(caller.merchant, offer.kind)) throw new AppError(403, agentContractErrorCodes.kindOff);
  const downline = await findMemberSummary(db, caller.merchant.id, BigInt(offer.downlineId));
  if (!downline || downline.uplineId !== caller.memberId || !isAgentType(downline.isAgent))
    throw new AppError(404, agentContractErrorCodes.downlineUnknown, { field: 'downlineId' });
  const key: ContractKey = { kind: offer.kind, productType: offer.productType, period: periodOfOffer(offer) };
  const terms = termsOfOffer(offer);

  return db.transaction().execute(async (trx) => {
    // Locks in tree order (the upline's row, then the downline's) so two offers never deadlock.
    const own = await lockSigned(trx, caller.merchant.id, caller.memberId, key);
    if (!own) throw new AppError(409, agentContractErrorCodes.uplineHasNone, { field: 'kind' });
    assertTiers(offer.kind, terms, termsOf(own));
    const row = await placeOffer(trx, {
      merchantId: caller.merchant.id,
      holderId: downline.id,
      uplineId: caller.memberId,
      key,
      terms,
      actor: { kind: 'upline', id: caller.memberId },
      nowMs: caller.nowMs,
    });
    return viewOf(row, await endsDownlineContracts(trx, row));
  });
}

/**
 * Writes an offer (P), or a change (E) when the holder has a signed contract for the key; an offer
 * still waiting ends (C). The terms were checked by the caller. Refuses the same terms as the signed.
 */
export async function placeOffer(
  trx: Transaction<Database>,
  offer: {
    merchantId: number;
    holderId: bigint;
    /** null: the merchant's own contract. */
    uplineId: bigint | null;
    key: ContractKey;
    terms: StoredTerms;
    actor: { kind: 'upline' | 'operator'; id: bigint | null };
    nowMs: number;
  },
): Promise<ContractRow> {
  const { key } = offer;
  const current = await lockSigned(trx, offer.merchantId, offer.holderId, key);
  if (current && JSON.stringify(termsOf(current)) === JSON.stringify(offer.terms))
    throw new AppError(400, agentContractErrorCodes.unchanged, { field: 'tiers' });
  const waiting = await trx
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', offer.merchantId)
    .where('member_id', '=', offer.holderId)
    .where('kind', '=', key.kind)
    .where('product_type', '=', key.productType)
    .where('period', '=', key.period)
    .where('status', 'in', pending)
    .forUpdate()
    .executeTakeFirst();
  if (waiting) await setStatus(trx, waiting, 'C', offer.actor, offer.nowMs);
  const status: AgentContractStatus = current ? 'E' : 'P';
  const row = await trx
    .insertInto('agent_contract')
    .values({
      merchant_id: offer.merchantId,
      upline_member_id: offer.uplineId,
      member_id: offer.holderId,
      kind: key.kind,
      product_type: key.productType,
      period: key.period,
      terms: JSON.stringify(offer.terms),
      status,
      replaces_id: current?.id ?? null,
      created_at: new Date(offer.nowMs),
      updated_at: new Date(offer.nowMs),
      decided_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordEvent(trx, row, {
    from: null,
    to: status,
    actor: offer.actor.kind,
    actorId: offer.actor.id,
    nowMs: offer.nowMs,
  });
  // The agent hears of it in its inbox (and by a push, when it asked for them), with the offer.
  const words = contractKindWords[key.kind];
  await sendSystemMessage(trx, {
    merchantId: offer.merchantId,
    memberId: offer.holderId,
    template: 'contract.offered',
    params: { contractId: String(row.id), kindTh: words.TH, kindEn: words.EN },
    sourceKey: `contract.offered:${row.id}`,
    nowMs: offer.nowMs,
  });
  return row;
}

/** A contract kind in the words of the agent's inbox message. */
const contractKindWords: Record<AgentContractKind, { TH: string; EN: string }> = {
  dividend: { TH: 'ปันผล', EN: 'dividend' },
  daily_salary: { TH: 'เงินเดือนรายวัน', EN: 'daily salary' },
  mr_daily_salary: { TH: 'เงินเดือนรายวันแบบกดรับเอง', EN: 'daily salary (claimed manually)' },
  hourly_salary: { TH: 'เงินเดือนรายชั่วโมง', EN: 'hourly salary' },
  realtime_salary: { TH: 'เงินเดือนแบบเรียลไทม์', EN: 'real-time salary' },
};

/** The upline's side: ask the downline to end a signed contract (A → V). */
export async function askToTerminate(
  db: Kysely<Database>,
  caller: ContractCaller,
  contractId: bigint,
): Promise<AgentContract> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agent_contract')
      .selectAll()
      .where('id', '=', contractId)
      .where('merchant_id', '=', caller.merchant.id)
      .where('upline_member_id', '=', caller.memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(404, agentContractErrorCodes.contractUnknown, { field: 'contractId' });
    if (row.status !== 'A') throw new AppError(409, agentContractErrorCodes.statusConflict, { field: 'contractId' });
    return viewOf(await setStatus(trx, row, 'V', { kind: 'upline', id: caller.memberId }, caller.nowMs), false);
  });
}

/** How the holder identifies the contract it answers: by id, or (dividends) by product and period. */
export type AnswerTarget =
  | { by: 'id'; contractId: bigint; kind: readonly AgentContractKind[]; productType?: ContractProductType }
  | { by: 'key'; kind: 'dividend'; productType: ContractProductType; period: string };

/**
 * What the holder's status means for a contract in this status: accept or refuse an offer; keep or
 * end a contract the upline asked to end. The hourly salary's answers to a termination request differ
 * in the original: `R` keeps the contract and `A` accepts the termination.
 */
function decisionOf(kind: AgentContractKind, current: AgentContractStatus, answer: 'A' | 'R' | 'C') {
  if (current === 'P' || current === 'E') return answer === 'A' ? 'accept' : answer === 'R' ? 'refuse' : null;
  if (current === 'V') {
    if (kind === 'hourly_salary') return answer === 'A' ? 'end' : answer === 'R' ? 'keep' : null;
    return answer === 'C' ? 'end' : answer === 'A' ? 'keep' : null;
  }
  return null;
}

/** The holder's side: the four MCSFE_process* calls. */
export async function answerContract(
  db: Kysely<Database>,
  caller: ContractCaller,
  target: AnswerTarget,
  answer: 'A' | 'R' | 'C',
): Promise<AgentContract> {
  return db.transaction().execute(async (trx) => {
    const mine = trx
      .selectFrom('agent_contract')
      .selectAll()
      .where('merchant_id', '=', caller.merchant.id)
      .where('member_id', '=', caller.memberId)
      .where('kind', 'in', target.by === 'id' ? target.kind : [target.kind]);
    // By key, an offer waiting is answered before a termination request.
    const row =
      target.by === 'id'
        ? await mine
            .where('id', '=', target.contractId)
            .$if(target.productType !== undefined, (query) => query.where('product_type', '=', target.productType!))
            .forUpdate()
            .executeTakeFirst()
        : await mine
            .where('product_type', '=', target.productType)
            .where('period', '=', target.period)
            .where('status', 'in', ['P', 'E', 'V'])
            .orderBy(sql`status = 'V'`)
            .forUpdate()
            .executeTakeFirst();
    if (!row) throw new AppError(404, agentContractErrorCodes.contractUnknown);
    const decision = decisionOf(row.kind, row.status, answer);
    if (!decision) throw new AppError(409, agentContractErrorCodes.statusConflict, { field: 'status' });
    const by = { kind: 'downline' as const, id: caller.memberId };
    if (decision === 'refuse') return viewOf(await setStatus(trx, row, 'R', by, caller.nowMs), false);
    if (decision === 'keep') return viewOf(await setStatus(trx, row, 'A', by, caller.nowMs), false);
    if (decision === 'end') return viewOf(await setStatus(trx, row, 'C', by, caller.nowMs), false);

    // Accept: still within the upline's own contract as it is now?
    const key = { kind: row.kind, productType: row.product_type, period: row.period };
    if (row.upline_member_id !== null) {
      const uplineOwn = await trx
        .selectFrom('agent_contract')
        .select('terms')
        .where('merchant_id', '=', caller.merchant.id)
        .where('member_id', '=', row.upline_member_id)
        .where('kind', '=', key.kind)
        .where('product_type', '=', key.productType)
        .where('period', '=', key.period)
        .where('status', 'in', signed)
        .executeTakeFirst();
      if (!uplineOwn || tierProblemOf(termsOf(row), termsOf(uplineOwn)))
        throw new AppError(409, agentContractErrorCodes.tierAboveUpline, {
          field: 'status',
          params: { field: 'status' },
        });
    }
    if (row.status === 'E' && row.replaces_id !== null) {
      const replaced = await trx
        .selectFrom('agent_contract')
        .selectAll()
        .where('id', '=', row.replaces_id)
        .where('status', 'in', signed)
        .forUpdate()
        .executeTakeFirst();
      if (replaced) await setStatus(trx, replaced, 'C', by, caller.nowMs);
    }
    const accepted = await setStatus(trx, row, 'A', by, caller.nowMs);
    for (const downlineContract of await downlineContractsAbove(trx, accepted))
      await setStatus(trx, downlineContract, 'C', { kind: 'system', id: null }, caller.nowMs);
    return viewOf(accepted, false);
  });
}

/** The holder's own downline contracts (signed, same kind, product and period) that pay more than `row`'s terms allow. */
async function downlineContractsAbove(
  db: Kysely<Database> | Transaction<Database>,
  row: ContractRow,
): Promise<ContractRow[]> {
  const terms = termsOf(row);
  const below = await db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', row.merchant_id)
    .where('upline_member_id', '=', row.member_id)
    .where('kind', '=', row.kind)
    .where('product_type', '=', row.product_type)
    .where('period', '=', row.period)
    .where('status', 'in', signed)
    .execute();
  return below.filter((contract) => tierProblemOf(termsOf(contract), terms) !== null);
}

async function endsDownlineContracts(db: Kysely<Database> | Transaction<Database>, row: ContractRow) {
  return (await downlineContractsAbove(db, row)).length > 0;
}

export function viewOf(row: ContractRow, downlineHigherRate: boolean): AgentContract {
  const terms = termsOf(row);
  return {
    id: row.id.toString(),
    contractId: row.id.toString(),
    kind: row.kind,
    productType: row.product_type,
    computationPeriod: row.period,
    status: row.status,
    downlineHigherRate: downlineHigherRate ? 'Y' : 'N',
    carryForward: terms.type === 'dividend' ? terms.carryForward : null,
    details: originalTiersOf(row.kind, terms),
    createTime: row.created_at.getTime(),
    updateTime: row.updated_at.getTime(),
  };
}

/** For the reads: whether accepting this waiting offer would end some of the holder's downline contracts. */
export async function downlineHigherRateOf(db: Kysely<Database>, row: ContractRow): Promise<boolean> {
  return (row.status === 'P' || row.status === 'E') && (await endsDownlineContracts(db, row));
}
