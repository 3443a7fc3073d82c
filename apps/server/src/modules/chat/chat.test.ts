import { randomUUID } from 'node:crypto';
import {
  adminApiPaths,
  chatPaths,
  type AdminChatConversation,
  type ChatConversation,
  type ChatQueuePage,
  type ChatSummary,
  type VisitorConversation,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { multipartFile, pngImage } from '../media/media.testing.ts';
import { isError, isMarks, isMessage, isQueue, openChatSocket, type ChatTestSocket } from './chat.testing.ts';
import { hashVisitorToken } from './conversations.ts';

/**
 * Live chat end to end on a real database and a listening app: the site's and the back-office's
 * calls through inject, both sides' websockets with a real client (`ws`), every push through
 * PostgreSQL's NOTIFY as on several instances. Reconnection resumes from the last id with nothing
 * lost or doubled; other merchants' and other members' conversations are refused.
 */
let testApp: TestApp;
let wsBase: string;
let support: TestOperator;
let support2: TestOperator;
let finance: TestOperator;
let stranger: TestOperator;
let somchai: { id: bigint; token: string };
let malee: { id: bigint; token: string };
let ipCounter = 0;
const nextIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; merchant?: string; multipart?: Buffer } = {},
) {
  const file = options.multipart ? multipartFile(options.multipart) : null;
  return testApp.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: {
      merchant: options.merchant ?? 'demo',
      language: 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
      ...(file ? { 'content-type': file.contentType } : {}),
    },
    ...(file ? { payload: file.payload } : options.body === undefined ? {} : { payload: options.body as object }),
  });
}

const pathOf = (path: string, conversationId: string) => path.replace(':conversationId', conversationId);

async function memberSocket(token: string, query = ''): Promise<ChatTestSocket> {
  const opened = await openChatSocket(`${wsBase}${chatPaths.memberSocket}${query}`, { token, headerMerchant: 'demo' });
  if (!('socket' in opened)) throw new Error(`refused ${opened.refusedStatus}`);
  return opened.socket;
}

async function operatorSocket(operator: TestOperator, query = ''): Promise<ChatTestSocket> {
  const opened = await openChatSocket(`${wsBase}${chatPaths.adminSocket}${query}`, {
    token: operator.token,
    merchant: 'demo',
  });
  if (!('socket' in opened)) throw new Error(`refused ${opened.refusedStatus}`);
  return opened.socket;
}

async function openConversation(token: string): Promise<ChatConversation> {
  const response = await send('POST', chatPaths.memberConversation, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: ChatConversation }>().value;
}

async function queue(operator: TestOperator, query: string): Promise<ChatQueuePage> {
  const response = await send('GET', `${chatPaths.adminConversations}${query}`, { token: operator.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: ChatQueuePage }>().value;
}

let otherMerchantConversationId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const merchantId = testApp.demoMerchantId;
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'chatother',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  [support, support2, finance, stranger] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId, role: 'support' }),
    insertTestOperator(testApp.db, { merchantId, role: 'support' }),
    insertTestOperator(testApp.db, { merchantId, role: 'finance' }),
    insertTestOperator(testApp.db, { merchantId: other.id, role: 'admin' }),
  ]);
  const somchaiId = await insertTestMember(testApp.db, merchantId, 'chat_somchai');
  const maleeId = await insertTestMember(testApp.db, merchantId, 'chat_malee');
  somchai = { id: somchaiId, token: await insertTestSession(testApp.db, merchantId, somchaiId) };
  malee = { id: maleeId, token: await insertTestSession(testApp.db, merchantId, maleeId) };
  const outsiderId = await insertTestMember(testApp.db, other.id, 'chat_outsider');
  const outsiderToken = await insertTestSession(testApp.db, other.id, outsiderId);
  const response = await send('POST', chatPaths.memberConversation, { token: outsiderToken, merchant: 'chatother' });
  if (response.statusCode !== 200) throw new Error(response.body);
  otherMerchantConversationId = response.json<{ value: ChatConversation }>().value.id;
  const address = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  wsBase = address.replace('http://', 'ws://');
});
afterAll(async () => {
  await testApp?.close();
});

