import {
  adminRebatePaths,
  agentMoneyPaths,
  agentTeamPaths,
  depositPaths,
  withdrawalPaths,
  type AgentStatement,
  type TeamPnl,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestSession } from '../../../testing/members.ts';
import { depositKit, type DepositKit } from '../../deposit/deposit.testing.ts';
import { checkLedger } from '../../ledger/index.ts';
import { settleRebateDay } from '../../rebates/index.ts';
import { createWithdrawalKit, type WithdrawalKit } from '../../withdrawal/withdrawal.testing.ts';
import { placeUnder } from '../downlines/hierarchy.ts';
import { daysOfPeriod, periodHolding } from './dividend-periods.ts';
import { settleDividendPeriod } from './settle-dividend.ts';
import { signedContract, statementOf, summedDay, treeMember } from './settlement.testing.ts';

/**
 * The dividend's fee lines (README "Dividends"): a team member's deposit and withdrawal fees of the
 * period, made through the real deposit and withdrawal calls, are deducted from its agent's dividend.
 * Two teams play exactly alike; only one member pays fees, so the difference between the two
 * statements is the fees times the rate and nothing else.
 */

let kit: WithdrawalKit;
let deposits: DepositKit;
let round = 0;
// Tuesday 24 November 2026, noon in Bangkok: inside the week of Sunday 22nd to Saturday 28th.
const during = Date.parse('2026-11-24T05:00:00Z');
const week = periodHolding('W', '2026-11-24');

beforeAll(async () => {
  kit = await createWithdrawalKit({ withdrawals: { feeAmount: '10.00' } });
  kit.clock.nowMs = during;
  deposits = depositKit(kit.testApp);
  await deposits.changeDeposits((config) => {
    config.channels.BANK.feeFixed = '15';
    config.channels.BANK.feePercent = '0';
  });
  // The demo merchant's agentSettlement: no platform or service fee, so the fees are the only deductions.
  await kit.testApp.settle();
}, 60_000);
afterAll(() => kit?.close());

async function played(memberId: bigint, stake: bigint, payout: bigint) {
  round += 1;
  await sql`
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            stake, valid_bet, payout, bet_count, status, first_bet_at, settled_at, updated_at)
    VALUES (${kit.merchantId}, 'TEST', ${`divfee-${round}`}, ${memberId}, 'BRTEST', 'g1', 'LIVE', 'LIVE',
            ${stake}, ${stake}, ${payout}, 1, 'settled', ${new Date(during)}, ${new Date(during)}, ${new Date(during)})`.execute(
    kit.db,
  );
}

/** A real member (bank account, payment password, balance) placed under `agentId` in the tree. */
async function playerUnder(agentId: bigint) {
  const player = await kit.newMember({ balance: '1000.00' });
  await sql`UPDATE member SET upline_id = ${agentId} WHERE id = ${player.id}`.execute(kit.db);
  await kit.db
    .transaction()
    .execute((trx) => placeUnder(trx, { merchantId: kit.merchantId, memberId: player.id, uplineId: agentId }));
  return player;
}

const dividendTerms = {
  type: 'dividend',
  carryForward: 'none',
  tiers: [{ minimumBetMinor: '10000', netLossMinor: '0', activeMembers: 1, ppm: 100_000 }],
};

