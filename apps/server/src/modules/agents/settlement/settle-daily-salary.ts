import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findMerchant, listMerchantIds, merchantTimeZone } from '../../merchant/index.ts';
import { addDays, dayBounds, localToday } from '../../reports/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { salaryTiersOf } from '../contracts/contract-terms.ts';
import type { AgentContractTable } from '../agents.tables.ts';
import { activeMemberRuleOf, ruleInputsOf } from './active-members.ts';
import { salaryOf } from './contract-math.ts';
import { payDailySalaryStatements } from './pay-statements.ts';
import { salaryDayOf, salaryTeamsOf } from './salary-day-teams.ts';

export const dailySalaryJobName = 'agents.dailySalary';

/**
 * The daily salary of a closed day (issue 16, "Settlement"), for every merchant that offers it:
 *
 * 1. waits until the reports' job has summed the day (its per-member figures are the input);
 * 2. takes the tree as it was at the day's end (moves keep history) and the contracts signed by then;
 * 3. computes every contract's statement (team valid bet, active members, tier, amount) and stores it,
 *    one per contract and day (unique): a second run computes nothing new;
 * 4. pays top down: the merchant pays its own contracts from `house_agent_pay`, each agent pays its
 *    downlines' contracts from its main wallet, after it has received its own. Each payment is one
 *    ledger posting whose idempotency key is the contract and day, in the statement's transaction, so
 *    a run killed at any point and run again pays each statement exactly once. A statement the payer's
 *    wallet does not cover stays P (note `upline.short`) for the operator.
 *
 * Active members follow the merchant's rule (`agentSettlement.activeMember`, active-members.ts): valid
 * bet and deposits of the day, members sharing a login IP or device with the agent that day left out.
 */
export async function settleDailySalaries(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ statements: number; paid: number; waiting: number }> {
  const totals = { statements: 0, paid: 0, waiting: 0 };
  for (const merchantId of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant?.config.agentContracts.dailySalary) continue;
    const timezone = merchantTimeZone(merchant.config);
    const day = addDays(await localToday(db, timezone, nowMs), -1);
    const result = await settleDailySalaryDay(db, { merchantId, day, timezone, nowMs });
    totals.statements += result.statements;
    totals.paid += result.paid;
    totals.waiting += result.waiting;
  }
  return totals;
}

export async function settleDailySalaryDay(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string; nowMs: number },
): Promise<{ statements: number; paid: number; waiting: number }> {
  // One run computes a merchant's day at a time across instances; the statements' unique key guards the rest.
  const statements = await db.transaction().execute(async (trx) => {
    await lockDailySalaryDay(trx, run.merchantId);
    const done = new Set(
      (
        await trx
          .selectFrom('agent_settlement')
          .select('contract_id')
          .where('merchant_id', '=', run.merchantId)
          .where('kind', '=', 'daily_salary')
          .where('period_key', '=', run.day)
          .execute()
      ).map((row) => row.contract_id),
    );
    const computed = await dailySalaryStatementsOf(trx, run, (contractId) => !done.has(contractId));
    if (computed === null) return null;
    // Stored 500 rows an INSERT (2,000 statements: 4 round trips instead of 2,000).
    for (let start = 0; start < computed.length; start += 500)
      await trx
        .insertInto('agent_settlement')
        .values(
          computed.slice(start, start + 500).map(({ contract, inputs, grossMinor }) => ({
            merchant_id: run.merchantId,
            contract_id: contract.id,
            kind: 'daily_salary',
            period_key: run.day,
            holder_id: contract.member_id,
            payer_id: contract.upline_member_id,
            inputs: JSON.stringify(inputs),
            gross_minor: grossMinor,
            status: 'P',
            note: null,
            computed_at: new Date(run.nowMs),
            paid_at: null,
          })),
        )
        .onConflict((conflict) => conflict.columns(['contract_id', 'period_key']).doNothing())
        .execute();
    return computed.length;
  });
  if (statements === null) return { statements: 0, paid: 0, waiting: 0 };

  const { paid, waiting } = await payDailySalaryStatements(db, run);
  return { statements, paid, waiting };
}

/** The lock a merchant's daily salary computation holds (the job's run and the operator's re-run). */
export async function lockDailySalaryDay(trx: Transaction<Database>, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agents.dailySalary'), ${merchantId})`.execute(trx);
}

/** One contract's statement of a period as a settlement job computes it (every kind's computation answers these). */
export interface ComputedStatement {
  contract: Selectable<AgentContractTable>;
  /** What the statement stores as its inputs. */
  inputs: Record<string, unknown>;
  grossMinor: bigint;
}
export type ComputedDailySalary = ComputedStatement;

/**
 * Every daily salary contract's statement of `day` as computed from the data as it is now (the job
 * stores the new ones; the operator's re-run compares them with the stored ones): the contracts signed
 * before the day ended that `wanted` keeps, on the tree as it was at the day's end. Null while the
 * reports' job has not summed the day.
 */
export async function dailySalaryStatementsOf(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string },
  wanted: (contractId: bigint) => boolean = () => true,
): Promise<ComputedDailySalary[] | null> {
  const salaryDay = await salaryDayOf(db, run.merchantId, run.day);
  if (salaryDay === null) return null;
  const { fromUtc: dayStart, toUtc: dayEnd } = await dayBounds(db, run.timezone, run.day, addDays(run.day, 1));
  const rule = activeMemberRuleOf((await findMerchant(db, { id: run.merchantId }))!.config.agentSettlement);
  const contracts = await db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', run.merchantId)
    .where('kind', '=', 'daily_salary')
    .where('status', 'in', ['A', 'V'])
    .where('decided_at', '<', dayEnd)
    .execute();
  const due = contracts.filter((contract) => wanted(contract.id));
  if (due.length === 0) return [];
  const teamOf = await salaryTeamsOf(db, { merchantId: run.merchantId, dayStart, dayEnd }, salaryDay, due, rule);
  return due.map((contract) => {
    const team = teamOf(contract);
    const { tierIndex, grossMinor } = salaryOf(salaryTiersOf(termsOf(contract)), team);
    const inputs = {
      productType: contract.product_type,
      teamValidBet: team.validBetMinor.toString(),
      teamBet: team.betMinor.toString(),
      activeMembers: team.activeMembers,
      teamSize: team.size,
      tierIndex,
      activeMemberRule: ruleInputsOf(rule),
      terms: contract.terms,
    };
    return { contract, inputs, grossMinor };
  });
}
