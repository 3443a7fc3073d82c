import {
  adminApiPaths,
  adminPath,
  backofficeErrorCodes,
  operatorLoginValueSchema,
  operatorTotpEnrolmentSchema,
  rolePermissions,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { totpCodeAt } from '../identity/testing.ts';
import { postTransfers } from '../ledger/index.ts';
import { insertTestOperator, type TestOperator } from './backoffice.testing.ts';
import { createOperatorSession } from './operator-sessions.ts';
import { operatorAccountFailureLimit, operatorFailureWindowMs, operatorIpFailureLimit } from './operator-throttle.ts';

/** The back-office API against the real app and database: guards, TOTP login, throttles, members, money, audit. */
const stepMs = 30_000;
const clock = { nowMs: Date.UTC(2026, 5, 1, 8, 0, 0) };
let testApp: TestApp;
let otherMerchantId: number;
let admin: TestOperator;
let finance: TestOperator;
let support: TestOperator;
let stranger: TestOperator;
let memberId: bigint;
let otherMemberId: bigint;
let ipCounter = 0;

function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

interface SendOptions {
  token?: string | undefined;
  merchant?: string;
  ip?: string;
  language?: 'TH' | 'EN';
  headers?: Record<string, string>;
}

function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: SendOptions = {},
) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      merchant: options.merchant ?? 'demo',
      language: options.language ?? 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function fund(member: bigint, amountMinor: bigint, key: string) {
  await postTransfers(testApp.db, {
    merchantId: testApp.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key },
    transfers: [
      {
        debit: { kind: 'house_deposit_clearing', subKey: 'TEST' },
        credit: { kind: 'member_main', memberId: member },
        amount: amountMinor,
        kind: 'deposit',
        reference: key,
      },
    ],
    nowMs: clock.nowMs,
  });
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

async function auditRows(action: string) {
  return testApp.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id').execute();
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
  [admin, finance, support, stranger] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId, role: 'admin', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId, role: 'finance', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId, role: 'support', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId: otherMerchantId, role: 'admin', nowMs: clock.nowMs }),
  ]);
  memberId = await insertTestMember(testApp.db, merchantId, 'somchai01');
  otherMemberId = await insertTestMember(testApp.db, otherMerchantId, 'outsider01');
});
afterAll(async () => {
  await testApp?.close();
});

/** Every operator call, with a body that would pass validation and the permission it needs. */
const guardedCalls: Array<{
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  permission: string | null;
}> = [
  { name: 'me', method: 'GET', url: () => adminApiPaths.me, permission: null },
  { name: 'dashboard', method: 'GET', url: () => adminApiPaths.dashboard, permission: null },
  { name: 'member search', method: 'GET', url: () => `${adminApiPaths.members}?q=som`, permission: 'members.read' },
  {
    name: 'member',
    method: 'GET',
    url: () => adminPath(adminApiPaths.member, { memberId }),
    permission: 'members.read',
  },
  {
    name: 'member ledger',
    method: 'GET',
    url: () => adminPath(adminApiPaths.memberLedger, { memberId }),
    permission: 'members.read',
  },
  {
    name: 'adjustment',
    method: 'POST',
    url: () => adminPath(adminApiPaths.memberAdjustments, { memberId }),
    body: () => ({ direction: 'credit', amount: '1.00', reason: 'guard test' }),
    permission: 'members.adjust',
  },
  { name: 'ledger check', method: 'GET', url: () => adminApiPaths.ledgerCheck, permission: 'members.adjust' },
  { name: 'outbox', method: 'GET', url: () => adminApiPaths.outbox, permission: 'outbox.read' },
  { name: 'audit', method: 'GET', url: () => adminApiPaths.audit, permission: 'audit.read' },
  { name: 'operators', method: 'GET', url: () => adminApiPaths.operators, permission: 'operators.manage' },
  {
    name: 'create operator',
    method: 'POST',
    url: () => adminApiPaths.operators,
    body: () => ({ username: 'guarded_new', password: 'long-enough-password', role: 'support' }),
    permission: 'operators.manage',
  },
  {
    name: 'disable operator',
    method: 'PATCH',
    url: () => adminPath(adminApiPaths.operator, { operatorId: support.id }),
    body: () => ({ status: 'active' }),
    permission: 'operators.manage',
  },
  {
    name: 'change role',
    method: 'PUT',
    url: () => adminPath(adminApiPaths.operatorRole, { operatorId: support.id }),
    body: () => ({ role: 'support' }),
    permission: 'operators.manage',
  },
  {
    name: 'own password',
    method: 'PUT',
    url: () => adminApiPaths.ownPassword,
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'long-enough-password' }),
    permission: null,
  },
  {
    name: 'reset totp',
    method: 'DELETE',
    url: () => adminPath(adminApiPaths.operatorTotp, { operatorId: 999_999 }),
    permission: 'operators.manage',
  },
];

