import { affiliateLinkListSchema, affiliateLinkSchema, type AffiliateLink } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { demoAgent } from '../../merchant/index.ts';
import { freshIp } from '../../../testing/api-client.ts';
import { useAccountsKit, type AccountsKit } from '../../identity/testing.ts';
import { listDownlines } from '../downlines/hierarchy.ts';
import { generateAffiliateCode } from './links.ts';

/** The agent's affiliate links: MCSFE_getAffiliateLinks, MCSFE_createAffiliateLink, MCSFE_deleteAffiliateLink. */
type TestMember = Awaited<ReturnType<AccountsKit['registerMember']>>;
const kit = useAccountsKit();
const day = 86_400_000;
let agent: TestMember;

/** A member registered through the API, then made an agent (isAgent 1) by hand. */
async function newAgent(): Promise<TestMember> {
  const member = await kit.registerMember();
  await kit.testApp.db.updateTable('member').set({ is_agent: 1 }).where('id', '=', member.id).execute();
  return member;
}

beforeAll(async () => {
  agent = await newAgent();
});

const list = (token: string) => kit.json('GET', '/wps/relay/MCSFE_getAffiliateLinks', undefined, { token });
const create = (token: string, body: Record<string, unknown>) =>
  kit.json('POST', '/wps/relay/MCSFE_createAffiliateLink', body, { token, ip: freshIp() });
const remove = (token: string, id: string) =>
  kit.json('POST', '/wps/relay/MCSFE_deleteAffiliateLink', { id }, { token, ip: freshIp() });

