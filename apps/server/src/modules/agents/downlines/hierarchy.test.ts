import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoMerchantConfig } from '../../merchant/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { listDownlines, listUplineChain, placeUnder } from './hierarchy.ts';
import { insertMember, type AgentType } from '../../identity/index.ts';

/**
 * The closure table behind the agent tree, on a real database: a 4-level tree in one merchant and a
 * small one in another, both queries, depth limits, and what the database refuses.
 */
let testApp: TestApp;
let otherMerchantId: number;
const now = new Date(Date.UTC(2026, 10, 22, 12));

beforeAll(async () => {
  testApp = await createTestApp();
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
});
afterAll(async () => {
  await testApp?.close();
});

async function createMember(
  merchantId: number,
  username: string,
  uplineId: bigint | null,
  isAgent: AgentType = 1,
): Promise<bigint> {
  return testApp.db.transaction().execute((trx) =>
    insertMember(
      trx,
      {
        merchant_id: merchantId,
        username,
        language: 'EN',
        is_agent: isAgent,
        password_hash: 'not-a-hash',
        password_changed_at: now,
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        register_device: 'test',
        created_at: now,
      },
      uplineId === null ? null : { id: uplineId, placeInTree: placeUnder },
    ),
  );
}

/**
 *           top
 *         /     \
 *       a1       a2
 *      /  \
 *    b1    b2
 *    |
 *    c1          (and in another merchant: otop -> o1)
 */
let tree: Record<'top' | 'a1' | 'a2' | 'b1' | 'b2' | 'c1' | 'otop' | 'o1', bigint>;
beforeAll(async () => {
  const merchantId = testApp.demoMerchantId;
  const top = await createMember(merchantId, 'treetop', null);
  const a1 = await createMember(merchantId, 'treea1', top);
  const a2 = await createMember(merchantId, 'treea2', top, 0);
  const b1 = await createMember(merchantId, 'treeb1', a1);
  const b2 = await createMember(merchantId, 'treeb2', a1, 0);
  const c1 = await createMember(merchantId, 'treec1', b1, 0);
  const otop = await createMember(otherMerchantId, 'treetop', null);
  const o1 = await createMember(otherMerchantId, 'othero1', otop, 0);
  tree = { top, a1, a2, b1, b2, c1, otop, o1 };
});

const demo = () => ({ merchantId: testApp.demoMerchantId });
const namesOf = (members: Array<{ username: string; depth: number }>) =>
  members.map((member) => `${member.username}@${member.depth}`);

describe('listDownlines', () => {
  test('every downline at any depth, nearest first, without the agent itself', async () => {
    expect(namesOf(await listDownlines(testApp.db, tree.top, demo()))).toEqual([
      'treea1@1',
      'treea2@1',
      'treeb1@2',
      'treeb2@2',
      'treec1@3',
    ]);
    expect(namesOf(await listDownlines(testApp.db, tree.a1, demo()))).toEqual(['treeb1@1', 'treeb2@1', 'treec1@2']);
    expect(await listDownlines(testApp.db, tree.c1, demo())).toEqual([]);
  });

  test('maxDepth stops at that many levels', async () => {
    expect(namesOf(await listDownlines(testApp.db, tree.top, { ...demo(), maxDepth: 1 }))).toEqual([
      'treea1@1',
      'treea2@1',
    ]);
    expect(namesOf(await listDownlines(testApp.db, tree.top, { ...demo(), maxDepth: 2 }))).toEqual([
      'treea1@1',
      'treea2@1',
      'treeb1@2',
      'treeb2@2',
    ]);
  });

  test('each row carries the direct upline and the kind', async () => {
    const [c1] = await listDownlines(testApp.db, tree.b1, demo());
    expect(c1).toEqual({ memberId: tree.c1, username: 'treec1', isAgent: 0, uplineId: tree.b1, depth: 1 });
  });

  test("another merchant's tree is invisible: its agent asked about under this merchant has no downlines, and ours never show there", async () => {
    expect(await listDownlines(testApp.db, tree.otop, demo())).toEqual([]);
    expect(await listDownlines(testApp.db, tree.top, { merchantId: otherMerchantId })).toEqual([]);
    expect(namesOf(await listDownlines(testApp.db, tree.otop, { merchantId: otherMerchantId }))).toEqual(['othero1@1']);
  });
});