describe('every operator call', () => {
  test.each(guardedCalls)(
    '$name refuses no token, garbage, a member-shaped token and another merchant’s operator (401)',
    async (call) => {
      for (const token of [undefined, '', 'garbage', 'A'.repeat(43), stranger.token]) {
        const response = await send(call.method, call.url(), call.body?.(), {
          token,
          headers: { 'idempotency-key': 'guard-key-0001' },
        });
        expect(response.statusCode, `${call.name} with ${String(token)}: ${response.body}`).toBe(401);
        expect(response.json()).toMatchObject({
          success: false,
          errorCode: backofficeErrorCodes.operatorTokenInvalid,
          message: 'Please log in to the back-office',
        });
      }
    },
  );

  test.each(guardedCalls.filter((call) => call.permission !== null))(
    '$name refuses a role without $permission (403) and writes nothing',
    async (call) => {
      const auditBefore = await testApp.db
        .selectFrom('operator_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const roles = { support, finance };
      for (const [role, operator] of Object.entries(roles)) {
        const allowed = {
          support: ['members.read', 'outbox.read'],
          finance: ['deposits.review', 'withdrawals.review', 'channels.manage', 'members.read', 'members.adjust'],
        }[role]!;
        if (allowed.includes(call.permission!)) continue;
        const response = await send(call.method, call.url(), call.body?.(), {
          token: operator.token,
          headers: { 'idempotency-key': `deny-${role}-key-1` },
        });
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json()).toMatchObject({ errorCode: backofficeErrorCodes.permissionDenied });
      }
      const auditAfter = await testApp.db
        .selectFrom('operator_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(auditAfter.n).toBe(auditBefore.n);
    },
  );

  test.each(guardedCalls)(
    '$name refuses a session that passed the password only (403 operator.totp.required)',
    async (call) => {
      const halfway = await insertTestOperator(testApp.db, {
        merchantId: testApp.demoMerchantId,
        role: 'admin',
        stage: 'password',
        nowMs: clock.nowMs,
      });
      const response = await send(call.method, call.url(), call.body?.(), {
        token: halfway.token,
        headers: { 'idempotency-key': 'half-key-0001' },
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        errorCode: backofficeErrorCodes.totpRequired,
        value: { stage: 'verify' },
      });
    },
  );

  test('answers are never cached', async () => {
    const response = await send('GET', adminApiPaths.me, undefined, { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test('an unknown merchant is refused before anything else', async () => {
    const response = await send('GET', adminApiPaths.me, undefined, { token: admin.token, merchant: 'nosuch' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'merchant.unknown' });
  });
});

describe('login with password and TOTP', () => {
  async function login(username: string, password: string, ip = nextIp()) {
    return send('POST', adminApiPaths.login, { username, password }, { ip });
  }

  test('first login leads to enrolment before anything else works; later logins need a code', async () => {
    const fresh = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      totp: false,
      nowMs: clock.nowMs,
    });
    const ip = nextIp();
    const first = await login(fresh.username.toUpperCase(), fresh.password, ip);
    expect(first.statusCode, first.body).toBe(200);
    const firstValue = operatorLoginValueSchema.parse(first.json().value);
    expect(firstValue.stage).toBe('enrol');

    // Nothing but enrolment works yet.
    const early = await send('GET', `${adminApiPaths.members}?q=a`, undefined, { token: firstValue.token });
    expect(early.json()).toMatchObject({ errorCode: backofficeErrorCodes.totpRequired, value: { stage: 'enrol' } });
    const verifyFirst = await send(
      'POST',
      adminApiPaths.totpVerify,
      { code: '123456' },
      { token: firstValue.token, ip },
    );
    expect(verifyFirst.statusCode).toBe(403);

    const enrolment = operatorTotpEnrolmentSchema.parse(
      (await send('POST', adminApiPaths.totpEnrol, undefined, { token: firstValue.token, ip })).json().value,
    );
    expect(enrolment.otpauthUrl).toContain(`otpauth://totp/`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await send(
      'PUT',
      adminApiPaths.totpEnrol,
      { code: totpCodeAt(enrolment.secret, clock.nowMs - 10 * stepMs) },
      { token: firstValue.token, ip },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: backofficeErrorCodes.totpInvalid, field: 'code' });
    const confirmed = await send(
      'PUT',
      adminApiPaths.totpEnrol,
      { code: totpCodeAt(enrolment.secret, clock.nowMs) },
      { token: firstValue.token, ip },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const me = await send('GET', adminApiPaths.me, undefined, { token: firstValue.token });
    expect(me.json().value).toMatchObject({
      operator: { username: fresh.username, role: 'support', totpEnrolled: true },
      permissions: [...rolePermissions.support],
    });
    // A second enrolment is refused: changing the authenticator needs an admin's reset.
    expect((await send('POST', adminApiPaths.totpEnrol, undefined, { token: firstValue.token })).statusCode).toBe(409);

    clock.nowMs += stepMs;
    const second = operatorLoginValueSchema.parse((await login(fresh.username, fresh.password, ip)).json().value);
    expect(second.stage).toBe('verify');
    expect((await send('GET', adminApiPaths.me, undefined, { token: second.token })).statusCode).toBe(403);
    const code = totpCodeAt(enrolment.secret, clock.nowMs);
    const verified = await send('POST', adminApiPaths.totpVerify, { code }, { token: second.token, ip });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await send('GET', adminApiPaths.me, undefined, { token: second.token })).statusCode).toBe(200);

    // The same code (same step) never passes twice, even for a new session.
    const third = operatorLoginValueSchema.parse((await login(fresh.username, fresh.password, ip)).json().value);
    const reused = await send('POST', adminApiPaths.totpVerify, { code }, { token: third.token, ip });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errorCode: backofficeErrorCodes.totpInvalid });

    const logins = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'ip'])
      .where('operator_id', '=', fresh.id)
      .orderBy('id')
      .execute();
    expect(logins).toEqual([
      { action: 'operator.totp.enrol', operator_id: fresh.id, ip },
      { action: 'session.login', operator_id: fresh.id, ip },
      { action: 'session.login', operator_id: fresh.id, ip },
    ]);
    clock.nowMs += stepMs;
  });

  test('wrong names and passwords get one answer; a disabled operator too', async () => {
    const disabled = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    await testApp.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
    for (const [username, password] of [
      ['nobody_here', 'whatever-password'],
      [admin.username, 'wrong-password'],
      [disabled.username, disabled.password],
      [stranger.username, stranger.password],
    ] as const) {
      const response = await login(username, password);
      expect(response.statusCode, username).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: backofficeErrorCodes.loginFailed,
        message: 'Wrong username or password',
      });
    }
  });

  test('a password-stage session ends after 5 wrong codes', async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    const value = operatorLoginValueSchema.parse((await login(operator.username, operator.password)).json().value);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(
        (await send('POST', adminApiPaths.totpVerify, { code: '000000' }, { token: value.token, ip: nextIp() }))
          .statusCode,
      ).toBe(400);
    }
    // The fifth wrong code locks the account (5 failures); the session is gone either way.
    const fifth = await send(
      'POST',
      adminApiPaths.totpVerify,
      { code: '000000' },
      { token: value.token, ip: nextIp() },
    );
    expect([400, 429]).toContain(fifth.statusCode);
    const after = await send(
      'POST',
      adminApiPaths.totpVerify,
      { code: totpCodeAt(operator.totpSecret!, clock.nowMs) },
      { token: value.token },
    );
    expect(after.statusCode).toBe(401);
  });

  test(`the account locks after ${operatorAccountFailureLimit} failures, known name or not, until the window passes`, async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    for (const username of [operator.username, 'ghost_operator']) {
      for (let attempt = 1; attempt <= operatorAccountFailureLimit; attempt++) {
        const response = await login(username, 'wrong-password');
        expect(response.statusCode, `${username} #${attempt}`).toBe(attempt < operatorAccountFailureLimit ? 400 : 429);
      }
      const locked = await login(username, username === operator.username ? operator.password : 'x');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ errorCode: backofficeErrorCodes.loginLocked });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    clock.nowMs += operatorFailureWindowMs;
    expect((await login(operator.username, operator.password)).statusCode).toBe(200);
  });

  test(`an IP locks after ${operatorIpFailureLimit} failures over any names`, async () => {
    const ip = nextIp();
    for (let attempt = 1; attempt <= operatorIpFailureLimit; attempt++) {
      const response = await login(`spray_${attempt}`, 'wrong-password', ip);
      expect(response.statusCode, `#${attempt}`).toBe(attempt < operatorIpFailureLimit ? 400 : 429);
    }
    expect((await login(admin.username, admin.password, ip)).statusCode).toBe(429);
    expect((await login(admin.username, admin.password, nextIp())).statusCode).toBe(200);
    clock.nowMs += operatorFailureWindowMs;
  });

  test('logout ends the session and is audited', async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    expect((await send('POST', adminApiPaths.logout, undefined, { token: operator.token })).statusCode).toBe(200);
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(401);
    expect((await auditRows('session.logout')).map((row) => row.operator_id)).toContain(operator.id);
  });

  test('a full session dies after 30 idle minutes', async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    clock.nowMs += 29 * 60_000;
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(200);
    clock.nowMs += 29 * 60_000;
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(200);
    clock.nowMs += 31 * 60_000;
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(401);
    // Refresh the shared operators' sessions for the tests after this one.
    for (const operator of [admin, finance, support, stranger]) {
      await testApp.db
        .updateTable('operator_session')
        .set({ last_seen_at: new Date(clock.nowMs), expires_at: new Date(clock.nowMs + 12 * 3_600_000) })
        .where('operator_id', '=', operator.id)
        .execute();
    }
  });
});

