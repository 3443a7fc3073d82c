import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { freshIp } from '../verification/testing.ts';
import { findCodeInText } from './code.ts';
import { issueCode } from './issue-code.ts';
import { demoMerchant, freshMobile } from './testing.ts';

/** The outside world is mocked here only: a local SMTP server and a local SMS gateway. */

describe('settings', () => {
  test('a provider that needs a URL names it, listed with every other problem', () => {
    let caught: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'http', EMAIL_PROVIDER: 'smtp', PORT: 'eighty', SMS_GATEWAY_TOKEN: 'secret-token' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/SMS_GATEWAY_URL: required when SMS_PROVIDER is http/);
    expect(problems).toMatch(/SMTP_URL: required when EMAIL_PROVIDER is smtp/);
    expect(problems).not.toContain('secret-token');
  });

  test('outbox is the default for both channels; a bad URL is refused without repeating it', () => {
    expect(loadConfig({})).toMatchObject({ SMS_PROVIDER: 'outbox', EMAIL_PROVIDER: 'outbox' });
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://user:hunter2@host' })).toThrow(
      /SMTP_URL: must start with smtp/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://user:hunter2@host' })).not.toThrow(/hunter2/);
  });
});

describe('EMAIL_PROVIDER=smtp', () => {
  const received: Array<{ from: string; to: string[]; raw: string; user: string | undefined }> = [];
  let smtp: SMTPServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'mail-secret')
          return callback(null, { user: auth.username });
        return callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    testApp = await createTestApp({
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
      EMAIL_FROM: 'Lotus88 <no-reply@lotus88.test>',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('the code goes out by SMTP to the member, with the subject, and is recorded in the outbox as sent', async () => {
    const merchant = await demoMerchant(testApp.db);
    const result = await issueCode({
      db: testApp.db,
      senders: testApp.app.messageSenders,
      merchant,
      channel: 'email',
      destination: 'member@example.com',
      purpose: 'password-reset',
      language: 'EN',
      nowMs: Date.now(),
    });
    expect(result).toEqual({ expiredMinutes: 5 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail).toMatchObject({ from: 'no-reply@lotus88.test', to: ['member@example.com'], user: 'mailer' });
    expect(mail.raw).toMatch(/^Subject: Lotus88: your verification code$/m);
    expect(mail.raw).toMatch(/^To: member@example.com$/m);

    const row = await testApp.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('destination', '=', 'member@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'email', delivered_via: 'smtp', delivery_status: 'sent', error: null });
    const code = findCodeInText(row.body);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain(code);
  });

  test('an SMS still goes to the outbox only', async () => {
    const { destination } = freshMobile();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { Merchant: 'demo', Language: 'EN' },
      remoteAddress: freshIp(),
      payload: { countryDialingCode: '+66', mobileNo: destination.slice(3), sliderToken: 'bypass' },
    });
    // No bypass in this app: the slider token is refused, and nothing is sent.
    expect(response.json()).toMatchObject({ errorCode: 'slider.token.invalid' });
    const merchant = await demoMerchant(testApp.db);
    await issueCode({
      db: testApp.db,
      senders: testApp.app.messageSenders,
      merchant,
      channel: 'sms',
      destination,
      purpose: 'login',
      language: 'TH',
      nowMs: Date.now(),
    });
    const row = await testApp.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('destination', '=', destination)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivered_via: 'outbox', delivery_status: 'sent' });
  });
});

describe('SMS_PROVIDER=http', () => {
  const requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: unknown }> = [];
  /** What the gateway answers next. */
  let gatewayStatus = 200;
  let gateway: Server;
  let testApp: TestApp;

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method!,
          url: request.url!,
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(gatewayStatus, { 'content-type': 'application/json' });
        response.end(JSON.stringify(gatewayStatus === 200 ? { ok: true } : { error: 'no luck' }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    testApp = await createTestApp({
      CHALLENGE_BYPASS: '1',
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-secret',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  function sendRegisterSms(mobileNo: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { Merchant: 'demo', Language: 'EN' },
      remoteAddress: freshIp(),
      payload: { countryDialingCode: '+66', mobileNo, sliderToken: 'bypass' },
    });
  }

  test('posts { to, text } as JSON with the Bearer token; the outbox records it as sent by the gateway', async () => {
    gatewayStatus = 200;
    const { mobileNo, destination } = freshMobile();
    const response = await sendRegisterSms(mobileNo);
    expect(response.statusCode).toBe(200);
    const request = requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/send', body: { to: destination } });
    expect(request.headers.authorization).toBe('Bearer gateway-secret');
    expect(request.headers['content-type']).toBe('application/json');
    const text = (request.body as { text: string }).text;
    expect(findCodeInText(text)).toMatch(/^\d{6}$/);

    const row = await testApp.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('destination', '=', destination)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivered_via: 'sms-gateway', delivery_status: 'sent', body: text });
  });

  test('a 500 from the gateway: 502 sms.unknown.error (never a 500), the outbox row is failed, and the member may ask again at once', async () => {
    gatewayStatus = 500;
    const { mobileNo, destination } = freshMobile();
    const response = await sendRegisterSms(mobileNo);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode: 'sms.unknown.error' });
    expect(response.json().message).toMatch(/could not be sent/);

    const rows = await testApp.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('destination', '=', destination)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      delivered_via: 'sms-gateway',
      delivery_status: 'failed',
      error: 'gateway answered 500: {"error":"no luck"}',
    });
    expect(rows[0]!.error).not.toContain('gateway-secret');
    expect(
      await testApp.db.selectFrom('verification_code').select('id').where('destination', '=', destination).execute(),
    ).toEqual([]);

    gatewayStatus = 200;
    expect((await sendRegisterSms(mobileNo)).statusCode).toBe(200);
  });

  test('a 402 from the gateway: 503 sms.quota.insufficient (contact customer service)', async () => {
    gatewayStatus = 402;
    const response = await sendRegisterSms(freshMobile().mobileNo);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      errorCode: 'sms.quota.insufficient',
      message: 'Message quota insufficient, please contact customer service',
    });
  });
});
