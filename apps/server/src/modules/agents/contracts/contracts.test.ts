import {
  agentContractAdminPaths,
  agentContractPaths,
  agentContractSchema,
  consolidatedContractsSchema,
  consolidatedFundsPath,
  downlineContractsSchema,
  trialMemberType,
  type OfferContractRequest,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator } from '../../backoffice/backoffice.testing.ts';
import { placeUnder } from '../downlines/hierarchy.ts';

let testApp: TestApp;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

interface TestMember {
  id: bigint;
  token: string;
}

async function member(options: { isAgent?: 0 | 1 | 4; upline?: TestMember; merchantId?: number } = {}) {
  const merchantId = options.merchantId ?? testApp.demoMerchantId;
  const id = await insertTestMember(testApp.db, merchantId, `ctr${++sequence}x${Date.now() % 100000}`, new Date(), {
    is_agent: options.isAgent ?? 1,
    upline_id: options.upline?.id ?? null,
  });
  if (options.upline)
    await testApp.db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId, memberId: id, uplineId: options.upline!.id }));
  return { id, token: await insertTestSession(testApp.db, merchantId, id) };
}

/** The merchant's own contract with a top agent (the operator's page to offer it comes later). */
async function merchantContract(holder: TestMember, kind: 'daily_salary' | 'dividend', terms: object, period = '') {
  const now = new Date();
  await testApp.db
    .insertInto('agent_contract')
    .values({
      merchant_id: testApp.demoMerchantId,
      upline_member_id: null,
      member_id: holder.id,
      kind,
      product_type: 'LIVE',
      period,
      terms: JSON.stringify(terms),
      status: 'A',
      replaces_id: null,
      created_at: now,
      updated_at: now,
      decided_at: now,
    })
    .execute();
}

const salaryTerms = (...tiers: Array<[bigint, number, number]>) => ({
  type: 'salary',
  tiers: tiers.map(([bet, active, ppm]) => ({
    minimumBetMinor: bet.toString(),
    activeMembers: active,
    rate: { kind: 'percent', ppm },
  })),
});

async function call(token: string, url: string, payload?: object) {
  const response = await testApp.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { Merchant: 'demo', Authorization: token, 'Accept-Language': 'en' },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { value: unknown } };
}

const contractOf = (body: { value: unknown }) => agentContractSchema.parse(body.value);

const dailyOffer = (downline: TestMember, ...tiers: Array<[string, number, number]>): OfferContractRequest => ({
  kind: 'daily_salary',
  downlineId: downline.id.toString(),
  productType: 'LIVE',
  tiers: tiers.map(([minimumBet, activeMember, rate]) => ({ minimumBet, activeMember, rateType: 'P', rate })),
});

async function consolidated(holder: TestMember) {
  const { status, body } = await call(holder.token, consolidatedFundsPath);
  expect(status).toBe(200);
  return consolidatedContractsSchema.parse(body.value);
}

/** A top agent with the merchant's daily salary (1 % from 1,000.00 and one active member, 2 % from 10,000.00 and five). */
async function topWithDailySalary() {
  const top = await member();
  await merchantContract(top, 'daily_salary', salaryTerms([100_000n, 1, 10_000], [1_000_000n, 5, 20_000]));
  return top;
}

