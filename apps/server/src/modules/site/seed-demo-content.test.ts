import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../db/seed.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { demoAnnouncementsAt } from './demo-announcements.ts';

const dayMs = 86_400_000;
/** No demo announcement is older than this when seeded: the board reads as current. */
const maxAgeDays = 60;
/** A year written out in a text ("2025"), which would date the demo; amounts like 1,500 are not years. */
const yearPattern = /(?<![\d,.])(19|20)\d{2}(?![\d,])/;

let database: TestDatabase;
let merchantId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const merchant = await database.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
});
afterAll(async () => {
  await database?.drop();
});

const announcements = () =>
  database.db.selectFrom('announcement').selectAll().where('merchant_id', '=', merchantId).orderBy('code').execute();
const announcement = (code: string) =>
  database.db
    .selectFrom('announcement')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();

describe('demo announcements are dated by the seed clock', () => {
  // Far from when the texts were written, across a month end, a year end and a leap day.
  test.each([
    ['a spring day', Date.UTC(2031, 2, 10, 5)],
    ["New Year's Eve in Bangkok", Date.UTC(2030, 11, 31, 18)],
    ['the end of a month', Date.UTC(2032, 0, 31, 3)],
    ['a leap day', Date.UTC(2028, 1, 29, 12)],
  ])('seeded on %s: every row is recent, live now, and names no year', async (_name, nowMs) => {
    await seedDemo(database.db, { nowMs });
    const rows = await announcements();
    expect(rows.map((row) => row.code)).toEqual(
      demoAnnouncementsAt(nowMs)
        .map((demo) => demo.code)
        .sort(),
    );
    for (const row of rows) {
      const where = `announcement ${row.code}`;
      expect(row.published_at.getTime(), where).toBeLessThanOrEqual(nowMs);
      expect(row.published_at.getTime(), where).toBeGreaterThanOrEqual(nowMs - maxAgeDays * dayMs);
      // Visible at the seed's moment: inside its window.
      if (row.active_from) expect(row.active_from.getTime(), where).toBeLessThanOrEqual(nowMs);
      if (row.active_until) expect(row.active_until.getTime(), where).toBeGreaterThan(nowMs);
      for (const text of [row.title_th, row.title_en, row.content_th, row.content_en])
        expect(text, where).not.toMatch(yearPattern);
    }
    const banners = await database.db.selectFrom('banner').selectAll().where('merchant_id', '=', merchantId).execute();
    for (const banner of banners) {
      for (const text of [
        banner.title_th,
        banner.title_en,
        banner.subtitle_th,
        banner.subtitle_en,
        banner.button_label_th,
        banner.button_label_en,
      ]) {
        expect(text ?? '', `banner ${banner.code}`).not.toMatch(yearPattern);
      }
    }
  });

  test("dates written into texts are the seed clock's, in Bangkok time", async () => {
    // Wednesday 26 November 2031, 23:30 in Bangkok.
    const nowMs = Date.UTC(2031, 10, 26, 16, 30);
    await seedDemo(database.db, { nowMs });
    // The first Sunday at least two days ahead, the first Tuesday at least three days ahead.
    expect((await announcement('bank-maintenance-kbank'))?.content_en).toContain(
      'on Sunday 30 November from 00:00 to 04:00',
    );
    expect((await announcement('bank-maintenance-kbank'))?.content_th).toContain('วันอาทิตย์ที่ 30 พฤศจิกายน');
    expect((await announcement('system-upgrade'))?.title_en).toBe('System upgrade on Tuesday 2 December');
    expect((await announcement('lottery-schedule'))?.title_en).toBe('December Thai lottery draw dates');
    expect((await announcement('lottery-schedule'))?.title_th).toBe('ตารางออกผลหวยรัฐบาลเดือนธันวาคม');
    // The reload bonus runs from a week ago (Bangkok midnight) into next month, its last day named.
    const popup = await announcement('popup-reload-bonus');
    expect(popup?.active_from?.toISOString()).toBe('2031-11-18T17:00:00.000Z');
    expect(popup?.active_until?.toISOString()).toBe('2031-12-26T17:00:00.000Z');
    expect(popup?.content_en).toContain('until 26 December');
    expect(popup?.content_th).toContain('ถึงวันที่ 26 ธันวาคม');
  });
});

