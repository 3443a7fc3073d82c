import { affiliateSchema } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../../db/seed.ts';
import { demoAgent } from '../../merchant/index.ts';
import { freshIp } from '../../../testing/api-client.ts';
import { useAccountsKit } from '../../identity/testing.ts';
import { maskAccount } from './affiliate.ts';
import { listDownlines } from '../downlines/hierarchy.ts';

/** GET /wps/agent/affiliate and the demo agent the seed makes. */
const kit = useAccountsKit();
let agentId: bigint;
beforeAll(async () => {
  const agent = await kit.testApp.db
    .selectFrom('member')
    .select('id')
    .where('username_key', '=', 'demoagent')
    .executeTakeFirstOrThrow();
  agentId = agent.id;
});

function checkCode(query: string, options: { ip?: string; host?: string; language?: 'TH' | 'EN' } = {}) {
  return kit.json('GET', `/wps/agent/affiliate?${query}`, undefined, options);
}

async function addCode(code: string, values: { agentId?: bigint; domain?: string | null; isActive?: boolean } = {}) {
  await kit.testApp.db
    .insertInto('affiliate_code')
    .values({
      merchant_id: kit.testApp.demoMerchantId,
      code,
      code_key: code.toLowerCase(),
      agent_id: values.agentId ?? agentId,
      domain: values.domain ?? null,
      is_active: values.isActive ?? true,
      created_at: new Date(kit.clock.nowMs),
    })
    .execute();
}

describe('GET /wps/agent/affiliate', () => {
  test("the seeded code, in any letter case: the code as the agent wrote it and the agent's masked account", async () => {
    for (const typed of ['LOTUS88', 'lotus88']) {
      const response = await checkCode(`affiliateCode=${typed}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(affiliateSchema.parse(response.json().value)).toEqual({ affiliateCode: 'LOTUS88', agent: 'de****nt' });
    }
  });

  test('a code bound to a domain is good there (named in the query or as the Host) and nowhere else', async () => {
    await addCode('MIRROR1', { domain: 'mirror.lotus88.test' });
    expect((await checkCode('affiliateCode=MIRROR1&domain=Mirror.Lotus88.test')).statusCode).toBe(200);
    expect((await checkCode('affiliateCode=MIRROR1', { host: 'mirror.lotus88.test:8443' })).statusCode).toBe(200);
    for (const response of [
      await checkCode('affiliateCode=MIRROR1&domain=demo.lotus88.test'),
      await checkCode('affiliateCode=MIRROR1', { host: 'demo.lotus88.test' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        value: null,
        errorCode: 'affiliate.code.invalid',
        field: 'affiliateCode',
      });
    }
  });

  test.each([
    ['unknown', 'affiliateCode=NOSUCH1', undefined],
    ['empty', 'affiliateCode=', undefined],
    ['switched off', 'affiliateCode=OFFCODE', async () => addCode('OFFCODE', { isActive: false })],
    [
      'of a member who is not an agent',
      'affiliateCode=PLAINMEMBER',
      async () => addCode('PLAINMEMBER', { agentId: (await kit.registerMember()).id }),
    ],
    [
      'of an agent an operator locked',
      'affiliateCode=LOCKEDAGENT',
      async () => {
        const member = await kit.registerMember();
        await kit.testApp.db
          .updateTable('member')
          .set({ is_agent: 1, status: 'locked' })
          .where('id', '=', member.id)
          .execute();
        await addCode('LOCKEDAGENT', { agentId: member.id });
      },
    ],
  ])('a code %s: 400 affiliate.code.invalid naming affiliateCode, in TH and EN', async (_case, query, prepare) => {
    await prepare?.();
    const english = await checkCode(query);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      success: false,
      value: null,
      errorCode: 'affiliate.code.invalid',
      field: 'affiliateCode',
      message: 'Invalid invitation code',
    });
    const thai = await checkCode(query, { language: 'TH' });
    expect(thai.json().message).toBe('รหัสแนะนำไม่ถูกต้อง');
  });

  test('without the affiliateCode parameter: 400 naming it', async () => {
    const response = await checkCode('domain=demo.lotus88.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'affiliateCode' });
  });

  test('throttled: the 21st check in a minute from one IP is 429', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await checkCode(`affiliateCode=GUESS${attempt}`, { ip })).statusCode).toBe(400);
    const throttled = await checkCode('affiliateCode=LOTUS88', { ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect((await checkCode('affiliateCode=LOTUS88')).statusCode).toBe(200);
  });

  test('maskAccount keeps two characters at each end, or one of a short name', () => {
    expect(maskAccount('demoagent')).toBe('de****nt');
    expect(maskAccount('abcd')).toBe('a****');
  });
});

describe('the demo agent', () => {
  test(`logs in as ${demoAgent.username} / ${demoAgent.password}, is an agent with its mobile number, at the top of its tree`, async () => {
    const response = await kit.login(demoAgent.username, demoAgent.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ passwordExpired: false });
    const row = await kit.testApp.db
      .selectFrom('member')
      .selectAll()
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_agent: 1,
      nickname: 'Lotus Agent',
      mobile_dialing_code: '66',
      mobile_number: '812000001',
      upline_id: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  test('seeding again adds no second agent or code and keeps its team', async () => {
    const member = await kit.registerMember({ affiliateCode: 'LOTUS88' });
    const count = async () => ({
      agents: (await kit.testApp.db.selectFrom('member').select('id').where('username_key', '=', 'demoagent').execute())
        .length,
      codes: (
        await kit.testApp.db.selectFrom('affiliate_code').select('id').where('code_key', '=', 'lotus88').execute()
      ).length,
    });
    await seedDemo(kit.testApp.db);
    await seedDemo(kit.testApp.db);
    expect(await count()).toEqual({ agents: 1, codes: 1 });
    const team = await listDownlines(kit.testApp.db, agentId, { merchantId: kit.testApp.demoMerchantId });
    expect(team.map((downline) => downline.memberId)).toContain(member.id);
  });
});