describe('listUplineChain', () => {
  test('direct upline first, the top of the tree last', async () => {
    expect(namesOf(await listUplineChain(testApp.db, tree.c1, demo()))).toEqual(['treeb1@1', 'treea1@2', 'treetop@3']);
    expect(namesOf(await listUplineChain(testApp.db, tree.a2, demo()))).toEqual(['treetop@1']);
    expect(await listUplineChain(testApp.db, tree.top, demo())).toEqual([]);
    expect(await listUplineChain(testApp.db, tree.o1, demo())).toEqual([]);
  });

  test('both queries are answered from the indexes, not by scanning the table', async () => {
    const plans = await testApp.db.connection().execute(async (connection) => {
      // The table is tiny here, so the planner would rightly prefer a sequential scan; forbid it to see the index chosen.
      await sql`set enable_seqscan = off`.execute(connection);
      const downlines = await connection
        .selectFrom('member_hierarchy')
        .select('descendant_id')
        .where('ancestor_id', '=', tree.top)
        .where('depth', '>', 0)
        .explain();
      const uplines = await connection
        .selectFrom('member_hierarchy')
        .select('ancestor_id')
        .where('descendant_id', '=', tree.c1)
        .where('depth', '>', 0)
        .explain();
      await sql`reset enable_seqscan`.execute(connection);
      return [downlines, uplines].map((rows) => rows.map((row) => Object.values(row).join(' ')).join('\n'));
    });
    expect(plans[0]).toMatch(/member_hierarchy_pkey/);
    expect(plans[1]).toMatch(/member_hierarchy_descendant_idx/);
  });
});

describe('the tree in the database', () => {
  test('every member has its own depth-0 row, even one inserted without placeUnder', async () => {
    const bare = await testApp.db
      .insertInto('member')
      .values({
        merchant_id: testApp.demoMerchantId,
        username: 'barerow',
        username_key: 'barerow',
        language: 'EN',
        password_hash: 'not-a-hash',
        password_changed_at: now,
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        register_device: 'test',
        created_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await testApp.db
      .selectFrom('member_hierarchy')
      .selectAll()
      .where('descendant_id', '=', bare.id)
      .execute();
    expect(rows).toEqual([
      { merchant_id: testApp.demoMerchantId, ancestor_id: bare.id, descendant_id: bare.id, depth: 0 },
    ]);
    // The seeded demo agent (made before any test) has its row too.
    const missing = await testApp.db
      .selectFrom('member')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('member_hierarchy')
              .select('depth')
              .whereRef('descendant_id', '=', 'member.id')
              .where('depth', '=', 0),
          ),
        ),
      )
      .execute();
    expect(missing).toEqual([]);
  });

  test('member.upline_id is kept in step with the depth-1 rows', async () => {
    const rows = await testApp.db
      .selectFrom('member_hierarchy as h')
      .innerJoin('member as m', 'm.id', 'h.descendant_id')
      .select(['h.ancestor_id', 'm.upline_id'])
      .where('h.depth', '=', 1)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.upline_id).toBe(row.ancestor_id);
  });

  test("placing a member under another merchant's agent is refused, and nothing of it stays", async () => {
    // By the member's own row: the composite foreign key on (merchant_id, upline_id).
    await expect(createMember(testApp.demoMerchantId, 'crossbrand', tree.otop, 0)).rejects.toMatchObject({
      code: '23503',
    });
    // By the tree alone, for a member placed after it was inserted.
    await expect(
      testApp.db.transaction().execute(async (trx) => {
        const id = await insertMember(
          trx,
          {
            merchant_id: testApp.demoMerchantId,
            username: 'crossbrand',
            language: 'EN',
            password_hash: 'not-a-hash',
            password_changed_at: now,
            register_method: 'TEST',
            register_ip: '127.0.0.1',
            register_device: 'test',
            created_at: now,
          },
          null,
        );
        await placeUnder(trx, { merchantId: testApp.demoMerchantId, memberId: id, uplineId: tree.otop });
      }),
    ).rejects.toThrow(/is not a member of merchant/);
    expect(
      await testApp.db.selectFrom('member').select('id').where('username', '=', 'crossbrand').executeTakeFirst(),
    ).toBeUndefined();
  });

  test('a hierarchy row that breaks the shape (depth 0 between two members, a second ancestor at one depth) is refused', async () => {
    await expect(
      testApp.db
        .insertInto('member_hierarchy')
        .values({ merchant_id: testApp.demoMerchantId, ancestor_id: tree.a2, descendant_id: tree.c1, depth: 0 })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      testApp.db
        .insertInto('member_hierarchy')
        .values({ merchant_id: testApp.demoMerchantId, ancestor_id: tree.a2, descendant_id: tree.c1, depth: 1 })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
