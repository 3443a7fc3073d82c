import type { AgentContractKind, ContractProductType } from '@lotus/contract';
import { sql } from 'kysely';
import { memberBalance } from '../../ledger/index.ts';
import { insertTestMember } from '../../../testing/members.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { placeUnder } from '../downlines/hierarchy.ts';

/** Test helpers of the settlement jobs' tests: members in a tree, signed contracts, summed days, logins. */

export const signedAt = new Date('2026-09-01T00:00:00Z');
let sequence = 0;

export async function treeMember(testApp: TestApp, upline: bigint | null, isAgent: 0 | 1 = 1): Promise<bigint> {
  const id = await insertTestMember(
    testApp.db,
    testApp.demoMerchantId,
    `stl${++sequence}x${Date.now() % 100000}`,
    signedAt,
    { is_agent: isAgent, upline_id: upline },
  );
  if (upline !== null)
    await testApp.db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: testApp.demoMerchantId, memberId: id, uplineId: upline }));
  return id;
}

/** A signed contract with these stored terms. */
export async function signedContract(
  testApp: TestApp,
  holder: bigint,
  payer: bigint | null,
  kind: AgentContractKind,
  terms: Record<string, unknown>,
  options: { productType?: ContractProductType; period?: string } = {},
): Promise<bigint> {
  const row = await testApp.db
    .insertInto('agent_contract')
    .values({
      merchant_id: testApp.demoMerchantId,
      upline_member_id: payer,
      member_id: holder,
      kind,
      product_type: options.productType ?? 'LIVE',
      period: options.period ?? '',
      terms: JSON.stringify(terms),
      status: 'A',
      replaces_id: null,
      created_at: signedAt,
      updated_at: signedAt,
      decided_at: signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Percent salary terms: `ppm` of the team's valid bet from `minimumBetMinor` and `activeMembers`. */
export const salaryTerms = (ppm: number, activeMembers = 1, minimumBetMinor = 10_000n) => ({
  type: 'salary',
  tiers: [{ minimumBetMinor: minimumBetMinor.toString(), activeMembers, rate: { kind: 'percent', ppm } }],
});

export interface DayRow {
  memberId: bigint;
  validBet: bigint;
  payout?: bigint;
  deposit?: bigint;
  bonus?: bigint;
  /** The product type the bets were in (LIVE when not said). */
  product?: string;
}

/**
 * The reports' job has summed `day` with these members' figures (minor units; bets = valid bets): their
 * member days and their days per product type. A member with rows of two products has their sum as its
 * day; summing a day again replaces the members' rows given (the data corrected).
 */
export async function summedDay(testApp: TestApp, day: string, rows: DayRow[]): Promise<void> {
  await sql`
    INSERT INTO report_day_pass (merchant_id, day, pass, computed_at)
    VALUES (${testApp.demoMerchantId}, ${day}::date, 0, now()) ON CONFLICT DO NOTHING`.execute(testApp.db);
  const days = new Map<bigint, Required<Omit<DayRow, 'product'>>>();
  for (const row of rows) {
    const sum = days.get(row.memberId) ?? { memberId: row.memberId, validBet: 0n, payout: 0n, deposit: 0n, bonus: 0n };
    days.set(row.memberId, {
      memberId: row.memberId,
      validBet: sum.validBet + row.validBet,
      payout: sum.payout + (row.payout ?? 0n),
      deposit: sum.deposit + (row.deposit ?? 0n),
      bonus: sum.bonus + (row.bonus ?? 0n),
    });
  }
  for (const row of days.values())
    await sql`
      INSERT INTO report_daily_member (merchant_id, day, member_id, rounds, bets_minor, valid_bets_minor, payouts_minor,
                                       deposits_minor, withdrawals_minor, bonuses_minor)
      VALUES (${testApp.demoMerchantId}, ${day}::date, ${row.memberId}, 1, ${row.validBet}, ${row.validBet},
              ${row.payout}, ${row.deposit}, 0, ${row.bonus})
      ON CONFLICT (merchant_id, day, member_id) DO UPDATE
        SET bets_minor = EXCLUDED.bets_minor, valid_bets_minor = EXCLUDED.valid_bets_minor,
            payouts_minor = EXCLUDED.payouts_minor, deposits_minor = EXCLUDED.deposits_minor,
            bonuses_minor = EXCLUDED.bonuses_minor`.execute(testApp.db);
  for (const row of rows)
    await sql`
      INSERT INTO report_daily_member_product (merchant_id, day, member_id, product_type, bets_minor, valid_bets_minor,
                                               payouts_minor)
      VALUES (${testApp.demoMerchantId}, ${day}::date, ${row.memberId}, ${row.product ?? 'LIVE'}, ${row.validBet},
              ${row.validBet}, ${row.payout ?? 0n})
      ON CONFLICT (merchant_id, day, member_id, product_type) DO UPDATE
        SET bets_minor = EXCLUDED.bets_minor, valid_bets_minor = EXCLUDED.valid_bets_minor,
            payouts_minor = EXCLUDED.payouts_minor`.execute(testApp.db);
}

/** A successful login of the member from this IP and device id at `at`. */
export async function loggedIn(testApp: TestApp, memberId: bigint, ip: string, deviceId: string | null, at: Date) {
  await testApp.db
    .insertInto('login_event')
    .values({
      merchant_id: testApp.demoMerchantId,
      member_id: memberId,
      username_tried: `m${memberId}`,
      username_key: `m${memberId}`,
      ip,
      country: 'TH',
      device: 'web',
      login_device_id: deviceId,
      succeeded: true,
      failure_reason: null,
      created_at: at,
    })
    .execute();
}

export const balanceOf = (testApp: TestApp, memberId: bigint) =>
  memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { memberId, kind: 'member_main' });

export async function statementOf(testApp: TestApp, contractId: bigint, periodKey: string) {
  return testApp.db
    .selectFrom('agent_settlement')
    .selectAll()
    .where('contract_id', '=', contractId)
    .where('period_key', '=', periodKey)
    .executeTakeFirst();
}
