import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberProductFigures } from '../../bet-records/index.ts';
import { findMerchant, listMerchantIds, merchantTimeZone } from '../../merchant/index.ts';
import { dayBounds, localToday, memberDayFigures } from '../../reports/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { dividendTiersOf, ppmOf } from '../contracts/contract-terms.ts';
import { activeMemberRuleOf, isActiveMember, notCountedActiveOf, ruleInputsOf } from './active-members.ts';
import { dividendOf } from './contract-math.ts';
import {
  daysOfPeriod,
  lastClosedPeriod,
  periodKeyOf,
  plusDays,
  type DividendPeriod,
  type DividendPeriodCode,
} from './dividend-periods.ts';
import { payStatementsInBatches } from './pay-statements.ts';
import { memberDeductionsOf } from './period-deductions.ts';
import type { ComputedStatement } from './settle-daily-salary.ts';
import { teamFiguresOf, type MemberFigures } from './team-figures.ts';
import { treeAt } from './tree-at.ts';

export const dividendJobName = 'agents.dividend';
const periodCodes: DividendPeriodCode[] = ['D', 'W', 'H', 'M'];

/**
 * Dividends (issue 16 "Contracts", "Settlement"; README "Dividends"), for every merchant that offers
 * them: for each period kind (D, W, H, M), the last period that closed before the merchant's today,
 * once the reports' job has summed each of its days. Per contract and period one statement (unique),
 * with every input and deduction line, then paid top down like the daily salary (ledger kind
 * `agent.dividend`, key `dividend:<contract>:<start>/<end>`).
 */
export async function settleDividends(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ statements: number; paid: number; waiting: number }> {
  const totals = { statements: 0, paid: 0, waiting: 0 };
  for (const merchantId of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant?.config.agentContracts.dividend) continue;
    const timezone = merchantTimeZone(merchant.config);
    const today = await localToday(db, timezone, nowMs);
    for (const code of periodCodes) {
      const result = await settleDividendPeriod(db, {
        merchantId,
        period: lastClosedPeriod(code, today),
        timezone,
        nowMs,
      });
      totals.statements += result.statements;
      totals.paid += result.paid;
      totals.waiting += result.waiting;
    }
  }
  return totals;
}

export async function settleDividendPeriod(
  db: Kysely<Database>,
  run: { merchantId: number; period: DividendPeriod; timezone: string; nowMs: number },
): Promise<{ statements: number; paid: number; waiting: number }> {
  const periodKey = periodKeyOf(run.period);
  const statements = await db.transaction().execute(async (trx) => {
    // One run computes a merchant's dividends at a time across instances; the unique key guards the rest.
    await lockDividends(trx, run.merchantId);
    return storeDividendStatements(trx, run, periodKey);
  });
  if (statements === null) return { statements: 0, paid: 0, waiting: 0 };
  const { paid, waiting } = await payStatementsInBatches(db, {
    merchantId: run.merchantId,
    kind: 'dividend',
    periodKey,
    ledgerKind: 'agent.dividend',
    nowMs: run.nowMs,
  });
  return { statements, paid, waiting };
}