describe('offers and answers', () => {
  test('an upline offers a direct downline agent a daily salary; the downline sees it as a request, accepts it, and sees it signed; the history has both steps', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const offered = await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.005]));
    expect(offered.status).toBe(200);
    const offer = contractOf(offered.body);
    expect(offer).toMatchObject({ kind: 'daily_salary', status: 'P', productType: 'LIVE', downlineHigherRate: 'N' });
    expect(offer.details).toEqual([{ betVolume: '1000.00', activeMember: 1, rate: 0.005, rateType: 'P' }]);

    const waiting = await consolidated(agent);
    expect(waiting.dailysalreqtype.LIVE?.agent.map((contract) => contract.status)).toEqual(['P']);
    expect(waiting.dailysalinfotype).toEqual({});

    const accepted = await call(agent.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' });
    expect(accepted.status).toBe(200);
    expect(contractOf(accepted.body).status).toBe('A');
    const signed = await consolidated(agent);
    expect(signed.dailysalinfotype.LIVE?.agent.map((contract) => contract.id)).toEqual([offer.id]);
    expect(signed.dailysalreqtype).toEqual({});

    const history = await call(top.token, `${agentContractPaths.downlineContracts}?downlineId=${agent.id}`);
    expect(history.status).toBe(200);
    const [contract] = downlineContractsSchema.parse(history.body.value).list;
    expect(contract!.history.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([
      [null, 'P', 'upline'],
      ['P', 'A', 'downline'],
    ]);
  });

  test('tiers that do not rise, pay above the upline or are zero are refused naming the tier field; nothing is written', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const refusals = [
      [dailyOffer(agent, ['1000', 1, 0.015]), 'agent.contract.tier.above.upline', 'tiers.0.rate'],
      [dailyOffer(agent, ['500', 1, 0.001]), 'agent.contract.tier.above.upline', 'tiers.0.rate'],
      [
        dailyOffer(agent, ['1000', 1, 0.005], ['1000', 2, 0.006]),
        'agent.contract.tier.not.rising',
        'tiers.1.minimumBet',
      ],
      [dailyOffer(agent, ['1000', 1, 0.005], ['2000', 2, 0.005]), 'agent.contract.tier.not.rising', 'tiers.1.rate'],
    ] as const;
    for (const [offer, errorCode, field] of refusals) {
      const refused = await call(top.token, agentContractPaths.offer, offer);
      expect(refused.status, errorCode).toBe(400);
      expect(refused.body).toMatchObject({ success: false, errorCode, field });
      expect(refused.body.message).toContain(field);
    }
    const zero = await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0]));
    expect(zero).toMatchObject({ status: 400, body: { field: 'tiers.0.rate' } });
    const rows = await testApp.db.selectFrom('agent_contract').select('id').where('member_id', '=', agent.id).execute();
    expect(rows).toEqual([]);
  });

  test('only to a direct downline agent, only with a contract of its own, only kinds the merchant offers', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const grandchild = await member({ upline: agent });
    const player = await member({ upline: top, isAgent: 0 });
    const stranger = await member();
    for (const downline of [grandchild, player, stranger, top]) {
      const refused = await call(top.token, agentContractPaths.offer, dailyOffer(downline, ['1000', 1, 0.005]));
      expect(refused).toMatchObject({
        status: 404,
        body: { errorCode: 'agent.contract.downline.unknown', field: 'downlineId' },
      });
    }
    // The agent has no daily salary of its own: nothing to share with its downline.
    const none = await call(agent.token, agentContractPaths.offer, dailyOffer(grandchild, ['1000', 1, 0.005]));
    expect(none).toMatchObject({ status: 409, body: { errorCode: 'agent.contract.upline.none' } });
    // The demo merchant does not offer hourly salaries.
    const hourly = await call(top.token, agentContractPaths.offer, {
      ...dailyOffer(agent, ['1000', 1, 0.005]),
      kind: 'hourly_salary',
      frequency: 'H',
    });
    expect(hourly).toMatchObject({ status: 403, body: { errorCode: 'agent.contract.kind.off' } });
    // A member who is no agent cannot offer; a trial account cannot even read.
    const byPlayer = await call(player.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.005]));
    expect(byPlayer).toMatchObject({ status: 403, body: { errorCode: 'agent.only' } });
    const trial = await member({ isAgent: trialMemberType as 4 });
    expect((await call(trial.token, consolidatedFundsPath)).status).toBe(403);
    expect((await call('garbage', consolidatedFundsPath)).status).toBe(401);
  });

  test('a changed offer (E) replaces the signed contract only when accepted, and ends the downline contracts that would pay more', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const sub = await member({ upline: agent });
    const first = contractOf(
      (await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.008]))).body,
    );
    await call(agent.token, agentContractPaths.processDailySalary, { id: first.id, status: 'A' });
    const subOffer = contractOf(
      (await call(agent.token, agentContractPaths.offer, dailyOffer(sub, ['1000', 1, 0.006]))).body,
    );
    await call(sub.token, agentContractPaths.processDailySalary, { id: subOffer.id, status: 'A' });

    const same = await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.008]));
    expect(same).toMatchObject({ status: 400, body: { errorCode: 'agent.contract.unchanged' } });

    const lower = contractOf(
      (await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.004]))).body,
    );
    expect(lower).toMatchObject({ status: 'E', downlineHigherRate: 'Y' });
    // Until the agent answers, the signed contract holds, and so does the one below it.
    const before = await consolidated(agent);
    expect(before.dailysalinfotype.LIVE?.agent.map((contract) => contract.id)).toEqual([first.id]);
    expect(before.dailysalreqtype.LIVE?.agent).toMatchObject([{ id: lower.id, status: 'E', downlineHigherRate: 'Y' }]);

    expect((await call(agent.token, agentContractPaths.processDailySalary, { id: lower.id, status: 'A' })).status).toBe(
      200,
    );
    const statuses = await testApp.db
      .selectFrom('agent_contract')
      .select(['id', 'status'])
      .where('id', 'in', [BigInt(first.id), BigInt(lower.id), BigInt(subOffer.id)])
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['C', 'C', 'A']);
    const [subContract] = downlineContractsSchema.parse(
      (await call(agent.token, `${agentContractPaths.downlineContracts}?downlineId=${sub.id}`)).body.value,
    ).list;
    expect(subContract!.history.at(-1)).toMatchObject({ fromStatus: 'A', toStatus: 'C', actor: 'system' });
  });

  test('termination: the upline asks (V), the downline keeps it (A) or ends it (C); answers that do not fit the status are refused', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const offer = contractOf(
      (await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.005]))).body,
    );
    const reAccept = async () =>
      call(agent.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' });
    expect((await reAccept()).status).toBe(200);
    expect(await reAccept()).toMatchObject({ status: 409, body: { errorCode: 'agent.contract.status.conflict' } });

    const asked = await call(top.token, agentContractPaths.terminate, { contractId: offer.id });
    expect(contractOf(asked.body).status).toBe('V');
    expect((await consolidated(agent)).dailysalreqtype.LIVE?.agent.map((contract) => contract.status)).toEqual(['V']);
    const kept = await call(agent.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' });
    expect(contractOf(kept.body).status).toBe('A');
    await call(top.token, agentContractPaths.terminate, { contractId: offer.id });
    const ended = await call(agent.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'C' });
    expect(contractOf(ended.body).status).toBe('C');
    expect(await consolidated(agent)).toMatchObject({ dailysalinfotype: {}, dailysalreqtype: {} });

    // Someone else's contract: unknown, to the upline's call and to the holder's answer alike.
    const other = await member();
    expect(await call(other.token, agentContractPaths.terminate, { contractId: offer.id })).toMatchObject({
      status: 404,
      body: { errorCode: 'agent.contract.unknown' },
    });
    expect(await call(other.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' })).toMatchObject(
      { status: 404 },
    );
  });

  test('dividends are answered by product type and computation period, with the original body', async () => {
    const top = await member();
    await merchantContract(
      top,
      'dividend',
      {
        type: 'dividend',
        carryForward: 'loss',
        tiers: [{ minimumBetMinor: '100000', netLossMinor: '0', activeMembers: 1, ppm: 300_000 }],
      },
      'W',
    );
    const agent = await member({ upline: top });
    const offered = await call(top.token, agentContractPaths.offer, {
      kind: 'dividend',
      downlineId: agent.id.toString(),
      productType: 'LIVE',
      computationPeriod: 'W',
      carryForward: 'loss',
      tiers: [{ minimumBet: '1000', netLoss: '0', activeMember: 1, contractRate: 0.2 }],
    });
    expect(contractOf(offered.body)).toMatchObject({ status: 'P', computationPeriod: 'W', carryForward: 'loss' });
    expect((await consolidated(agent)).divtypecompperiodreq.LIVE?.W?.map((contract) => contract.status)).toEqual(['P']);
    const refused = await call(agent.token, agentContractPaths.processDividend, {
      productType: 'LIVE',
      computationPeriod: 'W',
      status: 'R',
    });
    expect(contractOf(refused.body).status).toBe('R');
    const nothing = await call(agent.token, agentContractPaths.processDividend, {
      productType: 'LIVE',
      computationPeriod: 'M',
      status: 'A',
    });
    expect(nothing).toMatchObject({ status: 404, body: { errorCode: 'agent.contract.unknown' } });
  });

  test('two acceptances of one offer at once: one signs it, the other is refused; one signed contract', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const offer = contractOf(
      (await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.005]))).body,
    );
    const answers = await Promise.all(
      [1, 2].map(() => call(agent.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const events = await testApp.db
      .selectFrom('agent_contract_event')
      .select('to_status')
      .where('contract_id', '=', BigInt(offer.id))
      .execute();
    expect(events.map((event) => event.to_status)).toEqual(['P', 'A']);
  });
});