describe('opening a conversation', () => {
  test('a member gets one open conversation, the same on every open; another member gets their own', async () => {
    const first = await openConversation(somchai.token);
    expect(first).toMatchObject({ status: 'waiting', messages: [] });
    expect((await openConversation(somchai.token)).id).toBe(first.id);
    expect((await openConversation(malee.token)).id).not.toBe(first.id);
  });

  test('visitors are refused until the merchant allows them; then a token kept only hashed', async () => {
    const refused = await send('POST', chatPaths.visitorConversation);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'chat.visitors.not.allowed' });
    const saved = await send('PUT', chatPaths.adminSettings, {
      token: support.token,
      body: { visitorsAllowed: true, alertMinutes: 3 },
    });
    expect(saved.statusCode).toBe(200);
    const opened = await send('POST', chatPaths.visitorConversation);
    expect(opened.statusCode).toBe(200);
    const visitor = opened.json<{ value: VisitorConversation }>().value;
    const row = await testApp.db
      .selectFrom('chat_conversation')
      .select(['visitor_token_hash', 'member_id'])
      .where('id', '=', BigInt(visitor.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ visitor_token_hash: hashVisitorToken(visitor.visitorToken), member_id: null });
    expect(row.visitor_token_hash).not.toContain(visitor.visitorToken);
    // The visitor's token opens its own conversation again (the panel after a reload).
    const again = await send('POST', chatPaths.memberConversation, { token: visitor.visitorToken });
    expect(again.json<{ value: ChatConversation }>().value.id).toBe(visitor.id);
  });
});

describe('who may open a socket', () => {
  test.each([
    ['member socket without a token', chatPaths.memberSocket, {}, 401],
    ['member socket with a garbage token', chatPaths.memberSocket, { token: 'garbage' }, 401],
    ['operator socket without the chat permission', chatPaths.adminSocket, { operator: 'finance' }, 403],
    ['operator socket with a member token', chatPaths.adminSocket, { token: 'member' }, 401],
  ] as const)('%s: refused before the upgrade', async (_name, path, who, status) => {
    const token =
      'operator' in who
        ? finance.token
        : 'token' in who
          ? who.token === 'member'
            ? somchai.token
            : who.token
          : undefined;
    const opened = await openChatSocket(`${wsBase}${path}`, { token, merchant: 'demo', headerMerchant: 'demo' });
    expect(opened).toEqual({ refusedStatus: status });
  });

  test.each([
    [chatPaths.memberSocket, undefined, 401],
    [chatPaths.adminSocket, undefined, 401],
    [chatPaths.memberSocket, 'member', 404],
    [chatPaths.adminSocket, 'operator', 404],
  ])('a plain GET of %s (no upgrade) is answered at once: %s token → %i', async (path, who, status) => {
    const conversations = () =>
      testApp.db
        .selectFrom('chat_conversation')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await conversations();
    const token = who === undefined ? undefined : who === 'member' ? somchai.token : support.token;
    const response = await send('GET', path, { token });
    expect(response.statusCode).toBe(status);
    // In the envelope, and nothing written (the member's conversation is not opened by a plain GET).
    expect(response.json()).toMatchObject({ success: false });
    expect(await conversations()).toEqual(before);
  });

  test('a foreign conversation id is refused 404: another member’s, another merchant’s', async () => {
    const malees = await openConversation(malee.token);
    const asSomchai = await openChatSocket(`${wsBase}${chatPaths.memberSocket}?conversationId=${malees.id}`, {
      token: somchai.token,
      headerMerchant: 'demo',
    });
    expect(asSomchai).toEqual({ refusedStatus: 404 });
    const otherMerchants = await openChatSocket(
      `${wsBase}${chatPaths.adminSocket}?conversationId=${otherMerchantConversationId}`,
      { token: support.token, merchant: 'demo' },
    );
    expect(otherMerchants).toEqual({ refusedStatus: 404 });
    const strangerReads = await send('GET', pathOf(chatPaths.adminConversation, malees.id), {
      token: stranger.token,
      merchant: 'chatother',
    });
    expect(strangerReads.statusCode).toBe(404);
  });
});

