import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberProductFigures } from '../../bet-records/index.ts';
import { findMerchant, listMerchantIds } from '../../merchant/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { salaryTiersOf } from '../contracts/contract-terms.ts';
import { activeMemberRuleOf, isActiveMember, notCountedActiveOf, ruleInputsOf } from './active-members.ts';
import { salaryOf } from './contract-math.ts';
import { payStatementsInBatches } from './pay-statements.ts';
import type { ComputedStatement } from './settle-daily-salary.ts';
import { teamFiguresOf, type MemberFigures } from './team-figures.ts';
import { treeAt } from './tree-at.ts';

export const hourlySalaryJobName = 'agents.hourlySalary';

/** The hourly salary's frequencies: H an hour, BH half an hour (slots aligned on UTC hours and half hours). */
export const slotMs = { H: 3_600_000, BH: 1_800_000 } as const;
/** A slot is settled this long after it ends, so rounds settled at its last second are in the records. */
export const hourlyGraceMs = 5 * 60_000;
/** Each run looks at the last few closed slots, so a run missed (a restart) leaves no slot unsettled. */
const slotsLookedBack = 3;

/**
 * The hourly salary (contract kind `hourly_salary`, frequency H or BH): for each closed slot, the
 * team's valid bet of the contract's product type in that slot (bet-records' `memberProductFigures`,
 * settled rounds by settle time) and its active members → the tier's rate, one statement per contract
 * and slot (`period_key` the slot's start, ISO UTC), paid top down like the daily salary (ledger kind
 * `agent.hourly_salary`, key `hourly_salary:<contract>:<slot>`). A member is active in a slot with the
 * rule's valid bet in it; the rule's deposit threshold is not applied to slots (no deposits by hour yet).
 */
export async function settleHourlySalaries(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ statements: number; paid: number; waiting: number }> {
  const totals = { statements: 0, paid: 0, waiting: 0 };
  for (const merchantId of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant?.config.agentContracts.hourlySalary) continue;
    for (const frequency of ['H', 'BH'] as const) {
      const size = slotMs[frequency];
      const lastEnd = Math.floor((nowMs - hourlyGraceMs) / size) * size;
      for (let back = slotsLookedBack; back >= 1; back -= 1) {
        const to = lastEnd - (back - 1) * size;
        const result = await settleHourlySlot(db, { merchantId, frequency, from: to - size, to, nowMs });
        totals.statements += result.statements;
        totals.paid += result.paid;
        totals.waiting += result.waiting;
      }
    }
  }
  return totals;
}

export async function settleHourlySlot(
  db: Kysely<Database>,
  run: { merchantId: number; frequency: 'H' | 'BH'; from: number; to: number; nowMs: number },
): Promise<{ statements: number; paid: number; waiting: number }> {
  const periodKey = new Date(run.from).toISOString();
  const statements = await db.transaction().execute(async (trx) => {
    await lockHourlySalaries(trx, run.merchantId);
    const computed = await hourlySalaryStatementsOf(trx, run, { unsettledOnly: true });
    let stored = 0;
    for (const { contract, inputs, grossMinor } of computed) {
      const inserted = await trx
        .insertInto('agent_settlement')
        .values({
          merchant_id: run.merchantId,
          contract_id: contract.id,
          kind: 'hourly_salary',
          period_key: periodKey,
          holder_id: contract.member_id,
          payer_id: contract.upline_member_id,
          inputs: JSON.stringify(inputs),
          gross_minor: grossMinor,
          status: 'P',
          note: null,
          computed_at: new Date(run.nowMs),
          paid_at: null,
        })
        .onConflict((conflict) => conflict.columns(['contract_id', 'period_key']).doNothing())
        .executeTakeFirst();
      stored += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    }
    return stored;
  });
  const { paid, waiting } = await payStatementsInBatches(db, {
    merchantId: run.merchantId,
    kind: 'hourly_salary',
    periodKey,
    ledgerKind: 'agent.hourly_salary',
    nowMs: run.nowMs,
  });
  return { statements, paid, waiting };
}

/** The lock a merchant's hourly salary computation holds (the job's run and the operator's re-run). */
export async function lockHourlySalaries(trx: Transaction<Database>, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agents.hourlySalary'), ${merchantId})`.execute(trx);
}

/**
 * Every hourly salary contract of this frequency's statement of the slot [from, to) as computed from the
 * records as they are now (the job stores the new ones, `unsettledOnly`; the operator's re-run compares
 * all with the stored ones).
 */
export async function hourlySalaryStatementsOf(
  db: Kysely<Database>,
  run: { merchantId: number; frequency: 'H' | 'BH'; from: number; to: number },
  options: { unsettledOnly: boolean },
): Promise<ComputedStatement[]> {
  const periodKey = new Date(run.from).toISOString();
  const [from, to] = [new Date(run.from), new Date(run.to)];
  let contractQuery = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', run.merchantId)
    .where('kind', '=', 'hourly_salary')
    .where('period', '=', run.frequency)
    .where('status', 'in', ['A', 'V'])
    .where('decided_at', '<', to);
  if (options.unsettledOnly)
    contractQuery = contractQuery.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_settlement as s')
            .select('s.id')
            .whereRef('s.contract_id', '=', 'agent_contract.id')
            .where('s.period_key', '=', periodKey),
        ),
      ),
    );
  const contracts = await contractQuery.orderBy('id').execute();
  if (contracts.length === 0) return [];
  const merchant = (await findMerchant(db, { id: run.merchantId }))!;
  const rule = activeMemberRuleOf(merchant.config.agentSettlement);
  const play = await memberProductFigures(db, run.merchantId, from, to);
  const tree = await treeAt(db, run.merchantId, to);
  const holders = [...new Set(contracts.map((contract) => contract.member_id))];
  const notCounted = await notCountedActiveOf(db, run.merchantId, rule, holders, { from, to });
  const computed: ComputedStatement[] = [];
  for (const productType of new Set(contracts.map((contract) => contract.product_type))) {
    const figures = new Map<bigint, MemberFigures>();
    for (const row of play)
      if (row.productType === productType)
        figures.set(row.memberId, {
          betMinor: row.betMinor,
          validBetMinor: row.validBetMinor,
          payoutMinor: row.payoutMinor,
          depositMinor: 0n,
          bonusMinor: 0n,
          rebateMinor: 0n,
          depositFeeMinor: 0n,
          withdrawalFeeMinor: 0n,
          isActive: isActiveMember(rule, { validBetMinor: row.validBetMinor, depositMinor: rule.minDepositMinor }),
        });
    const ofProduct = contracts.filter((contract) => contract.product_type === productType);
    const teams = teamFiguresOf(tree, figures, new Set(ofProduct.map((contract) => contract.member_id)), notCounted);
    for (const contract of ofProduct) {
      const team = teams.get(contract.member_id)!;
      const { tierIndex, grossMinor } = salaryOf(salaryTiersOf(termsOf(contract)), team);
      const inputs = {
        productType,
        frequency: run.frequency,
        startTime: run.from,
        endTime: run.to,
        teamValidBet: team.validBetMinor.toString(),
        teamBet: team.betMinor.toString(),
        activeMembers: team.activeMembers,
        teamSize: team.size,
        tierIndex,
        activeMemberRule: ruleInputsOf(rule),
        terms: contract.terms,
      };
      computed.push({ contract, inputs, grossMinor });
    }
  }
  return computed;
}
