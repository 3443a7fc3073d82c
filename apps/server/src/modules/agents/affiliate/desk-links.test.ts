import {
  adminAgentLinkPageSchema,
  adminAgentLinkSchema,
  affiliateLinkListSchema,
  affiliateLinkSchema,
  agentLinkAdminPaths,
  type AdminAgentLink,
  type AffiliateLink,
} from '@lotus/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { freshIp } from '../../../testing/api-client.ts';
import { insertTestMember } from '../../../testing/members.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { useAccountsKit, type AccountsKit } from '../../identity/testing.ts';

/**
 * Operators' view of agents' links (README "Affiliate links in the back-office"): the brand's links
 * with their registrations and status, and an operator switching one off, after which it registers no
 * one, exactly as an expired link. Permission-checked, audited, another brand's link unknown.
 */
type TestMember = Awaited<ReturnType<AccountsKit['registerMember']>>;
const kit = useAccountsKit();
const day = 86_400_000;
let admin: TestOperator;
let agent: TestMember;

async function newAgent(): Promise<TestMember> {
  const member = await kit.registerMember();
  await kit.testApp.db.updateTable('member').set({ is_agent: 1 }).where('id', '=', member.id).execute();
  return member;
}

beforeAll(async () => {
  admin = await insertTestOperator(kit.testApp.db, { merchantId: kit.testApp.demoMerchantId, role: 'admin' });
  agent = await newAgent();
});

async function createLink(token: string, body: Record<string, unknown>): Promise<AffiliateLink> {
  const response = await kit.json('POST', '/wps/relay/MCSFE_createAffiliateLink', body, { token, ip: freshIp() });
  expect(response.statusCode, response.body).toBe(200);
  return affiliateLinkSchema.parse(response.json().value);
}

