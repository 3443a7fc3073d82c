import {
  errorCodes,
  formatMinorUnits,
  settlementDeskErrorCodes,
  type AgentContractKind,
  type RerunResult,
  type RerunSettlementBody,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditContext, recordAudit } from '../../backoffice/index.ts';
import { findMerchant, merchantTimeZone, type MerchantContext } from '../../merchant/index.ts';
import { periodHolding, type DividendPeriod, type DividendPeriodCode } from './dividend-periods.ts';
import { dailySalaryStatementsOf, lockDailySalaryDay, type ComputedStatement } from './settle-daily-salary.ts';
import { dividendStatementsOf, lockDividends } from './settle-dividend.ts';
import { hourlyGraceMs, hourlySalaryStatementsOf, lockHourlySalaries, slotMs } from './settle-hourly-salary.ts';
import { lockMrDailySalaries, mrDailySalaryStatementsOf } from './settle-mr-daily-salary.ts';
import {
  lockRealtimeSalaries,
  realtimeGraceMs,
  realtimeSalaryStatementsOf,
  realtimeSlotMs,
} from './settle-realtime-salary.ts';
import { applyChange, lockStatement, type StatementRow } from './settlement-actions.ts';
import { paidMinorOf } from './settlement-desk.ts';

/**
 * A kind's computation of one period, exactly as its settlement job computes it (the same function),
 * with the job's lock held: null while the period's data is not summed yet. Kinds without an entry
 * have no settlement yet and cannot be re-run.
 */
interface Recomputer {
  lock(trx: Transaction<Database>, merchantId: number): Promise<void>;
  isPeriodKey(periodKey: string): boolean;
  compute(
    trx: Transaction<Database>,
    merchant: MerchantContext,
    periodKey: string,
    nowMs: number,
  ): Promise<ComputedStatement[] | null>;
  /**
   * The manual-claim salary's rule (settle-mr-daily-salary.ts): a record of nothing has nothing to
   * claim and is closed as claimed (A) at once, so a created one of 0 is stored A and a claimable one
   * recomputed to 0 is closed A (nothing moves either way).
   */
  closesAtZero?: boolean;
}

