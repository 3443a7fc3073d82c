import { execFileSync } from 'node:child_process';
import { createECDH, hkdfSync, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminPushPaths,
  depositPaths,
  pushPaths,
  pushPayloadSchema,
  type AdminPushOverview,
  type PushSettings,
} from '@lotus/contract';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator, insertTestRole, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, type DepositKit } from '../deposit/deposit.testing.ts';
import { sendSystemMessage } from '../inbox/index.ts';
import { createMerchant, newMerchantConfig } from '../merchant/index.ts';
import { createWithdrawalKit, type WithdrawalKit } from '../withdrawal/withdrawal.testing.ts';
import { deliverDuePushes } from './deliver.ts';
import { isPushServiceEndpoint } from './push.routes.ts';
import { openVapidPrivateKey, vapidKeyFingerprint } from './vapid-keys.ts';

/**
 * Web Push end to end on the real app: the member's consent and switches, a real deposit approval
 * queueing a notice in its transaction, `web-push` sending it to a local HTTPS server standing in for
 * the push service (the request decrypted here as a browser would, RFC 8291, and its VAPID header
 * checked), and a 410 from the push service removing the subscription. Also the manifest and icons
 * per merchant, by the request's domain.
 */
let kit: WithdrawalKit;
let deposits: DepositKit;
let finance: TestOperator;
let pushService: Server;
let agent: Agent;
let certDir: string;
let origin: string;
/** What the stand-in push service answers next, and what it received. */
let nextStatus = 201;
const received: { url: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(certDir, 'key.pem'),
      '-out',
      path.join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(certDir, 'cert.pem'));
  pushService = createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(nextStatus).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  agent = new Agent({ ca: cert });
  kit = await createWithdrawalKit({ pushAgent: agent });
  deposits = depositKit(kit.testApp);
  finance = await kit.newOperator('finance');
});
afterAll(async () => {
  await kit?.close();
  agent?.destroy();
  await new Promise((resolve) => pushService?.close(resolve));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** A browser's push keys: its P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 / RFC 8188 (aes128gcm), one record: what a browser does with a push body. */
function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

function call(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, language = 'EN') {
  return kit.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: language, Authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function settingsOk(response: Awaited<ReturnType<typeof call>>): Promise<PushSettings> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ value: PushSettings }>().value;
}

const deliver = () =>
  deliverDuePushes(kit.db, { secret: kit.testApp.config.VENDOR_SECRET_KEY, nowMs: kit.app.now(), agent });

const outboxOf = (memberId: bigint) =>
  kit.db.selectFrom('push_outbox').select(['kind', 'template']).where('member_id', '=', memberId).execute();

describe('consent and switches', () => {
  test('settings start without consent, every switch on, the merchant’s VAPID key sealed at rest', async () => {
    const member = await deposits.member();
    const settings = await settingsOk(await call(member.token, 'GET', pushPaths.settings));
    expect(settings).toMatchObject({
      consented: false,
      endpoints: [],
      switches: { depositApproved: true, withdrawalPaid: true, promotionIssued: true, contractOffered: true },
    });
    // An uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(settings.vapidPublicKey, 'base64url')).toHaveLength(65);
    const row = await kit.db
      .selectFrom('push_vapid_key')
      .selectAll()
      .where('merchant_id', '=', kit.testApp.demoMerchantId)
      .executeTakeFirstOrThrow();
    expect(row.public_key).toBe(settings.vapidPublicKey);
    expect(row.private_key_sealed).toMatch(/^v1\./);
    const privateKey = openVapidPrivateKey(
      kit.testApp.config.VENDOR_SECRET_KEY,
      kit.testApp.demoMerchantId,
      row.private_key_sealed,
    );
    expect(Buffer.from(privateKey!, 'base64url')).toHaveLength(32);
    expect(row.private_key_sealed).not.toContain(privateKey);
    // Another merchant's id (the additional data) does not open it.
    expect(openVapidPrivateKey(kit.testApp.config.VENDOR_SECRET_KEY, 999, row.private_key_sealed)).toBeNull();
    // The same key on the next read.
    expect((await settingsOk(await call(member.token, 'GET', pushPaths.settings))).vapidPublicKey).toBe(
      settings.vapidPublicKey,
    );
  });

  test('subscribing needs consent and a push service address; bad input names the field', async () => {
    const member = await deposits.member();
    const keys = browserKeys();
    const subscription = { endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`, keys: keys.json };
    const noConsent = await call(member.token, 'POST', pushPaths.subscribe, { consent: false, subscription });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({ success: false, field: 'consent' });
    const badKey = await call(member.token, 'POST', pushPaths.subscribe, {
      consent: true,
      subscription: { ...subscription, keys: { ...keys.json, p256dh: 'short' } },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ success: false, field: 'subscription.keys.p256dh' });
    const plainHttp = await call(member.token, 'POST', pushPaths.subscribe, {
      consent: true,
      subscription: { ...subscription, endpoint: 'http://127.0.0.1:1/push' },
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json()).toMatchObject({ success: false, field: 'subscription.endpoint' });
    expect(
      await kit.db.selectFrom('push_subscription').select('id').where('member_id', '=', member.memberId).execute(),
    ).toEqual([]);
    // Without a token: 401.
    expect(
      (await kit.app.inject({ method: 'GET', url: pushPaths.settings, headers: { Merchant: 'demo' } })).statusCode,
    ).toBe(401);
  });

  test('in production only the browsers’ push services are accepted (no request to any host)', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', true)).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/QA', true)).toBe(true);
    expect(isPushServiceEndpoint('https://wns2-by3p.notify.windows.com/w/?token=1', true)).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push', true)).toBe(false);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com.evil.test/x', true)).toBe(false);
    expect(isPushServiceEndpoint('http://fcm.googleapis.com/x', true)).toBe(false);
  });

  test('withdrawing consent removes every subscribed browser; the switches are kept', async () => {
    const member = await deposits.member();
    const subscription = { endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`, keys: browserKeys().json };
    const subscribed = await settingsOk(
      await call(member.token, 'POST', pushPaths.subscribe, { consent: true, subscription }),
    );
    expect(subscribed).toMatchObject({ consented: true, endpoints: [subscription.endpoint] });
    const switches = { depositApproved: false, withdrawalPaid: true, promotionIssued: false, contractOffered: true };
    const withdrawn = await settingsOk(
      await call(member.token, 'PUT', pushPaths.settings, { consent: false, switches }),
    );
    expect(withdrawn).toMatchObject({ consented: false, endpoints: [], switches });
  });
});

describe('sending', () => {
  test('a deposit approved is pushed, encrypted, to the subscribed browser; a kind switched off is not', async () => {
    const member = await deposits.member();
    const keys = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    await settingsOk(
      await call(member.token, 'POST', pushPaths.subscribe, {
        consent: true,
        subscription: { endpoint, keys: keys.json },
        switches: { depositApproved: true, withdrawalPaid: false, promotionIssued: true, contractOffered: true },
      }),
    );
    const settings = await settingsOk(await call(member.token, 'GET', pushPaths.settings));

    // The real path: an operator approves the deposit; the notice is queued in that transaction.
    const deposit = await deposits.bankDeposit(member.token, '500.00');
    const approved = await kit.operatorCall(finance, 'POST', depositPaths.adminApprove, {
      depositId: deposit.depositId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Switched off: no notice (the inbox message is written all the same).
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'withdrawal.paid',
      params: { withdrawalId: '77', amount: '100.00', currency: 'THB' },
      sourceKey: `withdrawal.paid:push-test-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    expect(await outboxOf(member.memberId)).toEqual([{ kind: 'deposit_approved', template: 'deposit.approved' }]);

    received.length = 0;
    nextStatus = 201;
    const result = await deliver();
    expect(result).toMatchObject({ sent: 1, removed: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(`${origin}${request!.url}`).toBe(endpoint);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe('86400');
    // VAPID (RFC 8292): signed for the push service's origin with the merchant's key.
    const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(String(request!.headers.authorization))!;
    expect(publicKey).toBe(settings.vapidPublicKey);
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.aud).toBe(origin);
    // The body is ciphertext; decrypted as the browser would, it is the notice in the member's language.
    expect(request!.body.toString('latin1')).not.toContain('Deposit');
    const payload = pushPayloadSchema.parse(JSON.parse(decryptPush(request!.body, keys)));
    expect(payload).toMatchObject({ kind: 'depositApproved', title: 'Deposit approved', url: '/' });
    expect(payload.body).toContain(`#${deposit.depositId}`);
    expect(await outboxOf(member.memberId)).toEqual([]);
    // Sent once: nothing left to send.
    received.length = 0;
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(0);
  });

  test('a subscription the push service answers 410 (gone) is removed', async () => {
    const member = await deposits.member();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    await settingsOk(
      await call(
        member.token,
        'POST',
        pushPaths.subscribe,
        { consent: true, subscription: { endpoint, keys: browserKeys().json } },
        'TH',
      ),
    );
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'promotion.issued',
      params: { nameTh: 'โปรทดสอบ', nameEn: 'Test promo', amount: '50.00', currency: 'THB' },
      sourceKey: `promotion.issued:push-test-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    received.length = 0;
    nextStatus = 410;
    try {
      expect(await deliver()).toMatchObject({ sent: 0, removed: 1, failed: 0 });
    } finally {
      nextStatus = 201;
    }
    expect(received).toHaveLength(1);
    expect(
      await kit.db.selectFrom('push_subscription').select('id').where('endpoint', '=', endpoint).execute(),
    ).toEqual([]);
    expect(await outboxOf(member.memberId)).toEqual([]);
    // No browser left: the next notice is not even queued.
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'promotion.issued',
      params: { nameTh: 'โปรทดสอบ', nameEn: 'Test promo', amount: '60.00', currency: 'THB' },
      sourceKey: `promotion.issued:push-test-2-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    expect(await outboxOf(member.memberId)).toEqual([]);
  });

  test('a push service that fails otherwise keeps the notice for a later try', async () => {
    const member = await deposits.member();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    await settingsOk(
      await call(member.token, 'POST', pushPaths.subscribe, {
        consent: true,
        subscription: { endpoint, keys: browserKeys().json },
      }),
    );
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'deposit.approved',
      params: { depositId: '1', amount: '1.00', creditAmount: '1.00', currency: 'THB' },
      sourceKey: `deposit.approved:push-test-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    nextStatus = 503;
    try {
      expect(await deliver()).toMatchObject({ sent: 0, removed: 0, failed: 1 });
    } finally {
      nextStatus = 201;
    }
    expect(await outboxOf(member.memberId)).toHaveLength(1);
    expect(
      await kit.db.selectFrom('push_subscription').select('id').where('endpoint', '=', endpoint).execute(),
    ).toHaveLength(1);
    await kit.db.deleteFrom('push_outbox').where('member_id', '=', member.memberId).execute();
  });
});

test('a contract offered (agents write it with the offer) is pushed in the subscription’s language', async () => {
  const member = await deposits.member();
  const keys = browserKeys();
  const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
  await settingsOk(
    await call(
      member.token,
      'POST',
      pushPaths.subscribe,
      { consent: true, subscription: { endpoint, keys: keys.json } },
      'TH',
    ),
  );
  await sendSystemMessage(kit.db, {
    merchantId: kit.testApp.demoMerchantId,
    memberId: member.memberId,
    template: 'contract.offered',
    params: { contractId: '42', kindTh: 'ปันผล', kindEn: 'dividend' },
    sourceKey: `contract.offered:push-test-${member.memberId}`,
    nowMs: kit.app.now(),
  });
  expect(await outboxOf(member.memberId)).toEqual([{ kind: 'contract_offered', template: 'contract.offered' }]);
  received.length = 0;
  expect(await deliver()).toMatchObject({ sent: 1 });
  const payload = pushPayloadSchema.parse(JSON.parse(decryptPush(received[0]!.body, keys)));
  expect(payload).toMatchObject({ kind: 'contractOffered', title: 'มีข้อเสนอสัญญาตัวแทนใหม่', url: '/agentCenter' });
  expect(payload.body).toContain('#42');
});

describe('web app manifest', () => {
  test('per merchant by the request’s domain: its name, colours and icons; an unknown domain is 404', async () => {
    const demo = await kit.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'localhost:8350' },
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.headers['content-type']).toContain('application/manifest+json');
    expect(demo.headers['content-security-policy']).toContain("manifest-src 'self'");
    const manifest = demo.json();
    expect(manifest).toMatchObject({
      name: 'Lotus88',
      short_name: 'Lotus88',
      display: 'standalone',
      start_url: '/?source=pwa',
      scope: '/',
    });
    expect(manifest.background_color).toBe('#0a0c12');
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      '192x192',
      '192x192',
      '512x512',
      '512x512',
    ]);

    const nowMs = kit.app.now();
    const config = newMerchantConfig({ name: 'Orchid Palace Casino', nowMs });
    config.brand.colors = {
      ...config.brand.colors,
      '--bg': '#102030',
      '--brand-primary': '#ff8800',
      '--header-bg': '#203040',
    };
    await kit.db.transaction().execute((trx) =>
      createMerchant(
        trx,
        {
          code: `orchid${process.pid}`,
          name: 'Orchid',
          currency: 'THB',
          currencySymbol: '฿',
          defaultLanguage: 'EN',
          domain: `orchid${process.pid}.test`,
          config,
        },
        nowMs,
      ),
    );
    const other = await kit.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: `orchid${process.pid}.test` },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({
      name: 'Orchid Palace Casino',
      short_name: 'Orchid Palac',
      theme_color: '#203040',
      background_color: '#102030',
      lang: 'en',
    });
    const icon = await kit.app.inject({
      method: 'GET',
      url: other.json().icons[2].src,
      headers: { host: `orchid${process.pid}.test` },
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(icon.rawPayload);
    expect([png.width, png.height]).toEqual([512, 512]);
    // The corner is the brand's background, the centre ring its primary colour.
    expect([...png.data.subarray(0, 3)]).toEqual([0x10, 0x20, 0x30]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 3)];
    expect(at(256, 256 - 75)).toEqual([0xff, 0x88, 0x00]);

    expect(
      (await kit.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'nobody.test' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.app.inject({ method: 'GET', url: '/app-icon/100.png', headers: { host: 'localhost' } })).statusCode,
    ).toBe(404);
  });
});

/**
 * The operator's side: the page's counts (push.read), the key rotation and the test notice
 * (push.manage), each audited. Last in the file: a rotation makes the demo merchant's earlier
 * subscriptions stale.
 */
describe('back-office', () => {
  let admin: TestOperator;
  beforeAll(async () => {
    admin = await kit.newOperator('admin');
  });

  const overviewOf = async (operator: TestOperator): Promise<AdminPushOverview> => {
    const response = await kit.operatorCall(operator, 'GET', adminPushPaths.overview);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: AdminPushOverview }>().value;
  };

  /** A member subscribing one browser, as the site does (its User-Agent, the key it subscribed with). */
  async function subscribeBrowser(
    token: string,
    options: { userAgent?: string; vapidPublicKey?: string; language?: string } = {},
  ) {
    const keys = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    const response = await kit.app.inject({
      method: 'POST',
      url: pushPaths.subscribe,
      headers: {
        Merchant: 'demo',
        Language: options.language ?? 'EN',
        Authorization: token,
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
      payload: {
        consent: true,
        subscription: { endpoint, keys: keys.json },
        ...(options.vapidPublicKey ? { vapidPublicKey: options.vapidPublicKey } : {}),
      },
    });
    return { keys, endpoint, settings: await settingsOk(response) };
  }

  const auditsOf = (action: string) =>
    kit.db
      .selectFrom('operator_audit')
      .select(['operator_id', 'target_id', 'before', 'after'])
      .where('merchant_id', '=', kit.testApp.demoMerchantId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  test('without the permission: 403; push.read sees the page but may not act; no token: 401', async () => {
    const support = await kit.newOperator('support');
    const reader = await insertTestOperator(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      role: await insertTestRole(kit.db, { merchantId: kit.testApp.demoMerchantId, permissions: ['push.read'] }),
    });
    const denied = await kit.operatorCall(support, 'GET', adminPushPaths.overview);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, errorCode: 'operator.permission.denied' });
    const fingerprint = (await overviewOf(reader)).key?.fingerprint ?? null;
    for (const operator of [support, reader]) {
      const rotate = await kit.operatorCall(operator, 'POST', adminPushPaths.rotateKey, { fingerprint });
      expect(rotate.statusCode).toBe(403);
      const test = await kit.operatorCall(operator, 'POST', adminPushPaths.test, { memberId: '1' });
      expect(test.statusCode).toBe(403);
    }
    expect((await overviewOf(reader)).key?.fingerprint ?? null).toBe(fingerprint);
    const anonymous = await kit.app.inject({
      method: 'GET',
      url: adminPushPaths.overview,
      headers: { Merchant: 'demo' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('the page counts members with push on, live subscriptions by device, opt-ins and deliveries', async () => {
    const before = await overviewOf(admin);
    const phone = await deposits.member();
    await subscribeBrowser(phone.token, { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile' });
    await subscribeBrowser(phone.token, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' });
    const switchedOff = await deposits.member();
    await subscribeBrowser(switchedOff.token);
    await call(switchedOff.token, 'PUT', pushPaths.settings, {
      consent: true,
      switches: { depositApproved: false, withdrawalPaid: true, promotionIssued: true, contractOffered: false },
    });
    // Consent without a browser: counted among consented, not reachable.
    const noBrowser = await deposits.member();
    await call(noBrowser.token, 'PUT', pushPaths.settings, {
      consent: true,
      switches: { depositApproved: true, withdrawalPaid: true, promotionIssued: true, contractOffered: true },
    });
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: phone.memberId,
      template: 'withdrawal.paid',
      params: { withdrawalId: '78', amount: '10.00', currency: 'THB' },
      sourceKey: `withdrawal.paid:push-admin-${phone.memberId}`,
      nowMs: kit.app.now(),
    });
    nextStatus = 201;
    expect(await deliver()).toMatchObject({ sent: 2, failed: 0 });

    const after = await overviewOf(admin);
    expect(after.key?.fingerprint).toMatch(/^SHA256:([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(after.consentedMembers - before.consentedMembers).toBe(3);
    expect(after.reachableMembers - before.reachableMembers).toBe(2);
    expect(after.liveSubscriptions - before.liveSubscriptions).toBe(3);
    const devices = (overview: AdminPushOverview, device: string) =>
      overview.devices.find((row) => row.device === device)?.subscriptions ?? 0;
    expect(devices(after, 'mobile') - devices(before, 'mobile')).toBe(1);
    expect(devices(after, 'desktop') - devices(before, 'desktop')).toBe(1);
    expect(devices(after, 'unknown') - devices(before, 'unknown')).toBe(1);
    expect(after.optIns.depositApproved - before.optIns.depositApproved).toBe(2);
    expect(after.optIns.withdrawalPaid - before.optIns.withdrawalPaid).toBe(3);
    expect(after.optIns.contractOffered - before.optIns.contractOffered).toBe(2);
    expect(after.lastDay.sent - before.lastDay.sent).toBe(2);
    expect(after.lastWeek.sent - before.lastWeek.sent).toBe(2);
  });

  test('a test notice: refused naming memberId for bad input, push off or another merchant; sent to the live browsers, audited', async () => {
    const bad = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'memberId' });
    const huge = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: '99999999999999999999' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ success: false, field: 'memberId' });

    const off = await deposits.member();
    const refused = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: String(off.memberId) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'push.member.off', field: 'memberId' });
    expect(refused.json().message).toContain(String(off.memberId));
    // Consent withdrawn: off as well.
    await subscribeBrowser(off.token);
    await call(off.token, 'PUT', pushPaths.settings, {
      consent: false,
      switches: { depositApproved: true, withdrawalPaid: true, promotionIssued: true, contractOffered: true },
    });
    const withdrawn = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: String(off.memberId) });
    expect(withdrawn.json()).toMatchObject({ errorCode: 'push.member.off', field: 'memberId' });

    const member = await deposits.member();
    const browser = await subscribeBrowser(member.token, { language: 'TH' });
    // Another merchant's operator does not reach this member.
    const otherCode = `pushother${process.pid}`;
    const other = await kit.db.transaction().execute((trx) =>
      createMerchant(
        trx,
        {
          code: otherCode,
          name: 'Other',
          currency: 'THB',
          currencySymbol: '฿',
          defaultLanguage: 'EN',
          domain: `${otherCode}.test`,
          config: newMerchantConfig({ name: 'Other', nowMs: kit.app.now() }),
        },
        kit.app.now(),
      ),
    );
    const otherAdmin = await insertTestOperator(kit.db, { merchantId: other.id, role: 'admin' });
    const cross = await kit.app.inject({
      method: 'POST',
      url: adminPushPaths.test,
      headers: { Merchant: other.code, Authorization: otherAdmin.token },
      payload: { memberId: String(member.memberId) },
    });
    expect(cross.json()).toMatchObject({ errorCode: 'push.member.off', field: 'memberId' });

    received.length = 0;
    nextStatus = 201;
    const sent = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: String(member.memberId) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toEqual({ subscriptions: 1, sent: 1, failed: 0, removed: 0 });
    expect(received).toHaveLength(1);
    expect(`${origin}${received[0]!.url}`).toBe(browser.endpoint);
    const payload = pushPayloadSchema.parse(JSON.parse(decryptPush(received[0]!.body, browser.keys)));
    expect(payload).toMatchObject({ kind: 'test', url: '/' });
    expect(payload.title).toContain('ทดสอบ');
    const audits = await auditsOf('push.test.send');
    expect(audits.at(-1)).toMatchObject({
      operator_id: admin.id,
      target_id: String(member.memberId),
      after: { subscriptions: 1, sent: 1 },
    });
    // No notice queued and no inbox row: a test goes straight to the browsers.
    expect(await outboxOf(member.memberId)).toEqual([]);
  });

  test('rotation: two clicks rotate once (audited with both fingerprints); old subscriptions stale, skipped, consent kept; re-subscribing brings them back', async () => {
    const member = await deposits.member();
    const old = await subscribeBrowser(member.token);
    const oldKey = old.settings.vapidPublicKey;
    // A notice queued before the rotation...
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'withdrawal.paid',
      params: { withdrawalId: '79', amount: '10.00', currency: 'THB' },
      sourceKey: `withdrawal.paid:push-rotate-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    expect(await outboxOf(member.memberId)).toHaveLength(1);
    const before = await overviewOf(admin);
    expect(before.key?.fingerprint).toBe(vapidKeyFingerprint(oldKey));
    const auditsBefore = (await auditsOf('push.key.rotate')).length;

    const clicks = await Promise.all(
      [0, 1].map(() =>
        kit.operatorCall(admin, 'POST', adminPushPaths.rotateKey, { fingerprint: before.key!.fingerprint }),
      ),
    );
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 409]);
    const refused = clicks.find((click) => click.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'push.key.changed', field: 'fingerprint' });
    const audits = await auditsOf('push.key.rotate');
    expect(audits).toHaveLength(auditsBefore + 1);
    const rotated = clicks.find((click) => click.statusCode === 200)!.json().value as {
      overview: AdminPushOverview;
      staleSubscriptions: number;
    };
    const newFingerprint = rotated.overview.key!.fingerprint;
    expect(newFingerprint).not.toBe(before.key!.fingerprint);
    expect(audits.at(-1)).toMatchObject({
      operator_id: admin.id,
      target_id: String(kit.testApp.demoMerchantId),
      before: { fingerprint: before.key!.fingerprint },
      after: { fingerprint: newFingerprint, staleSubscriptions: before.liveSubscriptions + before.staleSubscriptions },
    });
    const recorded = JSON.stringify([audits.at(-1)!.before, audits.at(-1)!.after]);
    expect(recorded).not.toMatch(/private|sealed/i);
    expect(rotated.staleSubscriptions).toBe(before.liveSubscriptions + before.staleSubscriptions);
    expect(rotated.overview).toMatchObject({
      liveSubscriptions: 0,
      reachableMembers: 0,
      consentedMembers: before.consentedMembers,
      membersToResubscribe: before.reachableMembers,
    });

    // The member's consent and subscription stay; the site learns the subscription is stale.
    const settings = await settingsOk(await call(member.token, 'GET', pushPaths.settings));
    expect(settings).toMatchObject({
      consented: true,
      endpoints: [old.endpoint],
      staleEndpoints: [old.endpoint],
    });
    expect(settings.vapidPublicKey).not.toBe(oldKey);
    expect(vapidKeyFingerprint(settings.vapidPublicKey)).toBe(newFingerprint);

    // ...is not sent to the stale subscription (it could not take a push signed by the new key).
    received.length = 0;
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0, removed: 0 });
    expect(received).toHaveLength(0);
    expect(await outboxOf(member.memberId)).toEqual([]);
    // A new notice is not even queued; a test is refused naming the field.
    await sendSystemMessage(kit.db, {
      merchantId: kit.testApp.demoMerchantId,
      memberId: member.memberId,
      template: 'withdrawal.paid',
      params: { withdrawalId: '80', amount: '10.00', currency: 'THB' },
      sourceKey: `withdrawal.paid:push-rotate-2-${member.memberId}`,
      nowMs: kit.app.now(),
    });
    expect(await outboxOf(member.memberId)).toEqual([]);
    const test = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: String(member.memberId) });
    expect(test.statusCode).toBe(400);
    expect(test.json()).toMatchObject({ errorCode: 'push.member.no.live', field: 'memberId' });

    // A browser that subscribed with the old key meanwhile (the page read it before the rotation) is stale at once.
    const late = await subscribeBrowser(member.token, { vapidPublicKey: oldKey });
    expect(late.settings.staleEndpoints).toContain(late.endpoint);

    // The site subscribes again with the new key: live, and pushes are signed with the new key.
    const fresh = await subscribeBrowser(member.token, { vapidPublicKey: settings.vapidPublicKey });
    expect(fresh.settings.staleEndpoints).not.toContain(fresh.endpoint);
    received.length = 0;
    const sent = await kit.operatorCall(admin, 'POST', adminPushPaths.test, { memberId: String(member.memberId) });
    expect(sent.json().value).toMatchObject({ subscriptions: 1, sent: 1 });
    expect(received).toHaveLength(1);
    expect(`${origin}${received[0]!.url}`).toBe(fresh.endpoint);
    expect(String(received[0]!.headers.authorization)).toContain(`k=${settings.vapidPublicKey}`);
    const after = await overviewOf(admin);
    expect(after.reachableMembers).toBe(1);
    expect(after.liveSubscriptions).toBe(1);

    // A page still showing the old fingerprint cannot rotate again.
    const stalePage = await kit.operatorCall(admin, 'POST', adminPushPaths.rotateKey, {
      fingerprint: before.key!.fingerprint,
    });
    expect(stalePage.statusCode).toBe(409);
    expect((await auditsOf('push.key.rotate')).length).toBe(auditsBefore + 1);
  });
});
