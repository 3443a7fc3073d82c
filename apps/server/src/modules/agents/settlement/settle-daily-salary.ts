import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { LedgerError, postTransfers } from '../../ledger/index.ts';
import { findMerchant, listMerchantIds, merchantTimeZone } from '../../merchant/index.ts';
import { addDays, dayBounds, localToday, memberDayFigures } from '../../reports/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { salaryTiersOf } from '../contracts/contract-terms.ts';
import { salaryOf } from './contract-math.ts';
import { teamFiguresOf, type MemberFigures, type TreeMember } from './team-figures.ts';

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
 * A member is active on the day with a valid bet of at least `activeMember.minValidBet` (the merchant's
 * setting; this first version counts no deposit rule and no shared-device exclusion).
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

/** Minimum valid bet (minor units) for a member to count as active on a day, until the merchant can set it. */
export const activeMemberMinValidBetMinor = 10_000n;

export async function settleDailySalaryDay(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string; nowMs: number },
): Promise<{ statements: number; paid: number; waiting: number }> {
  const figuresOfDay = await memberDayFigures(db, run.merchantId, run.day);
  if (figuresOfDay === null) return { statements: 0, paid: 0, waiting: 0 };
  const { toUtc: dayEnd } = await dayBounds(db, run.timezone, run.day, addDays(run.day, 1));

  // One run computes a merchant's day at a time across instances; the statements' unique key guards the rest.
  const statements = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('agents.dailySalary'), ${run.merchantId})`.execute(trx);
    const contracts = await trx
      .selectFrom('agent_contract')
      .selectAll()
      .where('merchant_id', '=', run.merchantId)
      .where('kind', '=', 'daily_salary')
      .where('status', 'in', ['A', 'V'])
      .where('decided_at', '<', dayEnd)
      .execute();
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
    const due = contracts.filter((contract) => !done.has(contract.id));
    if (due.length > 0) {
      const tree = await treeAt(trx, run.merchantId, dayEnd);
      const figures = new Map<bigint, MemberFigures>(
        figuresOfDay.map((row) => [
          row.memberId,
          {
            betMinor: row.betsMinor,
            validBetMinor: row.validBetsMinor,
            payoutMinor: row.payoutsMinor,
            depositMinor: row.depositsMinor,
            bonusMinor: row.bonusesMinor,
            rebateMinor: 0n,
            feeMinor: 0n,
            isActive: row.validBetsMinor >= activeMemberMinValidBetMinor,
          },
        ]),
      );
      const teams = teamFiguresOf(tree, figures, new Set(due.map((contract) => contract.member_id)));
      for (const contract of due) {
        const team = teams.get(contract.member_id)!;
        const { tierIndex, grossMinor } = salaryOf(salaryTiersOf(termsOf(contract)), team);
        await trx
          .insertInto('agent_settlement')
          .values({
            merchant_id: run.merchantId,
            contract_id: contract.id,
            kind: 'daily_salary',
            period_key: run.day,
            holder_id: contract.member_id,
            payer_id: contract.upline_member_id,
            inputs: JSON.stringify({
              teamValidBet: team.validBetMinor.toString(),
              teamBet: team.betMinor.toString(),
              activeMembers: team.activeMembers,
              teamSize: team.size,
              tierIndex,
              terms: contract.terms,
            }),
            gross_minor: grossMinor,
            status: 'P',
            note: null,
            computed_at: new Date(run.nowMs),
            paid_at: null,
          })
          .onConflict((conflict) => conflict.columns(['contract_id', 'period_key']).doNothing())
          .execute();
      }
    }
    return due.length;
  });

  const { paid, waiting } = await payDay(db, run);
  return { statements, paid, waiting };
}

/** Every member and its direct upline at `at`: today's tree with the moved members' history applied. */
async function treeAt(db: Kysely<Database>, merchantId: number, at: Date): Promise<TreeMember[]> {
  const { rows } = await sql<{ member_id: string; upline_id: string | null }>`
    SELECT self.descendant_id AS member_id,
           CASE WHEN moved.member_id IS NULL THEN up.ancestor_id ELSE moved.upline_id END AS upline_id
      FROM member_hierarchy self
      LEFT JOIN member_hierarchy up
        ON up.merchant_id = self.merchant_id AND up.descendant_id = self.descendant_id AND up.depth = 1
      LEFT JOIN LATERAL (
        SELECT h.member_id, h.upline_id FROM member_upline_history h
         WHERE h.merchant_id = self.merchant_id AND h.member_id = self.descendant_id
           AND h.valid_from <= ${at} AND (h.valid_to IS NULL OR h.valid_to > ${at})
         ORDER BY h.valid_from DESC, h.id DESC LIMIT 1
      ) moved ON true
     WHERE self.merchant_id = ${merchantId} AND self.depth = 0`.execute(db);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    uplineId: row.upline_id === null ? null : BigInt(row.upline_id),
  }));
}

/**
 * Pays the day's unpaid statements top down (the merchant's own first, then by the holder's depth),
 * each in its own transaction with its posting. The posting's idempotency key makes a rerun after a
 * crash between the posting and the status a replay, not a second payment.
 */
async function payDay(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; nowMs: number },
): Promise<{ paid: number; waiting: number }> {
  const unpaid = await db
    .selectFrom('agent_settlement as s')
    .innerJoin('member_hierarchy as h', (join) =>
      join.onRef('h.descendant_id', '=', 's.holder_id').onRef('h.merchant_id', '=', 's.merchant_id'),
    )
    .select(['s.id', 's.contract_id', 's.holder_id', 's.payer_id', 's.gross_minor'])
    .select((eb) => eb.fn.max('h.depth').as('depth'))
    .where('s.merchant_id', '=', run.merchantId)
    .where('s.kind', '=', 'daily_salary')
    .where('s.period_key', '=', run.day)
    .where('s.status', '=', 'P')
    .groupBy(['s.id', 's.contract_id', 's.holder_id', 's.payer_id', 's.gross_minor'])
    .orderBy('depth')
    .orderBy('s.id')
    .execute();
  const { currency } = (await findMerchant(db, { id: run.merchantId }))!;
  let paid = 0;
  let waiting = 0;
  for (const statement of unpaid) {
    try {
      await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('agent_settlement')
          .select('status')
          .where('id', '=', statement.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (locked.status !== 'P') return;
        if (statement.gross_minor > 0n)
          await postTransfers(trx, {
            merchantId: run.merchantId,
            currency,
            idempotency: { source: 'agent-settlement', key: `daily_salary:${statement.contract_id}:${run.day}` },
            transfers: [
              {
                debit:
                  statement.payer_id === null
                    ? { kind: 'house_agent_pay' }
                    : { kind: 'member_main', memberId: statement.payer_id },
                credit: { kind: 'member_main', memberId: statement.holder_id },
                amount: statement.gross_minor,
                kind: 'agent.daily_salary',
                reference: `agent_settlement:${statement.id}`,
              },
            ],
            nowMs: run.nowMs,
          });
        await trx
          .updateTable('agent_settlement')
          .set({ status: 'A', paid_at: new Date(run.nowMs), note: null })
          .where('id', '=', statement.id)
          .execute();
      });
      paid += 1;
    } catch (error) {
      if (!(error instanceof LedgerError) || error.code !== 'ledger.insufficient.funds') throw error;
      await db
        .updateTable('agent_settlement')
        .set({ note: 'upline.short' })
        .where('id', '=', statement.id)
        .where('status', '=', 'P')
        .execute();
      waiting += 1;
    }
  }
  return { paid, waiting };
}
