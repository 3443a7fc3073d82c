import {
  adminInboxPaths,
  agentMailPaths,
  inboxPaths,
  trialMemberType,
  type AdminInboxMessage,
  type AdminInboxPage,
  type InboxChangeResult,
  type InboxMail,
  type InboxPage,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshIp } from '../../testing/api-client.ts';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { agentTypes, placeUnder } from '../agents/index.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../backoffice/backoffice.testing.ts';
import type { AgentType } from '../identity/index.ts';
import { openStream } from '../wallet/wallet.testing.ts';
import { agentKinds } from './inbox-reader.ts';
import { sendSystemMessage } from './send-messages.ts';

/**
 * The inbox end to end over HTTP on a real database: the back-office writes to segments and listed
 * members, members read, mark and delete their own messages only, the counts follow, agents write to
 * their team, and the balance stream carries the unread count. The brand `inboxseg` has no seeded
 * members, so its segment sizes are exact.
 */

const clock = { nowMs: Date.UTC(2026, 10, 20, 3, 0, 0) };
const dayMs = 86_400_000;
let t: TestApp;
let streamUrl: string;
let segMerchantId: number;
let sequence = 0;

interface Member {
  id: bigint;
  username: string;
  token: string;
}

/** A brand of its own (no seeded members, the demo's configuration), so its counts are exact. */
const merchantCodes = new Map<number, string>();
async function newMerchant(code: string): Promise<number> {
  const row = await t.db
    .insertInto('merchant')
    .values({
      code,
      name: code,
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchantCodes.set(row.id, code);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  streamUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  segMerchantId = await newMerchant('inboxseg');
});
afterAll(async () => {
  await t?.close();
});

async function member(
  options: { merchantId?: number; isAgent?: AgentType; createdAtMs?: number; status?: 'active' | 'closed' } = {},
): Promise<Member> {
  const merchantId = options.merchantId ?? t.demoMerchantId;
  const username = `ibx${process.pid}n${++sequence}`;
  const id = await insertTestMember(t.db, merchantId, username, new Date(options.createdAtMs ?? clock.nowMs - dayMs), {
    is_agent: options.isAgent ?? 0,
    status: options.status ?? 'active',
  });
  return { id, username, token: await insertTestSession(t.db, merchantId, id, clock.nowMs) };
}

const merchantCode = (merchantId: number | undefined) =>
  merchantId === undefined ? 'demo' : (merchantCodes.get(merchantId) ?? 'demo');

function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; merchantId?: number; language?: 'TH' | 'EN' } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      merchant: merchantCode(options.merchantId),
      language: options.language ?? 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

async function okValue<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: T }>().value;
}

const listOf = (m: Member, query = '', merchantId?: number, language?: 'TH' | 'EN') =>
  call('GET', `${inboxPaths.list}${query}`, { token: m.token, merchantId, language }).then(okValue<InboxPage>);
const unreadOf = (m: Member, merchantId?: number) =>
  call('GET', inboxPaths.unreadCount, { token: m.token, merchantId }).then(okValue<number>);
const markRead = (m: Member, inboxIds: number[], merchantId?: number) =>
  call('POST', inboxPaths.markRead, { token: m.token, body: { inboxIds }, merchantId });
const remove = (m: Member, inboxIds: number[], merchantId?: number) =>
  call('POST', inboxPaths.remove, { token: m.token, body: { inboxIds }, merchantId });
const detail = (m: Member, inboxId: number, merchantId?: number) =>
  call('GET', `${inboxPaths.detail}?inboxId=${inboxId}`, { token: m.token, merchantId });

const texts = (tag: string) => ({
  subjectTh: `หัวข้อ ${tag}`,
  contentTh: `เนื้อหา ${tag}`,
  subjectEn: `Subject ${tag}`,
  contentEn: `Content ${tag}`,
});

