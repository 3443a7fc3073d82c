import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DeliveryError, type MessageSender } from '../../messaging/index.ts';
import { freshIp, useAccountsKit, type TestMember } from '../accounts.testing.ts';

/** Forgot password by e-mail: the link request (form-encoded, no enumeration) and the reset with its token. */
const kit = useAccountsKit();

let emailCounter = 0;
async function memberWithEmail(): Promise<TestMember & { email: string }> {
  emailCounter += 1;
  const email = `reset${emailCounter}.${Date.now().toString(36)}@example.com`;
  return { ...(await kit.registerMember({ email })), email };
}

function requestLink(
  fields: Record<string, string>,
  options: { ip?: string; host?: string; language?: 'TH' | 'EN'; asJson?: boolean } = {},
) {
  return kit.testApp.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: {
      Merchant: 'demo',
      Language: options.language ?? 'EN',
      ...(options.host ? { Host: options.host } : {}),
      'content-type': options.asJson ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    payload: options.asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    remoteAddress: options.ip ?? freshIp(),
  });
}

function reset(payload: Record<string, unknown>, language: 'TH' | 'EN' = 'EN') {
  return kit.sealed('POST', '/wps/member/password/email/reset', payload, { language });
}

async function emailsTo(email: string) {
  // Outbox ids are UUIDs: time orders them (the clock moves between e-mails of one test).
  return kit.testApp.db
    .selectFrom('outbox_message')
    .selectAll()
    .where('destination', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
}

function tokenIn(body: string): string {
  const token = /resetPassword=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** Asks for a link and answers the token the member received. */
async function linkFor(member: { username: string; email: string }): Promise<string> {
  expect((await requestLink({ username: member.username, email: member.email })).statusCode).toBe(200);
  return tokenIn((await emailsTo(member.email))[0]!.body);
}

describe('POST /wps/member/password/email', () => {
  test('a matching username and address: one e-mail in the request language with a 30-minute link back to this site; only its hash is stored', async () => {
    const member = await memberWithEmail();
    const response = await requestLink(
      { username: member.username.toUpperCase(), email: member.email.toUpperCase() },
      { language: 'TH', host: 'demo.lotus88.test' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });
    expect(response.headers['cache-control']).toBe('no-store');

    const [email] = await emailsTo(member.email);
    expect(email).toMatchObject({ channel: 'email', subject: 'Lotus88: ตั้งรหัสผ่านใหม่' });
    expect(email!.body).toContain(`สวัสดีคุณ ${member.username}`);
    expect(email!.body).toMatch(/\nhttp:\/\/demo\.lotus88\.test\/\?resetPassword=[A-Za-z0-9_-]{43}\n/);
    const token = tokenIn(email!.body);
    const row = await kit.testApp.db
      .selectFrom('password_reset_token')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(30 * 60_000);
  });

  test('JSON is accepted too; the link keeps the port of a known host', async () => {
    const member = await memberWithEmail();
    const response = await requestLink(
      { username: member.username, email: member.email },
      { asJson: true, host: 'localhost:5173' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await emailsTo(member.email))[0]!.body).toContain('http://localhost:5173/?resetPassword=');
  });

  test("a Host that is not the merchant's: the link points at its primary domain, never at the stranger", async () => {
    const member = await memberWithEmail();
    await requestLink({ username: member.username, email: member.email }, { host: 'evil.example' });
    const [email] = await emailsTo(member.email);
    expect(email!.body).toContain('https://demo.lotus88.test/?resetPassword=');
    expect(email!.body).not.toContain('evil.example');
  });

  test('the same bytes whether the pair matches, the address is wrong, or the user does not exist; only the match gets mail', async () => {
    const member = await memberWithEmail();
    const other = await memberWithEmail();
    const answers = [
      await requestLink({ username: member.username, email: member.email }),
      await requestLink({ username: member.username, email: other.email }),
      await requestLink({ username: 'nobodyhere', email: member.email }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await emailsTo(member.email)).toHaveLength(1);
    expect(await emailsTo(other.email)).toHaveLength(0);
  });

  test('a closed account gets nothing (same answer)', async () => {
    const member = await memberWithEmail();
    await kit.testApp.db.updateTable('member').set({ status: 'closed' }).where('id', '=', member.id).execute();
    expect((await requestLink({ username: member.username, email: member.email })).json()).toEqual({
      success: true,
      value: null,
    });
    expect(await emailsTo(member.email)).toHaveLength(0);
  });

  test.each([
    ['username', { email: 'a@example.com' }, 'validation.failed'],
    ['username', { username: '  ', email: 'a@example.com' }, 'validation.failed'],
    ['email', { username: 'someone' }, 'validation.failed'],
    ['email', { username: 'someone', email: '' }, 'validation.failed'],
    ['email', { username: 'someone', email: 'not-an-address' }, 'validation.failed'],
  ])('%s missing or malformed: 400 naming it', async (field, fields, errorCode) => {
    const response = await requestLink(fields as Record<string, string>, { language: 'TH' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
    expect(response.json().message).toContain(field);
  });

  test('one e-mail a minute per account, silently: a second ask within the minute sends nothing and keeps the first link', async () => {
    const member = await memberWithEmail();
    const first = await linkFor(member);
    const again = await requestLink({ username: member.username, email: member.email });
    expect(again.json()).toEqual({ success: true, value: null });
    expect(await emailsTo(member.email)).toHaveLength(1);
    expect(
      (await reset({ resetToken: first, newPassword: 'fresh1234', confirmPassword: 'fresh1234' })).statusCode,
    ).toBe(200);
  });

  test('only the newest link counts: asking again a minute later retires the first', async () => {
    const member = await memberWithEmail();
    const first = await linkFor(member);
    kit.clock.nowMs += 61_000;
    const second = await linkFor(member);
    expect(second).not.toBe(first);
    expect(
      (await reset({ resetToken: first, newPassword: 'fresh1234', confirmPassword: 'fresh1234' })).json(),
    ).toMatchObject({
      errorCode: 'password.reset.token.invalid',
      field: 'resetToken',
    });
    expect(
      (await reset({ resetToken: second, newPassword: 'fresh1234', confirmPassword: 'fresh1234' })).statusCode,
    ).toBe(200);
  });

  test('throttled per IP: the 6th ask in a minute is 429', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await requestLink({ username: `nobody${attempt}`, email: 'x@example.com' }, { ip })).statusCode).toBe(
        200,
      );
    const throttled = await requestLink({ username: 'nobody', email: 'x@example.com' }, { ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });

  test('a failed delivery answers the same and leaves no live link, so the member may ask again at once', async () => {
    const member = await memberWithEmail();
    const senders = kit.testApp.app.messageSenders;
    const working = senders.email;
    const failing: MessageSender = {
      via: 'smtp',
      send: async () => Promise.reject(new DeliveryError('smtp answered 554')),
    };
    senders.email = failing;
    try {
      const response = await requestLink({ username: member.username, email: member.email });
      expect(response.json()).toEqual({ success: true, value: null });
    } finally {
      senders.email = working;
    }
    expect(
      await kit.testApp.db.selectFrom('password_reset_token').select('id').where('member_id', '=', member.id).execute(),
    ).toEqual([]);
    expect((await emailsTo(member.email))[0]).toMatchObject({ delivery_status: 'failed' });
    await linkFor(member);
  });
});

describe('POST /wps/member/password/email/reset', () => {
  test('sets the new password, ends every session, and the link works once', async () => {
    const member = await memberWithEmail();
    const token = await linkFor(member);
    const response = await reset({ resetToken: token, newPassword: 'fresh1234', confirmPassword: 'fresh1234' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });

    expect((await kit.json('GET', '/wps/member/info', undefined, { token: member.token })).statusCode).toBe(401);
    expect((await kit.login(member.username, member.password)).json()).toMatchObject({ errorCode: 'login.failed' });
    expect((await kit.login(member.username, 'fresh1234')).statusCode).toBe(200);
    const row = await kit.testApp.db
      .selectFrom('member')
      .select(['password_changed_at', 'must_change_password'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_changed_at: new Date(kit.clock.nowMs), must_change_password: false });

    const replay = await reset({ resetToken: token, newPassword: 'other1234', confirmPassword: 'other1234' }, 'TH');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'password.reset.token.invalid',
      field: 'resetToken',
    });
    expect(replay.json().message).toContain('ลิงก์');
  });

  test('after 30 minutes the link is dead', async () => {
    const member = await memberWithEmail();
    const token = await linkFor(member);
    kit.clock.nowMs += 30 * 60_000;
    expect(
      (await reset({ resetToken: token, newPassword: 'fresh1234', confirmPassword: 'fresh1234' })).json(),
    ).toMatchObject({ errorCode: 'password.reset.token.invalid' });
    expect((await kit.login(member.username, member.password)).statusCode).toBe(200);
  });

  test.each([
    ['newPassword', 'against the password rule', { newPassword: 'abc', confirmPassword: 'abc' }],
    ['newPassword', 'empty', { newPassword: '', confirmPassword: '' }],
    ['confirmPassword', 'different', { newPassword: 'fresh1234', confirmPassword: 'fresh1235' }],
  ])('%s %s: 400 naming it, and the link is not spent', async (field, _case, passwords) => {
    const member = await memberWithEmail();
    const token = await linkFor(member);
    const response = await reset({ resetToken: token, ...passwords });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    expect(
      (await reset({ resetToken: token, newPassword: 'fresh1234', confirmPassword: 'fresh1234' })).statusCode,
    ).toBe(200);
  });

  test.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not a token'],
    ['empty', ''],
  ])('a token %s: 400 password.reset.token.invalid', async (_case, resetToken) => {
    const response = await reset({ resetToken, newPassword: 'fresh1234', confirmPassword: 'fresh1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'password.reset.token.invalid', field: 'resetToken' });
  });

  test('is sealed: a clear JSON body is refused', async () => {
    const response = await kit.json('POST', '/wps/member/password/email/reset', {
      resetToken: 'x',
      newPassword: 'fresh1234',
      confirmPassword: 'fresh1234',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'payload.encryption.invalid' });
  });
});
