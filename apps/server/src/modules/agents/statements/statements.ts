import type { agentStatementQuerySchema } from '@lotus/contract';
import { formatMinorUnits, type AgentStatement, type AgentStatementList, type StatementLine } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import { debtLinesOf } from '../settlement/carried-debt.ts';
import { statementLinesOf } from './statement-lines.ts';

export interface StatementCaller {
  merchantId: number;
  memberId: bigint;
}

type StatementQuery = z.output<typeof agentStatementQuerySchema>;

/** A period key's first ten characters are its day; '~' sorts after every later character of a key. */
const afterDay = (day: string) => `${day}~`;

function scoped(db: Kysely<Database>, caller: StatementCaller) {
  return db
    .selectFrom('agent_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .where('s.merchant_id', '=', caller.merchantId)
    .where((eb) => eb.or([eb('s.holder_id', '=', caller.memberId), eb('s.payer_id', '=', caller.memberId)]));
}

const columns = [
  's.id',
  's.contract_id',
  's.kind',
  'c.product_type',
  's.period_key',
  's.holder_id',
  's.payer_id',
  's.inputs',
  's.gross_minor',
  's.status',
  's.note',
  's.computed_at',
  's.paid_at',
] as const;

/**
 * The caller's statements of one kind, newest period first: SELF those of its own contracts (it is
 * the holder), DIRECT those of its downlines' contracts with it (it pays). Nobody else's rows are
 * read: the caller's id is in every query.
 */
export async function listStatements(
  db: Kysely<Database>,
  caller: StatementCaller,
  query: StatementQuery,
): Promise<AgentStatementList> {
  let base = db
    .selectFrom('agent_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .where('s.merchant_id', '=', caller.merchantId)
    .where(query.subordinateType === 'SELF' ? 's.holder_id' : 's.payer_id', '=', caller.memberId)
    .where('s.kind', '=', query.kind);
  if (query.startDate) base = base.where('s.period_key', '>=', query.startDate);
  if (query.endDate) base = base.where('s.period_key', '<=', afterDay(query.endDate));
  if (query.status) base = base.where('s.status', '=', query.status);
  if (query.productType) base = base.where('c.product_type', '=', query.productType);

  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        sql<string>`coalesce(sum(${eb.ref('s.gross_minor')}), 0)`.as('total'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select(columns)
      .orderBy('s.period_key', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  return {
    list: await toStatements(db, caller, rows),
    totalElements: Number(totals.count),
    page: query.page,
    size: query.size,
    totalAmount: formatMinorUnits(BigInt(totals.total)),
  };
}

/** One statement the caller holds or pays; any other id (another agent's, unknown) answers 404. */
export async function findStatement(
  db: Kysely<Database>,
  caller: StatementCaller,
  id: bigint,
): Promise<AgentStatement> {
  const row = await scoped(db, caller).select(columns).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, 'not.found');
  return (await toStatements(db, caller, [row]))[0]!;
}

type Row = {
  id: bigint;
  contract_id: bigint;
  kind: AgentStatement['kind'];
  product_type: AgentStatement['productType'];
  period_key: string;
  holder_id: bigint;
  payer_id: bigint | null;
  inputs: unknown;
  gross_minor: bigint;
  status: AgentStatement['status'];
  note: string | null;
  computed_at: Date;
  paid_at: Date | null;
};

async function toStatements(
  db: Kysely<Database>,
  caller: StatementCaller,
  rows: readonly Row[],
): Promise<AgentStatement[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.payer_id === null ? [row.holder_id] : [row.holder_id, row.payer_id]))),
  ];
  const [names, debtLines] = await Promise.all([
    listMemberSummaries(db, caller.merchantId, ids),
    debtLinesOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id.toString(),
    contractId: row.contract_id.toString(),
    kind: row.kind,
    productType: row.product_type,
    periodKey: row.period_key,
    side: row.holder_id === caller.memberId ? 'SELF' : 'DIRECT',
    holderId: row.holder_id.toString(),
    holderName: names.get(row.holder_id)?.username ?? '',
    payerName: row.payer_id === null ? null : (names.get(row.payer_id)?.username ?? ''),
    amount: formatMinorUnits(row.gross_minor),
    status: row.status,
    note: row.note,
    computeTime: row.computed_at.getTime(),
    payoutTime: row.paid_at?.getTime() ?? null,
    lines: [...statementLinesOf(row.inputs), ...paymentLinesOf(debtLines.get(row.id))],
  }));
}

/** The payment's lines (carried debt, README "Carried debt"): only when there is something to say. */
function paymentLinesOf(debt: { advancedMinor: bigint; recoveredMinor: bigint } | undefined): StatementLine[] {
  if (!debt) return [];
  const lines: StatementLine[] = [];
  if (debt.advancedMinor > 0n)
    lines.push({
      group: 'input',
      name: 'advancedByMerchant',
      format: 'money',
      value: formatMinorUnits(debt.advancedMinor),
    });
  if (debt.recoveredMinor > 0n)
    lines.push({
      group: 'deduction',
      name: 'debtRecovered',
      format: 'money',
      value: formatMinorUnits(debt.recoveredMinor),
    });
  return lines;
}