async function compose(operator: TestOperator, body: Record<string, unknown>): Promise<AdminInboxMessage> {
  return okValue<AdminInboxMessage>(
    await call('POST', adminInboxPaths.messages, { token: operator.token, body, merchantId: operator.merchantId }),
  );
}

async function composerList(operator: TestOperator, query = ''): Promise<AdminInboxPage> {
  return okValue<AdminInboxPage>(
    await call('GET', `${adminInboxPaths.messages}${query}`, {
      token: operator.token,
      merchantId: operator.merchantId,
    }),
  );
}

const idsOf = (page: InboxPage) => page.content.map((mail) => mail.inboxId);

describe('bad input is refused 400 naming the field, in the member’s language', () => {
  let somchai: Member;
  let admin: TestOperator;
  let agent: Member;
  beforeAll(async () => {
    somchai = await member();
    admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
    agent = await member({ isAgent: 1 });
  });

  test.each([
    ['the range ends before it starts', 'GET', `${inboxPaths.list}?startTime=2000&endTime=1000`, undefined, 'endTime'],
    ['a page size of 0', 'GET', `${inboxPaths.list}?size=0`, undefined, 'size'],
    ['a page size over 50', 'GET', `${inboxPaths.list}?size=51`, undefined, 'size'],
    ['an unknown sort', 'GET', `${inboxPaths.list}?sort=subject`, undefined, 'sort'],
    ['a detail without id', 'GET', inboxPaths.detail, undefined, 'inboxId'],
    ['a detail id of letters', 'GET', `${inboxPaths.detail}?inboxId=abc`, undefined, 'inboxId'],
    ['mark read of no ids', 'POST', inboxPaths.markRead, { inboxIds: [] }, 'inboxIds'],
    ['mark read of a text id', 'POST', inboxPaths.markRead, { inboxIds: ['7'] }, 'inboxIds.0'],
    ['mark read of the same id twice', 'POST', inboxPaths.markRead, { inboxIds: [5, 5] }, 'inboxIds'],
    [
      'delete of 101 ids',
      'POST',
      inboxPaths.remove,
      { inboxIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      'inboxIds',
    ],
    ['delete without body field', 'POST', inboxPaths.remove, {}, 'inboxIds'],
  ] as const)('member: %s', async (_label, method, url, body, field) => {
    for (const language of ['EN', 'TH'] as const) {
      const response = await call(method, url, { token: somchai.token, body, language });
      expect(response.statusCode, response.body).toBe(400);
      const envelope = response.json<{ errorCode: string; field: string; message: string }>();
      expect(envelope).toMatchObject({ errorCode: 'validation.failed', field });
      if (language === 'TH') expect(envelope.message).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  test.each([
    ['no English subject', { audience: 'all', ...texts('x'), subjectEn: undefined }, 'subjectEn'],
    ['an empty Thai content', { audience: 'all', ...texts('x'), contentTh: '   ' }, 'contentTh'],
    ['content over 2000 characters', { audience: 'all', ...texts('x'), contentEn: 'x'.repeat(2001) }, 'contentEn'],
    ['an unknown audience', { audience: 'vip', ...texts('x') }, 'audience'],
    ['listed without usernames', { audience: 'listed', ...texts('x') }, 'usernames'],
    ['a broadcast with usernames', { audience: 'agents', usernames: ['a'], ...texts('x') }, 'usernames'],
  ])('composer: %s', async (_label, body, field) => {
    const before = await composerList(admin);
    const response = await call('POST', adminInboxPaths.messages, { token: admin.token, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    expect((await composerList(admin)).total).toBe(before.total);
  });

  test.each([
    ['another recipient type', { recipients: ['x'], sendType: 2, subject: 's', content: 'c' }, 'sendType'],
    ['no recipients', { recipients: [], sendType: 1, subject: 's', content: 'c' }, 'recipients'],
    ['no subject', { recipients: ['x'], sendType: 1, subject: '', content: 'c' }, 'subject'],
  ])('agent: %s', async (_label, body, field) => {
    const response = await call('POST', agentMailPaths.send, { token: agent.token, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
  });
});

describe('broadcasts reach their segment without a row per member', () => {
  let players: Member[];
  let agents: Member[];
  let trial: Member;
  let operator: TestOperator;

  beforeAll(async () => {
    operator = await insertTestOperator(t.db, { merchantId: segMerchantId, role: 'support' });
    players = await Promise.all([0, 1, 2].map(() => member({ merchantId: segMerchantId })));
    agents = await Promise.all(([1, 42] as const).map((isAgent) => member({ merchantId: segMerchantId, isAgent })));
    trial = await member({ merchantId: segMerchantId, isAgent: trialMemberType });
    await member({ merchantId: segMerchantId, status: 'closed' });
  });

  test('the audience count, the delivery count and who sees what', async () => {
    const audience = async (name: string) =>
      okValue<{ recipientCount: number }>(
        await call('GET', `${adminInboxPaths.audience}?audience=${name}`, {
          token: operator.token,
          merchantId: segMerchantId,
        }),
      );
    expect(await audience('all')).toEqual({ recipientCount: 5 });
    expect(await audience('agents')).toEqual({ recipientCount: 2 });
    expect(await audience('members')).toEqual({ recipientCount: 3 });

    const toAll = await compose(operator, { audience: 'all', ...texts('all') });
    const toAgents = await compose(operator, { audience: 'agents', ...texts('agents') });
    const toMembers = await compose(operator, { audience: 'members', ...texts('members') });
    expect([toAll.recipientCount, toAgents.recipientCount, toMembers.recipientCount]).toEqual([5, 2, 3]);
    // One row each, no delivery rows until someone reads or deletes.
    const deliveries = await t.db
      .selectFrom('inbox_delivery')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('message_id', 'in', [BigInt(toAll.id), BigInt(toAgents.id), BigInt(toMembers.id)])
      .executeTakeFirstOrThrow();
    expect(Number(deliveries.count)).toBe(0);

    for (const player of players) {
      const page = await listOf(player, '', segMerchantId);
      expect(page.content.map((mail) => mail.subject)).toEqual(['Subject members', 'Subject all']);
      expect(page.unreadCount).toBe(2);
      expect(page.content[0]).toMatchObject({
        senderName: 'merchant',
        sendType: 'merchant',
        pushType: 'INBOX',
        read: false,
      });
    }
    for (const agent of agents) {
      const page = await listOf(agent, '', segMerchantId, 'TH');
      expect(page.content.map((mail) => mail.subject)).toEqual(['หัวข้อ agents', 'หัวข้อ all']);
      expect(page.content[1]!.content).toBe('เนื้อหา all');
    }
    // A trial account has no inbox (the member centre is a real member's).
    const refused = await call('GET', inboxPaths.list, { token: trial.token, merchantId: segMerchantId });
    expect(refused.statusCode).toBe(403);

    // Registered after it was sent: not a recipient.
    clock.nowMs += 60_000;
    const late = await member({ merchantId: segMerchantId, createdAtMs: clock.nowMs });
    expect((await listOf(late, '', segMerchantId)).content).toEqual([]);
    expect(await unreadOf(late, segMerchantId)).toBe(0);
  });

  test('listed usernames, any case: each named member only; an unknown, closed or trial name refuses all', async () => {
    const [first, second] = players;
    const closed = await member({ merchantId: segMerchantId, status: 'closed' });
    const before = await composerList(operator);
    for (const names of [[first!.username, 'nobody_here'], [first!.username, closed.username], [trial.username]]) {
      const response = await call('POST', adminInboxPaths.messages, {
        token: operator.token,
        merchantId: segMerchantId,
        body: { audience: 'listed', usernames: names, ...texts('refused') },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'inbox.recipients.unknown', field: 'usernames' });
      expect(response.json<{ message: string }>().message).toContain(names.at(-1));
    }
    expect((await composerList(operator)).total).toBe(before.total);

    const sent = await compose(operator, {
      audience: 'listed',
      usernames: [first!.username.toUpperCase(), first!.username, agents[0]!.username],
      ...texts('listed'),
    });
    expect(sent.recipientCount).toBe(2);
    expect(sent.usernames.toSorted()).toEqual([first!.username, agents[0]!.username].toSorted());
    expect((await listOf(first!, '', segMerchantId)).content[0]!.subject).toBe('Subject listed');
    expect((await listOf(agents[0]!, '', segMerchantId)).content[0]!.subject).toBe('Subject listed');
    expect((await listOf(second!, '', segMerchantId)).content[0]!.subject).not.toBe('Subject listed');
    // One member is a list of one.
    const one = await compose(operator, { audience: 'listed', usernames: [second!.username], ...texts('one') });
    expect(one.recipientCount).toBe(1);
    expect((await listOf(second!, '', segMerchantId)).content[0]!.inboxId).toBe(Number(one.id));
  });

  test('sending is audited with the audience and count; another brand’s operator sees none of it', async () => {
    const sent = await compose(operator, { audience: 'agents', ...texts('audited') });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'after'])
      .where('target_type', '=', 'inbox_message')
      .where('target_id', '=', sent.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'inbox.message.send',
        operator_id: operator.id,
        after: { audience: 'agents', recipientCount: 2, subjectTh: 'หัวข้อ audited', subjectEn: 'Subject audited' },
      },
    ]);
    const demoAdmin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
    expect((await composerList(demoAdmin)).items.map((item) => item.id)).not.toContain(sent.id);
  });

  test('an operator without messages.send is refused 403, a member token 401', async () => {
    const finance = await insertTestOperator(t.db, { merchantId: segMerchantId, role: 'finance' });
    const custom = await insertTestRole(t.db, { merchantId: segMerchantId, permissions: ['members.read'] });
    const limited = await insertTestOperator(t.db, { merchantId: segMerchantId, role: custom });
    for (const operatorWithout of [finance, limited]) {
      for (const [method, url, body] of [
        ['GET', adminInboxPaths.messages, undefined],
        ['POST', adminInboxPaths.messages, { audience: 'all', ...texts('no') }],
        ['GET', `${adminInboxPaths.audience}?audience=all`, undefined],
      ] as const) {
        const response = await call(method, url, { token: operatorWithout.token, body, merchantId: segMerchantId });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ errorCode: 'operator.permission.denied' });
      }
    }
    const asMember = await call('GET', adminInboxPaths.messages, {
      token: players[0]!.token,
      merchantId: segMerchantId,
    });
    expect(asMember.statusCode).toBe(401);
  });
});

describe('a member reaches only its own messages', () => {
  let somchai: Member;
  let malee: Member;
  let outsider: Member;
  let admin: TestOperator;
  let forSomchai: number;
  let forMalee: number;
  let otherBrandBroadcast: number;

  beforeAll(async () => {
    admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
    [somchai, malee] = await Promise.all([member(), member()]);
    outsider = await member({ merchantId: segMerchantId });
    forSomchai = Number(
      (await compose(admin, { audience: 'listed', usernames: [somchai.username], ...texts('s') })).id,
    );
    forMalee = Number((await compose(admin, { audience: 'listed', usernames: [malee.username], ...texts('m') })).id);
    const segOperator = await insertTestOperator(t.db, { merchantId: segMerchantId, role: 'admin' });
    otherBrandBroadcast = Number((await compose(segOperator, { audience: 'all', ...texts('other brand') })).id);
    expect((await listOf(outsider, '', segMerchantId)).content.map((mail) => mail.inboxId)).toContain(
      otherBrandBroadcast,
    );
  });

  test.each([
    ['another member’s message', () => forMalee],
    ['another brand’s broadcast', () => otherBrandBroadcast],
    ['an id of no message', () => 999_999_999],
  ])('%s answers 404 like an unknown one, to detail, read and delete; nothing changes', async (_label, idOf) => {
    const id = idOf();
    for (const response of [
      await detail(somchai, id),
      await markRead(somchai, [id]),
      await remove(somchai, [id]),
      // Mixed with its own: the whole call is refused, its own stays unread.
      await markRead(somchai, [forSomchai, id]),
      await remove(somchai, [forSomchai, id]),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'inbox.mail.unknown' });
    }
    const mine = await listOf(somchai);
    expect(mine.content.find((mail) => mail.inboxId === forSomchai)).toMatchObject({ read: false });
    expect((await listOf(malee)).content.find((mail) => mail.inboxId === forMalee)).toMatchObject({ read: false });
    const deliveries = await t.db
      .selectFrom('inbox_delivery')
      .selectAll()
      .where('message_id', 'in', [BigInt(forMalee), BigInt(otherBrandBroadcast)])
      .execute();
    expect(deliveries.every((row) => row.read_at === null && row.deleted_at === null)).toBe(true);
  });

  test('its own message: detail, read, delete; then it is gone for it (404) and still there for the composer', async () => {
    const opened = await okValue<InboxMail>(await detail(somchai, forSomchai, undefined));
    expect(opened).toMatchObject({ inboxId: forSomchai, subject: 'Subject s', content: 'Content s', read: false });
    // Reading the detail does not mark it: the site marks it read when it opens it.
    expect((await okValue<InboxMail>(await detail(somchai, forSomchai))).read).toBe(false);
    const read = await okValue<InboxChangeResult>(await markRead(somchai, [forSomchai]));
    expect(read.changed).toBe(1);
    expect((await okValue<InboxChangeResult>(await markRead(somchai, [forSomchai]))).changed).toBe(0);
    expect((await okValue<InboxMail>(await detail(somchai, forSomchai))).read).toBe(true);
    expect((await okValue<InboxChangeResult>(await remove(somchai, [forSomchai]))).changed).toBe(1);
    expect((await detail(somchai, forSomchai)).statusCode).toBe(404);
    expect((await remove(somchai, [forSomchai])).statusCode).toBe(404);
    expect((await markRead(somchai, [forSomchai])).statusCode).toBe(404);
    const item = (await composerList(admin)).items.find((message) => Number(message.id) === forSomchai);
    expect(item).toMatchObject({ recipientCount: 1, readCount: 1, deletedCount: 1 });
  });
});

describe('paging, date range, many at once, counts', () => {
  let reader: Member;
  let admin: TestOperator;
  let listed: number[];
  let broadcasts: number[];
  let pageMerchantId: number;
  const start = Date.UTC(2026, 9, 1, 12, 0, 0);

  beforeAll(async () => {
    // A brand of its own: only what this block sends reaches the reader.
    pageMerchantId = await newMerchant('inboxpage');
    admin = await insertTestOperator(t.db, { merchantId: pageMerchantId, role: 'admin' });
    reader = await member({ merchantId: pageMerchantId, isAgent: 41, createdAtMs: start - dayMs });
    const saved = clock.nowMs;
    listed = [];
    broadcasts = [];
    // Eight messages a day apart: listed ones, a broadcast to agents every third day, and a system one.
    for (let day = 0; day < 8; day++) {
      clock.nowMs = start + day * dayMs;
      if (day % 3 === 2)
        broadcasts.push(Number((await compose(admin, { audience: 'agents', ...texts(`d${day}`) })).id));
      else if (day === 7)
        await sendSystemMessage(t.db, {
          merchantId: pageMerchantId,
          memberId: reader.id,
          template: 'withdrawal.paid',
          params: { withdrawalId: '77', amount: '300.00', currency: 'THB' },
          sourceKey: `test.withdrawal.paid:${reader.id}`,
          nowMs: clock.nowMs,
        });
      else
        listed.push(
          Number((await compose(admin, { audience: 'listed', usernames: [reader.username], ...texts(`d${day}`) })).id),
        );
    }
    clock.nowMs = saved;
  });

  const all = '?startTime=0&size=50';

  test('pages of a range, newest first or oldest first, with totals', async () => {
    const everything = await listOf(reader, all, pageMerchantId);
    expect(everything.totalElements).toBe(8);
    expect(everything.unreadCount).toBe(8);
    const newestFirst = idsOf(everything);
    const pages: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await listOf(reader, `?startTime=0&size=3&page=${page}`, pageMerchantId);
      expect(answer).toMatchObject({ totalElements: 8, totalPages: 3, page, size: 3 });
      pages.push(...idsOf(answer));
    }
    expect(pages).toEqual(newestFirst);
    const oldestFirst = await listOf(reader, `${all}&sort=sendTime:asc`, pageMerchantId);
    expect(idsOf(oldestFirst)).toEqual(newestFirst.toReversed());
    // Days 2 to 4 (from inclusive, to exclusive): one broadcast (day 2) and two listed (days 3, 4).
    const range = await listOf(reader, `?startTime=${start + 2 * dayMs}&endTime=${start + 5 * dayMs}`, pageMerchantId);
    expect(range.content.map((mail) => mail.subject)).toEqual(['Subject d4', 'Subject d3', 'Subject d2']);
    expect(range.unreadCount).toBe(8);
    // The default range is the last 30 days of the clock: these are older.
    expect((await listOf(reader, '', pageMerchantId)).totalElements).toBe(0);
    // A system message in the reader's language.
    const system = everything.content[0]!;
    expect(system).toMatchObject({
      sendType: 'system',
      pushType: 'WITHDRAW',
      senderName: 'merchant',
      subject: 'Withdrawal paid',
    });
    expect(system.content).toContain('#77');
    const inThai = (await listOf(reader, all, pageMerchantId, 'TH')).content[0]!;
    expect(inThai.subject).toBe('โอนเงินถอนแล้ว');
  });

  test('read many, delete many, all read: the counts follow each step', async () => {
    const readMany = await okValue<InboxChangeResult>(
      await markRead(reader, [listed[0]!, broadcasts[0]!, listed[1]!], pageMerchantId),
    );
    expect(readMany).toEqual({ changed: 3, unreadCount: 5 });
    expect(await unreadOf(reader, pageMerchantId)).toBe(5);
    // Deleting: a read broadcast, an unread broadcast, an unread listed one.
    const deleted = await okValue<InboxChangeResult>(
      await remove(reader, [broadcasts[0]!, broadcasts[1]!, listed[2]!], pageMerchantId),
    );
    expect(deleted).toEqual({ changed: 3, unreadCount: 3 });
    const left = await listOf(reader, all, pageMerchantId);
    expect(left.totalElements).toBe(5);
    expect(idsOf(left)).not.toEqual(expect.arrayContaining([broadcasts[0], broadcasts[1], listed[2]]));
    const everyRead = await okValue<InboxChangeResult>(
      await call('POST', inboxPaths.markAllRead, { token: reader.token, merchantId: pageMerchantId }),
    );
    expect(everyRead).toEqual({ changed: 3, unreadCount: 0 });
    expect((await listOf(reader, all, pageMerchantId)).content.every((mail) => mail.read)).toBe(true);
    // A deleted broadcast stays deleted after "all read".
    expect((await detail(reader, broadcasts[1]!, pageMerchantId)).statusCode).toBe(404);
    const items = (await composerList(admin, '?pageSize=100')).items;
    const countsOf = (id: number) => items.find((item) => Number(item.id) === id);
    expect(countsOf(broadcasts[0]!)).toMatchObject({ readCount: 1, deletedCount: 1 });
    expect(countsOf(broadcasts[1]!)).toMatchObject({ readCount: 0, deletedCount: 1 });
    expect(countsOf(listed[3]!)).toMatchObject({ recipientCount: 1, readCount: 1, deletedCount: 0 });
  });

  test('the composer lists the brand’s own messages newest first, in a range, paged', async () => {
    const page = await composerList(admin, `?from=${start}&to=${start + 3 * dayMs}&pageSize=2`);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.subjectEn)).toEqual(['Subject d2', 'Subject d1']);
    expect(page.items[0]).toMatchObject({ audience: 'agents', sentBy: admin.username, usernames: [] });
    expect(page.items[1]).toMatchObject({ audience: 'listed', usernames: [reader.username] });
  });
});

