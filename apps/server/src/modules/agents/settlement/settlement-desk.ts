import {
  formatMinorUnits,
  type AdminSettlementQuery,
  type SettlementChange,
  type SettlementDetail,
  type SettlementPage,
  type SettlementRow,
} from '@lotus/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listOperatorNames } from '../../backoffice/index.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';
import type { AgentSettlementAdjustmentTable, AgentSettlementTable } from '../agents.tables.ts';
import { carriedDebtsOf, debtLinesOf } from './carried-debt.ts';

/**
 * The operator's statements desk, reads (README "Statements desk"): a page of the merchant's
 * statements with the totals of everything the filters find (grand and per agent), and one
 * statement with its stored inputs and every change since.
 */

type StatementRow = Selectable<AgentSettlementTable> & { product_type: string; changes: number };

/** What the holder has received for a statement: A and M are paid at their amount, P and R nothing. */
export const paidMinorOf = (row: Pick<Selectable<AgentSettlementTable>, 'status' | 'gross_minor'>): bigint =>
  row.status === 'A' || row.status === 'M' ? row.gross_minor : 0n;

function filtered(db: Kysely<Database>, merchantId: number, query: AdminSettlementQuery, holderId: bigint | null) {
  let base = db.selectFrom('agent_settlement as s').where('s.merchant_id', '=', merchantId);
  if (query.kind !== undefined) base = base.where('s.kind', '=', query.kind);
  if (query.status !== undefined) base = base.where('s.status', '=', query.status);
  if (query.periodFrom !== undefined) base = base.where('s.period_key', '>=', query.periodFrom);
  // A day as the upper bound takes that day's hours too ('2026-11-20T10' sorts after '2026-11-20').
  if (query.periodTo !== undefined) base = base.where('s.period_key', '<=', `${query.periodTo}\uffff`);
  if (holderId !== null) base = base.where('s.holder_id', '=', holderId);
  return base;
}

const totalsOf = (row: {
  count: string | number;
  amount: string | null;
  paid: string | null;
  waiting: string | null;
}) => ({
  count: Number(row.count),
  amount: formatMinorUnits(BigInt(row.amount ?? 0)),
  paid: formatMinorUnits(BigInt(row.paid ?? 0)),
  waiting: formatMinorUnits(BigInt(row.waiting ?? 0)),
});

const sums = {
  count: sql<string>`count(*)`,
  amount: sql<string>`sum(s.gross_minor)`,
  paid: sql<string>`sum(s.gross_minor) FILTER (WHERE s.status IN ('A', 'M'))`,
  waiting: sql<string>`sum(s.gross_minor) FILTER (WHERE s.status = 'P')`,
};

