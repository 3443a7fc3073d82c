import { adminPath, agentMovePaths, uplineHistorySchema, uplineMovedSchema } from '@lotus/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { insertMember } from '../../identity/index.ts';
import { useLoginTestKit } from '../../identity/testing.ts';
import { placeUnder } from './hierarchy.ts';
import { uplineAt, uplineChainAt } from './upline-history.ts';

/**
 * PUT upline (an operator moves a member and its whole team under another agent) and GET
 * upline-history, against the real app and database: the closure table after random moves equals one
 * recomputed from `member.upline_id`, cycles and non-agents refused, the history and the audit.
 */
const kit = useLoginTestKit();
let admin: TestOperator;
let finance: TestOperator;
let stranger: TestOperator;
let otherMerchantId: number;
let counter = 0;

type Method = 'GET' | 'PUT';
function call(method: Method, url: string, options: { token?: string; body?: unknown } = {}) {
  return kit.testApp.app.inject({
    method,
    url,
    headers: {
      merchant: 'demo',
      language: 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}
const moveUrl = (memberId: bigint) => adminPath(agentMovePaths.move, { memberId: String(memberId) });
const historyUrl = (memberId: bigint) => adminPath(agentMovePaths.history, { memberId: String(memberId) });
const move = (memberId: bigint, uplineId: bigint, token = admin.token) =>
  call('PUT', moveUrl(memberId), { token, body: { uplineId: String(uplineId), reason: 'team asked to move' } });

async function member(
  uplineId: bigint | null,
  options: { isAgent?: 0 | 1; merchantId?: number; placeInTree?: typeof placeUnder } = {},
): Promise<bigint> {
  counter += 1;
  const username = `mv${counter}x${kit.clock.nowMs % 100000}`;
  const merchantId = options.merchantId ?? kit.testApp.demoMerchantId;
  const now = new Date(kit.clock.nowMs);
  return kit.db.transaction().execute((trx) =>
    insertMember(
      trx,
      {
        merchant_id: merchantId,
        username,
        language: 'EN',
        is_agent: options.isAgent ?? 1,
        password_hash: 'not-a-hash',
        password_changed_at: now,
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        register_device: 'test',
        created_at: now,
      },
      uplineId === null ? null : { id: uplineId, placeInTree: options.placeInTree ?? placeUnder },
    ),
  );
}

/** The merchant's closure rows, as `ancestor>descendant@depth` strings, sorted. */
async function closureRows(merchantId: number): Promise<string[]> {
  const rows = await kit.db
    .selectFrom('member_hierarchy')
    .select(['ancestor_id', 'descendant_id', 'depth'])
    .where('merchant_id', '=', merchantId)
    .execute();
  return rows.map((row) => `${row.ancestor_id}>${row.descendant_id}@${row.depth}`).sort();
}

/** The closure recomputed from scratch by walking `member.upline_id`. */
async function recomputedRows(merchantId: number): Promise<string[]> {
  const members = await kit.db
    .selectFrom('member')
    .select(['id', 'upline_id'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const uplineOf = new Map(members.map((row) => [row.id, row.upline_id]));
  const rows: string[] = [];
  for (const { id } of members) {
    let current: bigint | null = id;
    for (let depth = 0; current !== null; depth++) {
      rows.push(`${current}>${id}@${depth}`);
      current = uplineOf.get(current) ?? null;
      if (depth > members.length) throw new Error('cycle in member.upline_id');
    }
  }
  return rows.sort();
}

beforeAll(async () => {
  const other = await kit.db
    .insertInto('merchant')
    .values({
      code: 'moveother',
      name: 'Move other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
  const merchantId = kit.testApp.demoMerchantId;
  const nowMs = kit.clock.nowMs;
  [admin, finance, stranger] = await Promise.all([
    insertTestOperator(kit.db, { merchantId, role: 'admin', nowMs }),
    insertTestOperator(kit.db, { merchantId, role: 'finance', nowMs }),
    insertTestOperator(kit.db, { merchantId: other.id, role: 'admin', nowMs }),
  ]);
});

describe('moving a member with its team', () => {
  test('the whole subtree goes along: closure rows equal the recomputation, audit and history written', async () => {
    const merchantId = kit.testApp.demoMerchantId;
    // top -> a -> b -> c, b -> d; top -> x
    const top = await member(null);
    const a = await member(top);
    const b = await member(a);
    const c = await member(b, { isAgent: 0 });
    const d = await member(b, { isAgent: 0 });
    const x = await member(top);
    const registeredAt = new Date(kit.clock.nowMs);
    kit.clock.nowMs += 60_000;

    const response = await move(b, x);
    expect(response.statusCode, response.body).toBe(200);
    const moved = uplineMovedSchema.parse(response.json().value);
    expect(moved).toMatchObject({ before: { id: String(a) }, after: { id: String(x) }, movedMembers: 3 });
    expect(await closureRows(merchantId)).toEqual(await recomputedRows(merchantId));
    const chainOfC = await kit.db
      .selectFrom('member_hierarchy')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', c)
      .orderBy('depth')
      .execute();
    expect(chainOfC.map((row) => row.ancestor_id)).toEqual([c, b, x, top]);

    const audit = await kit.db
      .selectFrom('operator_audit')
      .select(['before', 'after', 'operator_id'])
      .where('action', '=', 'member.upline.move')
      .where('target_id', '=', String(b))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_id: admin.id,
      before: { upline: { id: String(a) } },
      after: { upline: { id: String(x) }, movedMembers: 3, reason: 'team asked to move' },
    });

    const history = uplineHistorySchema.parse(
      (await call('GET', historyUrl(b), { token: finance.token })).json().value,
    );
    expect(history.items).toEqual([
      {
        upline: expect.objectContaining({ id: String(x) }),
        validFrom: new Date(kit.clock.nowMs).toISOString(),
        validTo: null,
      },
      {
        upline: expect.objectContaining({ id: String(a) }),
        validFrom: registeredAt.toISOString(),
        validTo: new Date(kit.clock.nowMs).toISOString(),
      },
    ]);
    // The tree as it was: before the move b was under a, from the move on under x; c never moved.
    expect(await uplineAt(kit.db, merchantId, b, new Date(kit.clock.nowMs - 1))).toBe(a);
    expect(await uplineAt(kit.db, merchantId, b, new Date(kit.clock.nowMs))).toBe(x);
    expect(await uplineChainAt(kit.db, merchantId, c, new Date(kit.clock.nowMs - 1))).toEqual([b, a, top]);
    expect(await uplineChainAt(kit.db, merchantId, c, new Date(kit.clock.nowMs))).toEqual([b, x, top]);
    expect(await uplineAt(kit.db, merchantId, d, new Date(0))).toBe(b);

    // A second move closes the open period.
    kit.clock.nowMs += 60_000;
    expect((await move(b, a)).statusCode).toBe(200);
    const again = uplineHistorySchema.parse((await call('GET', historyUrl(b), { token: finance.token })).json().value);
    expect(again.items.map((item) => item.upline?.id)).toEqual([String(a), String(x), String(a)]);
    expect(again.items[1]!.validTo).toBe(new Date(kit.clock.nowMs).toISOString());
    expect(await closureRows(merchantId)).toEqual(await recomputedRows(merchantId));
  });

  test('random trees, random moves: the closure table always equals the one recomputed from the uplines', async () => {
    const merchantId = kit.testApp.demoMerchantId;
    let seed = 20261127;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 4; round++) {
      const members: bigint[] = [await member(null)];
      for (let index = 1; index < 25; index++)
        members.push(await member(random(3) === 0 ? null : members[random(members.length)]!));
      let movesDone = 0;
      for (let attempt = 0; attempt < 15; attempt++) {
        const who = members[random(members.length)]!;
        const target = members[random(members.length)]!;
        kit.clock.nowMs += 1000;
        const response = await move(who, target);
        const { errorCode } = response.json() as { errorCode?: string };
        if (response.statusCode === 200) movesDone += 1;
        else expect(['agent.move.cycle', 'agent.move.unchanged']).toContain(errorCode);
      }
      expect(movesDone).toBeGreaterThan(0);
      expect(await closureRows(merchantId)).toEqual(await recomputedRows(merchantId));
    }
  });

  test('refused: under itself or its own downline (409), a non-agent or unknown upline (400), the same upline (409); nothing changes', async () => {
    const merchantId = kit.testApp.demoMerchantId;
    const top = await member(null);
    const a = await member(top);
    const b = await member(a);
    const player = await member(top, { isAgent: 0 });
    const locked = await member(null);
    await kit.db.updateTable('member').set({ status: 'locked' }).where('id', '=', locked).execute();
    const foreignAgent = await member(null, { merchantId: otherMerchantId });
    const before = await closureRows(merchantId);
    const cases: Array<[bigint, bigint, number, string]> = [
      [a, a, 409, 'agent.move.cycle'],
      [a, b, 409, 'agent.move.cycle'],
      [top, b, 409, 'agent.move.cycle'],
      [b, player, 400, 'agent.move.upline.not.agent'],
      [b, locked, 400, 'agent.move.upline.not.agent'],
      [b, foreignAgent, 400, 'agent.move.upline.not.agent'],
      [b, 999_999_999n, 400, 'agent.move.upline.not.agent'],
      [b, a, 409, 'agent.move.unchanged'],
    ];
    for (const [who, target, status, errorCode] of cases) {
      const response = await move(who, target);
      expect(response.statusCode, `${who} under ${target}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, errorCode, field: 'uplineId' });
    }
    expect(await closureRows(merchantId)).toEqual(before);
    expect(
      await kit.db.selectFrom('member_upline_history').select('id').where('member_id', 'in', [a, b, top]).execute(),
    ).toEqual([]);
  });

  test('who may: members.manage moves, members.read reads the history; another merchant’s member is 404; bad input 400', async () => {
    const top = await member(null);
    const a = await member(top);
    const x = await member(top);
    expect((await call('PUT', moveUrl(a), { body: { uplineId: String(x), reason: 'r' } })).statusCode).toBe(401);
    const denied = await move(a, x, finance.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('operator.permission.denied');
    const foreign = await member(null, { merchantId: otherMerchantId });
    expect((await move(foreign, x)).statusCode).toBe(404);
    expect((await call('GET', historyUrl(foreign), { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', historyUrl(999_999_999n), { token: admin.token })).statusCode).toBe(404);
    // The other merchant's operator does not reach this merchant's member.
    const crossed = await kit.testApp.app.inject({
      method: 'PUT',
      url: moveUrl(a),
      headers: { merchant: 'moveother', language: 'EN', authorization: stranger.token },
      payload: { uplineId: String(x), reason: 'r' },
    });
    expect(crossed.statusCode).toBe(404);
    for (const [body, field] of [
      [{ uplineId: 'abc', reason: 'r' }, 'uplineId'],
      [{ uplineId: String(x), reason: ' ' }, 'reason'],
      [{ uplineId: String(x) }, 'reason'],
    ] as const) {
      const response = await call('PUT', moveUrl(a), { token: admin.token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    }
    // A member never moved: one open period since it registered.
    const history = uplineHistorySchema.parse(
      (await call('GET', historyUrl(a), { token: finance.token })).json().value,
    );
    expect(history.items).toEqual([
      expect.objectContaining({ upline: expect.objectContaining({ id: String(top) }), validTo: null }),
    ]);
  });

  test('a registration under the member, between its insert and its placement, does not deadlock a move', async () => {
    const top = await member(null);
    const a = await member(top);
    const x = await member(top);
    let inserted!: () => void;
    const isInserted = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The new member's row is written (its foreign key holds a KEY SHARE lock on a's row) and the
    // registration stops before asking for the tree lock.
    const registration = member(a, {
      isAgent: 0,
      placeInTree: async (trx, placement) => {
        inserted();
        await gate;
        await placeUnder(trx, placement);
      },
    });
    await isInserted;
    const moving = move(a, x); // takes the tree lock, then a's row
    await new Promise((resolve) => setTimeout(resolve, 300));
    release(); // the registration now waits for the tree lock the move holds
    const [answer] = await Promise.all([moving, registration]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await closureRows(kit.testApp.demoMerchantId)).toEqual(await recomputedRows(kit.testApp.demoMerchantId));
  });

  test('moves and registrations at the same time leave a consistent tree', async () => {
    const merchantId = kit.testApp.demoMerchantId;
    const top = await member(null);
    const a = await member(top);
    const x = await member(top);
    const work: Array<Promise<unknown>> = [];
    for (let index = 0; index < 8; index++) work.push(member(a, { isAgent: 0 }));
    const moved = move(a, x);
    for (let index = 0; index < 8; index++) work.push(member(a, { isAgent: 0 }));
    await Promise.all(work);
    const answer = await moved;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await closureRows(merchantId)).toEqual(await recomputedRows(merchantId));
    const chains = await kit.db
      .selectFrom('member_hierarchy')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ancestor_id', '=', x)
      .executeTakeFirstOrThrow();
    expect(Number(chains.n)).toBe(1 + 1 + 16);
  });
});