describe('agents write to their own team only', () => {
  let top: Member;
  let middle: Member;
  let deep: Member;
  let stranger: Member;

  beforeAll(async () => {
    top = await member({ isAgent: 1 });
    middle = await member({ isAgent: 1 });
    deep = await member();
    stranger = await member();
    await t.db.transaction().execute(async (trx) => {
      await placeUnder(trx, { merchantId: t.demoMerchantId, memberId: middle.id, uplineId: top.id });
      await placeUnder(trx, { merchantId: t.demoMerchantId, memberId: deep.id, uplineId: middle.id });
    });
  });

  const send = (from: Member, recipients: string[]) =>
    call('POST', agentMailPaths.send, {
      token: from.token,
      body: { recipients, sendType: 1, subject: 'Team news', content: 'Bonus week starts Monday' },
    });

  test('to a direct and a deeper downline at once: each receives it from the agent’s name', async () => {
    const result = await okValue<{ inboxId: number; recipientCount: number }>(
      await send(top, [middle.username, deep.username]),
    );
    expect(result.recipientCount).toBe(2);
    for (const recipient of [middle, deep]) {
      const mail = (await listOf(recipient)).content.find((item) => item.inboxId === result.inboxId);
      expect(mail).toMatchObject({ senderName: top.username, sendType: 'agent', subject: 'Team news', read: false });
    }
  });

  test.each([
    ['a member outside the team', () => [stranger.username]],
    ['its upline', () => [top.username]],
    ['itself', () => [middle.username]],
    ['a name of nobody', () => ['no_such_member']],
    ['a downline with an outsider', () => [deep.username, stranger.username]],
  ])('to %s: 404 agent.team.member.unknown, nothing written', async (_label, names) => {
    const before = await unreadOf(stranger);
    const response = await send(middle, names());
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'agent.team.member.unknown', field: 'recipients' });
    expect(await unreadOf(stranger)).toBe(before);
    const written = await t.db
      .selectFrom('inbox_message')
      .select('id')
      .where('sender_member_id', '=', middle.id)
      .execute();
    expect(written).toEqual([]);
  });

  test('a member who is no agent is refused 403', async () => {
    const response = await send(deep, [stranger.username]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'agent.only' });
  });

  test('the inbox’s agent kinds are the agent module’s', () => {
    expect([...agentKinds].toSorted()).toEqual([...agentTypes].toSorted());
  });
});

describe('the balance stream carries the unread count', () => {
  test('at once when opened, then after a listed message, a broadcast, a read and a delete', async () => {
    const admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
    const watched = await member();
    const other = await member();
    const stream = await openStream(streamUrl, watched.token);
    try {
      const before = await unreadOf(watched);
      expect(await stream.nextUnread()).toBe(before);
      await compose(admin, { audience: 'listed', usernames: [other.username], ...texts('not yours') });
      const mine = Number(
        (await compose(admin, { audience: 'listed', usernames: [watched.username], ...texts('yours') })).id,
      );
      // The other member's message changed nothing of this stream: the next event is this one's.
      expect(await stream.nextUnread()).toBe(before + 1);
      const broadcast = Number((await compose(admin, { audience: 'members', ...texts('everyone') })).id);
      expect(await stream.nextUnread()).toBe(before + 2);
      await markRead(watched, [mine]);
      expect(await stream.nextUnread()).toBe(before + 1);
      await remove(watched, [broadcast]);
      expect(await stream.nextUnread()).toBe(before);
    } finally {
      stream.close();
    }
  });
});
