import {
  agentSettlementErrorCodes,
  formatMinorUnits,
  mrSalaryStatuses,
  type AgentSettlementShortfallRule,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { LedgerError } from '../../ledger/index.ts';
import { findMerchant, listMerchantIds, merchantTimeZone } from '../../merchant/index.ts';
import { addDays, dayBounds, localToday } from '../../reports/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { salaryTiersOf } from '../contracts/contract-terms.ts';
import { advancedNote, postStatementPayment } from './carried-debt.ts';
import { activeMemberRuleOf, ruleInputsOf } from './active-members.ts';
import { salaryOf } from './contract-math.ts';
import type { ComputedStatement } from './settle-daily-salary.ts';
import { salaryDayOf, salaryTeamsOf } from './salary-day-teams.ts';

export const mrDailySalaryJobName = 'agents.mrDailySalary';

/**
 * The manual-claim daily salary (the original's MR daily salary, `disburseMRDailySal`): computed like
 * the daily salary (same tiers, the day's team figures, the merchant's active-member rule), but stored
 * unpaid in `agent_settlement` (kind `mr_daily_salary`, P) with a due time; the holder claims it before
 * then and is paid at that moment, from the upline's wallet (the merchant's house account for its own
 * contracts); unclaimed at the due time it expires. The original's statuses 0 claimable, 1 claimed,
 * 2 rejected, 3 expired are P, A, R and R with the note `claim.expired` (mrStatusOf).
 *
 * Due time: the start of the merchant's day `claimDays` (configuration `agentSettlement.claimDays`)
 * after the day following the record's day, i.e. the agent has `claimDays` whole days after the record appears.
 */
export async function settleMrDailySalaries(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ records: number; expired: number }> {
  const totals = { records: 0, expired: 0 };
  for (const merchantId of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant) continue;
    totals.expired += await expireMrDailySalaries(db, merchantId, nowMs);
    if (!merchant.config.agentContracts.mrDailySalary) continue;
    const timezone = merchantTimeZone(merchant.config);
    const day = addDays(await localToday(db, timezone, nowMs), -1);
    totals.records += await computeMrDailySalaryDay(db, { merchantId, day, timezone, nowMs });
  }
  return totals;
}

/** The day's records, stored once per contract and day (unique); 0 while the reports have not summed the day. */
export async function computeMrDailySalaryDay(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string; nowMs: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockMrDailySalaries(trx, run.merchantId);
    const computed = await mrDailySalaryStatementsOf(trx, run, { unsettledOnly: true });
    if (computed === null) return 0;
    let stored = 0;
    for (const { contract, inputs, grossMinor } of computed) {
      const inserted = await trx
        .insertInto('agent_settlement')
        .values({
          merchant_id: run.merchantId,
          contract_id: contract.id,
          kind: 'mr_daily_salary',
          period_key: run.day,
          holder_id: contract.member_id,
          payer_id: contract.upline_member_id,
          inputs: JSON.stringify(inputs),
          gross_minor: grossMinor,
          // A record of nothing has nothing to claim: it is closed as claimed at once.
          status: grossMinor > 0n ? 'P' : 'A',
          note: null,
          computed_at: new Date(run.nowMs),
          paid_at: grossMinor > 0n ? null : new Date(run.nowMs),
        })
        .onConflict((conflict) => conflict.columns(['contract_id', 'period_key']).doNothing())
        .executeTakeFirst();
      stored += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    }
    return stored;
  });
}

/** The lock a merchant's manual-claim salary computation holds (the job's run and the operator's re-run). */
export async function lockMrDailySalaries(trx: Transaction<Database>, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agents.mrDailySalary'), ${merchantId})`.execute(trx);
}

/**
 * Every manual-claim contract's record of `day` as computed from the data as it is now (the job stores
 * the new ones, `unsettledOnly`; the operator's re-run compares all with the stored ones); the inputs
 * hold the record's due time. Null while the reports' job has not summed the day.
 */