describe('members', () => {
  test('search by username prefix, mobile and id, with balances, only in the merchant', async () => {
    await testApp.db
      .updateTable('member')
      .set({ mobile_dialing_code: '66', mobile_number: '812345678' })
      .where('id', '=', memberId)
      .execute();
    await fund(memberId, 12_345n, 'search-fund');
    for (const q of ['SOMCHAI', 'somc', '0812345', '812345678', String(memberId)]) {
      const response = await send('GET', `${adminApiPaths.members}?q=${encodeURIComponent(q)}`, undefined, {
        token: support.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const value = response.json().value;
      expect(
        value.items.map((item: { username: string }) => item.username),
        q,
      ).toEqual(['somchai01']);
      expect(value.items[0]).toMatchObject({
        id: String(memberId),
        mobile: '+66 812345678',
        balances: { main: '123.45', held: '0.00' },
        currency: 'THB',
      });
      expect(value.total).toBe(1);
    }
    const outsider = await send('GET', `${adminApiPaths.members}?q=outsider`, undefined, { token: support.token });
    expect(outsider.json().value).toMatchObject({ items: [], total: 0 });
    const wildcard = await send('GET', `${adminApiPaths.members}?q=${encodeURIComponent('%')}`, undefined, {
      token: support.token,
    });
    expect(wildcard.json().value.total).toBe(0);
  });

  test("another merchant's member answers exactly like an unknown id (404)", async () => {
    for (const id of [otherMemberId, 987_654_321n]) {
      for (const url of [
        adminPath(adminApiPaths.member, { memberId: id }),
        adminPath(adminApiPaths.memberLedger, { memberId: id }),
      ]) {
        const response = await send('GET', url, undefined, { token: admin.token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'not.found' });
      }
    }
  });

  test.each([
    ['page 0', `${adminApiPaths.members}?page=0`, 'page'],
    ['page size 1000', `${adminApiPaths.members}?pageSize=1000`, 'pageSize'],
    ['a member id that is not a number', adminPath(adminApiPaths.member, { memberId: 'abc' }), 'memberId'],
  ])('bad input: %s is a 400 naming the field', async (_name, url, field) => {
    const response = await send('GET', url, undefined, { token: admin.token, language: 'TH' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe('the ledger check', () => {
  test("checks this merchant's books only and names a tampered account", async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'checkedbooks');
    await fund(member, 4_200n, 'ledger-check-fund');
    const clean = await send('GET', adminApiPaths.ledgerCheck, undefined, { token: finance.token });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.headers['cache-control']).toBe('no-store');
    expect(clean.json().value).toMatchObject({
      ok: true,
      differences: [],
      currencies: [{ currency: 'THB', totalMinorUnits: '0' }],
    });

    // Another merchant's broken books are not this operator's concern, nor visible to them.
    const stranger = await insertTestMember(testApp.db, otherMerchantId, 'otherbooks');
    await postTransfers(testApp.db, {
      merchantId: otherMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: 'other-books' },
      transfers: [
        {
          debit: { kind: 'house_adjustment' },
          credit: { kind: 'member_main', memberId: stranger },
          amount: 100n,
          kind: 'adjustment',
          reference: 'x',
        },
      ],
      nowMs: clock.nowMs,
    });
    await sql`UPDATE ledger_account SET balance = balance + 7 WHERE member_id = ${stranger}`.execute(testApp.db);
    expect((await send('GET', adminApiPaths.ledgerCheck, undefined, { token: finance.token })).json().value.ok).toBe(
      true,
    );

    await sql`UPDATE ledger_account SET balance = balance + 1 WHERE member_id = ${member}`.execute(testApp.db);
    const broken = (await send('GET', adminApiPaths.ledgerCheck, undefined, { token: finance.token })).json().value;
    expect(broken).toMatchObject({
      ok: false,
      differences: [
        { kind: 'member_main', memberId: String(member), storedMinorUnits: '4201', derivedMinorUnits: '4200' },
      ],
    });
    await sql`UPDATE ledger_account SET balance = balance - 1 WHERE member_id = ${member}`.execute(testApp.db);
    await sql`UPDATE ledger_account SET balance = balance - 7 WHERE member_id = ${stranger}`.execute(testApp.db);
  });
});

describe('manual adjustment', () => {
  function adjust(member: bigint, body: Record<string, unknown>, key: string | undefined, token = finance.token) {
    return send('POST', adminPath(adminApiPaths.memberAdjustments, { memberId: member }), body, {
      token,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  }

  test.each([
    ['no key', { direction: 'credit', amount: '10.00', reason: 'bonus fix' }, undefined, 'Idempotency-Key'],
    ['a short key', { direction: 'credit', amount: '10.00', reason: 'bonus fix' }, 'short', 'Idempotency-Key'],
    ['a negative amount', { direction: 'credit', amount: '-10.00', reason: 'bonus fix' }, 'bad-amount-1', 'amount'],
    ['a zero amount', { direction: 'credit', amount: '0', reason: 'bonus fix' }, 'bad-amount-2', 'amount'],
    ['three decimals', { direction: 'credit', amount: '1.005', reason: 'bonus fix' }, 'bad-amount-3', 'amount'],
    [
      'a huge amount',
      { direction: 'credit', amount: '99999999999999999', reason: 'bonus fix' },
      'bad-amount-4',
      'amount',
    ],
    ['not a number', { direction: 'credit', amount: 'ten', reason: 'bonus fix' }, 'bad-amount-5', 'amount'],
    ['a number type', { direction: 'credit', amount: 10, reason: 'bonus fix' }, 'bad-amount-6', 'amount'],
    ['no reason', { direction: 'credit', amount: '10.00' }, 'bad-reason-1', 'reason'],
    ['a blank reason', { direction: 'credit', amount: '10.00', reason: '   ' }, 'bad-reason-2', 'reason'],
    [
      'an unknown direction',
      { direction: 'sideways', amount: '10.00', reason: 'bonus fix' },
      'bad-direction',
      'direction',
    ],
  ])('refuses %s with a 400 naming the field and moves nothing', async (_name, body, key, field) => {
    const before = await mainBalance(memberId);
    const response = await adjust(memberId, body, key);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    expect(await mainBalance(memberId)).toBe(before);
  });

  test('credits and debits the main wallet against house_adjustment, audited in the same transaction', async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'adjustee01');
    const credit = await adjust(
      member,
      { direction: 'credit', amount: '250.50', reason: 'missed deposit' },
      'adjust-credit-0001',
    );
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().value).toMatchObject({ direction: 'credit', amount: '250.50', balanceAfter: '250.50' });
    expect(credit.headers['cache-control']).toBe('no-store');
    const debit = await adjust(
      member,
      { direction: 'debit', amount: '50.50', reason: 'double credit' },
      'adjust-debit-0001',
    );
    expect(debit.json().value).toMatchObject({ direction: 'debit', amount: '50.50', balanceAfter: '200.00' });
    expect(await mainBalance(member)).toBe(20_000n);

    const transfers = await testApp.db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_account as c', 'c.id', 't.credit_account_id')
      .select(['t.id', 'd.kind as debit', 'c.kind as credit', 't.amount', 't.kind'])
      .where('t.id', 'in', [BigInt(credit.json().value.transferId), BigInt(debit.json().value.transferId)])
      .orderBy('t.id')
      .execute();
    expect(transfers.map(({ debit: d, credit: c, amount, kind }) => ({ d, c, amount, kind }))).toEqual([
      { d: 'house_adjustment', c: 'member_main', amount: 25_050n, kind: 'adjustment' },
      { d: 'member_main', c: 'house_adjustment', amount: 5_050n, kind: 'adjustment' },
    ]);
    const audits = (await auditRows('member.adjust')).filter((row) => row.target_id === String(member));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      operator_id: finance.id,
      target_type: 'member',
      before: { mainBalance: '0.00' },
      after: { mainBalance: '250.50', reason: 'missed deposit', amount: '250.50' },
    });
    expect(audits[1]).toMatchObject({
      before: { mainBalance: '250.50' },
      after: { mainBalance: '200.00', direction: 'debit' },
    });

    // The member's ledger shows both, newest first, with the reason.
    const ledger = await send('GET', adminPath(adminApiPaths.memberLedger, { memberId: member }), undefined, {
      token: support.token,
    });
    expect(ledger.json().value.items).toMatchObject([
      {
        kind: 'adjustment',
        account: 'member_main',
        counterparty: 'house_adjustment',
        amount: '-50.50',
        balanceAfter: '200.00',
        note: 'double credit',
      },
      { kind: 'adjustment', amount: '250.50', balanceAfter: '250.50', note: 'missed deposit' },
    ]);
    expect(ledger.json().value).toMatchObject({
      total: 2,
      member: { username: 'adjustee01', balances: { main: '200.00' } },
    });
  });

  test('a debit never overdraws: 409 with the balance, nothing written', async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'adjustee02');
    await fund(member, 1_000n, 'overdraw-fund');
    const auditsBefore = (await auditRows('member.adjust')).length;
    const response = await adjust(
      member,
      { direction: 'debit', amount: '10.01', reason: 'too much' },
      'adjust-over-0001',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      errorCode: backofficeErrorCodes.adjustmentOverdraw,
      field: 'amount',
      message: "The member's main wallet does not cover this debit (balance 10.00)",
    });
    expect(await mainBalance(member)).toBe(1_000n);
    expect((await auditRows('member.adjust')).length).toBe(auditsBefore);
    expect(
      await testApp.db.selectFrom('member_adjustment').select('id').where('member_id', '=', member).execute(),
    ).toEqual([]);
    // The refused key stays usable for a right amount.
    const retry = await adjust(member, { direction: 'debit', amount: '10.00', reason: 'too much' }, 'adjust-over-0001');
    expect(retry.json().value).toMatchObject({ balanceAfter: '0.00' });
  });

  test('parallel debits never overdraw: exactly the affordable ones pass', async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'adjustee03');
    await fund(member, 10_000n, 'parallel-fund');
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        adjust(member, { direction: 'debit', amount: '10.00', reason: 'parallel' }, `parallel-debit-${index}`),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    expect(await mainBalance(member)).toBe(0n);
  });

  test('the same key 5 times, also in parallel, moves money once and answers identically', async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'adjustee04');
    const body = { direction: 'credit', amount: '77.00', reason: 'goodwill' };
    const sequential = [];
    for (let attempt = 0; attempt < 5; attempt++) sequential.push(await adjust(member, body, 'same-key-seq-0001'));
    const parallel = await Promise.all(Array.from({ length: 5 }, () => adjust(member, body, 'same-key-par-0001')));
    for (const group of [sequential, parallel]) {
      expect(group.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(group.map((response) => response.body)).size).toBe(1);
    }
    expect(await mainBalance(member)).toBe(15_400n);
    expect((await auditRows('member.adjust')).filter((row) => row.target_id === String(member))).toHaveLength(2);

    // The same key with another ask is refused, and moves nothing.
    for (const changed of [
      { ...body, amount: '78.00' },
      { ...body, reason: 'other reason' },
      { ...body, direction: 'debit' },
    ]) {
      const response = await adjust(member, changed, 'same-key-seq-0001');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errorCode: 'idempotency.key.reused' });
    }
    expect((await adjust(memberId, body, 'same-key-seq-0001')).statusCode).toBe(422);
    expect(await mainBalance(member)).toBe(15_400n);
  });

  test("another merchant's member is 404 and nothing moves", async () => {
    const response = await adjust(
      otherMemberId,
      { direction: 'credit', amount: '5.00', reason: 'wrong tenant' },
      'cross-merchant-01',
    );
    expect(response.statusCode).toBe(404);
    expect(await mainBalance(otherMemberId)).toBe(0n);
  });
});