async function createLink(token: string, body: Record<string, unknown>): Promise<AffiliateLink> {
  const response = await create(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return affiliateLinkSchema.parse(response.json().value);
}

async function myLinks(token: string): Promise<AffiliateLink[]> {
  const response = await list(token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return affiliateLinkListSchema.parse(response.json().value).content;
}

const checkCode = (code: string) =>
  kit.json('GET', `/wps/agent/affiliate?affiliateCode=${code}`, undefined, { ip: freshIp() });

describe('creating and listing links', () => {
  test.each([
    [1, null],
    [2, day],
    [3, 7 * day],
    [4, 30 * day],
    [5, 365 * day],
  ])('validType %i: expires %s ms after creation', async (validType, lifetime) => {
    const link = await createLink(agent.token, { validType, channel: 'LINE group' });
    expect(link).toMatchObject({
      channel: 'LINE group',
      createTime: kit.clock.nowMs,
      expireTime: lifetime === null ? null : kit.clock.nowMs + lifetime,
      status: 'normal',
      registerCount: 0,
      domain: null,
    });
    expect(link.affiliateCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await myLinks(agent.token)).map((mine) => mine.id)).toContain(link.id);
  });

  test('a chosen code is kept as written and is taken for the whole merchant whatever the case', async () => {
    const link = await createLink(agent.token, { validType: 1, affiliateCode: 'MyForum24' });
    expect(link.affiliateCode).toBe('MyForum24');
    const other = await newAgent();
    for (const [token, code] of [
      [other.token, 'myforum24'],
      [agent.token, 'MYFORUM24'],
      [other.token, demoAgent.affiliateCode.toLowerCase()],
    ] as const) {
      const response = await create(token, { validType: 1, affiliateCode: code });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'affiliate.code.taken', field: 'affiliateCode' });
    }
  });

  test.each([
    ['a code too short', { validType: 1, affiliateCode: 'ab1' }, 'affiliateCode'],
    ['a code with a symbol', { validType: 1, affiliateCode: 'abc-123' }, 'affiliateCode'],
    ['an unknown validity', { validType: 6 }, 'validType'],
    ['no validity', { channel: 'x' }, 'validType'],
    ['a channel over 32 characters', { validType: 1, channel: 'x'.repeat(33) }, 'channel'],
  ])('%s: 400 naming the field', async (_case, body, field) => {
    const response = await create(agent.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'validation.failed', field });
  });

  test('generated codes use letters and digits that cannot be mistaken for each other', () => {
    for (let index = 0; index < 200; index++) expect(generateAffiliateCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  test('an agent has at most 50 links that are not removed', async () => {
    const busy = await newAgent();
    for (let index = 0; index < 50; index++) await createLink(busy.token, { validType: 1 });
    const refused = await create(busy.token, { validType: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'affiliate.link.limit' });
    expect(refused.json().message).toContain('50');
    const [first] = await myLinks(busy.token);
    expect((await remove(busy.token, first!.id)).statusCode).toBe(200);
    await createLink(busy.token, { validType: 1 });
  });
});

describe('who may use the calls', () => {
  test('a member who is not an agent: 403 agent.only on each call', async () => {
    const member = await kit.registerMember();
    for (const response of [
      await list(member.token),
      await create(member.token, { validType: 1 }),
      await remove(member.token, '1'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'agent.only' });
    }
  });

  test('without a token: 401', async () => {
    const response = await kit.json('GET', '/wps/relay/MCSFE_getAffiliateLinks');
    expect(response.statusCode).toBe(401);
  });

  test("another agent's link: not in my list, and removing it is 404 like an unknown id; it keeps working", async () => {
    const other = await newAgent();
    const theirs = await createLink(other.token, { validType: 1, channel: 'theirs' });
    expect((await myLinks(agent.token)).map((link) => link.id)).not.toContain(theirs.id);
    for (const id of [theirs.id, '999999999']) {
      const response = await remove(agent.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    }
    expect((await checkCode(theirs.affiliateCode)).statusCode).toBe(200);
  });
});

describe('registering through a link', () => {
  test('the expiry boundary: registers until the last millisecond, from the expiry on refuses like an unknown code', async () => {
    const startMs = kit.clock.nowMs;
    try {
      const link = await createLink(agent.token, { validType: 2 });
      kit.clock.nowMs = link.expireTime! - 1;
      expect((await checkCode(link.affiliateCode)).statusCode).toBe(200);
      const member = await kit.registerMember({ affiliateCode: link.affiliateCode });
      const team = await listDownlines(kit.testApp.db, agent.id, { merchantId: kit.testApp.demoMerchantId });
      expect(team.map((downline) => downline.memberId)).toContain(member.id);

      kit.clock.nowMs = link.expireTime!;
      const check = await checkCode(link.affiliateCode);
      expect(check.statusCode).toBe(400);
      expect(check.json()).toMatchObject({ errorCode: 'affiliate.code.invalid', field: 'affiliateCode' });
      const members = await kit.countRows('member');
      await expect(kit.registerMember({ affiliateCode: link.affiliateCode })).rejects.toThrow(
        /affiliate\.code\.invalid/,
      );
      expect(await kit.countRows('member')).toBe(members);

      // A day later the agent's session is idle too: log in again.
      const login = await kit.login(agent.username, agent.password);
      const mine = (await myLinks(login.json().value.token)).find((listed) => listed.id === link.id)!;
      expect(mine).toMatchObject({ status: 'expired', registerCount: 1 });
    } finally {
      kit.clock.nowMs = startMs;
    }
  });

  test('a removed link: gone from the list, registers no one, its code stays taken', async () => {
    const link = await createLink(agent.token, { validType: 1, channel: 'old forum' });
    expect((await remove(agent.token, link.id)).statusCode).toBe(200);
    expect((await myLinks(agent.token)).map((listed) => listed.id)).not.toContain(link.id);
    expect((await remove(agent.token, link.id)).statusCode).toBe(404);
    await expect(kit.registerMember({ affiliateCode: link.affiliateCode })).rejects.toThrow(/affiliate\.code\.invalid/);
    const again = await create(agent.token, { validType: 1, affiliateCode: link.affiliateCode });
    expect(again.json()).toMatchObject({ errorCode: 'affiliate.code.taken' });
  });

  test('registrations at the same time are each counted once, per link', async () => {
    const [busy, quiet] = [
      await createLink(agent.token, { validType: 1 }),
      await createLink(agent.token, { validType: 3 }),
    ];
    const members = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        kit.registerMember({ affiliateCode: index < 5 ? busy.affiliateCode : quiet.affiliateCode.toLowerCase() }),
      ),
    );
    const mine = await myLinks(agent.token);
    expect(mine.find((link) => link.id === busy.id)?.registerCount).toBe(5);
    expect(mine.find((link) => link.id === quiet.id)?.registerCount).toBe(1);
    const team = await listDownlines(kit.testApp.db, agent.id, { merchantId: kit.testApp.demoMerchantId, maxDepth: 1 });
    for (const member of members) expect(team.map((downline) => downline.memberId)).toContain(member.id);
  });

  test('a link removed between the check and the insert registers no one (the insert re-reads it)', async () => {
    const link = await createLink(agent.token, { validType: 1 });
    const { registrationAgents } = await import('../registration-agents.ts');
    const upline = await registrationAgents.findInvitingAgent(
      kit.testApp.db,
      kit.testApp.demoMerchantId,
      link.affiliateCode,
      undefined,
      kit.clock.nowMs,
    );
    expect((await remove(agent.token, link.id)).statusCode).toBe(200);
    const outsider = await kit.registerMember();
    await expect(
      kit.testApp.db.transaction().execute((trx) =>
        upline.placeInTree(trx, {
          merchantId: kit.testApp.demoMerchantId,
          memberId: outsider.id,
          uplineId: upline.id,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, errorCode: 'affiliate.code.invalid' });
  });
});
