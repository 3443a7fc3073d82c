import { adminApiPaths, adminPath, rolesPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

import { ipAllowed, normaliseIpEntry } from './ip-allow-list.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from './backoffice.testing.ts';

/** Roles as rows, IP allow-lists, role timeouts and four-eyes approvals, against the real app and database. */
const clock = { nowMs: Date.UTC(2026, 5, 1, 8, 0, 0) };
let testApp: TestApp;
let otherMerchantId: number;
let admin: TestOperator;
let secondAdmin: TestOperator;
let finance: TestOperator;
let memberId: bigint;

function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: { token?: string; ip?: string; language?: 'TH' | 'EN'; headers?: Record<string, string> } = {},
) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      merchant: 'demo',
      language: options.language ?? 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function auditRows(action: string) {
  return testApp.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id').execute();
}

async function mainBalance(member: bigint): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', member)
    .where('kind', '=', 'member_main')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => clock.nowMs });
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
  const merchantId = testApp.demoMerchantId;
  [admin, secondAdmin, finance] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId, role: 'admin', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId, role: 'admin', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId, role: 'finance', nowMs: clock.nowMs }),
  ]);
  memberId = await insertTestMember(testApp.db, merchantId, 'foureyes01');
});
afterAll(async () => {
  await testApp?.close();
});