describe('outbox and audit log', () => {
  test('the outbox lists the merchant’s messages, filtered by channel and destination', async () => {
    const now = new Date(clock.nowMs);
    const base = { created_at: now, delivered_via: 'outbox' as const, delivery_status: 'sent' as const, error: null };
    await testApp.db
      .insertInto('outbox_message')
      .values([
        {
          ...base,
          merchant_id: testApp.demoMerchantId,
          channel: 'sms',
          destination: '+66811112222',
          subject: null,
          body: 'code 111111',
        },
        {
          ...base,
          merchant_id: testApp.demoMerchantId,
          channel: 'email',
          destination: 'a@example.com',
          subject: 'Code',
          body: 'code 222222',
        },
        {
          ...base,
          merchant_id: otherMerchantId,
          channel: 'sms',
          destination: '+66811113333',
          subject: null,
          body: 'code 333333',
        },
      ])
      .execute();
    const all = (await send('GET', adminApiPaths.outbox, undefined, { token: support.token })).json().value;
    expect(all.items.map((item: { body: string }) => item.body).sort()).toEqual(['code 111111', 'code 222222']);
    const sms = (await send('GET', `${adminApiPaths.outbox}?channel=sms`, undefined, { token: support.token })).json()
      .value;
    expect(sms.items).toMatchObject([{ destination: '+66811112222', status: 'sent', deliveredVia: 'outbox' }]);
    const byNumber = (
      await send('GET', `${adminApiPaths.outbox}?destination=0811112`, undefined, { token: support.token })
    ).json().value;
    expect(byNumber.total).toBe(1);
  });

  test('the audit log lists actions with filters, newest first, only of the merchant', async () => {
    const byFinance = (
      await send('GET', `${adminApiPaths.audit}?operator=${finance.username.toUpperCase()}&action=member.`, undefined, {
        token: admin.token,
      })
    ).json().value;
    expect(byFinance.total).toBeGreaterThan(3);
    expect(
      byFinance.items.every(
        (row: { operator: string; action: string }) =>
          row.operator === finance.username && row.action === 'member.adjust',
      ),
    ).toBe(true);
    const ids = byFinance.items.map((row: { id: string }) => BigInt(row.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    const strangers = (
      await send('GET', `${adminApiPaths.audit}?operator=${stranger.username}`, undefined, { token: admin.token })
    ).json().value;
    expect(strangers.total).toBe(0);
    const window = (
      await send('GET', `${adminApiPaths.audit}?from=${clock.nowMs + 1}`, undefined, { token: admin.token })
    ).json().value;
    expect(window.total).toBe(0);
  });
});

describe('operators', () => {
  test('an admin creates, disables, enables and resets operators, each audited', async () => {
    const created = await send(
      'POST',
      adminApiPaths.operators,
      { username: 'Nid_Finance', password: 'first-password-1', role: 'finance' },
      { token: admin.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    const operator = created.json().value;
    expect(operator).toMatchObject({ username: 'Nid_Finance', role: 'finance', status: 'active', totpEnrolled: false });
    const taken = await send(
      'POST',
      adminApiPaths.operators,
      { username: 'nid_finance', password: 'first-password-1', role: 'support' },
      { token: admin.token },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: backofficeErrorCodes.usernameTaken, field: 'username' });

    const login = operatorLoginValueSchema.parse(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: 'nid_finance', password: 'first-password-1' },
          { ip: nextIp() },
        )
      ).json().value,
    );
    expect(login.stage).toBe('enrol');
    const disabled = await send(
      'PATCH',
      adminPath(adminApiPaths.operator, { operatorId: operator.id }),
      { status: 'disabled' },
      { token: admin.token },
    );
    expect(disabled.json().value).toMatchObject({ status: 'disabled' });
    // Its sessions end at once and it cannot log in.
    expect((await send('POST', adminApiPaths.totpEnrol, undefined, { token: login.token })).statusCode).toBe(401);
    expect(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: 'nid_finance', password: 'first-password-1' },
          { ip: nextIp() },
        )
      ).statusCode,
    ).toBe(400);
    await send(
      'PATCH',
      adminPath(adminApiPaths.operator, { operatorId: operator.id }),
      { status: 'active' },
      { token: admin.token },
    );

    const reset = await send('DELETE', adminPath(adminApiPaths.operatorTotp, { operatorId: finance.id }), undefined, {
      token: admin.token,
    });
    expect(reset.json().value).toMatchObject({ totpEnrolled: false });
    expect((await send('GET', adminApiPaths.me, undefined, { token: finance.token })).statusCode).toBe(401);

    const audits = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id', 'before', 'after', 'operator_id'])
      .where('operator_id', '=', admin.id)
      .orderBy('id')
      .execute();
    expect(audits.filter((row) => row.action.startsWith('operator.'))).toEqual([
      {
        action: 'operator.create',
        target_id: operator.id,
        before: null,
        after: { username: 'Nid_Finance', role: 'finance', status: 'active' },
        operator_id: admin.id,
      },
      {
        action: 'operator.disable',
        target_id: operator.id,
        before: { status: 'active' },
        after: { status: 'disabled' },
        operator_id: admin.id,
      },
      {
        action: 'operator.enable',
        target_id: operator.id,
        before: { status: 'disabled' },
        after: { status: 'active' },
        operator_id: admin.id,
      },
      {
        action: 'operator.totp.reset',
        target_id: String(finance.id),
        before: { totpEnrolled: true },
        after: { totpEnrolled: false },
        operator_id: admin.id,
      },
    ]);
    expect(
      JSON.stringify(audits, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain('first-password-1');
  });

  test('an admin may not disable or reset themself; another merchant’s operator is 404', async () => {
    const self = await send(
      'PATCH',
      adminPath(adminApiPaths.operator, { operatorId: admin.id }),
      { status: 'disabled' },
      { token: admin.token },
    );
    expect(self.statusCode).toBe(409);
    expect(
      (
        await send('DELETE', adminPath(adminApiPaths.operatorTotp, { operatorId: admin.id }), undefined, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send(
          'PATCH',
          adminPath(adminApiPaths.operator, { operatorId: stranger.id }),
          { status: 'disabled' },
          { token: admin.token },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send('DELETE', adminPath(adminApiPaths.operatorTotp, { operatorId: stranger.id }), undefined, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  test.each([
    ['a short password', { username: 'valid_name', password: 'short', role: 'support' }, 'password'],
    ['a bad username', { username: 'bad name!', password: 'long-enough-password', role: 'support' }, 'username'],
    ['an unknown role', { username: 'valid_name', password: 'long-enough-password', role: 'owner' }, 'role'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const response = await send('POST', adminApiPaths.operators, body, { token: admin.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});

describe('own password', () => {
  const newPassword = 'brand-new-password-42';

  async function passwordHash(operatorId: bigint): Promise<string> {
    return (
      await testApp.db
        .selectFrom('operator')
        .select('password_hash')
        .where('id', '=', operatorId)
        .executeTakeFirstOrThrow()
    ).password_hash;
  }

  test('the operator changes it (argon2id); every other session ends; audited without any password', async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    const base = { merchantId: testApp.demoMerchantId, operatorId: operator.id, ip: '127.0.0.1', nowMs: clock.nowMs };
    const otherFull = await createOperatorSession(testApp.db, { ...base, stage: 'full' });
    const otherHalf = await createOperatorSession(testApp.db, { ...base, stage: 'password' });
    const oldHash = await passwordHash(operator.id);

    const response = await send(
      'PUT',
      adminApiPaths.ownPassword,
      { currentPassword: operator.password, newPassword },
      { token: operator.token, ip: nextIp() },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toEqual({ sessionsEnded: 2 });
    const newHash = await passwordHash(operator.id);
    expect(newHash).toMatch(/^\$argon2id\$/);
    expect(newHash).not.toBe(oldHash);

    // This session goes on; the others are gone.
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(200);
    expect((await send('GET', adminApiPaths.me, undefined, { token: otherFull.token })).statusCode).toBe(401);
    expect(
      (await send('POST', adminApiPaths.totpVerify, { code: '123456' }, { token: otherHalf.token })).statusCode,
    ).toBe(401);
    // The old password no longer logs in; the new one does.
    expect(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: operator.username, password: operator.password },
          { ip: nextIp() },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: operator.username, password: newPassword },
          { ip: nextIp() },
        )
      ).statusCode,
    ).toBe(200);

    const audits = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'target_type', 'target_id', 'before', 'after'])
      .where('action', '=', 'operator.password.change')
      .where('operator_id', '=', operator.id)
      .execute();
    expect(audits).toEqual([
      {
        action: 'operator.password.change',
        operator_id: operator.id,
        target_type: 'operator',
        target_id: String(operator.id),
        before: null,
        after: { sessionsEnded: 2 },
      },
    ]);
    const everything = JSON.stringify(
      await testApp.db.selectFrom('operator_audit').selectAll().where('operator_id', '=', operator.id).execute(),
      (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
    );
    for (const secret of [operator.password, newPassword, oldHash, newHash]) expect(everything).not.toContain(secret);
  });

  test.each([
    [
      'a new password under 10 characters',
      { currentPassword: 'operator-password-1', newPassword: 'short-pw' },
      'newPassword',
      'validation.failed',
    ],
    ['no new password', { currentPassword: 'operator-password-1' }, 'newPassword', 'validation.failed'],
    ['no current password', { newPassword: 'long-enough-password' }, 'currentPassword', 'validation.failed'],
    [
      'an empty current password',
      { currentPassword: '', newPassword: 'long-enough-password' },
      'currentPassword',
      'validation.failed',
    ],
    [
      'the new password equal to the current one',
      { currentPassword: 'operator-password-1', newPassword: 'operator-password-1' },
      'newPassword',
      backofficeErrorCodes.passwordUnchanged,
    ],
    [
      'a wrong current password',
      { currentPassword: 'not-my-password-1', newPassword: 'long-enough-password' },
      'currentPassword',
      backofficeErrorCodes.currentPasswordWrong,
    ],
  ])('refuses %s with a 400 naming the field in TH and EN; nothing changes', async (_name, body, field, errorCode) => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'finance',
      nowMs: clock.nowMs,
    });
    const hash = await passwordHash(operator.id);
    const messages: string[] = [];
    for (const language of ['TH', 'EN'] as const) {
      const response = await send('PUT', adminApiPaths.ownPassword, body, {
        token: operator.token,
        language,
        ip: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode, field });
      expect(response.json().message).toContain(field);
      messages.push(response.json().message as string);
    }
    expect(messages[0]).not.toBe(messages[1]);
    if (errorCode === backofficeErrorCodes.currentPasswordWrong) {
      expect(messages).toEqual([
        'รหัสผ่านปัจจุบันไม่ถูกต้อง (currentPassword)',
        'The current password is wrong (currentPassword)',
      ]);
    }
    if (errorCode === backofficeErrorCodes.passwordUnchanged) {
      expect(messages).toEqual([
        'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน (newPassword)',
        'The new password must differ from the current one (newPassword)',
      ]);
    }
    expect(await passwordHash(operator.id)).toBe(hash);
    expect((await send('GET', adminApiPaths.me, undefined, { token: operator.token })).statusCode).toBe(200);
    expect((await auditRows('operator.password.change')).map((row) => row.operator_id)).not.toContain(operator.id);
  });

  test(`wrong current passwords count in the login throttle: the ${operatorAccountFailureLimit}th locks the account`, async () => {
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    for (let attempt = 1; attempt <= operatorAccountFailureLimit; attempt++) {
      const response = await send(
        'PUT',
        adminApiPaths.ownPassword,
        { currentPassword: `wrong-password-${attempt}`, newPassword },
        { token: operator.token, ip: nextIp() },
      );
      expect(response.statusCode, `#${attempt}: ${response.body}`).toBe(
        attempt < operatorAccountFailureLimit ? 400 : 429,
      );
    }
    const failures = await testApp.db
      .selectFrom('operator_login_failure')
      .select('reason')
      .where('username_key', '=', operator.username.toLowerCase())
      .execute();
    expect(failures).toHaveLength(operatorAccountFailureLimit);
    expect(failures.every((row) => row.reason === 'password')).toBe(true);
    // Locked: even the right password is refused, here and at the login.
    const right = await send(
      'PUT',
      adminApiPaths.ownPassword,
      { currentPassword: operator.password, newPassword },
      { token: operator.token, ip: nextIp() },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ errorCode: backofficeErrorCodes.loginLocked });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: operator.username, password: operator.password },
          { ip: nextIp() },
        )
      ).statusCode,
    ).toBe(429);
    expect((await auditRows('operator.password.change')).map((row) => row.operator_id)).not.toContain(operator.id);
  });

  test('nobody changes another operator’s password through it: the operator is always the session’s', async () => {
    const actor = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'admin',
      nowMs: clock.nowMs,
    });
    const victim = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      password: 'victim-password-1',
      nowMs: clock.nowMs,
    });
    const victimHash = await passwordHash(victim.id);
    // The victim's password is not the actor's current password.
    const guessed = await send(
      'PUT',
      adminApiPaths.ownPassword,
      { currentPassword: victim.password, newPassword },
      { token: actor.token, ip: nextIp() },
    );
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({
      errorCode: backofficeErrorCodes.currentPasswordWrong,
      field: 'currentPassword',
    });
    // Naming the victim in the body changes nothing but the caller's own password.
    const named = await send(
      'PUT',
      adminApiPaths.ownPassword,
      { currentPassword: actor.password, newPassword, operatorId: String(victim.id), username: victim.username },
      { token: actor.token, ip: nextIp() },
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(await passwordHash(victim.id)).toBe(victimHash);
    expect((await send('GET', adminApiPaths.me, undefined, { token: victim.token })).statusCode).toBe(200);
    expect(
      (
        await send(
          'POST',
          adminApiPaths.login,
          { username: victim.username, password: victim.password },
          { ip: nextIp() },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', adminApiPaths.login, { username: actor.username, password: newPassword }, { ip: nextIp() }))
        .statusCode,
    ).toBe(200);
    // There is no call for another operator's password at all.
    const other = await send(
      'PUT',
      `${adminPath(adminApiPaths.operator, { operatorId: victim.id })}/password`,
      { currentPassword: victim.password, newPassword },
      { token: actor.token },
    );
    expect(other.statusCode).toBe(404);
    expect(await passwordHash(victim.id)).toBe(victimHash);
  });
});