export async function mrDailySalaryStatementsOf(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string },
  options: { unsettledOnly: boolean },
): Promise<ComputedStatement[] | null> {
  const salaryDay = await salaryDayOf(db, run.merchantId, run.day);
  if (salaryDay === null) return null;
  const merchant = (await findMerchant(db, { id: run.merchantId }))!;
  const { fromUtc: dayStart, toUtc: dayEnd } = await dayBounds(db, run.timezone, run.day, addDays(run.day, 1));
  const { fromUtc: dueAt } = await dayBounds(
    db,
    run.timezone,
    addDays(run.day, 1 + merchant.config.agentSettlement.claimDays),
    addDays(run.day, 2 + merchant.config.agentSettlement.claimDays),
  );
  let contractQuery = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', run.merchantId)
    .where('kind', '=', 'mr_daily_salary')
    .where('status', 'in', ['A', 'V'])
    .where('decided_at', '<', dayEnd);
  if (options.unsettledOnly)
    contractQuery = contractQuery.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_settlement as s')
            .select('s.id')
            .whereRef('s.contract_id', '=', 'agent_contract.id')
            .where('s.period_key', '=', run.day),
        ),
      ),
    );
  const contracts = await contractQuery.orderBy('id').execute();
  if (contracts.length === 0) return [];
  const rule = activeMemberRuleOf(merchant.config.agentSettlement);
  const teamOf = await salaryTeamsOf(db, { merchantId: run.merchantId, dayStart, dayEnd }, salaryDay, contracts, rule);
  return contracts.map((contract) => {
    const team = teamOf(contract);
    const { tierIndex, grossMinor } = salaryOf(salaryTiersOf(termsOf(contract)), team);
    const inputs = {
      productType: contract.product_type,
      teamValidBet: team.validBetMinor.toString(),
      teamBet: team.betMinor.toString(),
      activeMembers: team.activeMembers,
      teamSize: team.size,
      tierIndex,
      dueTime: dueAt.getTime(),
      activeMemberRule: ruleInputsOf(rule),
      terms: contract.terms,
    };
    return { contract, inputs, grossMinor };
  });
}

export const expiredNote = 'claim.expired';

/** Unclaimed records past their due time: R with the note `claim.expired` (the original's status 3). */
export async function expireMrDailySalaries(db: Kysely<Database>, merchantId: number, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('agent_settlement')
    .set({ status: 'R', note: expiredNote })
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'mr_daily_salary')
    .where('status', '=', 'P')
    .where(sql<boolean>`(inputs->>'dueTime')::bigint <= ${nowMs}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The original's record status (0 claimable, 1 claimed, 2 rejected, 3 expired) of a statement. */
export function mrStatusOf(row: { status: string; note: string | null }): number {
  if (row.status === 'P') return mrSalaryStatuses.claimable;
  if (row.status === 'R') return row.note === expiredNote ? mrSalaryStatuses.expired : mrSalaryStatuses.rejected;
  return mrSalaryStatuses.claimed;
}

/**
 * The holder claims a record: under the record's row lock, only its own (else 404), only claimable and
 * before its due time (else 409, and a record found past due is marked expired), paid by one ledger
 * posting (`agent.daily_salary`, key `mr_daily_salary:<contract>:<day>`; with the merchant's advance of
 * a short upline and the claimant's carried-debt recoveries, carried-debt.ts) in the same transaction as the
 * status, so of two claims at once one pays and the other answers 409.
 */
export async function claimMrDailySalary(
  db: Kysely<Database>,
  claim: {
    merchantId: number;
    currency: string;
    /** The merchant's `agentSettlement.shortfall`: `advance` pays a claim the upline's wallet does not cover. */
    shortfall: AgentSettlementShortfallRule;
    memberId: bigint;
    id: bigint;
    nowMs: number;
  },
): Promise<{ id: number; amount: string; status: number }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agent_settlement')
      .selectAll()
      .where('id', '=', claim.id)
      .where('merchant_id', '=', claim.merchantId)
      .where('holder_id', '=', claim.memberId)
      .where('kind', '=', 'mr_daily_salary')
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(404, agentSettlementErrorCodes.claimUnknown, { field: 'id' });
    if (row.status !== 'P') return { row, claimedNow: false };
    const dueTime = Number((row.inputs as { dueTime?: number }).dueTime ?? 0);
    if (claim.nowMs >= dueTime) {
      await trx
        .updateTable('agent_settlement')
        .set({ status: 'R', note: expiredNote })
        .where('id', '=', row.id)
        .execute();
      return { row, claimedNow: false };
    }
    let advanced = false;
    try {
      const paid = await postStatementPayment(trx, {
        merchantId: claim.merchantId,
        currency: claim.currency,
        statement: row,
        amountMinor: row.gross_minor,
        ledgerKind: 'agent.daily_salary',
        key: `mr_daily_salary:${row.contract_id}:${row.period_key}`,
        shortfall: claim.shortfall,
        nowMs: claim.nowMs,
      });
      advanced = paid.advancedMinor > 0n;
    } catch (error) {
      if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds')
        throw new AppError(409, agentSettlementErrorCodes.claimUplineShort, { field: 'id' });
      throw error;
    }
    const paid = await trx
      .updateTable('agent_settlement')
      .set({ status: 'A', paid_at: new Date(claim.nowMs), note: advanced ? advancedNote : null })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: paid, claimedNow: true };
  });
  // Answered after the transaction, so an expiry found at the claim is committed before the 409.
  if (!outcome.claimedNow) throw new AppError(409, agentSettlementErrorCodes.claimNotClaimable, { field: 'id' });
  return {
    id: Number(outcome.row.id),
    amount: formatMinorUnits(outcome.row.gross_minor),
    status: mrStatusOf(outcome.row),
  };
}
