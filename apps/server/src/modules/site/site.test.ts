import type { AnnouncementList, Country, DomainRoute, HelpTopic, RegisterSettings, Whitelabel } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { copyrightYears } from './get-whitelabel.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function get<T>(url: string, language: 'TH' | 'EN') {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { Merchant: 'demo', Language: language } });
  return {
    statusCode: response.statusCode,
    body: response.json() as { success: boolean; value: T; errorCode?: string; field?: string },
  };
}

describe('GET /wps/system/whitelabel', () => {
  test('EN: brand, switches, lists and the promotion count', async () => {
    const { statusCode, body } = await get<Whitelabel>('/wps/system/whitelabel', 'EN');
    expect(statusCode).toBe(200);
    const value = body.value;
    expect(value).toMatchObject({
      merchantCode: 'demo',
      platform: 'web',
      lotteryType: 'SEA',
      device: 'WEB',
      defaultLanguage: 'TH',
      languages: ['TH', 'EN'],
      currency: 'THB',
      currencySymbol: '฿',
      loginedToHomePage: false,
      promotionCount: 4,
    });
    expect(value.brand.name).toBe('Lotus88');
    expect(value.brand.logoUrl).toBe('/art/brand/logo.svg');
    expect(value.brand.colors['--brand-primary']).toMatch(/^#/);
    expect(value.brand.footerDescription).toContain('Play responsibly');
    expect(value.brand.copyright).toBe(`© 2019-${copyrightYears(null, Date.now())} Lotus88. All rights reserved.`);
    expect(value.brand.copyrightStartYear).toBe(2019);
    expect(value.switches).toMatchObject({
      usernameRegistration: true,
      mobileRegistration: true,
      freePlay: true,
      smsCodeLogin: true,
    });
    expect(value.switches.firebase).toEqual({ facebook: false, line: false, google: false, sms: false });
    expect(value.esportsVendors).toEqual(expect.arrayContaining(['LTESPORT', 'AV', 'IMES', 'IA', 'AI', 'TF']));
    expect(value.cockfightVendors).toEqual(['LTCOCK', 'DS88', 'DIG']);
    expect(value.customerService.map((entry) => entry.type)).toEqual([
      'LIVECHAT',
      'LINE',
      'TELEGRAM',
      'EMAIL',
      'PHONE',
      'LINE',
    ]);
    expect(value.customerService.filter((entry) => entry.isVip)).toHaveLength(1);
    expect(value.customerService[0]?.label).toBe('Live chat 24/7');
    expect(value.resources.map((resource) => [resource.resourceType, resource.qrCodeUrl])).toEqual([
      ['APP_IOS', '/art/qr/ios.svg'],
      ['APP_ANDROID', '/art/qr/android.svg'],
      ['APP_IOS_LITE', '/art/qr/ios-lite.svg'],
    ]);
    expect(value.partners.map((partner) => partner.code)).toContain('TCG_SEA');
    expect(value.partners.find((partner) => partner.code === 'LTLIVE')).toEqual({
      code: 'LTLIVE',
      name: 'Lotus Live',
      logoUrl: '/art/vendors/LTLIVE.svg',
    });
  });

  test('TH: texts in Thai', async () => {
    const { body } = await get<Whitelabel>('/wps/system/whitelabel', 'TH');
    expect(body.value.brand.footerDescription).toContain('ศูนย์รวมความบันเทิง');
    expect(body.value.brand.copyright).toContain('สงวนลิขสิทธิ์');
    expect(body.value.customerService[0]?.label).toBe('แชทสด 24 ชม.');
    expect(body.value.resources[0]?.label).toBe('แอป iOS');
  });
});

describe('copyrightYears', () => {
  test.each([
    [2019, Date.UTC(2026, 5, 1), '2019-2026'],
    // Bangkok's new year comes seven hours before UTC's.
    [2019, Date.UTC(2026, 11, 31, 17, 0), '2019-2027'],
    [2019, Date.UTC(2026, 11, 31, 16, 59), '2019-2026'],
    [2026, Date.UTC(2026, 5, 1), '2026'],
    [null, Date.UTC(2026, 5, 1), '2026'],
  ])('start %s at %s reads %s', (startYear, nowMs, expected) => {
    expect(copyrightYears(startYear, nowMs)).toBe(expected);
  });
});

describe('GET /wps/system/domainRoute', () => {
  test('lists the merchant domains, primary first', async () => {
    for (const language of ['TH', 'EN'] as const) {
      const { body } = await get<DomainRoute>('/wps/system/domainRoute', language);
      expect(body.value.domainList[0]).toEqual({ domain: 'demo.lotus88.test', isPrimary: true });
      expect(body.value.domainList.map((entry) => entry.domain).sort()).toEqual([
        '127.0.0.1',
        'demo.lotus88.test',
        'localhost',
      ]);
      expect(body.value.domainList.filter((entry) => entry.isPrimary)).toHaveLength(1);
    }
  });
});

describe('GET /wps/system/setting/register', () => {
  test('gives a rule for every field and the registration switches', async () => {
    for (const language of ['TH', 'EN'] as const) {
      const { statusCode, body } = await get<RegisterSettings>('/wps/system/setting/register', language);
      expect(statusCode).toBe(200);
      const { rules } = body.value;
      expect(rules.username).toMatchObject({ enabled: true, required: true, minLength: 4, maxLength: 16 });
      expect(new RegExp(rules.username.acceptedPattern).test('lotus88')).toBe(true);
      expect(new RegExp(rules.username.acceptedPattern).test('88lotus')).toBe(false);
      expect(rules.password).toMatchObject({ enabled: true, required: true, minLength: 6, maxLength: 20 });
      expect(rules.mobileNum).toMatchObject({ enabled: true, required: true, minLength: 9, maxLength: 10 });
      expect(rules.captcha).toMatchObject({ enabled: true, required: false });
      expect(rules.verificationCode).toMatchObject({ enabled: true, minLength: 6, maxLength: 6 });
      expect(new RegExp(rules.email.acceptedPattern).test('player@example.com')).toBe(true);
      expect(rules.qqNum.enabled).toBe(false);
      expect(body.value).toMatchObject({
        minimumAge: 18,
        usernameRegistration: true,
        mobileRegistration: true,
        smsVerificationOnRegister: true,
      });
    }
  });
});

describe('GET /wps/system/country', () => {
  test('EN: Thailand first with its flag, the region and the usual origins', async () => {
    const { body } = await get<Country[]>('/wps/system/country', 'EN');
    expect(body.value[0]).toEqual({ countryCode: 'TH', countryDialingCode: '+66', name: 'Thailand', flag: '🇹🇭' });
    const codes = body.value.map((country) => country.countryCode);
    for (const code of [
      'VN',
      'LA',
      'KH',
      'MM',
      'MY',
      'SG',
      'ID',
      'PH',
      'BN',
      'CN',
      'JP',
      'KR',
      'IN',
      'US',
      'GB',
      'AU',
    ]) {
      expect(codes).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(body.value.find((country) => country.countryCode === 'GB')).toMatchObject({
      name: 'United Kingdom',
      countryDialingCode: '+44',
      flag: '🇬🇧',
    });
  });

  test('TH: names in Thai', async () => {
    const { body } = await get<Country[]>('/wps/system/country', 'TH');
    expect(body.value[0]?.name).toBe('ไทย');
    expect(body.value.find((country) => country.countryCode === 'JP')?.name).toBe('ญี่ปุ่น');
  });
});

describe('GET /wps/system/helpCenter', () => {
  test('EN and TH: every topic in order with HTML content', async () => {
    const { body: en } = await get<HelpTopic[]>('/wps/system/helpCenter', 'EN');
    expect(en.value.map((topic) => topic.tag)).toEqual([
      'about',
      'deposit',
      'withdraw',
      'rules',
      'privacy',
      'faq',
      'responsible',
    ]);
    expect(en.value[1]).toMatchObject({ tag: 'deposit', title: 'How to deposit' });
    expect(en.value[1]?.content).toContain('<ol>');
    const { body: th } = await get<HelpTopic[]>('/wps/system/helpCenter', 'TH');
    expect(th.value[0]).toMatchObject({ tag: 'about', title: 'เกี่ยวกับเรา' });
  });

  test('an edited topic shows at once: the cache drops on change', async () => {
    await get<HelpTopic[]>('/wps/system/helpCenter', 'EN');
    await testApp.db.updateTable('help_topic').set({ title_en: 'Who we are' }).where('tag', '=', 'about').execute();
    await testApp.settle();
    const { body } = await get<HelpTopic[]>('/wps/system/helpCenter', 'EN');
    expect(body.value[0]?.title).toBe('Who we are');
    await testApp.db.updateTable('help_topic').set({ title_en: 'About us' }).where('tag', '=', 'about').execute();
    await testApp.settle();
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  const url = '/wps/relay/MCSFE_getListAnnouncements';

  test('EN: the board pinned first then newest, banners, the popup and promotions', async () => {
    const { statusCode, body } = await get<AnnouncementList>(`${url}?platform=W`, 'EN');
    expect(statusCode).toBe(200);
    const { player, banners, popup, promotion } = body.value;
    expect(player[0]).toMatchObject({ type: 'B', title: 'Welcome to Lotus88', isPinned: true });
    expect(player.filter((announcement) => announcement.type === 'B').length).toBeGreaterThanOrEqual(12);
    const unpinned = player.slice(1).map((announcement) => announcement.publishedAt);
    expect(unpinned).toEqual([...unpinned].sort((a, b) => b - a));
    expect(new Set(player.map((announcement) => announcement.type))).toEqual(new Set(['B', 'PL', 'H']));
    expect(popup.map((announcement) => announcement.title)).toEqual(['A 50% reload bonus every day']);
    expect(promotion.map((announcement) => announcement.title)).toEqual([
      '50% daily reload bonus',
      '100% first deposit bonus',
      '5% daily cashback',
      'Invite friends, earn every month',
    ]);
    expect(banners.filter((banner) => banner.groupName === 'home').map((banner) => banner.imageUrl)).toEqual([
      '/art/banners/home-1.svg',
      '/art/banners/home-2.svg',
      '/art/banners/home-3.svg',
    ]);
    expect(banners.find((banner) => banner.groupName === 'home')).toMatchObject({
      title: '100% first deposit bonus',
      subtitle: 'New members get up to 1,000 baht on their first deposit',
      buttonLabel: 'See promotions',
      linkUrl: '/promotions',
    });
    expect(banners.find((banner) => banner.groupName === 'w_login')).toMatchObject({
      subtitle: null,
      buttonLabel: null,
    });
    expect(new Set(banners.map((banner) => banner.groupName))).toEqual(
      new Set(['home', 'w_login', 'w_register', 'w_announcement']),
    );
  });

  test('TH: titles and content in Thai', async () => {
    const { body } = await get<AnnouncementList>(url, 'TH');
    expect(body.value.player[0]?.title).toBe('ยินดีต้อนรับสู่ Lotus88');
    expect(body.value.player[0]?.content).toContain('<strong>Lotus88</strong>');
    expect(body.value.popup[0]?.title).toBe('โบนัสเติมเงิน 50% ทุกวัน');
    expect(body.value.banners.find((banner) => banner.groupName === 'home')?.buttonLabel).toBe('ดูโปรโมชั่น');
  });

  test.each([
    ['PR', { player: 0, popup: 0, promotion: 4 }],
    ['B', { player: 13, popup: 0, promotion: 0 }],
    ['B,PL', { player: 14, popup: 0, promotion: 0 }],
    ['PU', { player: 0, popup: 1, promotion: 0 }],
    ['H', { player: 1, popup: 0, promotion: 0 }],
  ])('types=%s filters every list', async (types, counts) => {
    const { body } = await get<AnnouncementList>(`${url}?types=${types}`, 'EN');
    expect({
      player: body.value.player.length,
      popup: body.value.popup.length,
      promotion: body.value.promotion.length,
    }).toEqual(counts);
    const wanted = new Set(types.split(','));
    for (const announcement of [...body.value.player, ...body.value.popup, ...body.value.promotion]) {
      expect(wanted.has(announcement.type)).toBe(true);
    }
  });

  test.each(['XX', 'B,ZZ', 'b', 'B,,PL'])('types=%s is refused naming types', async (types) => {
    const { statusCode, body } = await get<null>(`${url}?types=${types}`, 'EN');
    expect(statusCode).toBe(400);
    expect(body.field).toBe('types');
  });

  test('announcements outside their active window or not yet published are hidden', async () => {
    const { id: merchantId } = await testApp.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const base = {
      merchant_id: merchantId,
      type: 'B' as const,
      title_th: 'ทดสอบ',
      content_th: '<p>ทดสอบ</p>',
      content_en: '<p>test</p>',
    };
    const dayMs = 86_400_000;
    await testApp.db
      .insertInto('announcement')
      .values([
        {
          ...base,
          code: 'test-expired',
          title_en: 'Expired notice',
          published_at: new Date(Date.now() - 10 * dayMs),
          active_until: new Date(Date.now() - dayMs),
        },
        { ...base, code: 'test-scheduled', title_en: 'Scheduled notice', published_at: new Date(Date.now() + dayMs) },
        {
          ...base,
          code: 'test-window',
          title_en: 'Not yet active',
          published_at: new Date(Date.now() - dayMs),
          active_from: new Date(Date.now() + dayMs),
        },
        {
          ...base,
          code: 'test-current',
          title_en: 'Current notice',
          published_at: new Date(Date.now() - 1000),
          active_until: new Date(Date.now() + dayMs),
        },
      ])
      .execute();
    await testApp.settle();
    const { body } = await get<AnnouncementList>(`${url}?types=B`, 'EN');
    const titles = body.value.player.map((announcement) => announcement.title);
    expect(titles).toContain('Current notice');
    expect(titles).not.toContain('Expired notice');
    expect(titles).not.toContain('Scheduled notice');
    expect(titles).not.toContain('Not yet active');
    // Newest unpinned comes right after the pinned welcome.
    expect(titles.slice(0, 2)).toEqual(['Welcome to Lotus88', 'Current notice']);
    await testApp.db.deleteFrom('announcement').where('code', 'like', 'test-%').execute();
    await testApp.settle();
  });
});