export async function listSettlements(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminSettlementQuery,
): Promise<SettlementPage> {
  const empty = {
    items: [],
    page: query.page,
    pageSize: query.pageSize,
    total: 0,
    totals: {
      ...totalsOf({ count: 0, amount: null, paid: null, waiting: null }),
      advanced: '0.00',
      carriedDebt: '0.00',
    },
    agentTotals: [],
  };
  let holderId: bigint | null = null;
  if (query.agent !== undefined && query.agent !== '') {
    const holder = await findMemberSummaryByUsername(db, merchantId, query.agent);
    if (!holder) return empty;
    holderId = holder.id;
  }
  const base = filtered(db, merchantId, query, holderId);
  const [grand, debt, perAgent, rows] = await Promise.all([
    base
      .select([sums.count.as('count'), sums.amount.as('amount'), sums.paid.as('paid'), sums.waiting.as('waiting')])
      .executeTakeFirstOrThrow(),
    // The carried debts these statements made (a statement makes at most one).
    base
      .innerJoin('agent_settlement_debt as d', 'd.settlement_id', 's.id')
      .select([
        sql<string | null>`sum(d.amount_minor)`.as('advanced'),
        sql<string | null>`sum(d.amount_minor - d.recovered_minor)`.as('owed'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select([
        's.holder_id',
        sums.count.as('count'),
        sums.amount.as('amount'),
        sums.paid.as('paid'),
        sums.waiting.as('waiting'),
      ])
      .groupBy('s.holder_id')
      .orderBy(sql`sum(s.gross_minor)`, 'desc')
      .orderBy('s.holder_id')
      .limit(100)
      .execute(),
    base
      .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
      .selectAll('s')
      .select('c.product_type')
      .select((eb) =>
        eb
          .selectFrom('agent_settlement_adjustment as a')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('a.settlement_id', '=', 's.id')
          .as('changes'),
      )
      .orderBy('s.period_key', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const names = await namesOf(db, merchantId, [
    ...rows.flatMap((row) => [row.holder_id, row.payer_id]),
    ...perAgent.map((row) => row.holder_id),
  ]);
  return {
    items: rows.map((row) => rowView(row as StatementRow, names)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(grand.count),
    totals: {
      ...totalsOf(grand),
      advanced: formatMinorUnits(BigInt(debt.advanced ?? 0)),
      carriedDebt: formatMinorUnits(BigInt(debt.owed ?? 0)),
    },
    agentTotals: perAgent.map((row) => ({
      holderId: row.holder_id.toString(),
      holderUsername: names.get(row.holder_id) ?? '',
      ...totalsOf(row),
    })),
  };
}

async function namesOf(db: Kysely<Database>, merchantId: number, ids: ReadonlyArray<bigint | null>) {
  const wanted = [...new Set(ids.filter((id): id is bigint => id !== null))];
  const summaries = await listMemberSummaries(db, merchantId, wanted);
  return new Map([...summaries].map(([id, summary]) => [id, summary.username]));
}

function rowView(row: StatementRow, names: Map<bigint, string>): SettlementRow {
  return {
    id: row.id.toString(),
    contractId: row.contract_id.toString(),
    kind: row.kind,
    productType: row.product_type,
    periodKey: row.period_key,
    holderId: row.holder_id.toString(),
    holderUsername: names.get(row.holder_id) ?? '',
    payerId: row.payer_id?.toString() ?? null,
    payerUsername: row.payer_id === null ? null : (names.get(row.payer_id) ?? ''),
    amount: formatMinorUnits(row.gross_minor),
    paid: formatMinorUnits(paidMinorOf(row)),
    status: row.status,
    note: row.note,
    computedAt: row.computed_at.getTime(),
    paidAt: row.paid_at?.getTime() ?? null,
    changes: Number(row.changes ?? 0),
  };
}

/** One statement of the merchant (another merchant's id answers 404 as if it did not exist). */
export async function getSettlement(
  db: Kysely<Database>,
  merchantId: number,
  settlementId: bigint,
): Promise<SettlementDetail> {
  const row = await db
    .selectFrom('agent_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .selectAll('s')
    .select('c.product_type')
    .where('s.id', '=', settlementId)
    .where('s.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  const [changes, debt, lines, owed] = await Promise.all([
    db
      .selectFrom('agent_settlement_adjustment')
      .selectAll()
      .where('settlement_id', '=', settlementId)
      .orderBy('id')
      .execute(),
    db.selectFrom('agent_settlement_debt').selectAll().where('settlement_id', '=', settlementId).executeTakeFirst(),
    debtLinesOf(db, [settlementId]),
    carriedDebtsOf(db, row.payer_id === null ? [row.holder_id] : [row.holder_id, row.payer_id]),
  ]);
  const [names, operators] = await Promise.all([
    namesOf(db, merchantId, [row.holder_id, row.payer_id]),
    listOperatorNames(
      db,
      changes.flatMap((change) => (change.operator_id === null ? [] : [change.operator_id])),
    ),
  ]);
  return {
    ...rowView({ ...row, changes: changes.length }, names),
    inputs: (row.inputs ?? {}) as Record<string, unknown>,
    history: changes.map((change) => changeView(change, operators)),
    debt: debt
      ? {
          debtorId: debt.debtor_id.toString(),
          debtorUsername: names.get(debt.debtor_id) ?? '',
          amount: formatMinorUnits(debt.amount_minor),
          recovered: formatMinorUnits(debt.recovered_minor),
          outstanding: formatMinorUnits(debt.amount_minor - debt.recovered_minor),
          createdAt: debt.created_at.getTime(),
          recoveredAt: debt.recovered_at?.getTime() ?? null,
        }
      : null,
    recovered: formatMinorUnits(lines.get(settlementId)?.recoveredMinor ?? 0n),
    holderCarriedDebt: formatMinorUnits(owed.get(row.holder_id) ?? 0n),
    payerCarriedDebt: row.payer_id === null ? null : formatMinorUnits(owed.get(row.payer_id) ?? 0n),
  };
}

function changeView(
  change: Selectable<AgentSettlementAdjustmentTable>,
  operators: Map<bigint, string>,
): SettlementChange {
  return {
    id: change.id.toString(),
    action: change.action,
    fromStatus: change.from_status,
    toStatus: change.to_status,
    fromAmount: formatMinorUnits(change.from_minor),
    toAmount: formatMinorUnits(change.to_minor),
    posted: formatMinorUnits(change.posted_minor),
    inputs: (change.inputs ?? null) as Record<string, unknown> | null,
    reason: change.reason,
    operatorUsername: change.operator_id === null ? null : (operators.get(change.operator_id) ?? null),
    time: change.created_at.getTime(),
  };
}