/** A real calendar day 'YYYY-MM-DD' (not 2026-13-45 nor 2026-02-30). */
function isDay(key: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return false;
  const ms = Date.parse(`${key}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(key);
}

/** The dividend period a key 'start/end' names: the key determines its kind (D, W, H or M) alone. */
function dividendPeriodOf(key: string): DividendPeriod | null {
  const [start, end, ...rest] = key.split('/');
  if (rest.length > 0 || !start || !end || !isDay(start) || !isDay(end)) return null;
  for (const code of ['D', 'W', 'H', 'M'] as DividendPeriodCode[]) {
    const period = periodHolding(code, start);
    if (period.start === start && period.end === end) return period;
  }
  return null;
}

/** The start (epoch ms) of a slot key: an ISO UTC instant as the jobs write it, on a `sizeMs` boundary. */
function slotStartOf(key: string, sizeMs: number): number | null {
  const ms = Date.parse(key);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== key || ms % sizeMs !== 0) return null;
  return ms;
}

const recomputers: Partial<Record<AgentContractKind, Recomputer>> = {
  daily_salary: {
    lock: lockDailySalaryDay,
    isPeriodKey: isDay,
    compute: (trx, merchant, day) =>
      dailySalaryStatementsOf(trx, { merchantId: merchant.id, day, timezone: merchantTimeZone(merchant.config) }),
  },
  mr_daily_salary: {
    lock: lockMrDailySalaries,
    isPeriodKey: isDay,
    closesAtZero: true,
    compute: (trx, merchant, day) =>
      mrDailySalaryStatementsOf(
        trx,
        { merchantId: merchant.id, day, timezone: merchantTimeZone(merchant.config) },
        { unsettledOnly: false },
      ),
  },
  dividend: {
    lock: lockDividends,
    isPeriodKey: (key) => dividendPeriodOf(key) !== null,
    compute: (trx, merchant, key) =>
      dividendStatementsOf(
        trx,
        { merchantId: merchant.id, period: dividendPeriodOf(key)!, timezone: merchantTimeZone(merchant.config) },
        { unsettledOnly: false },
      ),
  },
  hourly_salary: {
    lock: lockHourlySalaries,
    isPeriodKey: (key) => slotStartOf(key, slotMs.BH) !== null,
    // A key on the hour starts an H slot and a BH slot (the key does not say which): both frequencies'
    // contracts are recomputed, once both slots have closed (the job's grace after the end).
    compute: async (trx, merchant, key, nowMs) => {
      const from = slotStartOf(key, slotMs.BH)!;
      const frequencies = from % slotMs.H === 0 ? (['H', 'BH'] as const) : (['BH'] as const);
      if (frequencies.some((frequency) => from + slotMs[frequency] + hourlyGraceMs > nowMs)) return null;
      const computed: ComputedStatement[] = [];
      for (const frequency of frequencies)
        computed.push(
          ...(await hourlySalaryStatementsOf(
            trx,
            { merchantId: merchant.id, frequency, from, to: from + slotMs[frequency] },
            { unsettledOnly: false },
          )),
        );
      return computed;
    },
  },
  realtime_salary: {
    lock: lockRealtimeSalaries,
    isPeriodKey: (key) => slotStartOf(key, realtimeSlotMs) !== null,
    compute: async (trx, merchant, key, nowMs) => {
      const from = slotStartOf(key, realtimeSlotMs)!;
      if (from + realtimeSlotMs + realtimeGraceMs > nowMs) return null;
      return realtimeSalaryStatementsOf(
        trx,
        { merchantId: merchant.id, from, to: from + realtimeSlotMs },
        { unsettledOnly: false },
      );
    },
  },
};

/**
 * Re-runs a period after its data was corrected (README "Statements desk"): every contract's amount
 * is computed again with the job's own function, in one transaction under the job's lock:
 *
 * - a contract without a statement gets one, P, as the job would store it;
 * - a P statement takes the new amount (nothing was paid);
 * - an A or M statement whose amount changed becomes M at the new amount and only the difference is
 *   posted (payer → holder, or back), reductions first and deepest first, then increases top down, so
 *   that an agent receives its own difference before it pays its downlines';
 * - R statements stay as the operator left them.
 *
 * A difference a wallet does not cover leaves that statement unchanged (listed in `short`). Each change
 * is an `agent_settlement_adjustment` row with the recomputed inputs; a second re-run of unchanged data
 * finds nothing to change and posts nothing.
 */
export async function rerunSettlementPeriod(
  db: Kysely<Database>,
  request: FastifyRequest,
  body: RerunSettlementBody,
): Promise<RerunResult> {
  const audit = auditContext(request);
  const recomputer = recomputers[body.kind];
  if (!recomputer) throw new AppError(400, settlementDeskErrorCodes.rerunUnsupported, { field: 'kind' });
  if (!recomputer.isPeriodKey(body.periodKey)) throw new AppError(400, errorCodes.validation, { field: 'periodKey' });
  const merchant = (await findMerchant(db, { id: audit.merchantId }))!;

  return db.transaction().execute(async (trx) => {
    await recomputer.lock(trx, merchant.id);
    const computed = await recomputer.compute(trx, merchant, body.periodKey, audit.nowMs);
    if (computed === null) throw new AppError(409, settlementDeskErrorCodes.periodNotReady, { field: 'periodKey' });
    const stored = new Map(
      (
        await trx
          .selectFrom('agent_settlement')
          .selectAll()
          .where('merchant_id', '=', merchant.id)
          .where('kind', '=', body.kind)
          .where('period_key', '=', body.periodKey)
          .orderBy('id')
          .forUpdate()
          .execute()
      ).map((row) => [row.contract_id, row]),
    );
    const result: RerunResult = {
      kind: body.kind,
      periodKey: body.periodKey,
      computed: computed.length,
      created: 0,
      changed: 0,
      skipped: 0,
      short: [],
      posted: '0.00',
    };
    const changes: Array<{ row: StatementRow; next: ComputedStatement; delta: bigint }> = [];
    for (const next of computed) {
      const row = stored.get(next.contract.id);
      const closedAtZero = recomputer.closesAtZero === true && next.grossMinor === 0n;
      if (!row) {
        await trx
          .insertInto('agent_settlement')
          .values({
            merchant_id: merchant.id,
            contract_id: next.contract.id,
            kind: body.kind,
            period_key: body.periodKey,
            holder_id: next.contract.member_id,
            payer_id: next.contract.upline_member_id,
            inputs: JSON.stringify(next.inputs),
            gross_minor: next.grossMinor,
            status: closedAtZero ? 'A' : 'P',
            note: null,
            computed_at: new Date(audit.nowMs),
            paid_at: closedAtZero ? new Date(audit.nowMs) : null,
          })
          .execute();
        result.created += 1;
      } else if (row.status === 'R') {
        result.skipped += 1;
      } else if (row.gross_minor !== next.grossMinor) {
        const isPaid = row.status === 'A' || row.status === 'M';
        changes.push({ row, next, delta: isPaid ? next.grossMinor - paidMinorOf(row) : 0n });
      }
    }
    const depths = await depthsOf(
      trx,
      merchant.id,
      changes.map((change) => change.row.holder_id),
    );
    const depth = (row: StatementRow) => depths.get(row.holder_id) ?? 0;
    // Money back first, the deepest first; then money out, the top first (README: the cascade's order).
    changes.sort((a, b) => {
      const aUp = a.delta > 0n ? 1 : 0;
      const bUp = b.delta > 0n ? 1 : 0;
      if (aUp !== bUp) return aUp - bUp;
      return aUp === 1 ? depth(a.row) - depth(b.row) : depth(b.row) - depth(a.row);
    });
    let posted = 0n;
    for (const { row, next } of changes) {
      const locked = await lockStatement(trx, merchant.id, row.id);
      await sql`SAVEPOINT rerun_change`.execute(trx);
      try {
        const { delta } = await applyChange(trx, locked, {
          action: 'rerun',
          // A waiting statement stays waiting (a claimable manual-claim record stays claimable, its
          // due time unchanged) unless the kind closes a record of nothing; a paid one becomes M.
          toStatus: locked.status === 'P' ? (recomputer.closesAtZero && next.grossMinor === 0n ? 'A' : 'P') : 'M',
          toMinor: next.grossMinor,
          reason: null,
          inputs: next.inputs,
          operatorId: audit.operatorId,
          currency: merchant.currency,
          nowMs: audit.nowMs,
        });
        await sql`RELEASE SAVEPOINT rerun_change`.execute(trx);
        posted += delta;
        result.changed += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.errorCode !== settlementDeskErrorCodes.walletShort) throw error;
        await sql`ROLLBACK TO SAVEPOINT rerun_change`.execute(trx);
        result.short.push(row.id.toString());
      }
    }
    result.posted = formatMinorUnits(posted);
    await recordAudit(trx, {
      ...audit,
      action: 'agent.settlement.rerun',
      targetType: 'agent_settlement_period',
      targetId: `${body.kind}:${body.periodKey}`,
      before: null,
      after: result,
    });
    return result;
  });
}

/** Each holder's depth in the tree (0: a top agent). */
async function depthsOf(trx: Transaction<Database>, merchantId: number, holderIds: bigint[]) {
  if (holderIds.length === 0) return new Map<bigint, number>();
  const rows = await trx
    .selectFrom('member_hierarchy')
    .select(['descendant_id'])
    .select((eb) => eb.fn.max('depth').as('depth'))
    .where('merchant_id', '=', merchantId)
    .where('descendant_id', 'in', holderIds)
    .groupBy('descendant_id')
    .execute();
  return new Map(rows.map((row) => [row.descendant_id, Number(row.depth)]));
}
