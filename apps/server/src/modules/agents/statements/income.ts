import { agentContractKinds, formatMinorUnits, type AgentIncome, type AgentIncomeQuery } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { addDays, dayBounds } from '../../reports/index.ts';
import { carriedDebtOf } from '../settlement/carried-debt.ts';
import type { StatementCaller } from './statements.ts';

/**
 * "My income" (the original's AGEREV3 page): per contract kind what the caller received (its paid
 * and adjusted statements of periods in the range), what it paid its downlines, what still waits, and
 * the transfers it received and sent in the range (the merchant's days, `timezone`), and what it owes
 * now of downlines' shares the merchant advanced for it (its carried debt). Three queries.
 */
export async function incomeOf(
  db: Kysely<Database>,
  caller: StatementCaller & { timezone: string },
  query: AgentIncomeQuery,
): Promise<AgentIncome> {
  const { merchantId, memberId } = caller;
  const [start, end] =
    query.startDate <= query.endDate ? [query.startDate, query.endDate] : [query.endDate, query.startDate];
  const { fromUtc, toUtc } = await dayBounds(db, caller.timezone, start, addDays(end, 1));
  const sums = await db
    .selectFrom('agent_settlement')
    .select((eb) => [
      'kind',
      sql<string>`coalesce(sum(gross_minor) FILTER (WHERE holder_id = ${memberId} AND status IN ('A', 'M')), 0)`.as(
        'received',
      ),
      sql<string>`coalesce(sum(gross_minor) FILTER (WHERE payer_id = ${memberId} AND status IN ('A', 'M')), 0)`.as(
        'paid',
      ),
      sql<string>`coalesce(sum(gross_minor) FILTER (WHERE holder_id = ${memberId} AND status = 'P'), 0)`.as('pending'),
      eb.fn.countAll().as('rows'),
    ])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('holder_id', '=', memberId), eb('payer_id', '=', memberId)]))
    .where('period_key', '>=', start)
    .where('period_key', '<=', `${end}~`)
    .groupBy('kind')
    .execute();
  const transfers = await db
    .selectFrom('agent_transfer')
    .select([
      sql<string>`coalesce(sum(amount) FILTER (WHERE receiver_id = ${memberId}), 0)`.as('received'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE sender_id = ${memberId}), 0)`.as('sent'),
    ])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('receiver_id', '=', memberId), eb('sender_id', '=', memberId)]))
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', toUtc)
    .executeTakeFirstOrThrow();
  const carriedDebt = await carriedDebtOf(db, memberId);

  const byKind = agentContractKinds.map((kind) => {
    const row = sums.find((sum) => sum.kind === kind);
    const received = BigInt(row?.received ?? 0);
    const paid = BigInt(row?.paid ?? 0);
    return {
      kind,
      received: formatMinorUnits(received),
      paidToDownlines: formatMinorUnits(paid),
      net: formatMinorUnits(received - paid),
      pending: formatMinorUnits(BigInt(row?.pending ?? 0)),
    };
  });
  const receivedTotal = sums.reduce((total, row) => total + BigInt(row.received), 0n) + BigInt(transfers.received);
  return {
    startDate: start,
    endDate: end,
    byKind,
    transfersReceived: formatMinorUnits(BigInt(transfers.received)),
    transfersSent: formatMinorUnits(BigInt(transfers.sent)),
    totalIncome: formatMinorUnits(receivedTotal),
    carriedDebt: formatMinorUnits(carriedDebt),
  };
}