/** The period's new statements, stored; null while some day of the period is not summed yet. */
async function storeDividendStatements(
  db: Kysely<Database>,
  run: { merchantId: number; period: DividendPeriod; timezone: string; nowMs: number },
  periodKey: string,
): Promise<number | null> {
  const computed = await dividendStatementsOf(db, run, { unsettledOnly: true });
  if (computed === null) return null;
  let stored = 0;
  for (const { contract, inputs, grossMinor } of computed) {
    const inserted = await db
      .insertInto('agent_settlement')
      .values({
        merchant_id: run.merchantId,
        contract_id: contract.id,
        kind: 'dividend',
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
}

/** The lock a merchant's dividend computation holds (the job's run and the operator's re-run). */
export async function lockDividends(trx: Transaction<Database>, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agents.dividend'), ${merchantId})`.execute(trx);
}

/**
 * Every dividend contract's statement of the period as computed from the data as it is now (the job
 * stores the new ones, `unsettledOnly`; the operator's re-run compares all with the stored ones). Null
 * while some day of the period is not summed yet. The carry-in is what the contract's previous
 * statement carries out as it stands now (carriedInOf).
 */
export async function dividendStatementsOf(
  db: Kysely<Database>,
  run: { merchantId: number; period: DividendPeriod; timezone: string },
  options: { unsettledOnly: boolean },
): Promise<ComputedStatement[] | null> {
  const periodKey = periodKeyOf(run.period);
  const { fromUtc, toUtc } = await dayBounds(db, run.timezone, run.period.start, plusDays(run.period.end, 1));
  let contractQuery = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', run.merchantId)
    .where('kind', '=', 'dividend')
    .where('period', '=', run.period.code)
    .where('status', 'in', ['A', 'V'])
    .where('decided_at', '<', toUtc);
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

  // Deposits and bonuses of the period from the reports' member days (every day must be summed).
  const deposits = new Map<bigint, bigint>();
  const bonuses = new Map<bigint, bigint>();
  const validBets = new Map<bigint, bigint>();
  for (const day of daysOfPeriod(run.period)) {
    const rows = await memberDayFigures(db, run.merchantId, day);
    if (rows === null) return null;
    for (const row of rows) {
      deposits.set(row.memberId, (deposits.get(row.memberId) ?? 0n) + row.depositsMinor);
      bonuses.set(row.memberId, (bonuses.get(row.memberId) ?? 0n) + row.bonusesMinor);
      validBets.set(row.memberId, (validBets.get(row.memberId) ?? 0n) + row.validBetsMinor);
    }
  }
  const play = await memberProductFigures(db, run.merchantId, fromUtc, toUtc);
  const deductions = await memberDeductionsOf(db, run.merchantId, fromUtc, toUtc);
  const merchant = (await findMerchant(db, { id: run.merchantId }))!;
  const rule = activeMemberRuleOf(merchant.config.agentSettlement);
  const charges = {
    platformFeePpm: ppmOf(merchant.config.agentSettlement.dividend.platformFeeRate),
    serviceFeePpm: ppmOf(merchant.config.agentSettlement.dividend.serviceFeeRate),
  };
  const tree = await treeAt(db, run.merchantId, toUtc);
  const holders = [...new Set(contracts.map((contract) => contract.member_id))];
  const notCounted = await notCountedActiveOf(db, run.merchantId, rule, holders, { from: fromUtc, to: toUtc });

  const computed: ComputedStatement[] = [];
  for (const productType of new Set(contracts.map((contract) => contract.product_type))) {
    // A member's bonuses, rebates and fees of the period are shared among products by valid bet (none
    // of them belongs to a product), so two dividend contracts of one agent never deduct one fee twice.
    // A member who placed no valid bet in the period is in no product's figures and charges nothing.
    const figures = new Map<bigint, MemberFigures>();
    for (const row of play) {
      if (row.productType !== productType) continue;
      const allValid = validBets.get(row.memberId) ?? 0n;
      const share = (amountMinor: bigint) => (allValid > 0n ? (amountMinor * row.validBetMinor) / allValid : 0n);
      const own = deductions.of(row.memberId);
      figures.set(row.memberId, {
        betMinor: row.betMinor,
        validBetMinor: row.validBetMinor,
        payoutMinor: row.payoutMinor,
        depositMinor: deposits.get(row.memberId) ?? 0n,
        // The reports' bonuses hold every transfer out of house_bonus, rebates too: those are the rebate line's.
        bonusMinor: share((bonuses.get(row.memberId) ?? 0n) - own.rebateMinor),
        rebateMinor: share(own.rebateMinor),
        depositFeeMinor: share(own.depositFeeMinor),
        withdrawalFeeMinor: share(own.withdrawalFeeMinor),
        isActive: isActiveMember(rule, {
          validBetMinor: row.validBetMinor,
          depositMinor: deposits.get(row.memberId) ?? 0n,
        }),
      });
    }
    const ofProduct = contracts.filter((contract) => contract.product_type === productType);
    const teams = teamFiguresOf(tree, figures, new Set(ofProduct.map((contract) => contract.member_id)), notCounted);
    for (const contract of ofProduct) {
      const team = teams.get(contract.member_id)!;
      const { tiers, carryForward } = dividendTiersOf(termsOf(contract));
      const carriedInMinor = await carriedInOf(db, contract.id, periodKey);
      const result = dividendOf(tiers, team, charges, {
        mode: carryForward,
        carriedInMinor,
        isFirstPeriodOfMonth: run.period.start.endsWith('-01'),
      });
      const inputs = {
        productType,
        period: run.period.code,
        from: run.period.start,
        to: run.period.end,
        teamBet: team.betMinor.toString(),
        teamValidBet: team.validBetMinor.toString(),
        teamPayout: team.payoutMinor.toString(),
        netLoss: result.netLossMinor.toString(),
        activeMembers: team.activeMembers,
        teamSize: team.size,
        tierIndex: result.tierIndex,
        carryForward,
        carriedIn: carriedInMinor.toString(),
        lines: result.deductions.map((line) => ({ code: line.code, amount: line.amountMinor.toString() })),
        base: result.baseMinor.toString(),
        carryOut: result.carryOutMinor.toString(),
        charges,
        activeMemberRule: ruleInputsOf(rule),
        terms: contract.terms,
      };
      computed.push({ contract, inputs, grossMinor: result.grossMinor });
    }
  }
  return computed;
}

/**
 * What the contract's previous period carries out, 0 for its first: the previous statement's
 * `carryOut` as last recomputed (an operator's re-run stores its recomputed inputs on the change row,
 * agent_settlement_adjustment, and the statement keeps the inputs first computed), else as first
 * computed. So a period computed after a re-run of the one before starts from the corrected carry, and
 * re-running later periods in order carries a correction forward (README "Statements desk").
 * Period keys of one contract sort by date, so the previous statement is the greatest key below.
 */
async function carriedInOf(db: Kysely<Database>, contractId: bigint, periodKey: string): Promise<bigint> {
  const previous = await db
    .selectFrom('agent_settlement as s')
    .select(
      sql<string | null>`coalesce(
        (SELECT a.inputs->>'carryOut' FROM agent_settlement_adjustment a
          WHERE a.settlement_id = s.id AND a.action = 'rerun' AND a.inputs IS NOT NULL
          ORDER BY a.id DESC LIMIT 1),
        s.inputs->>'carryOut')`.as('carry_out'),
    )
    .where('s.contract_id', '=', contractId)
    .where('s.period_key', '<', periodKey)
    .orderBy('s.period_key', 'desc')
    .limit(1)
    .executeTakeFirst();
  return previous?.carry_out ? BigInt(previous.carry_out) : 0n;
}
