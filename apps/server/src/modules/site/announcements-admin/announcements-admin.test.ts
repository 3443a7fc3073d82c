import {
  adminAnnouncementPreviewSchema,
  adminAnnouncementSchema,
  adminBannerSchema,
  announcementListSchema,
  announcementPaths,
  apiPaths,
  type AdminAnnouncementBody,
  type AdminBannerBody,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { demoMerchantConfig } from '../../merchant/index.ts';

let t: TestApp;
let admin: TestOperator;
let memberToken: string;
let otherAnnouncementId: number;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
  const memberId = await insertTestMember(t.db, t.demoMerchantId, `annmember${process.pid}`);
  memberToken = await insertTestSession(t.db, t.demoMerchantId, memberId);
  const other = await t.db
    .insertInto('merchant')
    .values({
      code: 'ann-other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('announcement')
    .values({
      merchant_id: other.id,
      code: 'other-1',
      type: 'PL',
      title_th: 'อื่น',
      title_en: 'Other brand',
      content_th: '',
      content_en: '',
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherAnnouncementId = row.id;
}, 60_000);
afterAll(() => t?.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin.token) {
  return t.app.inject({
    method,
    url,
    headers: { merchant: 'demo', language: 'EN', authorization: token },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

const itemUrl = (id: number, version?: number) =>
  announcementPaths.adminAnnouncementItem.replace(':id', String(id)) + (version ? `?version=${version}` : '');

function announcementBody(overrides: Partial<AdminAnnouncementBody> = {}): AdminAnnouncementBody {
  sequence += 1;
  return {
    type: 'PL',
    titleTh: `ประกาศ ${sequence}`,
    titleEn: `Notice ${sequence}`,
    contentTh: '<p>สวัสดี</p>',
    contentEn: '<p>Hello</p>',
    imageUrl: null,
    isPinned: false,
    isPopup: false,
    sort: 0,
    audience: 'all',
    enabled: true,
    activeFrom: null,
    activeUntil: null,
    ...overrides,
  };
}

async function create(overrides: Partial<AdminAnnouncementBody> = {}) {
  const response = await send('POST', announcementPaths.adminAnnouncements, announcementBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return adminAnnouncementSchema.parse(response.json().value);
}

/** The site's public call as a visitor (or a member with `token`), after every change notification has arrived. */
async function publicList(token?: string, language: 'TH' | 'EN' = 'EN') {
  await t.settle();
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.announcements,
    headers: { merchant: 'demo', language, ...(token ? { authorization: token } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return announcementListSchema.parse(response.json().value);
}

const titlesOf = (list: {
  player: { title: string }[];
  popup: { title: string }[];
  promotion: { title: string }[];
}) => [
  ...list.player.map((item) => item.title),
  ...list.popup.map((item) => item.title),
  ...list.promotion.map((item) => item.title),
];

const auditOf = (targetId: number) =>
  t.db
    .selectFrom('operator_audit')
    .select(['action', 'before', 'after'])
    .where('target_type', '=', 'site.announcement')
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

describe('announcements in the back-office', () => {
  test('a promotion with an image is created, audited and shown by the site at once, in TH and EN', async () => {
    const image = `/media/${t.demoMerchantId}/${'b'.repeat(64)}.png`;
    const created = await create({ type: 'PR', imageUrl: image, titleTh: 'โปรใหม่', titleEn: 'New promo' });
    expect(created).toMatchObject({ version: 1, type: 'PR', imageUrl: image, enabled: true, audience: 'all' });
    const english = await publicList();
    expect(english.promotion.find((item) => item.id === String(created.id))).toMatchObject({
      title: 'New promo',
      imageUrl: image,
    });
    expect((await publicList(undefined, 'TH')).promotion.map((item) => item.title)).toContain('โปรใหม่');
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: 'site.announcement.create',
        before: null,
        after: expect.objectContaining({ titleEn: 'New promo' }),
      }),
    ]);
    const list = await send('GET', announcementPaths.adminAnnouncements);
    expect(list.json().value.map((item: { id: number }) => item.id)).toContain(created.id);
  });

  test('rich text is sanitised on save: no script, no handlers, no javascript: links', async () => {
    const created = await create({
      contentEn:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>',
    });
    expect(created.contentEn).not.toMatch(/script|onclick|onerror|javascript:|iframe|<img/i);
    expect(created.contentEn).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    const stored = await t.db
      .selectFrom('announcement')
      .select('content_en')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.content_en).toBe(created.contentEn);
    const preview = await send(
      'POST',
      announcementPaths.adminAnnouncementPreview,
      announcementBody({ contentTh: '<b onmouseover="x()">ตัวหนา</b><script>x()</script>' }),
    );
    expect(adminAnnouncementPreviewSchema.parse(preview.json().value).th.content).toBe('<b>ตัวหนา</b>');
  });

  test('an edit names the version it read: the second of two saves is refused 409 and nothing is overwritten', async () => {
    const created = await create();
    const first = await send('PUT', itemUrl(created.id), {
      ...announcementBody({ titleEn: 'First save' }),
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ version: 2, titleEn: 'First save' });
    const stale = await send('PUT', itemUrl(created.id), {
      ...announcementBody({ titleEn: 'Stale save' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'site.content.version.conflict', value: { version: 2 } });
    const row = await t.db
      .selectFrom('announcement')
      .select(['title_en', 'version'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title_en: 'First save', version: 2 });
    const audit = await auditOf(created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['site.announcement.create', 'site.announcement.update']);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ version: 1 }),
      after: expect.objectContaining({ version: 2, titleEn: 'First save' }),
    });
    expect((await publicList()).player.map((item) => item.title)).toContain('First save');
  });

  test('the schedule decides when it shows; a disabled or deleted one never does', async () => {
    const now = Date.now();
    const future = await create({ titleEn: 'Starts in an hour', activeFrom: now + 3_600_000 });
    const past = await create({
      titleEn: 'Ended an hour ago',
      activeFrom: now - 7_200_000,
      activeUntil: now - 3_600_000,
    });
    const current = await create({ titleEn: 'On now', activeFrom: now - 3_600_000, activeUntil: now + 3_600_000 });
    const disabled = await create({ titleEn: 'Switched off', enabled: false });
    const doomed = await create({ titleEn: 'Deleted soon' });
    const shown = titlesOf(await publicList());
    expect(shown).toContain('On now');
    expect(shown).toContain('Deleted soon');
    for (const hidden of ['Starts in an hour', 'Ended an hour ago', 'Switched off'])
      expect(shown).not.toContain(hidden);

    expect((await send('DELETE', itemUrl(doomed.id, 2))).statusCode).toBe(409);
    const deleted = await send('DELETE', itemUrl(doomed.id, 1));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(titlesOf(await publicList())).not.toContain('Deleted soon');
    expect((await auditOf(doomed.id)).at(-1)).toMatchObject({ action: 'site.announcement.delete', after: null });
    expect([future, past, current, disabled].every((item) => item.version === 1)).toBe(true);
  });

  test('members-only announcements show to a logged-in member, never to a visitor (nor from the cache)', async () => {
    await create({ titleEn: 'Members only', audience: 'members', type: 'PU', isPopup: true });
    // The visitor's answer is cached; the member's must not be served from it, nor the other way round.
    expect(titlesOf(await publicList())).not.toContain('Members only');
    expect(titlesOf(await publicList(memberToken))).toContain('Members only');
    expect(titlesOf(await publicList())).not.toContain('Members only');
    expect(titlesOf(await publicList('not-a-valid-token'))).not.toContain('Members only');
  });

  test('members-only announcements through the started server: the fast path serves cached answers to visitors only', async () => {
    await create({ titleEn: 'Members fast path', audience: 'members' });
    await t.settle();
    const address = await t.app.listen({ port: 8142, host: '127.0.0.1' });
    try {
      const get = async (token?: string) => {
        const response = await fetch(`${address}${apiPaths.announcements}`, {
          headers: { merchant: 'demo', language: 'EN', ...(token ? { authorization: token } : {}) },
        });
        return titlesOf(announcementListSchema.parse(((await response.json()) as { value: unknown }).value));
      };
      expect(await get()).not.toContain('Members fast path');
      expect(await get()).not.toContain('Members fast path');
      expect(await get(memberToken)).toContain('Members fast path');
    } finally {
      await t.app.server.close();
    }
  });

  test("another merchant's announcement answers 404 like an unknown one, and is untouched", async () => {
    for (const response of [
      await send('PUT', itemUrl(otherAnnouncementId), { ...announcementBody(), version: 1 }),
      await send('DELETE', itemUrl(otherAnnouncementId, 1)),
      await send('PUT', itemUrl(999_999), { ...announcementBody(), version: 1 }),
    ])
      expect(response.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('announcement')
      .select('title_en')
      .where('id', '=', otherAnnouncementId)
      .executeTakeFirstOrThrow();
    expect(row.title_en).toBe('Other brand');
  });

  test.each([
    ['an end before the start', { activeFrom: 2_000_000_000_000, activeUntil: 1_000_000_000_000 }, 'activeUntil'],
    ['a javascript: image', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['an empty title', { titleEn: ' ' }, 'titleEn'],
    ['an unknown type', { type: 'XX' as never }, 'type'],
    ['an unknown audience', { audience: 'vip9' as never }, 'audience'],
  ])('%s: 400 validation.failed naming the field, in TH and EN', async (_name, overrides, field) => {
    const english = await send('POST', announcementPaths.adminAnnouncements, announcementBody(overrides));
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ errorCode: 'validation.failed', field });
    const thai = await t.app.inject({
      method: 'POST',
      url: announcementPaths.adminAnnouncements,
      headers: { merchant: 'demo', language: 'TH', authorization: admin.token },
      payload: announcementBody(overrides) as never,
    });
    expect(thai.json().message).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('operators without content.manage are refused (403)', async () => {
    const support = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'support' });
    expect((await send('GET', announcementPaths.adminAnnouncements, undefined, support.token)).statusCode).toBe(403);
    expect(
      (await send('POST', announcementPaths.adminAnnouncements, announcementBody(), support.token)).statusCode,
    ).toBe(403);
  });
});

describe('banners in the back-office', () => {
  const bannerBody = (overrides: Partial<AdminBannerBody> = {}): AdminBannerBody => ({
    groupName: 'home',
    titleTh: 'แบนเนอร์',
    titleEn: 'Big weekend',
    subtitleTh: '',
    subtitleEn: 'All weekend long',
    buttonLabelTh: 'ดู',
    buttonLabelEn: 'See',
    imageUrl: `/media/${t.demoMerchantId}/${'c'.repeat(64)}.webp`,
    linkUrl: '/promotions',
    sort: 1,
    enabled: true,
    ...overrides,
  });

  test('created, edited with its version, switched off and deleted; the site follows each step', async () => {
    const created = await send('POST', announcementPaths.adminBanners, bannerBody());
    expect(created.statusCode, created.body).toBe(200);
    const banner = adminBannerSchema.parse(created.json().value);
    expect(banner).toMatchObject({ subtitleTh: null, subtitleEn: 'All weekend long', version: 1 });
    expect((await publicList()).banners.find((item) => item.id === String(banner.id))).toMatchObject({
      groupName: 'home',
      title: 'Big weekend',
      buttonLabel: 'See',
      linkUrl: '/promotions',
    });
    const url = announcementPaths.adminBannerItem.replace(':id', String(banner.id));
    const off = await send('PUT', url, { ...bannerBody({ enabled: false }), version: 1 });
    expect(off.json().value).toMatchObject({ version: 2, enabled: false });
    expect((await send('PUT', url, { ...bannerBody(), version: 1 })).statusCode).toBe(409);
    expect((await publicList()).banners.map((item) => item.id)).not.toContain(String(banner.id));
    expect((await send('DELETE', `${url}?version=2`)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_type', '=', 'site.banner')
      .where('target_id', '=', String(banner.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['site.banner.create', 'site.banner.update', 'site.banner.delete']);
  });

  test.each([
    ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, 'linkUrl'],
    ['a protocol-relative link', { linkUrl: '//evil.example/x' }, 'linkUrl'],
    ['no image', { imageUrl: '' }, 'imageUrl'],
    ['an unknown group', { groupName: 'sidebar' as never }, 'groupName'],
  ])('%s: 400 naming the field', async (_name, overrides, field) => {
    const response = await send('POST', announcementPaths.adminBanners, bannerBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
  });
});