describe('messages over the sockets', () => {
  test('member writes, operator sees it live and answers, marks travel both ways, reconnection loses and doubles nothing', async () => {
    const conversation = await openConversation(somchai.token);
    const member = await memberSocket(somchai.token);
    const operatorQueue = await operatorSocket(support);
    const operator = await operatorSocket(support, `?conversationId=${conversation.id}`);

    // The member writes; the same clientId again (a resend after a lost answer) is not a second message.
    const clientId = randomUUID();
    member.send({ type: 'send', clientId, text: 'Hello, my deposit is late' });
    member.send({ type: 'send', clientId, text: 'Hello, my deposit is late' });
    const seen = await operator.next(isMessage);
    expect(seen.message).toMatchObject({ sender: 'member', text: 'Hello, my deposit is late', clientId });
    await operatorQueue.next(isQueue);
    // Delivered to the operator's socket: the member sees the mark.
    await member.next(
      (frame): frame is Extract<typeof frame, { type: 'marks' }> =>
        isMarks(frame) && frame.marks.operatorDeliveredUpTo === seen.message.id,
    );

    // The operator answers: the conversation is theirs, the member sees the answer and reads it.
    operator.send({ type: 'send', clientId: randomUUID(), text: 'Looking at it now' });
    const answer = (
      await member.next(
        (frame): frame is Extract<typeof frame, { type: 'message' }> =>
          isMessage(frame) && frame.message.sender === 'operator',
      )
    ).message;
    expect(answer).toMatchObject({ text: 'Looking at it now', operatorName: null });
    member.send({ type: 'read', upToId: answer.id });
    await operator.next(
      (frame): frame is Extract<typeof frame, { type: 'marks' }> =>
        isMarks(frame) && frame.marks.memberReadUpTo === answer.id,
    );

    // The member's connection drops; the operator writes three messages meanwhile.
    await member.close();
    const missedTexts = ['One', 'Two', 'Three'];
    for (const text of missedTexts) operator.send({ type: 'send', clientId: randomUUID(), text });
    for (let count = 0; count < 3; count++) await operator.next(isMessage);
    const resumed = await memberSocket(somchai.token, `?conversationId=${conversation.id}&after=${answer.id}`);
    const got = [];
    for (let count = 0; count < 3; count++) got.push((await resumed.next(isMessage)).message.text);
    expect(got).toEqual(missedTexts);
    // Nothing else and nothing twice: one more message arrives alone, after them.
    operator.send({ type: 'send', clientId: randomUUID(), text: 'Four' });
    expect((await resumed.next(isMessage)).message.text).toBe('Four');
    expect(resumed.frames.filter(isMessage).map((frame) => frame.message.text)).toEqual([...missedTexts, 'Four']);

    const rows = await testApp.db
      .selectFrom('chat_message')
      .select(['sender', 'text'])
      .where('conversation_id', '=', BigInt(conversation.id))
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.text)).toEqual([
      'Hello, my deposit is late',
      'Looking at it now',
      'One',
      'Two',
      'Three',
      'Four',
    ]);
    const desk = (
      await send('GET', pathOf(chatPaths.adminConversation, conversation.id), { token: support.token })
    ).json<{
      value: AdminChatConversation;
    }>().value;
    expect(desk.conversation).toMatchObject({
      status: 'open',
      assignedOperatorName: support.username,
      waitingSince: null,
    });
    expect(desk.member).toMatchObject({ username: 'chat_somchai', mainBalance: '0.00', lastDeposits: [] });
    await Promise.all([resumed.close(), operator.close(), operatorQueue.close()]);
  });

  test.each([
    ['not JSON', 'hello', 'chat.frame.invalid'],
    ['an unknown type', { type: 'shout' }, 'chat.frame.invalid'],
    ['text too long', { type: 'send', clientId: randomUUID(), text: 'x'.repeat(2001) }, 'chat.frame.invalid'],
    ['neither text nor image', { type: 'send', clientId: randomUUID() }, 'chat.message.empty'],
    [
      'an image of no conversation of the member',
      { type: 'send', clientId: randomUUID(), imageId: '999999' },
      'chat.image.not.found',
    ],
  ])('a bad frame (%s) is answered with an error frame, and the socket stays open', async (_name, frame, errorCode) => {
    const member = await memberSocket(malee.token);
    member.send(frame);
    expect(await member.next(isError)).toMatchObject({ errorCode });
    member.send({ type: 'send', clientId: randomUUID(), text: 'still here' });
    expect(
      (
        await member.next(
          (f): f is Extract<typeof f, { type: 'message' }> => isMessage(f) && f.message.text === 'still here',
        )
      ).message.sender,
    ).toBe('member');
    await member.close();
  });

  test.each([
    [
      'logs out',
      async (operator: TestOperator) => {
        expect((await send('POST', adminApiPaths.logout, { token: operator.token })).statusCode).toBe(200);
      },
    ],
    [
      'loses the chat permission (role changed)',
      async (operator: TestOperator) => {
        const role = await insertTestRole(testApp.db, {
          merchantId: testApp.demoMerchantId,
          permissions: ['members.read'],
        });
        await testApp.db.updateTable('operator').set({ role }).where('id', '=', operator.id).execute();
      },
    ],
  ])(
    'an operator whose session no longer admits the socket (%s) is cut off: the next frame closes it 4001, nothing written',
    async (_name, end) => {
      const conversation = await openConversation(malee.token);
      const operator = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support' });
      const socket = await operatorSocket(operator, `?conversationId=${conversation.id}`);
      await end(operator);
      socket.send({ type: 'send', clientId: randomUUID(), text: 'sent after the end' });
      expect(await socket.closed).toBe(4001);
      const written = await testApp.db
        .selectFrom('chat_message')
        .select('id')
        .where('conversation_id', '=', BigInt(conversation.id))
        .where('text', '=', 'sent after the end')
        .execute();
      expect(written).toEqual([]);
    },
  );

  test('an image: checked like every upload, then sent and served to the conversation', async () => {
    const svg = await send('POST', chatPaths.images, {
      token: malee.token,
      multipart: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ errorCode: 'media.svg.refused', field: 'file' });
    const uploaded = await send('POST', chatPaths.images, { token: malee.token, multipart: pngImage() });
    expect(uploaded.statusCode).toBe(200);
    const { imageId, imageUrl } = uploaded.json<{ value: { imageId: string; imageUrl: string } }>().value;
    const member = await memberSocket(malee.token);
    member.send({ type: 'send', clientId: randomUUID(), imageId });
    const message = await member.next(
      (f): f is Extract<typeof f, { type: 'message' }> => isMessage(f) && f.message.imageUrl !== null,
    );
    expect(message.message.imageUrl).toBe(imageUrl);
    const served = await send('GET', imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await send('GET', chatPaths.image.replace(':imageKey', '0'.repeat(32)))).statusCode).toBe(404);
    await member.close();
  });
});

