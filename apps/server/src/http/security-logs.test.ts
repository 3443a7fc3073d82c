import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { publicKeySchema, type PublicKey } from '@lotus/contract';
import { buildHouseGamesApp, connectHouseDatabase, migrateHouseDatabase, type HouseGamesApp } from '@lotus/house-games';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { developmentHouseVendorSecret } from '../config.ts';
import { sealForTest } from '../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { urlForLog } from './request-log.ts';

/**
 * Secrets never reach the logs. A member's whole journey runs in-process over real HTTP with the
 * logger at its most verbose level writing into memory: register by mobile number with its SMS code
 * (and the demo agent's affiliate code), log in with "remember me", change the password, log in
 * again, reset it through the e-mailed link, set a payment password, deposit through DEMOPAY, bind a bank account, request a withdrawal,
 * launch the house slot, open its page and spin (the house vendor, in-process too, bets through the
 * signed seamless wallet). Then every password, token, code and payment
 * password used is looked for in everything logged, as is and in the encodings a careless line
 * would use.
 */

const logged: string[] = [];
let t: TestApp;
let baseUrl: string;
let publicKey: PublicKey;
let house: HouseGamesApp;
let houseDb: ReturnType<typeof connectHouseDatabase>;
let houseUrl: string;

/** Every line the app writes (pino writes whole lines, synchronously, to a plain stream). */
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace', CHALLENGE_BYPASS: 'true' }, { logDestination: logSink });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  // The house vendor too, logging at trace into the same memory: it is the one that sees game URLs.
  houseDb = connectHouseDatabase(t.database.connectionString);
  await migrateHouseDatabase(houseDb);
  house = await buildHouseGamesApp({
    db: houseDb,
    secret: developmentHouseVendorSecret,
    platformUrl: baseUrl,
    publicUrl: 'http://localhost:9999',
    logLevel: 'trace',
    logStream: { write: (line) => void logged.push(line) },
    recoveryEveryMs: 0,
    tables: { autoRun: false },
  });
  houseUrl = await house.app.listen({ host: '127.0.0.1', port: 0 });
  const keyResponse = await fetch(`${baseUrl}/wps/system/publicKey`, { headers: { Merchant: 'demo' } });
  publicKey = z.object({ value: publicKeySchema }).parse(await keyResponse.json()).value;
});
afterAll(async () => {
  await house?.app.close();
  await houseDb?.destroy();
  await t?.close();
});

const okValue = z.object({ success: z.literal(true), value: z.any() });

interface CallOptions {
  token?: string;
  idempotencyKey?: string;
  /** Seal the body as the site does (login, registration, passwords). */
  isSealed?: boolean;
}

/** A call as the site makes it; fails the test unless it succeeds, and answers its `value`. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: Record<string, unknown>,
  options: CallOptions = {},
) {
  const sealed = body && options.isSealed ? sealForTest(body, publicKey) : null;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      ...(options.token ? { Authorization: options.token } : {}),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      ...(sealed ? { Encryption: sealed.encryptionHeader } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(sealed ? sealed.body : body) } : {}),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(200);
  return okValue.parse(JSON.parse(text)).value;
}

/** The forms a secret takes when something logs it carelessly: as is, URL-encoded, base64, base64url, hex. */
function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
    ]),
  ];
}

