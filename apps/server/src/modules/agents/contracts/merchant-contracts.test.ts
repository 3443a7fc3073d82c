import { agentContractAdminPaths, agentContractSchema, type OfferContractRequest } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';

/**
 * The back-office's offer of the merchant's contract to a top agent, for every kind (README "Contracts",
 * `POST /admin-api/agents/contracts/offer`): a valid offer of each kind is stored as the agent's request
 * (P) and audited; tiers that fall are refused naming the tier's field, in the operator's language, and
 * write nothing; a role without `agents.manage` is refused and writes nothing.
 */

let testApp: TestApp;
let admin: TestOperator;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  // Every kind on: the demo merchant offers neither hourly nor real-time salaries.
  await setMerchantConfigSection(
    testApp.db,
    testApp.demoMerchantId,
    'agentContracts',
    { dividend: true, dailySalary: true, mrDailySalary: true, hourlySalary: true, realtimeSalary: true },
    Date.now(),
  );
  await testApp.settle();
  admin = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'admin' });
});
afterAll(() => testApp?.close());

async function topAgent(): Promise<bigint> {
  return insertTestMember(testApp.db, testApp.demoMerchantId, `mct${++sequence}x${Date.now() % 100000}`, new Date(), {
    is_agent: 1,
    upline_id: null,
  });
}

async function offer(operator: TestOperator, body: OfferContractRequest, language = 'EN') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: agentContractAdminPaths.offer,
    headers: { Merchant: 'demo', Authorization: operator.token, Language: language },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { value: unknown } };
}

const contractsOf = (holderId: bigint) =>
  testApp.db
    .selectFrom('agent_contract')
    .select(['kind', 'product_type', 'period', 'status', 'terms'])
    .where('member_id', '=', holderId)
    .execute();

const auditsOf = (operator: TestOperator, holderId: bigint) =>
  testApp.db
    .selectFrom('operator_audit')
    .select(['action', 'after'])
    .where('operator_id', '=', operator.id)
    .where('target_id', '=', holderId.toString())
    .execute();

/**
 * Per kind: a valid offer with two rising tiers, the same offer with its second tier falling in one
 * field, the field the refusal must name, and what the stored contract says.
 */
