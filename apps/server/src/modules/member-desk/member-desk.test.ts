import {
  adminPath,
  identityErrorCodes,
  launchErrorCodes,
  linkedMemberListSchema,
  memberDeskPaths,
  memberProfileSchema,
  memberSessionListSchema,
} from '@lotus/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { useLoginTestKit } from '../identity/testing.ts';

/**
 * The member desk against the real app and database: permissions and merchants, search by every
 * handle, status changes that end sessions at once (and refuse logins and launches), the password
 * reset that forces a change at the next login, two-factor reset, sessions, tags and notes with
 * their version and append-only rules, the agent tree and linked members.
 */
const kit = useLoginTestKit();
let admin: TestOperator;
let finance: TestOperator;
let stranger: TestOperator;
let otherMerchantMember: bigint;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; language?: 'TH' | 'EN'; merchant?: string } = {},
) {
  return kit.testApp.app.inject({
    method,
    url,
    headers: {
      merchant: options.merchant ?? 'demo',
      language: options.language ?? 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

const path = (template: string, memberId: bigint, extra: Record<string, string> = {}) =>
  adminPath(template, { memberId: String(memberId), ...extra });

async function profileOf(memberId: bigint) {
  const response = await call('GET', path(memberDeskPaths.profile, memberId), { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return memberProfileSchema.parse(response.json().value);
}

async function auditOf(action: string, memberId: bigint) {
  return kit.db
    .selectFrom('operator_audit')
    .select(['before', 'after', 'operator_id'])
    .where('action', '=', action)
    .where('target_id', '=', String(memberId))
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  const other = await kit.db
    .insertInto('merchant')
    .values({
      code: 'deskother',
      name: 'Desk other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchantId = kit.testApp.demoMerchantId;
  const nowMs = kit.clock.nowMs;
  [admin, finance, stranger] = await Promise.all([
    insertTestOperator(kit.db, { merchantId, role: 'admin', nowMs }),
    insertTestOperator(kit.db, { merchantId, role: 'finance', nowMs }),
    insertTestOperator(kit.db, { merchantId: other.id, role: 'admin', nowMs }),
  ]);
  otherMerchantMember = await insertTestMember(kit.db, other.id, 'deskoutsider', new Date(nowMs));
});

describe('who may call', () => {
  test('reads need members.read, changes members.manage; another merchant’s member is 404 like none', async () => {
    const member = await kit.registerMember({ loggedIn: false });
    const reads = [
      memberDeskPaths.profile,
      memberDeskPaths.logins,
      memberDeskPaths.sessions,
      memberDeskPaths.bankAccounts,
      memberDeskPaths.deposits,
      memberDeskPaths.withdrawals,
      memberDeskPaths.bets,
      memberDeskPaths.notes,
      memberDeskPaths.agentTree,
      memberDeskPaths.linked,
    ];
    for (const template of reads) {
      expect((await call('GET', path(template, member.id))).statusCode, template).toBe(401);
      expect((await call('GET', path(template, member.id), { token: finance.token })).statusCode, template).toBe(200);
      expect((await call('GET', path(template, otherMerchantMember), { token: admin.token })).statusCode).toBe(404);
      expect((await call('GET', path(template, 999_999_999n), { token: admin.token })).statusCode).toBe(404);
    }
    const changes: Array<[Method, string, unknown]> = [
      ['PUT', path(memberDeskPaths.status, member.id), { action: 'lock', reason: 'checking', version: 1 }],
      ['POST', path(memberDeskPaths.passwordReset, member.id), { reason: 'asked by phone' }],
      ['POST', path(memberDeskPaths.twoFactorReset, member.id), { reason: 'lost phone' }],
      ['DELETE', path(memberDeskPaths.sessions, member.id), undefined],
      ['PUT', path(memberDeskPaths.tags, member.id), { tags: [], version: 1 }],
      ['POST', path(memberDeskPaths.notes, member.id), { body: 'hello' }],
    ];
    for (const [method, url, body] of changes) {
      const denied = await call(method, url, { token: finance.token, body });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().errorCode).toBe('operator.permission.denied');
      const foreign = await call(method, url.replace(String(member.id), String(otherMerchantMember)), {
        token: admin.token,
        body,
      });
      expect(foreign.statusCode, url).toBe(404);
    }
    // Nothing changed for the member.
    expect((await profileOf(member.id)).restrictions).toEqual({
      status: 'active',
      loginForbidden: false,
      gamesForbidden: false,
    });
    // Another merchant's operator does not find this merchant's member either.
    const outsider = await call('GET', path(memberDeskPaths.profile, member.id), {
      token: stranger.token,
      merchant: 'deskother',
    });
    expect(outsider.statusCode).toBe(404);
  });

  test.each([
    ['EN', 'reason', { action: 'lock', reason: 'x', version: 1 }, 'reason'],
    ['TH', 'action', { action: 'explode', reason: 'checking', version: 1 }, 'action'],
    ['EN', 'version', { action: 'lock', reason: 'checking' }, 'version'],
  ] as const)('a bad status body (%s, %s) is 400 naming the field', async (language, _name, body, field) => {
    const member = await kit.registerMember({ loggedIn: false });
    const response = await call('PUT', path(memberDeskPaths.status, member.id), { token: admin.token, body, language });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation.failed');
    expect(response.json().message).toContain(field);
    if (language === 'TH') expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe('search', () => {
  test('by username, mobile, e-mail, id, IP, bank account and affiliate code', async () => {
    const member = await kit.registerMember();
    const merchantId = kit.testApp.demoMerchantId;
    await kit.db
      .insertInto('member_bank_account')
      .values({
        merchant_id: merchantId,
        member_id: member.id,
        bank_code: 'KBANK',
        account_number: '7771234567',
        account_name: 'Somchai',
        created_at: new Date(kit.clock.nowMs),
        updated_at: new Date(kit.clock.nowMs),
        removed_at: null,
      })
      .execute();
    const agentId = await insertTestMember(kit.db, merchantId, `deskagent${member.id}`, new Date(kit.clock.nowMs), {
      is_agent: 1,
    });
    await kit.db
      .insertInto('affiliate_code')
      .values({
        merchant_id: merchantId,
        code: `AG${member.id}`,
        code_key: `ag${member.id}`,
        agent_id: agentId,
        domain: null,
        created_at: new Date(kit.clock.nowMs),
      })
      .execute();
    const downline = await insertTestMember(kit.db, merchantId, `deskdown${member.id}`, new Date(kit.clock.nowMs), {
      upline_id: agentId,
    });
    const search = async (by: string, q: string) => {
      const response = await call('GET', `${memberDeskPaths.search}?by=${by}&q=${encodeURIComponent(q)}`, {
        token: finance.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().value.items as Array<{ id: string }>).map((item) => item.id);
    };
    const id = String(member.id);
    expect(await search('username', member.username.toUpperCase())).toEqual([id]);
    expect(await search('mobile', member.mobileNum)).toEqual([id]);
    expect(await search('email', member.email.toUpperCase())).toEqual([id]);
    expect(await search('any', member.email)).toEqual([id]);
    expect(await search('id', id)).toEqual([id]);
    expect(await search('ip', member.ip)).toEqual([id]);
    expect(await search('any', member.ip)).toEqual([id]);
    expect(await search('bank', '777-123-4567')).toEqual([id]);
    expect(await search('affiliate', `ag${member.id}`)).toEqual([String(downline), String(agentId)]);
    expect(await search('bank', '000000')).toEqual([]);
    expect(await search('affiliate', 'nobody')).toEqual([]);
    // Another merchant's member is never found.
    expect(await search('id', String(otherMerchantMember))).toEqual([]);
  });
});

describe('status changes', () => {
  test('lock ends the open session at once, refuses the login, is audited; a stale version is 409', async () => {
    const member = await kit.registerMember();
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(200);
    const { deskVersion } = await profileOf(member.id);
    const locked = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'lock', reason: 'chargeback suspected', version: deskVersion },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().value).toMatchObject({ status: 'locked', deskVersion: deskVersion + 1, sessionsEnded: 1 });
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(401);
    const login = await kit.passwordLogin(member, { ip: member.ip });
    expect(login.statusCode).toBe(403);
    expect(login.json().errorCode).toBe(identityErrorCodes.memberLocked);
    // A second operator who read the old version is refused; nothing is overwritten.
    const stale = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'unlock', reason: 'mistake', version: deskVersion },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('members.version.conflict');
    expect((await profileOf(member.id)).restrictions.status).toBe('locked');
    const same = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'lock', reason: 'again', version: deskVersion + 1 },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().errorCode).toBe('members.status.unchanged');
    expect(await auditOf('member.status.lock', member.id)).toEqual([
      {
        operator_id: admin.id,
        before: { status: 'active', loginForbidden: false, gamesForbidden: false },
        after: {
          status: 'locked',
          loginForbidden: false,
          gamesForbidden: false,
          reason: 'chargeback suspected',
          sessionsEnded: 1,
        },
      },
    ]);
    const unlocked = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'unlock', reason: 'cleared', version: deskVersion + 1 },
    });
    expect(unlocked.statusCode).toBe(200);
    expect((await kit.passwordLogin(member, { ip: member.ip })).statusCode).toBe(200);
  });

  test('forbid login ends the session and refuses the login with its own message (TH and EN)', async () => {
    const member = await kit.registerMember();
    const { deskVersion } = await profileOf(member.id);
    const forbidden = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'forbidLogin', reason: 'shared account', version: deskVersion },
    });
    expect(forbidden.statusCode, forbidden.body).toBe(200);
    expect(forbidden.json().value).toMatchObject({ status: 'active', loginForbidden: true, sessionsEnded: 1 });
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(401);
    const login = await kit.passwordLogin(member, { ip: member.ip, language: 'TH' });
    expect(login.statusCode).toBe(403);
    expect(login.json().errorCode).toBe(identityErrorCodes.memberLoginForbidden);
    expect(login.json().message).toBe('บัญชีนี้ถูกระงับการเข้าสู่ระบบ กรุณาติดต่อฝ่ายบริการลูกค้า');
  });

  test('close ends every session; forbid games refuses a launch but keeps the session', async () => {
    const member = await kit.registerMember();
    const second = await insertTestSession(kit.db, kit.testApp.demoMerchantId, member.id, kit.clock.nowMs);
    let { deskVersion } = await profileOf(member.id);
    const games = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'forbidGames', reason: 'bonus abuse', version: deskVersion },
    });
    expect(games.json().value).toMatchObject({ gamesForbidden: true, sessionsEnded: 0 });
    const launch = await kit.send(
      'POST',
      '/wps/game/launchGame',
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT' },
      { token: member.token, ip: member.ip },
    );
    expect(launch.statusCode).toBe(403);
    expect(launch.json().errorCode).toBe(launchErrorCodes.gamesForbidden);
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(200);
    ({ deskVersion } = await profileOf(member.id));
    const closed = await call('PUT', path(memberDeskPaths.status, member.id), {
      token: admin.token,
      body: { action: 'close', reason: 'asked to close', version: deskVersion },
    });
    expect(closed.json().value).toMatchObject({ status: 'closed', sessionsEnded: 2 });
    expect((await kit.memberInfo(second)).statusCode).toBe(401);
  });
});