/** Where `needle` appears in `haystack` as a whole word (a 6-digit code inside a longer number is not it). */
function occurrences(haystack: string, needle: string): number {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return haystack.match(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'))?.length ?? 0;
}

describe('a member journey at LOG_LEVEL=trace', () => {
  test('logs none of the secrets it used, in any common encoding', async () => {
    const secrets: Record<string, string> = { houseVendorSecret: developmentHouseVendorSecret };
    const mobileNum = `08${String(randomInt(10_000_000, 99_999_999))}`;
    const firstPassword = `Lotus${randomBytes(5).toString('hex')}`;
    const secondPassword = `Lotus${randomBytes(5).toString('hex')}`;
    const thirdPassword = `Lotus${randomBytes(5).toString('hex')}`;
    const paymentPassword = String(randomInt(100_000, 999_999));
    secrets.firstPassword = firstPassword;
    secrets.secondPassword = secondPassword;
    secrets.thirdPassword = thirdPassword;
    secrets.paymentPassword = paymentPassword;

    // Register by mobile number with the SMS code (and the demo agent's public affiliate code).
    await call('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+66',
      mobileNo: mobileNum,
      sliderToken: 'bypass',
    });
    const outbox = await call('GET', `/wps/dev/outbox?to=${encodeURIComponent(`+66${mobileNum.slice(1)}`)}`);
    const smsCode = z.array(z.object({ code: z.string() })).parse(outbox)[0]!.code;
    secrets.smsCode = smsCode;
    const registered = await call(
      'PUT',
      '/wps/member/register/mobile',
      {
        password: firstPassword,
        confirmPassword: firstPassword,
        payeeName: 'Somchai Jaidee',
        mobileNum,
        countryDialingCode: '+66',
        sliderToken: 'bypass',
        verificationCode: smsCode,
        affiliateCode: 'LOTUS88',
      },
      { isSealed: true },
    );
    secrets.registrationToken = registered.token;

    // Log in with "remember me", then change the password (the answer may carry a new token).
    const login = await call(
      'POST',
      '/wps/session/login',
      { type: 'username', username: mobileNum, password: firstPassword, sliderToken: 'bypass', remember: true },
      { isSealed: true },
    );
    secrets.loginToken = login.token;
    secrets.rememberToken = login.rememberToken;
    const changed = await call(
      'POST',
      '/wps/member/password',
      { oldPassword: firstPassword, newPassword: secondPassword, confirmNewPassword: secondPassword },
      { token: login.token, isSealed: true },
    );
    if (changed?.token) secrets.changedToken = changed.token;
    const again = await call(
      'POST',
      '/wps/session/login',
      { type: 'username', username: mobileNum, password: secondPassword, sliderToken: 'bypass' },
      { isSealed: true },
    );
    secrets.secondLoginToken = again.token;

    // Forgot the password: the e-mailed link is opened in the browser (a GET of the site with the
    // token in its query), then the token sets a new password. The address is stored as the member's
    // own settings would store it.
    const email = `journey${randomBytes(4).toString('hex')}@example.com`;
    await t.db.updateTable('member').set({ email }).where('username_key', '=', mobileNum).execute();
    await call('POST', '/wps/member/password/email', { username: mobileNum, email });
    const mail = await t.db
      .selectFrom('outbox_message')
      .select('body')
      .where('destination', '=', email)
      .executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+resetPassword=\S+/.exec(mail.body)![0]);
    const resetToken = link.searchParams.get('resetPassword')!;
    secrets.resetToken = resetToken;
    await fetch(`${baseUrl}${link.pathname}${link.search}`, { headers: { Accept: 'text/html' } });
    await call(
      'POST',
      '/wps/member/password/email/reset',
      { resetToken, newPassword: thirdPassword, confirmPassword: thirdPassword },
      { isSealed: true },
    );
    const afterReset = await call(
      'POST',
      '/wps/session/login',
      { type: 'username', username: mobileNum, password: thirdPassword, sliderToken: 'bypass' },
      { isSealed: true },
    );
    const token: string = afterReset.token;
    secrets.thirdLoginToken = token;

    // Payment password, then money in through DEMOPAY (its page and its signed callback over HTTP).
    await call(
      'PUT',
      '/wps/v2/member/paymentPassword',
      { password: thirdPassword, paymentPassword, confirmPaymentPassword: paymentPassword },
      { token, isSealed: true },
    );
    const deposit = await call(
      'POST',
      '/wps/relay/MCSFE_createDepositTask',
      { methodCode: 'DEMOPAY', amount: '500' },
      { token, idempotencyKey: randomUUID() },
    );
    const paid = await fetch(deposit.payUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'success' }),
    });
    expect(paid.status).toBe(200);

    // A bank account and a withdrawal request, proven with the payment password.
    const account = await call(
      'PUT',
      '/wps/v2/member/bankAccount',
      {
        bankCode: 'KBANK',
        accountNumber: `1${String(randomInt(100_000_000, 999_999_999))}`,
        accountName: 'Somchai Jaidee',
        paymentPassword,
      },
      { token, isSealed: true },
    );
    await call(
      'POST',
      '/wps/v2/transaction/withdraw',
      { amount: '100.00', bankAccountId: account.bankAccountId, paymentPassword },
      { token, idempotencyKey: randomUUID(), isSealed: true },
    );

    const balance = await call('GET', '/wps/v2/wallets/balance', undefined, { token });
    // 500 in, 100 held for the withdrawal: the money steps really ran.
    expect(balance.sumBalance).toBe('400.00');

    // Launch the house slot, open its page as the /game iframe does (the session token in the query)
    // and spin: the house vendor bets through the platform's signed seamless wallet call.
    const launch = await call(
      'POST',
      '/wps/game/launchGame',
      { gameId: 'lucky-lotus', vassalage: 'LTSLOT', launchMode: 'GLS', accountType: 1, confirmTrans: 0 },
      { token },
    );
    const gameUrl = new URL(launch.game_url);
    const sessionToken = gameUrl.searchParams.get('token')!;
    secrets.gameSessionToken = sessionToken;
    const page = await fetch(`${houseUrl}${gameUrl.pathname}${gameUrl.search}`);
    expect(page.status).toBe(200);
    const player = { token: sessionToken, gameId: 'lucky-lotus', currency: 'THB' };
    const houseCall = async (path: string, body: Record<string, unknown>) => {
      const response = await fetch(`${houseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    };
    await houseCall('/api/slot/session', player);
    await houseCall('/api/slot/spin', { ...player, betPerLine: 5 });
    const member = await t.db
      .selectFrom('member')
      .select('id')
      .where('username_key', '=', mobileNum)
      .executeTakeFirstOrThrow();
    const bets = await t.db.selectFrom('bet_record').select('member_id').where('member_id', '=', member.id).execute();
    expect(bets).toHaveLength(1);

    // A wrong password and a wrong payment password are logged as refusals: still without the attempt.
    const wrongPassword = `Wrong${randomBytes(5).toString('hex')}`;
    secrets.wrongPassword = wrongPassword;
    const refused = await fetch(`${baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: { Merchant: 'demo', 'content-type': 'application/json', Encryption: '' },
      body: JSON.stringify({ type: 'username', username: mobileNum, password: wrongPassword, sliderToken: 'bypass' }),
    });
    expect(refused.status).toBe(400);

    const log = logged.join('');
    // The log really is the verbose one: a line per request, the journey's calls among them.
    expect(log).toContain('"msg":"request completed"');
    expect(log).toContain('/wps/v2/transaction/withdraw');
    expect(log).toContain('/vendor-api/HOUSE/bet');
    expect(log).toContain('/play/lucky-lotus');
    const leaks = Object.entries(secrets).flatMap(([name, secret]) =>
      encodings(secret)
        .filter((form) => occurrences(log, form) > 0)
        .map(
          (form) =>
            `${name} as ${JSON.stringify(form)}: ${logged.find((line) => occurrences(line, form) > 0)?.slice(0, 300)}`,
        ),
    );
    expect(leaks).toEqual([]);
  });
});

describe('urlForLog', () => {
  test.each([
    ['/?resetPassword=abc_DEF-123', '/?resetPassword=[redacted]'],
    ['/play/x?token=t0k&lang=th', '/play/x?token=[redacted]&lang=th'],
    [
      '/cb?sessionToken=a&SIGNATURE=b&apiKey=c&otp=1&code=2&x=3',
      '/cb?sessionToken=[redacted]&SIGNATURE=[redacted]&apiKey=[redacted]&otp=[redacted]&code=[redacted]&x=3',
    ],
    ['/x?pass%77ord=secret', '/x?pass%77ord=[redacted]'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/wps/relay/MCSFE_getDepositTask?depositId=12', '/wps/relay/MCSFE_getDepositTask?depositId=12'],
    ['/wps/dev/outbox?to=%2B66812345678', '/wps/dev/outbox?to=%2B66812345678'],
    ['/no/query', '/no/query'],
    ['/flag?token', '/flag?token'],
  ])('%s is logged as %s', (url, logged) => {
    expect(urlForLog(url)).toBe(logged);
  });
});