const kinds: Array<{
  kind: OfferContractRequest['kind'];
  valid: (downlineId: string) => OfferContractRequest;
  falling: (downlineId: string) => OfferContractRequest;
  field: string;
  stored: { product_type: string; period: string; terms: Record<string, unknown> };
}> = [
  {
    kind: 'daily_salary',
    valid: (downlineId) => ({
      kind: 'daily_salary',
      downlineId,
      productType: 'LIVE',
      tiers: [
        { minimumBet: '1000', activeMember: 1, rateType: 'P', rate: 0.01 },
        { minimumBet: '5000', activeMember: 3, rateType: 'P', rate: 0.015 },
      ],
    }),
    // Fewer active members than the tier before.
    falling: (downlineId) => ({
      kind: 'daily_salary',
      downlineId,
      productType: 'LIVE',
      tiers: [
        { minimumBet: '1000', activeMember: 3, rateType: 'P', rate: 0.01 },
        { minimumBet: '5000', activeMember: 1, rateType: 'P', rate: 0.015 },
      ],
    }),
    field: 'tiers.1.activeMember',
    stored: { product_type: 'LIVE', period: '', terms: { type: 'salary' } },
  },
  {
    kind: 'mr_daily_salary',
    valid: (downlineId) => ({
      kind: 'mr_daily_salary',
      downlineId,
      productType: 'RNG',
      tiers: [
        { minimumBet: '1000', activeMember: 1, rateType: 'F', amount: '50' },
        { minimumBet: '5000', activeMember: 1, rateType: 'F', amount: '300' },
      ],
    }),
    // The same bet threshold twice.
    falling: (downlineId) => ({
      kind: 'mr_daily_salary',
      downlineId,
      productType: 'RNG',
      tiers: [
        { minimumBet: '1000', activeMember: 1, rateType: 'F', amount: '50' },
        { minimumBet: '1000', activeMember: 1, rateType: 'F', amount: '300' },
      ],
    }),
    field: 'tiers.1.minimumBet',
    stored: { product_type: 'RNG', period: '', terms: { type: 'salary' } },
  },
  {
    kind: 'hourly_salary',
    valid: (downlineId) => ({
      kind: 'hourly_salary',
      downlineId,
      productType: 'SPORTS',
      frequency: 'BH',
      tiers: [
        { minimumBet: '500', activeMember: 1, rateType: 'P', rate: 0.002 },
        { minimumBet: '2000', activeMember: 2, rateType: 'P', rate: 0.003 },
      ],
    }),
    // A lower rate than the tier before.
    falling: (downlineId) => ({
      kind: 'hourly_salary',
      downlineId,
      productType: 'SPORTS',
      frequency: 'BH',
      tiers: [
        { minimumBet: '500', activeMember: 1, rateType: 'P', rate: 0.003 },
        { minimumBet: '2000', activeMember: 2, rateType: 'P', rate: 0.002 },
      ],
    }),
    field: 'tiers.1.rate',
    stored: { product_type: 'SPORTS', period: 'BH', terms: { type: 'salary' } },
  },
  {
    kind: 'dividend',
    valid: (downlineId) => ({
      kind: 'dividend',
      downlineId,
      productType: 'LIVE',
      computationPeriod: 'W',
      carryForward: 'loss',
      tiers: [
        { minimumBet: '10000', netLoss: '1000', activeMember: 2, contractRate: 0.2 },
        { minimumBet: '50000', netLoss: '5000', activeMember: 5, contractRate: 0.3 },
      ],
    }),
    // A lower net loss than the tier before.
    falling: (downlineId) => ({
      kind: 'dividend',
      downlineId,
      productType: 'LIVE',
      computationPeriod: 'W',
      carryForward: 'loss',
      tiers: [
        { minimumBet: '10000', netLoss: '5000', activeMember: 2, contractRate: 0.2 },
        { minimumBet: '50000', netLoss: '1000', activeMember: 5, contractRate: 0.3 },
      ],
    }),
    field: 'tiers.1.netLoss',
    stored: {
      product_type: 'LIVE',
      period: 'W',
      terms: {
        type: 'dividend',
        carryForward: 'loss',
        tiers: [
          { minimumBetMinor: '1000000', netLossMinor: '100000', activeMembers: 2, ppm: 200_000 },
          { minimumBetMinor: '5000000', netLossMinor: '500000', activeMembers: 5, ppm: 300_000 },
        ],
      },
    },
  },
  {
    kind: 'realtime_salary',
    valid: (downlineId) => ({
      kind: 'realtime_salary',
      downlineId,
      productType: 'LOTT',
      tiers: [
        { betAmount: '10', lossRate: 0.01, winRate: 0.005 },
        { betAmount: '100', lossRate: 0.02, winRate: 0.01 },
      ],
    }),
    // A smaller single bet than the tier before.
    falling: (downlineId) => ({
      kind: 'realtime_salary',
      downlineId,
      productType: 'LOTT',
      tiers: [
        { betAmount: '100', lossRate: 0.01, winRate: 0.005 },
        { betAmount: '10', lossRate: 0.02, winRate: 0.01 },
      ],
    }),
    field: 'tiers.1.betAmount',
    stored: {
      product_type: 'LOTT',
      period: '',
      terms: {
        type: 'realtime',
        tiers: [
          { betAmountMinor: '1000', lossPpm: 10_000, winPpm: 5_000 },
          { betAmountMinor: '10000', lossPpm: 20_000, winPpm: 10_000 },
        ],
      },
    },
  },
];

describe("the back-office's offer of every contract kind to a top agent", () => {
  test.each(kinds)('$kind: falling tiers are refused naming $field; a valid offer is stored and audited', async (c) => {
    const holder = await topAgent();

    const refused = await offer(admin, c.falling(holder.toString()));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'agent.contract.tier.not.rising', field: c.field });
    expect(await contractsOf(holder)).toEqual([]);
    expect(await auditsOf(admin, holder)).toEqual([]);

    const accepted = await offer(admin, c.valid(holder.toString()));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const contract = agentContractSchema.parse(accepted.body.value);
    expect(contract).toMatchObject({ kind: c.kind, status: 'P' });
    const [stored, ...others] = await contractsOf(holder);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({ kind: c.kind, status: 'P', ...c.stored });
    const audits = await auditsOf(admin, holder);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'agent.contract.offer', after: { kind: c.kind, status: 'P' } });
  });

  test('the refusal speaks the operator language (TH) and names the field', async () => {
    const holder = await topAgent();
    const refused = await offer(admin, kinds[3]!.falling(holder.toString()), 'TH');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'tiers.1.netLoss' });
    expect(refused.body.message).toBe('แต่ละขั้นต้องสูงกว่าขั้นก่อนหน้า (tiers.1.netLoss)');
  });

  test.each(kinds)('$kind: a role without agents.manage is refused and nothing is written', async (c) => {
    const role = await insertTestRole(testApp.db, {
      merchantId: testApp.demoMerchantId,
      permissions: ['members.read', 'agents.settle'],
    });
    const reader = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role });
    const holder = await topAgent();
    const refused = await offer(reader, c.valid(holder.toString()));
    expect(refused).toMatchObject({ status: 403, body: { errorCode: 'operator.permission.denied' } });
    expect(await contractsOf(holder)).toEqual([]);
    expect(await auditsOf(reader, holder)).toEqual([]);
  });
});