async function deskLinks(operator: TestOperator, query: Record<string, string>) {
  const response = await kit.json(
    'GET',
    `${agentLinkAdminPaths.links}?${new URLSearchParams(query).toString()}`,
    undefined,
    {
      token: operator.token,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return adminAgentLinkPageSchema.parse(response.json().value);
}

const disable = (operator: TestOperator, linkId: string, reason = 'posted in a spam forum', language?: 'TH' | 'EN') =>
  kit.json(
    'POST',
    agentLinkAdminPaths.disable.replace(':linkId', linkId),
    { reason },
    {
      token: operator.token,
      ...(language ? { language } : {}),
    },
  );

const auditsOf = (linkId: string) =>
  kit.testApp.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_id', 'target_type', 'before', 'after'])
    .where('target_id', '=', linkId)
    .where('action', '=', 'agent.link.disable')
    .execute();

const activeOf = async (linkId: string) =>
  (
    await kit.testApp.db
      .selectFrom('affiliate_code')
      .select('is_active')
      .where('id', '=', BigInt(linkId))
      .executeTakeFirstOrThrow()
  ).is_active;

describe("operators list agents' links", () => {
  test('an agent’s links newest first with channel, expiry, registrations and status; filters by code and status', async () => {
    const listed = await newAgent();
    const startMs = kit.clock.nowMs;
    const expiring = await createLink(listed.token, { validType: 2, channel: 'Facebook' });
    const removed = await createLink(listed.token, { validType: 1, channel: 'old forum' });
    kit.clock.nowMs += 1_000;
    const busy = await createLink(listed.token, {
      validType: 1,
      channel: 'LINE group',
      affiliateCode: `Busy${Date.now() % 100000}`,
    });
    await kit.registerMember({ affiliateCode: busy.affiliateCode });
    await kit.registerMember({ affiliateCode: busy.affiliateCode.toLowerCase() });
    const removal = await kit.json(
      'POST',
      '/wps/relay/MCSFE_deleteAffiliateLink',
      { id: removed.id },
      {
        token: listed.token,
        ip: freshIp(),
      },
    );
    expect(removal.statusCode).toBe(200);
    // Someone else's link is not in this agent's list.
    await createLink(agent.token, { validType: 1 });
    try {
      kit.clock.nowMs = expiring.expireTime!;
      const page = await deskLinks(admin, { agent: listed.username.toUpperCase() });
      expect(page.total).toBe(3);
      expect(page.items.map((link) => [link.code, link.channel, link.status, link.registrations])).toEqual([
        [busy.affiliateCode, 'LINE group', 'active', 2],
        [removed.affiliateCode, 'old forum', 'removed', 0],
        [expiring.affiliateCode, 'Facebook', 'expired', 0],
      ]);
      expect(page.items[2]).toMatchObject({
        agentId: String(listed.id),
        agentUsername: listed.username,
        createdAt: startMs,
        expiresAt: startMs + day,
        removedAt: null,
        domain: null,
      });
      expect(page.items[1]!.removedAt).not.toBeNull();

      const byCode = await deskLinks(admin, { code: busy.affiliateCode.toLowerCase() });
      expect(byCode.items.map((link) => link.id)).toEqual([busy.id]);
      const expired = await deskLinks(admin, { agent: listed.username, status: 'expired' });
      expect(expired.items.map((link) => link.id)).toEqual([expiring.id]);
      expect((await deskLinks(admin, { agent: 'nobody-at-all' })).items).toEqual([]);

      // Reading is members.read: the support role reads them.
      const support = await insertTestOperator(kit.testApp.db, {
        merchantId: kit.testApp.demoMerchantId,
        role: 'support',
      });
      expect((await deskLinks(support, { agent: listed.username })).total).toBe(3);
    } finally {
      kit.clock.nowMs = startMs;
    }
  });
});

describe('an operator disables a link', () => {
  test('it registers no one from then on, as expired; the agent sees it disabled; audited once with the reason', async () => {
    const link = await createLink(agent.token, { validType: 1, channel: 'forum' });
    await kit.registerMember({ affiliateCode: link.affiliateCode });

    const response = await disable(admin, link.id);
    expect(response.statusCode, response.body).toBe(200);
    const disabled: AdminAgentLink = adminAgentLinkSchema.parse(response.json().value);
    expect(disabled).toMatchObject({
      id: link.id,
      status: 'disabled',
      registrations: 1,
      agentUsername: agent.username,
    });

    const check = await kit.json('GET', `/wps/agent/affiliate?affiliateCode=${link.affiliateCode}`, undefined, {
      ip: freshIp(),
    });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ errorCode: 'affiliate.code.invalid', field: 'affiliateCode' });
    const members = await kit.countRows('member');
    await expect(kit.registerMember({ affiliateCode: link.affiliateCode })).rejects.toThrow(/affiliate\.code\.invalid/);
    expect(await kit.countRows('member')).toBe(members);

    const mine = await kit.json('GET', '/wps/relay/MCSFE_getAffiliateLinks', undefined, { token: agent.token });
    const listed = affiliateLinkListSchema.parse(mine.json().value).content.find((row) => row.id === link.id);
    expect(listed).toMatchObject({ status: 'disabled', registerCount: 1 });

    const audits = await auditsOf(link.id);
    expect(audits).toEqual([
      {
        action: 'agent.link.disable',
        operator_id: admin.id,
        target_type: 'affiliate_link',
        before: { status: 'active', code: link.affiliateCode, agentId: String(agent.id) },
        after: {
          status: 'disabled',
          code: link.affiliateCode,
          agentId: String(agent.id),
          reason: 'posted in a spam forum',
        },
      },
    ]);
    // Again: answered as it is, nothing written.
    const again = await disable(admin, link.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ status: 'disabled' });
    expect(await auditsOf(link.id)).toHaveLength(1);
  });

  test('a role without agents.manage is refused; a short reason is refused naming it; the link stays active', async () => {
    const link = await createLink(agent.token, { validType: 1 });
    const role = await insertTestRole(kit.testApp.db, {
      merchantId: kit.testApp.demoMerchantId,
      permissions: ['members.read', 'agents.settle'],
    });
    const reader = await insertTestOperator(kit.testApp.db, { merchantId: kit.testApp.demoMerchantId, role });
    const refused = await disable(reader, link.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'operator.permission.denied' });

    const short = await disable(admin, link.id, 'no', 'TH');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errorCode: 'validation.failed', field: 'reason' });
    expect(short.json().message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await activeOf(link.id)).toBe(true);
    expect(await auditsOf(link.id)).toEqual([]);
  });

  test("another brand's link and an unknown id are 404 alike, and B's link keeps registering", async () => {
    const other = await kit.testApp.db
      .insertInto('merchant')
      .values({
        code: `lnkb${Date.now() % 100000}`,
        name: 'Brand B',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'EN',
        config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agentOfB = await insertTestMember(kit.testApp.db, other.id, `lnkbagent${Date.now() % 100000}`, new Date(), {
      is_agent: 1,
    });
    const linkOfB = await kit.testApp.db
      .insertInto('affiliate_code')
      .values({
        merchant_id: other.id,
        code: 'BRANDBLINK',
        code_key: 'brandblink',
        agent_id: agentOfB,
        domain: null,
        created_at: new Date(kit.clock.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [linkOfB.id.toString(), '999999999']) {
      const response = await disable(admin, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'not.found' });
    }
    expect(await activeOf(linkOfB.id.toString())).toBe(true);
    expect(await auditsOf(linkOfB.id.toString())).toEqual([]);
    expect((await deskLinks(admin, { code: 'BRANDBLINK' })).items).toEqual([]);
  });
});