describe('IP allow-list entries', () => {
  test.each([
    ['203.0.113.7', ['203.0.113.7'], true],
    ['203.0.113.8', ['203.0.113.7'], false],
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.1.2.3', ['10.0.0.0/8'], false],
    ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
    ['2001:db8::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['8.8.8.8', [], true],
  ])('%s against %j: %s', (ip, list, allowed) => {
    expect(ipAllowed(ip, list)).toBe(allowed);
  });
  test.each(['10.0.0.0/33', 'example.com', '1.2.3', '10.0.0.0/8/1', '::1/129'])('%s is refused', (entry) => {
    expect(normaliseIpEntry(entry)).toBeNull();
  });
});

describe('roles as rows', () => {
  test('every merchant has the built-ins; the platform role holds brands.platform', async () => {
    const listed = await send('GET', rolesPaths.roles, undefined, { token: admin.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const codes = listed.json().value.items.map((role: { code: string }) => role.code);
    expect(codes.slice(0, 4)).toEqual(['platform', 'admin', 'finance', 'support']);
    const platform = await insertTestOperator(testApp.db, { merchantId: otherMerchantId, role: 'platform' });
    const me = await send('GET', adminApiPaths.me, undefined, { token: platform.token });
    expect(me.statusCode).toBe(401); // another merchant's operator is unknown here
    const own = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'platform' });
    const ownMe = await send('GET', adminApiPaths.me, undefined, { token: own.token });
    expect(ownMe.json().value.permissions).toContain('brands.platform');
  });

  test('a custom role: created, given, permissions apply at once, edited with its version, deleted only when unheld; all audited', async () => {
    const body = {
      code: 'cashier',
      nameTh: 'แคชเชียร์',
      nameEn: 'Cashier',
      permissions: ['members.read'],
      ipAllowList: [],
      idleMinutes: 15,
      absoluteHours: 8,
    };
    const created = await send('POST', rolesPaths.roles, body, { token: admin.token });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ code: 'cashier', builtin: false, version: 1, operators: 0 });
    expect((await send('POST', rolesPaths.roles, body, { token: admin.token })).json()).toMatchObject({
      errorCode: 'role.code.taken',
    });
    expect((await send('POST', rolesPaths.roles, { ...body, code: 'admin' }, { token: admin.token })).statusCode).toBe(
      409,
    );

    const cashier = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'cashier' });
    expect((await send('GET', adminApiPaths.members, undefined, { token: cashier.token })).statusCode).toBe(200);
    expect((await send('GET', adminApiPaths.outbox, undefined, { token: cashier.token })).statusCode).toBe(403);

    const role = adminPath(rolesPaths.role, { code: 'cashier' });
    const edit = { ...body, permissions: ['outbox.read'], version: 1 };
    const edited = await send('PUT', role, edit, { token: admin.token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ permissions: ['outbox.read'], version: 2, operators: 1 });
    // The live session follows at its next call.
    expect((await send('GET', adminApiPaths.members, undefined, { token: cashier.token })).statusCode).toBe(403);
    expect((await send('GET', adminApiPaths.outbox, undefined, { token: cashier.token })).statusCode).toBe(200);
    // A stale version changes nothing.
    const stale = await send('PUT', role, { ...edit, permissions: [] }, { token: admin.token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('role.version.conflict');

    const held = await send('DELETE', role, undefined, { token: admin.token });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ errorCode: 'role.in.use' });
    await send(
      'PUT',
      adminPath(adminApiPaths.operatorRole, { operatorId: cashier.id }),
      { role: 'support' },
      {
        token: admin.token,
      },
    );
    expect((await send('DELETE', role, undefined, { token: admin.token })).statusCode).toBe(200);

    const [create] = await auditRows('role.create');
    expect(create).toMatchObject({ target_id: 'cashier', before: null, after: { permissions: ['members.read'] } });
    const [update] = await auditRows('role.update');
    expect(update).toMatchObject({
      before: { permissions: ['members.read'] },
      after: { permissions: ['outbox.read'] },
    });
    expect(await auditRows('role.delete')).toHaveLength(1);
  });

  test('built-ins are read-only; bad input names the field in TH and EN; another merchant cannot see the role', async () => {
    const builtin = await send(
      'PUT',
      adminPath(rolesPaths.role, { code: 'finance' }),
      { nameTh: 'x', nameEn: 'x', permissions: [], version: 1 },
      { token: admin.token },
    );
    expect(builtin.json()).toMatchObject({ errorCode: 'role.builtin.readonly' });
    expect(
      (await send('DELETE', adminPath(rolesPaths.role, { code: 'admin' }), undefined, { token: admin.token }))
        .statusCode,
    ).toBe(409);
    const messages = [];
    for (const language of ['TH', 'EN'] as const) {
      const bad = await send(
        'POST',
        rolesPaths.roles,
        { code: 'netops', nameTh: 'a', nameEn: 'a', permissions: ['members.fly'] },
        { token: admin.token, language },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errorCode: 'validation.failed' });
      expect(bad.json().field).toContain('permissions');
      messages.push(bad.json().message);
    }
    expect(messages[0]).not.toBe(messages[1]);
    const badIp = await send(
      'POST',
      rolesPaths.roles,
      { code: 'netops', nameTh: 'a', nameEn: 'a', permissions: [], ipAllowList: ['10.0.0.0/40'] },
      { token: admin.token },
    );
    expect(badIp.statusCode).toBe(400);
    expect(badIp.json().field).toBe('ipAllowList.0');
    await insertTestRole(testApp.db, { merchantId: otherMerchantId, permissions: [], code: 'theirs' });
    const theirs = await send(
      'PUT',
      adminPath(rolesPaths.role, { code: 'theirs' }),
      { nameTh: 'x', nameEn: 'x', permissions: [], version: 1 },
      { token: admin.token },
    );
    expect(theirs.statusCode).toBe(404);
  });

  test('no one hands out a permission they do not hold: not in a role they make or edit, not by giving or taking a role', async () => {
    const merchantId = testApp.demoMerchantId;
    // Staff: operators.manage, roles.manage and audit.read, nothing of the money desk.
    const staffRole = await insertTestRole(testApp.db, {
      merchantId,
      code: 'staffdesk',
      permissions: ['operators.manage', 'roles.manage', 'audit.read'],
    });
    const staff = await insertTestOperator(testApp.db, { merchantId, role: staffRole, nowMs: clock.nowMs });
    const auditorRole = await insertTestRole(testApp.db, {
      merchantId,
      code: 'auditdesk',
      permissions: ['audit.read'],
    });
    const colleague = await insertTestOperator(testApp.db, { merchantId, role: auditorRole, nowMs: clock.nowMs });
    const auditsBefore = (await auditRows('role.create')).length;

    const body = {
      code: 'paymaster',
      nameTh: 'จ่ายเงิน',
      nameEn: 'Paymaster',
      ipAllowList: [],
      idleMinutes: 15,
      absoluteHours: 8,
    };
    for (const language of ['TH', 'EN'] as const) {
      const refused = await send(
        'POST',
        rolesPaths.roles,
        { ...body, permissions: ['audit.read', 'members.adjust'] },
        { token: staff.token, language },
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'role.permission.not.held', field: 'permissions' });
      expect(refused.json().message).toContain('members.adjust');
    }
    expect(await auditRows('role.create')).toHaveLength(auditsBefore);
    expect(
      await testApp.db.selectFrom('operator_role').select('code').where('code', '=', 'paymaster').execute(),
    ).toEqual([]);

    // What the actor holds, they may give.
    const own = await send('POST', rolesPaths.roles, { ...body, permissions: ['audit.read'] }, { token: staff.token });
    expect(own.statusCode, own.body).toBe(200);
    const paymaster = adminPath(rolesPaths.role, { code: 'paymaster' });
    const grow = await send(
      'PUT',
      paymaster,
      { ...body, permissions: ['audit.read', 'members.adjust'], version: 1 },
      { token: staff.token },
    );
    expect(grow.json()).toMatchObject({ errorCode: 'role.permission.not.held', field: 'permissions' });
    // An administrator adds one the staff member lacks; staff may still rename the role, keeping it.
    const added = await send(
      'PUT',
      paymaster,
      { ...body, permissions: ['audit.read', 'members.adjust'], version: 1 },
      { token: admin.token },
    );
    expect(added.statusCode, added.body).toBe(200);
    const renamed = await send(
      'PUT',
      paymaster,
      { ...body, nameEn: 'Pay desk', permissions: ['audit.read', 'members.adjust'], version: 2 },
      { token: staff.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);

    // Giving a role: not one that holds more than the actor (the admin role, or paymaster now).
    const roleOf = (operatorId: bigint) => adminPath(adminApiPaths.operatorRole, { operatorId });
    for (const role of ['admin', 'paymaster']) {
      const refused = await send('PUT', roleOf(colleague.id), { role }, { token: staff.token });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'role.permission.not.held', field: 'role' });
    }
    // Nor taking one away: staff cannot demote an administrator.
    const demote = await send('PUT', roleOf(secondAdmin.id), { role: staffRole }, { token: staff.token });
    expect(demote.json()).toMatchObject({ errorCode: 'role.permission.not.held', field: 'role' });
    const operatorRoles = await testApp.db
      .selectFrom('operator')
      .select(['id', 'role'])
      .where('id', 'in', [colleague.id, secondAdmin.id])
      .orderBy('id')
      .execute();
    expect(operatorRoles.map((row) => row.role).sort()).toEqual(['admin', 'auditdesk']);
    // Nor demoting a support agent, whose role reads members.
    const support = await insertTestOperator(testApp.db, { merchantId, role: 'support', nowMs: clock.nowMs });
    const fromSupport = await send('PUT', roleOf(support.id), { role: auditorRole }, { token: staff.token });
    expect(fromSupport.json()).toMatchObject({ errorCode: 'role.permission.not.held', field: 'role' });
    // Within the actor's own permissions, both ways, it is done and audited.
    const within = await send('PUT', roleOf(colleague.id), { role: staffRole }, { token: staff.token });
    expect(within.statusCode, within.body).toBe(200);
    expect((await auditRows('operator.role.change')).at(-1)).toMatchObject({
      target_id: String(colleague.id),
      before: { role: 'auditdesk' },
      after: { role: 'staffdesk' },
    });
  });

  test('only a platform operator gives or takes the platform role', async () => {
    const target = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support' });
    const url = adminPath(adminApiPaths.operatorRole, { operatorId: target.id });
    const refused = await send('PUT', url, { role: 'platform' }, { token: admin.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('role.platform.refused');
    const platform = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'platform' });
    expect((await send('PUT', url, { role: 'platform' }, { token: platform.token })).statusCode).toBe(200);
    expect((await send('PUT', url, { role: 'support' }, { token: admin.token })).statusCode).toBe(403);
    const unknown = await send('PUT', url, { role: 'ghost' }, { token: platform.token });
    expect(unknown.json()).toMatchObject({ errorCode: 'validation.failed', field: 'role' });
  });
});