describe('the back-office queue', () => {
  test('waiting, assign (once), transfer (audited), mine, history search, overdue alert and badge', async () => {
    const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'chat_wan');
    const token = await insertTestSession(testApp.db, testApp.demoMerchantId, member);
    const conversation = await openConversation(token);
    const socket = await memberSocket(token);
    socket.send({ type: 'send', clientId: randomUUID(), text: 'Where is my withdrawal number 7781?' });
    await socket.next(isMessage);
    await socket.close();

    expect((await queue(support, '?view=waiting')).list.map((item) => item.id)).toContain(conversation.id);
    // Unanswered past the merchant's minutes (3, set above): the alert and the badge.
    await testApp.db
      .updateTable('chat_conversation')
      .set({ waiting_since: new Date(Date.now() - 4 * 60_000) })
      .where('id', '=', BigInt(conversation.id))
      .execute();
    const waiting = (await queue(support, '?view=waiting')).list.find((item) => item.id === conversation.id);
    expect(waiting).toMatchObject({ isOverdue: true, username: 'chat_wan', status: 'waiting' });
    const summary = (await send('GET', chatPaths.adminSummary, { token: support.token })).json<{ value: ChatSummary }>()
      .value;
    expect(summary.overdue).toBeGreaterThanOrEqual(1);

    const assign = (operator: TestOperator) =>
      send('POST', pathOf(chatPaths.adminAssign, conversation.id), { token: operator.token });
    expect((await assign(support)).statusCode).toBe(200);
    const second = await assign(support2);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errorCode: 'chat.already.assigned' });
    expect((await queue(support, '?view=mine')).list.map((item) => item.id)).toContain(conversation.id);

    const refusedTransfer = await send('POST', pathOf(chatPaths.adminTransfer, conversation.id), {
      token: support.token,
      body: { operatorId: String(finance.id) },
    });
    expect(refusedTransfer.json()).toMatchObject({ errorCode: 'chat.operator.not.found', field: 'operatorId' });
    const transfer = await send('POST', pathOf(chatPaths.adminTransfer, conversation.id), {
      token: support.token,
      body: { operatorId: String(support2.id) },
    });
    expect(transfer.statusCode).toBe(200);
    expect((await queue(support2, '?view=mine')).list.map((item) => item.id)).toContain(conversation.id);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id'])
      .where('target_type', '=', 'chat_conversation')
      .where('target_id', '=', conversation.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'chat.assign', operator_id: support.id },
      { action: 'chat.transfer', operator_id: support.id },
    ]);

    // History per member, searchable by words and by username.
    expect((await queue(support, `?view=all&memberId=${member}`)).list.map((item) => item.id)).toEqual([
      conversation.id,
    ]);
    expect((await queue(support, '?view=all&q=7781')).list.map((item) => item.id)).toEqual([conversation.id]);
    expect((await queue(support, '?view=all&q=CHAT_WAN')).list.map((item) => item.id)).toEqual([conversation.id]);
    expect((await queue(support, '?view=all&q=nothing-like-this')).total).toBe(0);

    const closed = await send('POST', pathOf(chatPaths.adminClose, conversation.id), { token: support2.token });
    expect(closed.statusCode).toBe(200);
    expect((await openConversation(token)).id).not.toBe(conversation.id);
  });

  test('canned replies per language: create, change, list, delete; another merchant’s id is 404', async () => {
    const created = await send('POST', chatPaths.adminCannedReplies, {
      token: support.token,
      body: { language: 'TH', title: 'ทักทาย', text: 'สวัสดีค่ะ ยินดีให้บริการ' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ value: { id: string } }>().value.id;
    const path = chatPaths.adminCannedReply.replace(':cannedReplyId', id);
    expect(
      (
        await send('PUT', path, {
          token: stranger.token,
          merchant: 'chatother',
          body: { language: 'EN', title: 'x', text: 'y' },
        })
      ).statusCode,
    ).toBe(404);
    const changed = await send('PUT', path, {
      token: support.token,
      body: { language: 'EN', title: 'Hello', text: 'Hello, how can I help?' },
    });
    expect(changed.json()).toMatchObject({ value: { id, language: 'EN', title: 'Hello' } });
    const list = await send('GET', chatPaths.adminCannedReplies, { token: support.token });
    expect(list.json<{ value: Array<{ id: string }> }>().value.map((reply) => reply.id)).toContain(id);
    expect((await send('DELETE', path, { token: support.token })).statusCode).toBe(200);
    expect((await send('DELETE', path, { token: support.token })).statusCode).toBe(404);
    const badBody = await send('POST', chatPaths.adminCannedReplies, {
      token: support.token,
      body: { language: 'FR', title: '', text: '' },
    });
    expect(badBody.statusCode).toBe(400);
  });
});