describe('bad input', () => {
  test('a malformed offer is refused naming the field, in the member language', async () => {
    const top = await topWithDailySalary();
    const agent = await member({ upline: top });
    const cases: Array<[object, string]> = [
      [{ ...dailyOffer(agent, ['1000', 1, 0.005]), productType: 'CASINO' }, 'productType'],
      [{ ...dailyOffer(agent, ['1000', 1, 0.005]), downlineId: 'x' }, 'downlineId'],
      [dailyOffer(agent, ['10.001', 1, 0.005]), 'tiers.0.minimumBet'],
      [dailyOffer(agent, ['1000', 1, 0.00005]), 'tiers.0.rate'],
      [{ ...dailyOffer(agent, ['1000', 1, 0.005]), tiers: [] }, 'tiers'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call(top.token, agentContractPaths.offer, payload);
      expect(refused.status, field).toBe(400);
      expect(refused.body).toMatchObject({ success: false, field });
    }
    const answer = z.object({ success: z.literal(false) });
    expect(
      answer.parse((await call(agent.token, agentContractPaths.processDailySalary, { id: '1', status: 'X' })).body),
    ).toBeTruthy();
  });
});

describe("the merchant's own contracts (operators)", () => {
  async function operatorCall(token: string, url: string, payload?: object) {
    const response = await testApp.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { Merchant: 'demo', Authorization: token, 'Accept-Language': 'en' },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> & { value: unknown } };
  }

  test('an operator offers a top agent its contract, the agent accepts it, and can then offer its own downline; ending is audited', async () => {
    const admin = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'admin' });
    const top = await member();
    const agent = await member({ upline: top });
    const offered = await operatorCall(admin.token, agentContractAdminPaths.offer, dailyOffer(top, ['1000', 1, 0.02]));
    expect(offered.status).toBe(200);
    const offer = contractOf(offered.body);
    expect(offer.status).toBe('P');
    // Only a top agent: an agent with an upline is paid by that upline, not by the merchant.
    expect(
      (await operatorCall(admin.token, agentContractAdminPaths.offer, dailyOffer(agent, ['1000', 1, 0.02]))).status,
    ).toBe(404);

    await call(top.token, agentContractPaths.processDailySalary, { id: offer.id, status: 'A' });
    const downlineOffer = await call(top.token, agentContractPaths.offer, dailyOffer(agent, ['1000', 1, 0.015]));
    expect(downlineOffer.status).toBe(200);

    const listed = await operatorCall(admin.token, `${agentContractAdminPaths.list}?memberId=${top.id}`);
    const [contract] = downlineContractsSchema.parse(listed.body.value).list;
    expect(contract!.history.map((event) => [event.toStatus, event.actor])).toEqual([
      ['P', 'operator'],
      ['A', 'downline'],
    ]);

    const ended = await operatorCall(admin.token, agentContractAdminPaths.end, { contractId: offer.id });
    expect(contractOf(ended.body).status).toBe('C');
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id'])
      .where('operator_id', '=', admin.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'agent.contract.offer', target_id: top.id.toString() },
      { action: 'agent.contract.end', target_id: top.id.toString() },
    ]);
    expect(await operatorCall(admin.token, agentContractAdminPaths.end, { contractId: offer.id })).toMatchObject({
      status: 409,
      body: { errorCode: 'agent.contract.status.conflict' },
    });
  });

  test('a role without agents.manage may read but not offer; another brand member and contract are unknown', async () => {
    const support = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support' });
    const top = await member();
    expect((await operatorCall(support.token, `${agentContractAdminPaths.list}?memberId=${top.id}`)).status).toBe(200);
    expect(
      await operatorCall(support.token, agentContractAdminPaths.offer, dailyOffer(top, ['1000', 1, 0.02])),
    ).toMatchObject({ status: 403, body: { errorCode: 'operator.permission.denied' } });

    const other = await testApp.db
      .insertInto('merchant')
      .values({
        code: `ctrb${sequence}`,
        name: 'Brand B',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'EN',
        config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outsider = await member({ merchantId: other.id });
    const admin = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'admin' });
    expect(
      (await operatorCall(admin.token, agentContractAdminPaths.offer, dailyOffer(outsider, ['1000', 1, 0.02]))).status,
    ).toBe(404);
    expect((await operatorCall(admin.token, `${agentContractAdminPaths.list}?memberId=${outsider.id}`)).status).toBe(
      404,
    );
    const outsiderContract = await testApp.db
      .insertInto('agent_contract')
      .values({
        merchant_id: other.id,
        upline_member_id: null,
        member_id: outsider.id,
        kind: 'daily_salary',
        product_type: 'LIVE',
        period: '',
        terms: JSON.stringify({ type: 'salary', tiers: [] }),
        status: 'A',
        replaces_id: null,
        created_at: new Date(),
        updated_at: new Date(),
        decided_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await operatorCall(admin.token, agentContractAdminPaths.end, { contractId: outsiderContract.id.toString() }),
    ).toMatchObject({ status: 404, body: { errorCode: 'agent.contract.unknown' } });
  });
});