describe('resets and sessions', () => {
  test('password reset: shown once, sessions end, the next login must change it first', async () => {
    const member = await kit.registerMember();
    const reset = await call('POST', path(memberDeskPaths.passwordReset, member.id), {
      token: admin.token,
      body: { reason: 'forgot, verified by phone' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword, sessionsEnded } = reset.json().value as {
      temporaryPassword: string;
      sessionsEnded: number;
    };
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(sessionsEnded).toBe(1);
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(401);
    expect((await kit.passwordLogin(member, { ip: member.ip })).statusCode).toBe(400);
    const login = await kit.passwordLogin({ ...member, password: temporaryPassword }, { ip: member.ip });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.passwordExpired).toBe(true);
    const balance = await kit.send('GET', '/wps/v2/wallets/balance', undefined, {
      token: login.json().value.token,
      ip: member.ip,
    });
    expect(balance.statusCode).toBe(403);
    expect(balance.json().errorCode).toBe(identityErrorCodes.passwordChangeRequired);
    const [audit] = await auditOf('member.password.reset', member.id);
    expect(JSON.stringify([audit!.before, audit!.after])).not.toContain(temporaryPassword);
    expect(audit!.after).toEqual({ mustChangePassword: true, sessionsEnded: 1, reason: 'forgot, verified by phone' });
  });

  test('two-factor reset removes the authenticator once; a second is 409', async () => {
    const member = await kit.registerMember({ loggedIn: false });
    await kit.db
      .insertInto('member_totp')
      .values({
        member_id: member.id,
        merchant_id: kit.testApp.demoMerchantId,
        secret: 'JBSWY3DPEHPK3PXP',
        enabled_at: new Date(kit.clock.nowMs),
        pending_secret: null,
        updated_at: new Date(kit.clock.nowMs),
      })
      .execute();
    expect((await profileOf(member.id)).profile.twoFactorEnabled).toBe(true);
    const url = path(memberDeskPaths.twoFactorReset, member.id);
    const first = await call('POST', url, { token: admin.token, body: { reason: 'lost phone' } });
    expect(first.statusCode, first.body).toBe(200);
    expect((await profileOf(member.id)).profile.twoFactorEnabled).toBe(false);
    const again = await call('POST', url, { token: admin.token, body: { reason: 'lost phone' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('members.two.factor.not.set');
    expect(await auditOf('member.totp.reset', member.id)).toHaveLength(1);
  });

  test('sessions listed; one ended, then all; another member’s session is 404', async () => {
    const member = await kit.registerMember();
    const second = await insertTestSession(kit.db, kit.testApp.demoMerchantId, member.id, kit.clock.nowMs);
    const other = await kit.registerMember();
    const listed = await call('GET', path(memberDeskPaths.sessions, member.id), { token: finance.token });
    const sessions = memberSessionListSchema.parse(listed.json().value).items;
    expect(sessions).toHaveLength(2);
    const otherSessions = memberSessionListSchema.parse(
      (await call('GET', path(memberDeskPaths.sessions, other.id), { token: admin.token })).json().value,
    ).items;
    const foreign = await call(
      'DELETE',
      path(memberDeskPaths.session, member.id, { sessionId: otherSessions[0]!.id }),
      { token: admin.token },
    );
    expect(foreign.statusCode).toBe(404);
    expect((await kit.memberInfo(other.token, { ip: other.ip })).statusCode).toBe(200);
    const one = await call('DELETE', path(memberDeskPaths.session, member.id, { sessionId: sessions[1]!.id }), {
      token: admin.token,
    });
    expect(one.json().value).toEqual({ sessionsEnded: 1 });
    const all = await call('DELETE', path(memberDeskPaths.sessions, member.id), { token: admin.token });
    expect(all.json().value).toEqual({ sessionsEnded: 1 });
    expect((await kit.memberInfo(member.token, { ip: member.ip })).statusCode).toBe(401);
    expect((await kit.memberInfo(second)).statusCode).toBe(401);
    expect(await auditOf('member.sessions.end', member.id)).toHaveLength(1);
  });

  test('login history shows successes and refusals with IP and device', async () => {
    const member = await kit.registerMember();
    await kit.passwordLogin({ ...member, password: 'wrong-password' }, { ip: member.ip });
    const response = await call('GET', path(memberDeskPaths.logins, member.id), { token: finance.token });
    const items = response.json().value.items as Array<{
      succeeded: boolean;
      ip: string;
      failureReason: string | null;
    }>;
    expect(items.map((item) => [item.succeeded, item.failureReason, item.ip])).toEqual([
      [false, 'credentials', member.ip],
      [true, null, member.ip],
    ]);
  });
});

describe('tags and notes', () => {
  test('tags come from the merchant’s list, with a version: the stale save is 409', async () => {
    const member = await kit.registerMember({ loggedIn: false });
    for (const name of ['VIP', 'Watch'])
      await call('POST', memberDeskPaths.tagOptions, { token: admin.token, body: { name } });
    const taken = await call('POST', memberDeskPaths.tagOptions, { token: admin.token, body: { name: 'vip' } });
    expect(taken.statusCode).toBe(409);
    const url = path(memberDeskPaths.tags, member.id);
    const unknown = await call('PUT', url, { token: admin.token, body: { tags: ['Nope'], version: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('members.tag.unknown');
    const first = await call('PUT', url, { token: admin.token, body: { tags: ['vip', 'VIP'], version: 1 } });
    expect(first.json().value).toEqual({ names: ['VIP'], version: 2 });
    const stale = await call('PUT', url, { token: admin.token, body: { tags: ['Watch'], version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('members.version.conflict');
    expect((await profileOf(member.id)).tags).toEqual({ names: ['VIP'], version: 2 });
    const [audit] = await auditOf('member.tags.set', member.id);
    expect(audit).toMatchObject({ before: { tags: [] }, after: { tags: ['VIP'] } });
  });

  test('notes are appended with their author and can never be changed', async () => {
    const member = await kit.registerMember({ loggedIn: false });
    const url = path(memberDeskPaths.notes, member.id);
    await call('POST', url, { token: admin.token, body: { body: 'Called about a late deposit' } });
    const second = await call('POST', url, { token: admin.token, body: { body: 'Sent the slip again' } });
    expect(
      second.json().value.items.map((note: { body: string; operator: string }) => [note.body, note.operator]),
    ).toEqual([
      ['Sent the slip again', admin.username],
      ['Called about a late deposit', admin.username],
    ]);
    await expect(
      kit.db.updateTable('member_note').set({ body: 'edited' }).where('member_id', '=', member.id).execute(),
    ).rejects.toThrow(/append-only/);
    const empty = await call('POST', url, { token: admin.token, body: { body: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('body');
  });
});

describe('tree and linked members', () => {
  test('the upline chain, direct downlines, and members sharing an IP, a device or a bank account', async () => {
    const merchantId = kit.testApp.demoMerchantId;
    const now = new Date(kit.clock.nowMs);
    const top = await insertTestMember(kit.db, merchantId, `desktop${kit.clock.nowMs}`, now, { is_agent: 1 });
    const agent = await insertTestMember(kit.db, merchantId, `deskmid${kit.clock.nowMs}`, now, { is_agent: 1 });
    await kit.db
      .insertInto('member_hierarchy')
      .values({ merchant_id: merchantId, ancestor_id: top, descendant_id: agent, depth: 1 })
      .execute();
    await kit.db.updateTable('member').set({ upline_id: top }).where('id', '=', agent).execute();
    const member = await kit.registerMember();
    const twin = await kit.registerMember();
    const banker = await kit.registerMember({ loggedIn: false });
    await kit.db
      .insertInto('member_hierarchy')
      .values([
        { merchant_id: merchantId, ancestor_id: agent, descendant_id: member.id, depth: 1 },
        { merchant_id: merchantId, ancestor_id: top, descendant_id: member.id, depth: 2 },
      ])
      .execute();
    await kit.db.updateTable('member').set({ upline_id: agent }).where('id', '=', member.id).execute();
    const tree = await call('GET', path(memberDeskPaths.agentTree, member.id), { token: finance.token });
    expect(tree.json().value.uplines.map((link: { id: string }) => link.id)).toEqual([String(agent), String(top)]);
    const agentTree = await call('GET', path(memberDeskPaths.agentTree, agent), { token: finance.token });
    expect(agentTree.json().value).toMatchObject({ total: 1, items: [{ id: String(member.id) }] });
    expect((await profileOf(member.id)).upline?.id).toBe(String(agent));
    expect((await profileOf(agent)).directDownlines).toBe(1);

    // The twin logs in from the member's IP with the member's device id; the banker binds the member's account.
    await kit.db
      .insertInto('login_event')
      .values([
        {
          merchant_id: merchantId,
          member_id: member.id,
          username_tried: member.username,
          username_key: member.username,
          ip: member.ip,
          country: 'TH',
          device: 'web',
          login_device_id: 'dev-shared-1',
          succeeded: true,
          failure_reason: null,
          created_at: now,
        },
        {
          merchant_id: merchantId,
          member_id: twin.id,
          username_tried: twin.username,
          username_key: twin.username,
          ip: member.ip,
          country: 'TH',
          device: 'web',
          login_device_id: 'dev-shared-1',
          succeeded: true,
          failure_reason: null,
          created_at: now,
        },
      ])
      .execute();
    const account = (memberId: bigint) => ({
      merchant_id: merchantId,
      member_id: memberId,
      bank_code: 'SCB',
      account_number: `99000${member.id}`,
      account_name: 'Shared',
      created_at: now,
      updated_at: now,
      removed_at: memberId === banker.id ? now : null,
    });
    await kit.db
      .insertInto('member_bank_account')
      .values([account(member.id)])
      .execute();
    await kit.db
      .insertInto('member_bank_account')
      .values([{ ...account(banker.id), bank_code: 'KTB' }])
      .execute();
    const linked = linkedMemberListSchema.parse(
      (await call('GET', path(memberDeskPaths.linked, member.id), { token: finance.token })).json().value,
    );
    expect(linked.items.find((item) => item.id === String(twin.id))).toMatchObject({
      ips: [member.ip],
      deviceIds: ['dev-shared-1'],
      bankAccounts: [],
    });
    expect(linked.items.find((item) => item.id === String(banker.id))).toMatchObject({
      bankAccounts: [`99000${member.id}`],
    });
    expect(linked.items.some((item) => item.id === String(member.id))).toBe(false);
  });
});