describe('operator roles', () => {
  test('an admin changes another operator’s role: audited, sessions go on, permissions follow at once', async () => {
    const target = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    const url = adminPath(adminApiPaths.operatorRole, { operatorId: target.id });
    expect((await send('GET', adminApiPaths.outbox, undefined, { token: target.token })).statusCode).toBe(200);
    expect((await send('GET', adminApiPaths.ledgerCheck, undefined, { token: target.token })).statusCode).toBe(403);

    const changed = await send('PUT', url, { role: 'finance' }, { token: admin.token });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ id: String(target.id), role: 'finance', status: 'active' });
    const me = await send('GET', adminApiPaths.me, undefined, { token: target.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().value).toMatchObject({
      operator: { role: 'finance' },
      permissions: [...rolePermissions.finance],
    });
    expect((await send('GET', adminApiPaths.ledgerCheck, undefined, { token: target.token })).statusCode).toBe(200);
    expect((await send('GET', adminApiPaths.outbox, undefined, { token: target.token })).statusCode).toBe(403);

    // The same role again changes nothing and writes no audit row.
    expect((await send('PUT', url, { role: 'finance' }, { token: admin.token })).json().value).toMatchObject({
      role: 'finance',
    });
    await send('PUT', url, { role: 'admin' }, { token: admin.token });
    expect((await send('GET', adminApiPaths.operators, undefined, { token: target.token })).statusCode).toBe(200);
    const revoked = await testApp.db
      .selectFrom('operator_session')
      .select('revoked_at')
      .where('operator_id', '=', target.id)
      .execute();
    expect(revoked.every((row) => row.revoked_at === null)).toBe(true);

    const audits = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'target_id', 'before', 'after'])
      .where('action', '=', 'operator.role.change')
      .where('target_id', '=', String(target.id))
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      {
        action: 'operator.role.change',
        operator_id: admin.id,
        target_id: String(target.id),
        before: { role: 'support' },
        after: { role: 'finance' },
      },
      {
        action: 'operator.role.change',
        operator_id: admin.id,
        target_id: String(target.id),
        before: { role: 'finance' },
        after: { role: 'admin' },
      },
    ]);
  });

  test('support and finance cannot change roles, not even their own; the role stays', async () => {
    const insert = (role: 'support' | 'finance') =>
      insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role, nowMs: clock.nowMs });
    // Fresh ones: the shared finance operator's session ended with its authenticator reset above.
    const [target, support, finance] = await Promise.all([insert('support'), insert('support'), insert('finance')]);
    for (const [operator, operatorId] of [
      [support, target.id],
      [finance, target.id],
      [support, support.id],
      [finance, finance.id],
    ] as const) {
      const response = await send(
        'PUT',
        adminPath(adminApiPaths.operatorRole, { operatorId }),
        { role: 'admin' },
        { token: operator.token },
      );
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: backofficeErrorCodes.permissionDenied });
    }
    const roles = await testApp.db
      .selectFrom('operator')
      .select(['id', 'role'])
      .where('id', 'in', [target.id, support.id, finance.id])
      .execute();
    expect(Object.fromEntries(roles.map((row) => [String(row.id), row.role]))).toEqual({
      [String(target.id)]: 'support',
      [String(support.id)]: 'support',
      [String(finance.id)]: 'finance',
    });
  });

  test('an admin may not change their own role (409); another merchant’s operator is 404', async () => {
    const self = await send(
      'PUT',
      adminPath(adminApiPaths.operatorRole, { operatorId: admin.id }),
      { role: 'support' },
      { token: admin.token },
    );
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ errorCode: backofficeErrorCodes.selfChangeRefused });
    const foreign = await send(
      'PUT',
      adminPath(adminApiPaths.operatorRole, { operatorId: stranger.id }),
      { role: 'support' },
      { token: admin.token },
    );
    expect(foreign.statusCode).toBe(404);
    const rows = await testApp.db
      .selectFrom('operator')
      .select(['id', 'role'])
      .where('id', 'in', [admin.id, stranger.id])
      .execute();
    expect(rows.every((row) => row.role === 'admin')).toBe(true);
  });

  test.each([
    ['an unknown role', { role: 'owner' }],
    ['no role', {}],
    ['a role of another type', { role: 1 }],
  ])('refuses %s with a 400 naming the field role in TH and EN', async (_name, body) => {
    const target = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    const messages: string[] = [];
    for (const language of ['TH', 'EN'] as const) {
      const response = await send('PUT', adminPath(adminApiPaths.operatorRole, { operatorId: target.id }), body, {
        token: admin.token,
        language,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'role' });
      expect(response.json().message).toContain('role');
      messages.push(response.json().message as string);
    }
    expect(messages[0]).not.toBe(messages[1]);
    expect(
      (await testApp.db.selectFrom('operator').select('role').where('id', '=', target.id).executeTakeFirstOrThrow())
        .role,
    ).toBe('support');
  });
});