describe('IP allow-lists and timeouts', () => {
  test('the operator list and the role list are checked on every call and at login; audited without the lists', async () => {
    const code = await insertTestRole(testApp.db, {
      merchantId: testApp.demoMerchantId,
      permissions: ['members.read'],
      ipAllowList: ['10.20.0.0/16'],
    });
    const op = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: code });
    expect((await send('GET', adminApiPaths.me, undefined, { token: op.token, ip: '10.20.1.1' })).statusCode).toBe(200);
    const refused = await send('GET', adminApiPaths.me, undefined, { token: op.token, ip: '10.21.1.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('operator.ip.refused');

    const login = await send(
      'POST',
      adminApiPaths.login,
      { username: op.username, password: op.password },
      { ip: '10.99.0.1' },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().errorCode).toBe('operator.ip.refused');
    expect(login.body).not.toContain('10.20');
    const [attempt] = (await auditRows('session.login.refused')).filter((row) => row.operator_id === op.id);
    expect(attempt).toMatchObject({ ip: '10.99.0.1', after: { reason: 'ip' } });
    expect(
      (await send('POST', adminApiPaths.login, { username: op.username, password: op.password }, { ip: '10.20.0.9' }))
        .statusCode,
    ).toBe(200);

    // The operator's own list narrows further (both must allow), set by an admin at the version read.
    const url = adminPath(rolesPaths.operatorIpAllowList, { operatorId: op.id });
    const set = await send('PUT', url, { ipAllowList: ['10.20.5.5'], version: 1 }, { token: admin.token });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({ ipAllowList: ['10.20.5.5'], version: 2 });
    expect((await send('PUT', url, { ipAllowList: [], version: 1 }, { token: admin.token })).json().errorCode).toBe(
      'operator.version.conflict',
    );
    expect((await send('GET', adminApiPaths.me, undefined, { token: op.token, ip: '10.20.1.1' })).statusCode).toBe(403);
    expect((await send('GET', adminApiPaths.me, undefined, { token: op.token, ip: '10.20.5.5' })).statusCode).toBe(200);
    expect(await auditRows('operator.ip.change')).toHaveLength(1);
  });

  test("a role's idle and absolute timeouts apply to live sessions", async () => {
    const code = await insertTestRole(testApp.db, {
      merchantId: testApp.demoMerchantId,
      permissions: [],
      idleMinutes: 10,
      absoluteHours: 2,
    });
    const start = clock.nowMs;
    const op = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: code, nowMs: start });
    try {
      clock.nowMs = start + 9 * 60_000;
      expect((await send('GET', adminApiPaths.me, undefined, { token: op.token })).statusCode).toBe(200);
      clock.nowMs = start + 18 * 60_000; // 9 minutes after the last call
      expect((await send('GET', adminApiPaths.me, undefined, { token: op.token })).statusCode).toBe(200);
      clock.nowMs = start + 29 * 60_000; // 11 minutes idle
      expect((await send('GET', adminApiPaths.me, undefined, { token: op.token })).statusCode).toBe(401);

      const busy = await insertTestOperator(testApp.db, {
        merchantId: testApp.demoMerchantId,
        role: code,
        nowMs: clock.nowMs,
      });
      const loginAt = clock.nowMs;
      for (let minutes = 9; minutes < 120; minutes += 9) {
        clock.nowMs = loginAt + minutes * 60_000;
        expect((await send('GET', adminApiPaths.me, undefined, { token: busy.token })).statusCode).toBe(200);
      }
      clock.nowMs = loginAt + 120 * 60_000;
      expect((await send('GET', adminApiPaths.me, undefined, { token: busy.token })).statusCode).toBe(401);
    } finally {
      clock.nowMs = start;
    }
  });
});

