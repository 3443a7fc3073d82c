import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { Database } from './schema.ts';
import { seedDemo } from './seed.ts';

const seededTables = [
  'merchant',
  'merchant_domain',
  'announcement',
  'banner',
  'help_topic',
  'site_resource',
  'customer_service',
  'partner',
  'game_category',
  'game_vendor',
  'game',
] as const satisfies ReadonlyArray<keyof Database>;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of seededTables) {
    const row = await testApp.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const merchant = await testApp.db
    .selectFrom('merchant')
    .selectAll()
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { counts, merchant };
}

describe('seedDemo', () => {
  test('the seeded database holds the whole demo', async () => {
    const { counts } = await snapshot();
    expect(counts).toMatchObject({
      merchant: 1,
      merchant_domain: 3,
      game_category: 9,
      game_vendor: 19,
      game: 29,
      help_topic: 7,
      site_resource: 3,
    });
    expect(counts.announcement).toBeGreaterThanOrEqual(18);
  });

  test('running it twice more changes nothing and adds no duplicates', async () => {
    const before = await snapshot();
    await seedDemo(testApp.db);
    await seedDemo(testApp.db);
    expect(await snapshot()).toEqual(before);
  });

  test("it never overwrites an operator's edit", async () => {
    await testApp.db.updateTable('help_topic').set({ title_en: 'About Lotus88' }).where('tag', '=', 'about').execute();
    await seedDemo(testApp.db);
    const topic = await testApp.db
      .selectFrom('help_topic')
      .select('title_en')
      .where('tag', '=', 'about')
      .executeTakeFirstOrThrow();
    expect(topic.title_en).toBe('About Lotus88');
  });
});
