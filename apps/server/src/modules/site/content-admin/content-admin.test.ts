import {
  siteContentPaths,
  type AdminCustomerService,
  type AdminHelpArticle,
  type AdminHelpCategory,
  type AdminHomeLane,
  type AdminPartner,
  type AdminResource,
  type GameCard,
  type HelpTopic,
  type HomeLanes,
  type Whitelabel,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { demoMerchantConfig } from '../../merchant/index.ts';

/**
 * The operators' content calls on a real database, and the public calls that draw what they save,
 * on this instance and on a second one sharing the database (the change stream drops both caches).
 */
let first: TestApp;
let second: TestApp;
let admin: TestOperator;
let finance: TestOperator;
let otherAdmin: TestOperator;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
  admin = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'admin' });
  finance = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'finance' });
  const other = await first.db
    .insertInto('merchant')
    .values({
      code: 'content-other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherAdmin = await insertTestOperator(first.db, { merchantId: other.id, role: 'admin' });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

interface Answer<T> {
  statusCode: number;
  body: { success: boolean; value: T; errorCode?: string; field?: string; message?: string };
}

async function call<T>(
  operator: TestOperator | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  language: 'TH' | 'EN' = 'EN',
  merchant = 'demo',
): Promise<Answer<T>> {
  const response = await first.app.inject({
    method,
    url,
    headers: {
      Merchant: operator === otherAdmin ? 'content-other' : merchant,
      Language: language,
      ...(operator ? { Authorization: operator.token } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { statusCode: response.statusCode, body: response.json() };
}

const item = (path: string, id: number) => path.replace(':id', String(id));

/** A public read from one instance, once that instance has seen every change sent so far. */
async function publicRead<T>(app: TestApp, url: string, language: 'TH' | 'EN' = 'EN'): Promise<T> {
  await app.settle();
  const response = await app.app.inject({ method: 'GET', url, headers: { Merchant: 'demo', Language: language } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { value: T }).value;
}

async function auditRows(action: string, targetId: number) {
  return first.db
    .selectFrom('operator_audit')
    .select(['before', 'after', 'operator_id'])
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();
}

describe('who may', () => {
  const lists = Object.values(siteContentPaths).filter(
    (path) => path.startsWith('/admin-api') && !path.endsWith(':id'),
  );
  test.each([
    ['no token', null, 401],
    ['an operator without content.manage', 'finance', 403],
  ] as const)('%s is refused on every call', async (_name, who, status) => {
    const operator = who === 'finance' ? finance : null;
    for (const path of lists) {
      expect((await call(operator, 'GET', path)).statusCode).toBe(status);
      expect((await call(operator, 'POST', path, {})).statusCode).toBe(status);
      expect((await call(operator, 'PUT', `${path}/1`, {})).statusCode).toBe(status);
      expect((await call(operator, 'DELETE', `${path}/1?version=1`)).statusCode).toBe(status);
    }
  });
});

describe('customer service channels', () => {
  const line = {
    type: 'LINE',
    labelTh: 'ไลน์ VIP',
    labelEn: 'LINE VIP',
    url: 'https://line.me/ti/p/@vip',
    isVip: false,
    sort: 1,
    enabled: true,
  };

  test('create, change, version check, audit and the public whitelabel on both instances', async () => {
    const before = await publicRead<Whitelabel>(second, '/wps/system/whitelabel');
    const created = await call<AdminCustomerService>(admin, 'POST', siteContentPaths.adminCustomerService, line);
    expect(created.statusCode).toBe(200);
    const row = created.body.value;
    expect(row).toMatchObject({ ...line, version: 1 });
    expect(row.code).toMatch(/^cs-/);

    const shown = await publicRead<Whitelabel>(second, '/wps/system/whitelabel');
    expect(shown.customerService.length).toBe(before.customerService.length + 1);
    expect(shown.customerService.find((entry) => entry.id === row.code)).toMatchObject({
      label: 'LINE VIP',
      type: 'LINE',
    });

    const url = item(siteContentPaths.adminCustomerServiceItem, row.id);
    const updated = await call<AdminCustomerService>(admin, 'PUT', url, { ...line, labelEn: 'LINE 24h', version: 1 });
    expect(updated.body.value).toMatchObject({ labelEn: 'LINE 24h', version: 2 });

    // A second operator still holding version 1: refused, nothing overwritten.
    const stale = await call(admin, 'PUT', url, { ...line, labelEn: 'Overwritten', version: 1 }, 'TH');
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errorCode).toBe('site.content.version.conflict');
    expect(stale.body.value).toEqual({ version: 2 });
    expect(stale.body.message).toContain('ผู้อื่น');
    const list = await call<AdminCustomerService[]>(admin, 'GET', siteContentPaths.adminCustomerService);
    expect(list.body.value.find((entry) => entry.id === row.id)?.labelEn).toBe('LINE 24h');

    const audits = await auditRows('site.customer_service.update', row.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ labelEn: 'LINE VIP', version: 1 });
    expect(audits[0]!.after).toMatchObject({ labelEn: 'LINE 24h', version: 2 });
    expect(audits[0]!.operator_id).toBe(admin.id);

    // Switched off: gone from the site on the other instance at once.
    await call(admin, 'PUT', url, { ...line, enabled: false, version: 2 });
    const hidden = await publicRead<Whitelabel>(second, '/wps/system/whitelabel');
    expect(hidden.customerService.some((entry) => entry.id === row.code)).toBe(false);

    expect((await call(admin, 'DELETE', `${url}?version=2`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `${url}?version=3`)).statusCode).toBe(200);
    expect(await auditRows('site.customer_service.delete', row.id)).toHaveLength(1);
    expect((await call(admin, 'PUT', url, { ...line, version: 3 })).statusCode).toBe(404);
  });

  test.each([
    ['a phone that is not a number', { type: 'PHONE', url: 'call me' }, 'url'],
    ['an e-mail that is not an address', { type: 'EMAIL', url: 'help@' }, 'url'],
    ['a javascript: link', { type: 'LIVECHAT', url: 'javascript:alert(1)' }, 'url'],
    ['an unknown type', { type: 'FAX' }, 'type'],
    ['an empty Thai label', { labelTh: ' ' }, 'labelTh'],
    ['a sort below zero', { sort: -1 }, 'sort'],
  ])('refuses %s naming the field, in TH and EN', async (_name, patch, field) => {
    for (const language of ['TH', 'EN'] as const) {
      const answer = await call(admin, 'POST', siteContentPaths.adminCustomerService, { ...line, ...patch }, language);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toMatchObject({ errorCode: 'validation.failed', field });
      expect(answer.body.message).toContain(field);
    }
  });

  test('a phone number and an e-mail address are taken as they are', async () => {
    const phone = await call<AdminCustomerService>(admin, 'POST', siteContentPaths.adminCustomerService, {
      ...line,
      type: 'PHONE',
      url: '+66 2 123 4567',
    });
    expect(phone.statusCode).toBe(200);
    const mail = await call(admin, 'POST', siteContentPaths.adminCustomerService, {
      ...line,
      type: 'EMAIL',
      url: 'vip@lotus88.example',
    });
    expect(mail.statusCode).toBe(200);
  });

  test("another merchant's ids answer 404 like unknown ones, and its lists are its own", async () => {
    const mine = await call<AdminCustomerService[]>(admin, 'GET', siteContentPaths.adminCustomerService);
    const id = mine.body.value[0]!.id;
    const url = item(siteContentPaths.adminCustomerServiceItem, id);
    expect((await call(otherAdmin, 'PUT', url, { ...line, version: 1 })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `${url}?version=1`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', item(siteContentPaths.adminCustomerServiceItem, 2_000_000), { ...line, version: 1 }))
        .statusCode,
    ).toBe(404);
    const theirs = await call<AdminCustomerService[]>(otherAdmin, 'GET', siteContentPaths.adminCustomerService);
    expect(theirs.body.value).toEqual([]);
  });
});

describe('app download links and partners', () => {
  const app = {
    key: 'app_huawei',
    resourceType: 'APP_ANDROID',
    labelTh: 'แอป Huawei',
    labelEn: 'Huawei app',
    url: 'https://appgallery.example/lotus88',
    qrImageUrl: null,
    sort: 9,
    enabled: true,
  };

  test('the QR is drawn from the link unless an image is given; a taken key is refused', async () => {
    const created = await call<AdminResource>(admin, 'POST', siteContentPaths.adminResources, app);
    expect(created.statusCode).toBe(200);
    expect(created.body.value.qrImageUrl).toBeNull();
    expect(created.body.value.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    const shown = await publicRead<Whitelabel>(second, '/wps/system/whitelabel');
    expect(shown.resources.find((resource) => resource.key === 'app_huawei')?.qrCodeUrl).toBe(
      created.body.value.qrCodeUrl,
    );

    const url = item(siteContentPaths.adminResourceItem, created.body.value.id);
    const withImage = await call<AdminResource>(admin, 'PUT', url, {
      ...app,
      qrImageUrl: '/media/qr-1.png',
      version: 1,
    });
    expect(withImage.body.value).toMatchObject({
      qrImageUrl: '/media/qr-1.png',
      qrCodeUrl: '/media/qr-1.png',
      version: 2,
    });

    const taken = await call(admin, 'POST', siteContentPaths.adminResources, app);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'site.content.code.taken', field: 'key' });

    const badLink = await call(admin, 'POST', siteContentPaths.adminResources, {
      ...app,
      key: 'app_x',
      url: 'ftp://x',
    });
    expect(badLink.body.field).toBe('url');
  });

  test('a partner switched off leaves the footer', async () => {
    const created = await call<AdminPartner>(admin, 'POST', siteContentPaths.adminPartners, {
      name: 'Studio X',
      logoUrl: '/art/partners/x.svg',
      sort: 99,
      enabled: true,
    });
    expect(created.statusCode).toBe(200);
    const { code, id } = created.body.value;
    expect((await publicRead<Whitelabel>(second, '/wps/system/whitelabel')).partners.at(-1)).toEqual({
      code,
      name: 'Studio X',
      logoUrl: '/art/partners/x.svg',
    });
    await call(admin, 'PUT', item(siteContentPaths.adminPartnerItem, id), {
      name: 'Studio X',
      logoUrl: '/art/partners/x.svg',
      sort: 99,
      enabled: false,
      version: 1,
    });
    const after = await publicRead<Whitelabel>(second, '/wps/system/whitelabel');
    expect(after.partners.some((partner) => partner.code === code)).toBe(false);
    const bad = await call(admin, 'POST', siteContentPaths.adminPartners, {
      name: 'X',
      logoUrl: 'javascript:1',
      sort: 1,
      enabled: true,
    });
    expect(bad.body.field).toBe('logoUrl');
  });
});

describe('help centre', () => {
  test('categories and articles: sanitised on save, grouped on the site, a used category kept', async () => {
    const category = await call<AdminHelpCategory>(admin, 'POST', siteContentPaths.adminHelpCategories, {
      code: 'money',
      titleTh: 'การเงิน',
      titleEn: 'Money',
      sort: 1,
      enabled: true,
    });
    expect(category.statusCode).toBe(200);
    const categoryId = category.body.value.id;
    const article = {
      tag: 'withdraw-times',
      categoryId,
      titleTh: 'ถอนเงินใช้เวลาเท่าไร',
      titleEn: 'How long a withdrawal takes',
      contentTh: '<p onclick="steal()">ภายใน 5 นาที</p><script>alert(1)</script>',
      contentEn:
        '<p>Within <strong>5 minutes</strong>.</p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
      sort: 1,
      enabled: true,
    };
    const created = await call<AdminHelpArticle>(admin, 'POST', siteContentPaths.adminHelpArticles, article);
    expect(created.statusCode).toBe(200);
    expect(created.body.value.contentTh).toBe('<p>ภายใน 5 นาที</p>');
    expect(created.body.value.contentEn).toBe('<p>Within <strong>5 minutes</strong>.</p><a>x</a>');

    const topics = await publicRead<HelpTopic[]>(second, '/wps/system/helpCenter', 'TH');
    expect(topics.find((topic) => topic.tag === 'withdraw-times')).toMatchObject({
      title: 'ถอนเงินใช้เวลาเท่าไร',
      content: '<p>ภายใน 5 นาที</p>',
      category: 'การเงิน',
    });

    const categories = await call<AdminHelpCategory[]>(admin, 'GET', siteContentPaths.adminHelpCategories);
    expect(categories.body.value.find((entry) => entry.id === categoryId)?.articleCount).toBe(1);
    const inUse = await call(admin, 'DELETE', `${item(siteContentPaths.adminHelpCategoryItem, categoryId)}?version=1`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.body.errorCode).toBe('site.content.category.in.use');

    // A category switched off takes its articles off the site.
    await call(admin, 'PUT', item(siteContentPaths.adminHelpCategoryItem, categoryId), {
      code: 'money',
      titleTh: 'การเงิน',
      titleEn: 'Money',
      sort: 1,
      enabled: false,
      version: 1,
    });
    const hidden = await publicRead<HelpTopic[]>(second, '/wps/system/helpCenter');
    expect(hidden.some((topic) => topic.tag === 'withdraw-times')).toBe(false);

    const taken = await call(admin, 'POST', siteContentPaths.adminHelpArticles, { ...article, categoryId: null });
    expect(taken.body).toMatchObject({ errorCode: 'site.content.code.taken', field: 'tag' });
  });

  test("another merchant's category is refused naming the field", async () => {
    const theirs = await call<AdminHelpCategory>(otherAdmin, 'POST', siteContentPaths.adminHelpCategories, {
      code: 'theirs',
      titleTh: 'อื่น',
      titleEn: 'Theirs',
      sort: 1,
      enabled: true,
    });
    const answer = await call(admin, 'POST', siteContentPaths.adminHelpArticles, {
      tag: 'borrowed',
      categoryId: theirs.body.value.id,
      titleTh: 'ก',
      titleEn: 'A',
      contentTh: '<p>ก</p>',
      contentEn: '<p>A</p>',
      sort: 1,
      enabled: true,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.field).toBe('categoryId');
    // An id past PostgreSQL's integer is refused by the schema, never reaching the database (the fuzzer found it).
    const huge = await call(admin, 'POST', siteContentPaths.adminHelpArticles, {
      tag: 'huge',
      categoryId: 2_579_802_822_006_524,
      titleTh: 'ก',
      titleEn: 'A',
      contentTh: '<p>ก</p>',
      contentEn: '<p>A</p>',
      sort: 1,
      enabled: true,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.body.field).toBe('categoryId');
  });
});

describe('home page game lanes', () => {
  test('hot and picked lanes in order on the site; unknown games refused; switched off on every instance', async () => {
    const hot = await publicRead<{ list: GameCard[] }>(second, '/wps/relay/GCSGAME_hotGamesV2');
    expect(hot.list.length).toBeGreaterThan(2);
    const category = hot.list[0]!.gameCategory;
    expect((await publicRead<HomeLanes>(second, siteContentPaths.homeLanes)).lanes).toEqual([]);

    const picks = [hot.list[2]!.gameId, hot.list[0]!.gameId];
    const picked = await call<AdminHomeLane>(admin, 'POST', siteContentPaths.adminHomeLanes, {
      code: 'editors',
      titleTh: 'เกมแนะนำ',
      titleEn: "Editor's picks",
      category: null,
      source: 'picked',
      gameIds: picks,
      maxGames: 12,
      sort: 1,
      enabled: true,
    });
    expect(picked.statusCode).toBe(200);
    const hotLane = await call<AdminHomeLane>(admin, 'POST', siteContentPaths.adminHomeLanes, {
      code: 'hot-category',
      titleTh: 'เกมฮิต',
      titleEn: 'Hot now',
      category,
      source: 'hot',
      gameIds: ['ignored'],
      maxGames: 2,
      sort: 0,
      enabled: true,
    });
    expect(hotLane.body.value.gameIds).toEqual([]);

    const lanes = (await publicRead<HomeLanes>(second, siteContentPaths.homeLanes, 'TH')).lanes;
    expect(lanes.map((lane) => [lane.code, lane.title])).toEqual([
      ['hot-category', 'เกมฮิต'],
      ['editors', 'เกมแนะนำ'],
    ]);
    expect(lanes[0]!.games.length).toBeLessThanOrEqual(2);
    expect(lanes[0]!.games.every((game) => game.gameCategory === category)).toBe(true);
    expect(lanes[1]!.games.map((game) => game.gameId)).toEqual(picks);

    const unknown = await call(admin, 'POST', siteContentPaths.adminHomeLanes, {
      code: 'bad',
      titleTh: 'x',
      titleEn: 'x',
      category: null,
      source: 'picked',
      gameIds: [picks[0], 'NO-SUCH-GAME'],
      maxGames: 12,
      sort: 2,
      enabled: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({ errorCode: 'site.content.game.unknown', field: 'gameIds' });
    expect(unknown.body.message).toContain('NO-SUCH-GAME');

    const empty = await call(admin, 'POST', siteContentPaths.adminHomeLanes, {
      code: 'empty',
      titleTh: 'x',
      titleEn: 'x',
      category: null,
      source: 'picked',
      gameIds: [],
      maxGames: 12,
      sort: 2,
      enabled: true,
    });
    expect(empty.body.field).toBe('gameIds');

    await call(admin, 'PUT', item(siteContentPaths.adminHomeLaneItem, picked.body.value.id), {
      ...picked.body.value,
      enabled: false,
    });
    const after = (await publicRead<HomeLanes>(second, siteContentPaths.homeLanes)).lanes;
    expect(after.map((lane) => lane.code)).toEqual(['hot-category']);
  });
});