describe('a re-seed refreshes only what the seed still owns', () => {
  test('untouched rows move to the new clock; an edited row is left as the operator made it', async () => {
    const firstMs = Date.UTC(2031, 4, 1, 3);
    await seedDemo(database.db, { nowMs: firstMs });
    await database.db
      .updateTable('announcement')
      .set({ title_en: 'Our own welcome' })
      .where('merchant_id', '=', merchantId)
      .where('code', '=', 'welcome')
      .execute();
    await database.db
      .updateTable('banner')
      .set({ subtitle_en: 'Our own line' })
      .where('merchant_id', '=', merchantId)
      .where('code', '=', 'home-2')
      .execute();
    const welcomeBefore = await announcement('welcome');
    const headlineBefore = await announcement('headline-jackpot');

    const secondMs = firstMs + 40 * dayMs;
    await seedDemo(database.db, { nowMs: secondMs });
    const headline = await announcement('headline-jackpot');
    expect(headline?.published_at.getTime()).toBe(headlineBefore!.published_at.getTime() + 40 * dayMs);
    expect(await announcement('welcome')).toEqual(welcomeBefore);
    const home2 = await database.db
      .selectFrom('banner')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('code', '=', 'home-2')
      .executeTakeFirstOrThrow();
    expect(home2.subtitle_en).toBe('Our own line');

    // And it stays the operator's: later seeds leave it alone too.
    await seedDemo(database.db, { nowMs: secondMs + dayMs });
    expect(await announcement('welcome')).toEqual(welcomeBefore);
  });

  test('rows of the old fixed-date demo are brought up to date; its retired popup goes unless edited', async () => {
    // Two rows exactly as the seed wrote them before fingerprints (migration 0030), and an edited one.
    await database.db
      .deleteFrom('announcement')
      .where('merchant_id', '=', merchantId)
      .where('code', 'in', ['popup-songkran', 'app-lite', 'system-upgrade-feb'])
      .execute();
    await database.db.deleteFrom('banner').where('merchant_id', '=', merchantId).where('code', '=', 'home-3').execute();
    await database.db
      .insertInto('announcement')
      .values([
        {
          merchant_id: merchantId,
          code: 'popup-songkran',
          type: 'PU',
          title_th: 'สงกรานต์สาดโบนัส',
          title_en: 'Songkran bonus splash',
          content_th:
            '<p>ฉลองสงกรานต์กับโบนัสฝากเงิน <strong>50%</strong> สูงสุด 1,500 บาท ตั้งแต่วันที่ 10 ถึง 16 เมษายน</p><p><a href="/promotions">ดูรายละเอียด</a></p>',
          content_en:
            '<p>Celebrate Songkran with a <strong>50%</strong> deposit bonus up to 1,500 baht, from 10 to 16 April.</p><p><a href="/promotions">See the details</a></p>',
          published_at: new Date('2025-02-26T00:00:00Z'),
          is_popup: true,
        },
        {
          merchant_id: merchantId,
          code: 'app-lite',
          type: 'B',
          title_th: 'แอป Lite สำหรับ iOS พร้อมให้ดาวน์โหลด',
          title_en: 'Lite app for iOS now available',
          content_th:
            '<p>แอป <strong>Lotus88 Lite</strong> ขนาดเล็ก ใช้งานเร็ว ติดตั้งได้โดยไม่ต้องใช้ App Store ดูวิธีติดตั้งที่หน้า <a href="/down">ดาวน์โหลด</a></p>',
          content_en:
            '<p>The <strong>Lotus88 Lite</strong> app is small and fast, and installs without the App Store. See the <a href="/down">download page</a> for the steps.</p>',
          published_at: new Date('2025-02-12T03:00:00Z'),
        },
        {
          merchant_id: merchantId,
          code: 'system-upgrade-feb',
          type: 'B',
          title_th: 'แจ้งปรับปรุงระบบวันที่ 24 กุมภาพันธ์',
          title_en: 'Upgrade moved to 3 March',
          content_th:
            '<p>ระบบจะปิดปรับปรุงวันจันทร์ที่ 24 กุมภาพันธ์ เวลา 03:00 ถึง 05:00 น. เกมที่ค้างอยู่จะได้รับการคืนเงินเดิมพันอัตโนมัติ</p>',
          content_en:
            '<p>The site will be upgraded on Monday 24 February from 03:00 to 05:00. Rounds left open will have their stakes returned automatically.</p>',
          published_at: new Date('2025-02-20T16:00:00Z'),
        },
      ])
      .execute();
    await database.db
      .insertInto('banner')
      .values({
        merchant_id: merchantId,
        code: 'home-3',
        group_name: 'home',
        title_th: 'สล็อตเกมใหม่ทุกสัปดาห์',
        title_en: 'New slots every week',
        image_url: '/art/banners/home-3.svg',
        link_url: '/rng',
        sort: 3,
      })
      .execute();

    const nowMs = Date.UTC(2031, 6, 1, 3);
    await seedDemo(database.db, { nowMs });
    expect(await announcement('popup-songkran')).toBeUndefined();
    expect((await announcement('system-upgrade-feb'))?.title_en).toBe('Upgrade moved to 3 March');
    const appLite = await announcement('app-lite');
    expect(appLite?.published_at.getTime()).toBeGreaterThan(nowMs - maxAgeDays * dayMs);
    expect(appLite?.seed_fingerprint).not.toBeNull();
    const home3 = await database.db
      .selectFrom('banner')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('code', '=', 'home-3')
      .executeTakeFirstOrThrow();
    expect(home3).toMatchObject({
      subtitle_en: 'Slots from more than ten studios, with jackpots every day',
      button_label_en: 'Play slots',
      link_url: '/rng',
    });
  });
});