describe('four-eyes for money', () => {
  const adjust = (token: string, amount: string, key: string) =>
    send(
      'POST',
      adminPath(adminApiPaths.memberAdjustments, { memberId }),
      { direction: 'credit', amount, reason: 'VIP goodwill' },
      { token, headers: { 'idempotency-key': key } },
    );

  test('the threshold: set by who has roles.manage and approvals.review, versioned, audited', async () => {
    expect((await send('GET', rolesPaths.approvalThreshold, undefined, { token: admin.token })).json().value).toEqual({
      amount: null,
      version: 0,
    });
    expect(
      (await send('PUT', rolesPaths.approvalThreshold, { amount: '1000.00', version: 0 }, { token: finance.token }))
        .statusCode,
    ).toBe(403);
    const set = await send(
      'PUT',
      rolesPaths.approvalThreshold,
      { amount: '1000.00', version: 0 },
      { token: admin.token },
    );
    expect(set.json().value).toEqual({ amount: '1000.00', version: 1 });
    const stale = await send(
      'PUT',
      rolesPaths.approvalThreshold,
      { amount: '5.00', version: 0 },
      { token: admin.token },
    );
    expect(stale.json().errorCode).toBe('approval.threshold.version.conflict');
    expect(await auditRows('approval.threshold.change')).toHaveLength(1);
  });

  test('above the threshold an adjustment waits; the requester cannot approve; two approvers at once post it once', async () => {
    const before = await mainBalance(memberId);
    const small = await adjust(finance.token, '1000.00', 'fe-small-0001');
    expect(small.json().value).toMatchObject({ status: 'posted' });
    const big = await adjust(finance.token, '1500.00', 'fe-big-000001');
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().value).toMatchObject({ status: 'pending', transferId: null, balanceAfter: null });
    const replay = await adjust(finance.token, '1500.00', 'fe-big-000001');
    expect(replay.json().value.approvalId).toBe(big.json().value.approvalId);
    expect(await mainBalance(memberId)).toBe(before + 100_000n);

    const list = await send('GET', rolesPaths.approvals, undefined, { token: admin.token });
    expect(list.json().value.pending).toBe(1);
    expect(list.json().value.items[0]).toMatchObject({
      amount: '1500.00',
      memberUsername: 'foureyes01',
      requestedBy: finance.username,
    });

    const approvalId = big.json().value.approvalId as string;
    const approve = adminPath(rolesPaths.approvalApprove, { approvalId });
    const self = await send('POST', approve, undefined, { token: finance.token });
    expect(self.json().errorCode).toBe('approval.self.refused');

    const answers = await Promise.all([
      send('POST', approve, undefined, { token: admin.token }),
      send('POST', approve, undefined, { token: secondAdmin.token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mainBalance(memberId)).toBe(before + 250_000n);
    const transfers = await testApp.db
      .selectFrom('member_adjustment')
      .select('id')
      .where('idempotency_key', '=', `approval:${approvalId}`)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await auditRows('approval.approve')).toHaveLength(1);
    expect((await send('GET', rolesPaths.approvals, undefined, { token: admin.token })).json().value.pending).toBe(0);
  });

  test('a rejection needs a reason, posts nothing and is final; another merchant\u2019s approval is 404', async () => {
    const before = await mainBalance(memberId);
    const big = await adjust(finance.token, '2000.00', 'fe-reject-0001');
    const approvalId = big.json().value.approvalId as string;
    const reject = adminPath(rolesPaths.approvalReject, { approvalId });
    expect((await send('POST', reject, { reason: '' }, { token: admin.token })).statusCode).toBe(400);
    const rejected = await send('POST', reject, { reason: 'Not agreed with the VIP desk' }, { token: admin.token });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decisionReason: 'Not agreed with the VIP desk' });
    expect(
      (
        await send('POST', adminPath(rolesPaths.approvalApprove, { approvalId }), undefined, {
          token: secondAdmin.token,
        })
      ).statusCode,
    ).toBe(409);
    expect(await mainBalance(memberId)).toBe(before);
    const stranger = await insertTestOperator(testApp.db, { merchantId: otherMerchantId, role: 'admin' });
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: adminPath(rolesPaths.approvalApprove, { approvalId }),
      headers: { merchant: 'other', authorization: stranger.token },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