describe('dividend fee lines', () => {
  test("a team member's deposit and withdrawal fees of the period are deduction lines of its agent's dividend and lower it", async () => {
    const paying = await treeMember(kit.testApp, null);
    const quiet = await treeMember(kit.testApp, null);
    const payingContract = await signedContract(kit.testApp, paying, null, 'dividend', dividendTerms, { period: 'W' });
    const quietContract = await signedContract(kit.testApp, quiet, null, 'dividend', dividendTerms, { period: 'W' });
    const [payer, other] = [await playerUnder(paying), await playerUnder(quiet)];

    // The fee-paying member: a bank deposit of 500.00 (fee 15.00) approved and a withdrawal of 200.00
    // (fee 10.00) paid, both by an operator during the week.
    const finance = await kit.newOperator('finance');
    const deposit = await deposits.bankDeposit(payer.token, '500.00');
    expect(deposit.feeAmount).toBe('15.00');
    const approved = await kit.operatorCall(finance, 'POST', depositPaths.adminApprove, {
      depositId: deposit.depositId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The deposit adds its amount to the turnover to wager before a withdrawal (withdrawal README).
    await kit.wager(payer.id, '500.00');
    const withdrawalId = await kit.pendingWithdrawal(payer, '200.00');
    const paid = await kit.operatorCall(finance, 'POST', withdrawalPaths.adminApprove, {
      withdrawalId,
      payoutReference: `FT${withdrawalId}REF`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // A fee outside the week is not this week's: a deposit approved on the Sunday after.
    kit.clock.nowMs = Date.parse('2026-11-28T17:30:00Z');
    const late = await deposits.bankDeposit(await kit.newToken(payer), '300.00');
    const lateApproval = await kit.operatorCall(await kit.newOperator('finance'), 'POST', depositPaths.adminApprove, {
      depositId: late.depositId,
    });
    expect(lateApproval.statusCode, lateApproval.body).toBe(200);
    kit.clock.nowMs = during;

    // Both teams play alike: 1,000.00 staked and lost.
    await played(payer.id, 100_000n, 0n);
    await played(other.id, 100_000n, 0n);
    for (const [index, day] of daysOfPeriod(week).entries())
      await summedDay(
        kit.testApp,
        day,
        index === 2
          ? [
              { memberId: payer.id, validBet: 100_000n },
              { memberId: other.id, validBet: 100_000n },
            ]
          : [],
      );

    const result = await settleDividendPeriod(kit.db, {
      merchantId: kit.merchantId,
      period: week,
      timezone: 'Asia/Bangkok',
      nowMs: Date.parse('2026-11-29T03:00:00Z'),
    });
    expect(result).toMatchObject({ statements: 2, paid: 2 });

    const periodKey = '2026-11-22/2026-11-28';
    const withFees = (await statementOf(kit.testApp, payingContract, periodKey))!;
    const withoutFees = (await statementOf(kit.testApp, quietContract, periodKey))!;
    expect(withFees.inputs).toMatchObject({
      netLoss: '100000',
      lines: [
        { code: 'bonus', amount: '0' },
        { code: 'rebate', amount: '0' },
        { code: 'deposit_fee', amount: '1500' },
        { code: 'withdrawal_fee', amount: '1000' },
        { code: 'platform_fee', amount: '0' },
        { code: 'service_fee', amount: '0' },
        { code: 'carried', amount: '0' },
      ],
      base: '97500',
    });
    expect(withoutFees.inputs).toMatchObject({ netLoss: '100000', base: '100000' });
    expect((withoutFees.inputs as { lines: Array<{ code: string; amount: string }> }).lines).toContainEqual({
      code: 'deposit_fee',
      amount: '0',
    });
    // 10 % of (1,000.00 − 15.00 − 10.00) against 10 % of 1,000.00.
    expect(withFees.gross_minor).toBe(9_750n);
    expect(withoutFees.gross_minor).toBe(10_000n);

    // The agent sees the two fee lines on its statement, named for the site's texts.
    const token = await insertTestSession(kit.db, kit.merchantId, paying, during);
    const response = await kit.testApp.app.inject({
      method: 'GET',
      url: `${agentMoneyPaths.statements}?kind=dividend`,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [statement] = (response.json().value as { list: AgentStatement[] }).list;
    expect(statement!.amount).toBe('97.50');
    expect(statement!.lines.filter((line) => line.group === 'deduction')).toEqual(
      expect.arrayContaining([
        { group: 'deduction', name: 'depositFees', format: 'money', value: '15.00' },
        { group: 'deduction', name: 'withdrawalFees', format: 'money', value: '10.00' },
      ]),
    );

    // The agent's team P&L of the week names the member's fees, and its P&L is after them.
    const pnl = await kit.testApp.app.inject({
      method: 'GET',
      url: `${agentTeamPaths.pnl}?startDate=2026-11-22&endDate=2026-11-28`,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    });
    expect(pnl.statusCode, pnl.body).toBe(200);
    const row = (pnl.json().value as TeamPnl).list.find((line) => line.id === String(payer.id));
    expect(row).toMatchObject({
      fees: '25.00',
      rebate: '0.00',
      bet: '1000.00',
      win: '0.00',
      profitAndLoss: '-1025.00',
    });

    const books = await checkLedger(kit.db, { merchantId: kit.merchantId });
    expect(books.differences).toEqual([]);
  });

  test("a team member's rebates are the dividend's rebate line, taken out of the bonus line so they count once", async () => {
    const agent = await treeMember(kit.testApp, null);
    const contract = await signedContract(kit.testApp, agent, null, 'dividend', dividendTerms, { period: 'W' });
    const player = await playerUnder(agent);
    // Rebates of 1 % on LIVE, paid automatically as cash (modules/rebates), through the back-office call.
    const admin = await kit.newOperator('admin');
    const saved = await kit.testApp.app.inject({
      method: 'PUT',
      url: adminRebatePaths.settings,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: admin.token },
      payload: {
        mode: 'automatic',
        rates: [{ productType: 'LIVE', percent: '1' }],
        minPayout: '1.00',
        dailyCap: null,
        turnoverMultiplier: '0',
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Monday: 1,000.00 staked and lost at LIVE, summed by the reports; its rebate 10.00 paid on Tuesday,
    // which the reports' member day holds as a transfer out of house_bonus (its bonus figure).
    const monday = daysOfPeriod(week)[1]!;
    await played(player.id, 100_000n, 0n);
    await summedDay(kit.testApp, monday, [{ memberId: player.id, validBet: 100_000n, bonus: 1_000n }]);
    const rebate = await settleRebateDay(kit.db, {
      merchantId: kit.merchantId,
      day: monday,
      timezone: 'Asia/Bangkok',
      nowMs: during,
    });
    expect(rebate).toMatchObject({ settled: true, membersPaid: 1, paidMinor: 1_000n });

    await settleDividendPeriod(kit.db, {
      merchantId: kit.merchantId,
      period: week,
      timezone: 'Asia/Bangkok',
      nowMs: Date.parse('2026-11-29T03:00:00Z'),
    });
    const statement = (await statementOf(kit.testApp, contract, '2026-11-22/2026-11-28'))!;
    expect(statement.inputs).toMatchObject({
      netLoss: '100000',
      lines: expect.arrayContaining([
        { code: 'bonus', amount: '0' },
        { code: 'rebate', amount: '1000' },
      ]),
      base: '99000',
    });
    // 10 % of (1,000.00 − 10.00 rebate).
    expect(statement.gross_minor).toBe(9_900n);
    expect((await checkLedger(kit.db, { merchantId: kit.merchantId })).differences).toEqual([]);
  });
});
