import { Writable } from 'node:stream';
import {
  gamesAdminErrorCodes,
  gamesCredentialsErrorCodes,
  gamesCredentialsPaths,
  type AdminCredentialRotated,
  type AdminVendorCredentials,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createOperatorSession, insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import {
  createVendorKit,
  houseSecret,
  type Player,
  type VendorKit,
} from '../../seamless-wallet/seamless-wallet.testing.ts';
import {
  findVendorCredentials,
  rotateVendorSecret,
  sealClearVendorSecrets,
  vendorCredentialKey,
  vendorSecretKeyOf,
} from '../../seamless-wallet/index.ts';
import { findConnectedVendors } from '../integrations.ts';

/**
 * Vendor credentials in the back-office (README "Credentials"): one app with a clock for the whole
 * file; vendors of the demo merchant served by outside integrations `CREDX` and `CREDY`, the house's
 * `LTSLOT`, one not connected; an admin, a support operator (no `games.credentials`) and an admin of
 * another merchant. Vendor calls are signed and sent to the real `/vendor-api`.
 */
const hourMs = 3_600_000;
const clock = { nowMs: Date.UTC(2026, 10, 27, 3, 0, 0) };
const logged: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let kit: VendorKit;
let admin: TestOperator;
let support: TestOperator;
let stranger: TestOperator;
let otherMerchantId: number;
/** The current secret of CREDX, as last answered. */
let currentOfX = '';
const vendorIds: Record<'x' | 'y' | 'house' | 'loose', number> = { x: 0, y: 0, house: 0, loose: 0 };
/** Every secret the server handed out in this file: none may be in an audit row, a list or a log line. */
const issued: string[] = [];

async function insertVendor(merchantId: number, vassalage: string, integrationCode: string | null) {
  const row = await t.db
    .insertInto('game_vendor')
    .values({
      merchant_id: merchantId,
      vassalage,
      game_category: 'RNG',
      game_type: 'RNG',
      display_name_th: 'ทดสอบ',
      display_name_en: vassalage,
      account_type_name: vassalage,
      logo_kind: 'SLOT',
      logo_url: '/art/x.png',
      wallet_mode: 'seamless',
      integration_code: integrationCode,
      sort: 900,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp(
    { HOUSE_VENDOR_SECRET: houseSecret, LOG_LEVEL: 'trace' },
    { now: () => clock.nowMs, logDestination: logSink },
  );
  kit = await createVendorKit(t, () => clock.nowMs, 'vc');
  const other = await t.db
    .insertInto('merchant')
    .values({
      code: 'credsother',
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
  vendorIds.x = await insertVendor(t.demoMerchantId, 'CREDXV', 'CREDX');
  vendorIds.y = await insertVendor(t.demoMerchantId, 'CREDYV', 'CREDY');
  vendorIds.loose = await insertVendor(t.demoMerchantId, 'LOOSEV', null);
  vendorIds.house = (
    await t.db
      .selectFrom('game_vendor')
      .select('id')
      .where('merchant_id', '=', t.demoMerchantId)
      .where('integration_code', '=', 'HOUSE')
      .executeTakeFirstOrThrow()
  ).id;
  await insertVendor(other.id, 'CREDXV', 'CREDX');
  [admin, support, stranger] = await Promise.all([
    insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin', nowMs: clock.nowMs }),
    insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'support', nowMs: clock.nowMs }),
    insertTestOperator(t.db, { merchantId: other.id, role: 'admin', nowMs: clock.nowMs }),
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function call(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    headers: {
      Merchant: operator === stranger ? 'credsother' : 'demo',
      Language: 'EN',
      Authorization: operator.token,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function list(vendorId: number): Promise<AdminVendorCredentials> {
  const response = await call(admin, 'GET', `${gamesCredentialsPaths.credentials}?vendorId=${vendorId}`);
  expect(response.statusCode, response.body).toBe(200);
  for (const secret of issued) expect(response.body).not.toContain(secret);
  return response.json().value as AdminVendorCredentials;
}

async function rotate(vendorId: number, overlapHours?: number): Promise<AdminCredentialRotated> {
  const response = await call(admin, 'POST', gamesCredentialsPaths.rotateCredential, {
    vendorId,
    ...(overlapHours === undefined ? {} : { overlapHours }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const rotated = response.json().value as AdminCredentialRotated;
  issued.push(rotated.secret);
  if (vendorId === vendorIds.x) currentOfX = rotated.secret;
  return rotated;
}

async function revoke(vendorId: number, credentialId: string) {
  return call(admin, 'POST', gamesCredentialsPaths.revokeCredential, { vendorId, credentialId });
}

/** Moves the clock; the operators log in again (a back-office session dies after 30 idle minutes). */
async function advance(ms: number) {
  clock.nowMs += ms;
  for (const operator of [admin, support, stranger]) {
    const session = await createOperatorSession(t.db, {
      merchantId: operator.merchantId,
      operatorId: operator.id,
      stage: 'full',
      ip: '127.0.0.1',
      nowMs: clock.nowMs,
    });
    operator.token = session.token;
  }
}

/** A member launched on an integration (a long session: these tests move the clock by hours). */
const playerOf = (vendor = 'CREDX') => kit.player(0n, { vendor, ttlMs: 30 * 24 * hourMs });

/** Whether the real /vendor-api accepts a balance call signed with `secret`. */
async function accepts(player: Player, secret: string): Promise<boolean> {
  const response = await kit.send(player, 'balance', kit.body(player), { secret });
  if (response.statusCode === 200) return true;
  expect(response.json().errorCode, response.body).toBe('INVALID_SIGNATURE');
  return false;
}

describe('rotation and the overlap window', () => {
  test('a new secret is strong, answered once, and signs at once; the list shows its hint only', async () => {
    expect((await list(vendorIds.x)).credentials).toEqual([]);
    const player = await playerOf();
    expect(await accepts(player, 'not-yet-any-secret-0123456789')).toBe(false);

    const first = await rotate(vendorIds.x);
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.credential).toMatchObject({
      hint: first.secret.slice(-4),
      state: 'current',
      createdAt: clock.nowMs,
      createdBy: admin.username,
      validUntil: null,
      revokedAt: null,
    });
    expect(await accepts(player, first.secret)).toBe(true);

    const listed = await list(vendorIds.x);
    expect(listed).toMatchObject({ integrationCode: 'CREDX', isHouseManaged: false, apiUrl: null });
    expect(listed.credentials).toEqual([first.credential]);
    // At rest the secret is sealed: the row holds neither it nor anything derived in clear.
    const rows = await t.db.selectFrom('vendor_credential_secret').select('sealed_secret').execute();
    for (const row of rows) expect(row.sealed_secret).not.toContain(first.secret);
  });

  test('the old secret signs until the overlap ends, then is refused; the new one throughout', async () => {
    const player = await playerOf();
    const old = (await list(vendorIds.x)).credentials[0]!;
    const oldSecret = issued.at(-1)!;
    const fresh = await rotate(vendorIds.x, 2);

    const listed = await list(vendorIds.x);
    expect(listed.credentials.map((row) => [row.credentialId, row.state, row.validUntil])).toEqual([
      [fresh.credential.credentialId, 'current', null],
      [old.credentialId, 'overlap', clock.nowMs + 2 * hourMs],
    ]);
    expect(await accepts(player, oldSecret)).toBe(true);
    expect(await accepts(player, fresh.secret)).toBe(true);

    await advance(2 * hourMs - 1);
    expect(await accepts(player, oldSecret)).toBe(true);
    await advance(1);
    expect(await accepts(player, oldSecret)).toBe(false);
    expect(await accepts(player, fresh.secret)).toBe(true);
    expect((await list(vendorIds.x)).credentials[1]!.state).toBe('expired');
  });

  test('the default overlap is 24 hours; 0 ends the previous secret at once', async () => {
    const player = await playerOf();
    const before = issued.at(-1)!;
    const withDefault = await rotate(vendorIds.x);
    expect((await list(vendorIds.x)).credentials[1]!.validUntil).toBe(clock.nowMs + 24 * hourMs);
    expect(await accepts(player, before)).toBe(true);

    await rotate(vendorIds.x, 0);
    expect(await accepts(player, withDefault.secret)).toBe(false);
    expect(await accepts(player, issued.at(-1)!)).toBe(true);
  });

  test('the platform signs its own calls with the newest live secret', async () => {
    const key = vendorSecretKeyOf(t.config);
    const stored = await findVendorCredentials(
      t.db,
      key,
      [{ merchantId: t.demoMerchantId, vendorCode: 'CREDX' }],
      clock.nowMs,
    );
    expect(stored.get(vendorCredentialKey(t.demoMerchantId, 'CREDX'))?.secret).toBe(currentOfX);
  });
});

describe('revocation', () => {
  test('a revoked secret is refused at once, even inside its overlap; revoking again changes nothing', async () => {
    const player = await playerOf('CREDY');
    const older = await rotate(vendorIds.y);
    const newer = await rotate(vendorIds.y, 48);
    expect(await accepts(player, older.secret)).toBe(true);

    const response = await revoke(vendorIds.y, older.credential.credentialId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      state: 'revoked',
      revokedAt: clock.nowMs,
      revokedBy: admin.username,
    });
    expect(await accepts(player, older.secret)).toBe(false);
    expect(await accepts(player, newer.secret)).toBe(true);

    const auditCount = async () =>
      (
        await t.db
          .selectFrom('operator_audit')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('action', '=', 'games.credential.revoke')
          .executeTakeFirstOrThrow()
      ).n;
    const audited = await auditCount();
    const again = await revoke(vendorIds.y, older.credential.credentialId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.state).toBe('revoked');
    expect(await auditCount()).toBe(audited);
  });

  test('revoking the current secret leaves the integration without one: the platform cannot sign', async () => {
    const current = (await list(vendorIds.y)).credentials.find((row) => row.state === 'current')!;
    expect((await revoke(vendorIds.y, current.credentialId)).statusCode).toBe(200);
    const stored = await findVendorCredentials(
      t.db,
      vendorSecretKeyOf(t.config),
      [{ merchantId: t.demoMerchantId, vendorCode: 'CREDY' }],
      clock.nowMs,
    );
    expect(stored.get(vendorCredentialKey(t.demoMerchantId, 'CREDY'))?.secret).toBeNull();
  });
});

describe('the address', () => {
  test('set, read by the integrations, and removed', async () => {
    const response = await call(admin, 'PUT', gamesCredentialsPaths.updateApiUrl, {
      vendorId: vendorIds.x,
      apiUrl: ' https://credx.example/api ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toEqual({ apiUrl: 'https://credx.example/api' });
    expect((await list(vendorIds.x)).apiUrl).toBe('https://credx.example/api');
    const [vendor] = await findConnectedVendors(t.db, t.config, t.demoMerchantId, ['CREDXV'], clock.nowMs);
    expect(vendor?.integration).toEqual({ code: 'CREDX', apiUrl: 'https://credx.example/api', secret: currentOfX });

    const removed = await call(admin, 'PUT', gamesCredentialsPaths.updateApiUrl, { vendorId: vendorIds.x, apiUrl: '' });
    expect(removed.json().value).toEqual({ apiUrl: null });
  });
});

describe('refusals', () => {
  const credentialOfX = async () => (await list(vendorIds.x)).credentials[0]!.credentialId;

  test.each([
    {
      name: 'overlap over a week',
      url: gamesCredentialsPaths.rotateCredential,
      body: { overlapHours: 169 },
      field: 'overlapHours',
    },
    {
      name: 'negative overlap',
      url: gamesCredentialsPaths.rotateCredential,
      body: { overlapHours: -1 },
      field: 'overlapHours',
    },
    {
      name: 'fractional overlap',
      url: gamesCredentialsPaths.rotateCredential,
      body: { overlapHours: 1.5 },
      field: 'overlapHours',
    },
    {
      name: 'an address not http(s)',
      url: gamesCredentialsPaths.updateApiUrl,
      body: { apiUrl: 'ftp://x.example' },
      field: 'apiUrl',
    },
    {
      name: 'an address with spaces',
      url: gamesCredentialsPaths.updateApiUrl,
      body: { apiUrl: 'https://a b' },
      field: 'apiUrl',
    },
    {
      name: 'a credential id not a number',
      url: gamesCredentialsPaths.revokeCredential,
      body: { credentialId: 'x1' },
      field: 'credentialId',
    },
  ])('400 naming the field: $name', async ({ url, body, field }) => {
    const method = url === gamesCredentialsPaths.updateApiUrl ? 'PUT' : 'POST';
    const response = await call(admin, method, url, { vendorId: vendorIds.x, ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field).toBe(field);
  });

  test('another merchant’s vendor answers 404 like an unknown one, for every call', async () => {
    const credentialId = await credentialOfX();
    for (const vendorId of [vendorIds.x, 2_000_000_000]) {
      const responses = await Promise.all([
        call(stranger, 'GET', `${gamesCredentialsPaths.credentials}?vendorId=${vendorId}`),
        call(stranger, 'POST', gamesCredentialsPaths.rotateCredential, { vendorId }),
        call(stranger, 'POST', gamesCredentialsPaths.revokeCredential, { vendorId, credentialId }),
        call(stranger, 'PUT', gamesCredentialsPaths.updateApiUrl, { vendorId, apiUrl: 'https://evil.example' }),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().errorCode).toBe(gamesAdminErrorCodes.vendorNotFound);
      }
    }
    expect((await list(vendorIds.x)).credentials[0]!.state).toBe('current');
  });

  test('a credential of another vendor, or of another merchant, answers 404', async () => {
    const ofX = await credentialOfX();
    // The other merchant's own secret of the same integration code.
    const strangers = await rotateVendorSecret(t.db, vendorSecretKeyOf(t.config), {
      merchantId: otherMerchantId,
      vendorCode: 'CREDX',
      operatorId: stranger.id,
      nowMs: clock.nowMs,
      overlapMs: 0,
    });
    for (const [vendorId, credentialId] of [
      [vendorIds.y, ofX],
      [vendorIds.x, String(strangers.created.id)],
    ] as const) {
      const response = await revoke(vendorId, credentialId);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({
        errorCode: gamesCredentialsErrorCodes.credentialNotFound,
        field: 'credentialId',
      });
    }
    expect((await list(vendorIds.x)).credentials[0]!.state).toBe('current');
  });

  test('an operator without games.credentials is refused 403 on every call', async () => {
    const responses = await Promise.all([
      call(support, 'GET', `${gamesCredentialsPaths.credentials}?vendorId=${vendorIds.x}`),
      call(support, 'POST', gamesCredentialsPaths.rotateCredential, { vendorId: vendorIds.x }),
      call(support, 'POST', gamesCredentialsPaths.revokeCredential, { vendorId: vendorIds.x, credentialId: '1' }),
      call(support, 'PUT', gamesCredentialsPaths.updateApiUrl, { vendorId: vendorIds.x, apiUrl: null }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(403);
  });

  test('the house integration is shown as the configuration’s and never changed; an unconnected vendor has none', async () => {
    const house = await list(vendorIds.house);
    expect(house).toMatchObject({ integrationCode: 'HOUSE', isHouseManaged: true, apiUrl: null, credentials: [] });
    for (const response of [
      await call(admin, 'POST', gamesCredentialsPaths.rotateCredential, { vendorId: vendorIds.house }),
      await call(admin, 'PUT', gamesCredentialsPaths.updateApiUrl, {
        vendorId: vendorIds.house,
        apiUrl: 'https://evil.example',
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errorCode).toBe(gamesCredentialsErrorCodes.houseManaged);
    }
    const loose = await call(admin, 'POST', gamesCredentialsPaths.rotateCredential, { vendorId: vendorIds.loose });
    expect(loose.statusCode, loose.body).toBe(409);
    expect(loose.json().errorCode).toBe(gamesCredentialsErrorCodes.notConnected);
  });
});

describe('what is kept', () => {
  test('audit rows name ids and hints, never a secret; no log line holds one', async () => {
    const rows = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id', sql<string>`coalesce(before::text, '') || coalesce(after::text, '')`.as('text')])
      .where('action', 'like', 'games.credential.%')
      .execute();
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set(['games.credential.rotate', 'games.credential.revoke', 'games.credential.api_url']),
    );
    expect(issued.length).toBeGreaterThan(5);
    for (const row of rows) for (const secret of issued) expect(row.text).not.toContain(secret);
    const rotation = rows.find((row) => row.action === 'games.credential.rotate')!;
    expect(rotation.text).toContain('"hint"');
    const log = logged.join('');
    expect(log).toContain(gamesCredentialsPaths.rotateCredential);
    for (const secret of issued) expect(log).not.toContain(secret);
  });

  test('a clear secret stored before migration 0048 is sealed at start and still signs', async () => {
    const legacy = 'legacy-clear-secret-0123456789';
    await t.db
      .insertInto('vendor_credential')
      .values({ merchant_id: t.demoMerchantId, vendor_code: 'CREDL', secret: legacy })
      .execute();
    expect(await sealClearVendorSecrets(t.db, vendorSecretKeyOf(t.config), clock.nowMs)).toBe(1);
    expect(await sealClearVendorSecrets(t.db, vendorSecretKeyOf(t.config), clock.nowMs)).toBe(0);
    const stored = await t.db
      .selectFrom('vendor_credential')
      .select('secret')
      .where('vendor_code', '=', 'CREDL')
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBeNull();
    const player = await kit.player(0n, { vendor: 'CREDL', ttlMs: hourMs });
    expect(await accepts(player, legacy)).toBe(true);
    // Another key opens nothing: a sealed secret is useless without VENDOR_SECRET_KEY.
    const other = await findVendorCredentials(
      t.db,
      vendorSecretKeyOf({ VENDOR_SECRET_KEY: 'another-key-of-at-least-32-characters!!' }),
      [{ merchantId: t.demoMerchantId, vendorCode: 'CREDL' }],
      clock.nowMs,
    );
    expect(other.get(vendorCredentialKey(t.demoMerchantId, 'CREDL'))?.secret).toBeNull();
  });
});
