import { feedbackPaths, type AdminFeedback, type AdminFeedbackPage, type MemberFeedbackPage } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';

/**
 * The feedback desk end to end over HTTP on a real database: a member writes from the member centre,
 * operators list, filter, answer and close, the member reads the answer; versions, audit, other
 * merchants and permissions.
 */
let testApp: TestApp;
let admin: TestOperator;
let support: TestOperator;
let finance: TestOperator;
let stranger: TestOperator;
let somchai: { id: bigint; token: string };
let malee: { id: bigint; token: string };
let otherMerchantFeedbackId: string;
let ipCounter = 0;

const nextIp = () => `10.46.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; body?: unknown; merchant?: string; language?: 'TH' | 'EN' } = {},
) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: {
      merchant: options.merchant ?? 'demo',
      language: options.language ?? 'EN',
      ...(options.token === undefined ? {} : { authorization: options.token }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

const answerPath = (id: string) => feedbackPaths.adminAnswer.replace(':feedbackId', id);
const closePath = (id: string) => feedbackPaths.adminClose.replace(':feedbackId', id);

async function desk(operator: TestOperator, query = '', merchant = 'demo'): Promise<AdminFeedbackPage> {
  const response = await send('GET', `${feedbackPaths.adminList}${query}`, { token: operator.token, merchant });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: AdminFeedbackPage }>().value;
}

async function writeAsMember(token: string, type: string, content: string): Promise<string> {
  const response = await send('POST', feedbackPaths.mine, { token, body: { type, content } });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: { id: string } }>().value.id;
}

async function mine(token: string): Promise<MemberFeedbackPage> {
  const response = await send('GET', feedbackPaths.mine, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: MemberFeedbackPage }>().value;
}

async function auditOf(id: string) {
  return testApp.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_id', 'before', 'after'])
    .where('target_type', '=', 'feedback')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  testApp = await createTestApp();
  const merchantId = testApp.demoMerchantId;
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'feedbackother',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  [admin, support, finance, stranger] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId, role: 'admin' }),
    insertTestOperator(testApp.db, { merchantId, role: 'support' }),
    insertTestOperator(testApp.db, { merchantId, role: 'finance' }),
    insertTestOperator(testApp.db, { merchantId: other.id, role: 'admin' }),
  ]);
  const somchaiId = await insertTestMember(testApp.db, merchantId, 'fb_somchai');
  const maleeId = await insertTestMember(testApp.db, merchantId, 'fb_malee');
  somchai = { id: somchaiId, token: await insertTestSession(testApp.db, merchantId, somchaiId) };
  malee = { id: maleeId, token: await insertTestSession(testApp.db, merchantId, maleeId) };
  const outsiderId = await insertTestMember(testApp.db, other.id, 'fb_outsider');
  const outsiderToken = await insertTestSession(testApp.db, other.id, outsiderId);
  const response = await send('POST', feedbackPaths.mine, {
    token: outsiderToken,
    merchant: 'feedbackother',
    body: { type: 'other', content: 'another brand' },
  });
  otherMerchantFeedbackId = response.json<{ value: { id: string } }>().value.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('the member writes and reads their own feedback', () => {
  test('a note from the member centre is the member’s, new, with its type; another member sees none of it', async () => {
    const id = await writeAsMember(somchai.token, 'problem', '  The slot froze after a win  ');
    const page = await mine(somchai.token);
    expect(page.list[0]).toMatchObject({
      id,
      type: 'problem',
      content: 'The slot froze after a win',
      status: 'new',
      answer: null,
      answeredAt: null,
    });
    expect((await mine(malee.token)).list.map((note) => note.id)).not.toContain(id);
  });

  test.each([
    ['no token', undefined, 401],
    ['a garbage token', 'not-a-token', 401],
  ])('%s: reading or writing "my feedback" is refused', async (_name, token, status) => {
    const read = await send('GET', feedbackPaths.mine, token === undefined ? {} : { token });
    const write = await send('POST', feedbackPaths.mine, {
      ...(token === undefined ? {} : { token }),
      body: { type: 'other', content: 'x' },
    });
    expect([read.statusCode, write.statusCode]).toEqual([status, status]);
  });

  test.each([
    ['an unknown type', { type: 'praise', content: 'hello' }, 'type'],
    ['blank content', { type: 'other', content: '   ' }, 'content'],
    ['141 characters', { type: 'other', content: 'ก'.repeat(141) }, 'content'],
  ])('%s is refused with 400 naming the field', async (_name, body, field) => {
    const response = await send('POST', feedbackPaths.mine, { token: somchai.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
  });
});

describe('the feedback desk', () => {
  test('lists the merchant’s notes newest first with member names, and filters by status, type, member and date', async () => {
    const complaint = await writeAsMember(malee.token, 'complaint', 'Withdrawal took two hours');
    const visitor = await send('PUT', feedbackPaths.visitor, { body: { content: 'Love the site', type: 'other' } });
    expect(visitor.statusCode).toBe(200);

    const all = await desk(support);
    expect(all.items[0]).toMatchObject({ type: 'other', content: 'Love the site', member: null, status: 'new' });
    expect(all.items[1]).toMatchObject({
      id: complaint,
      type: 'complaint',
      member: { id: String(malee.id), username: 'fb_malee' },
      version: 1,
    });
    expect(all.items.map((item) => item.id)).not.toContain(otherMerchantFeedbackId);
    expect(all.newCount).toBe(all.total);

    expect((await desk(support, '?type=complaint')).items.map((item) => item.id)).toEqual([complaint]);
    expect((await desk(support, '?member=FB_MALEE')).items.map((item) => item.id)).toEqual([complaint]);
    expect((await desk(support, '?member=nobody_here')).total).toBe(0);
    expect((await desk(support, '?status=answered')).total).toBe(0);
    const createdAt = all.items[1]!.createdAt;
    const window = await desk(support, `?from=${createdAt}&to=${createdAt + 1}`);
    expect(window.items.map((item) => item.id)).toContain(complaint);
    expect((await desk(support, `?to=${createdAt}`)).items.map((item) => item.id)).not.toContain(complaint);
  });

  test('an answer is audited with before and after, and the member reads it; closing ends the thread', async () => {
    const id = await writeAsMember(somchai.token, 'suggestion', 'Add more baccarat tables');
    const answered = await send('PUT', answerPath(id), {
      token: support.token,
      body: { answer: '  Thank you, two more tables open next week.  ', version: 1 },
    });
    expect(answered.statusCode).toBe(200);
    const value = answered.json<{ value: AdminFeedback }>().value;
    expect(value).toMatchObject({
      status: 'answered',
      answer: 'Thank you, two more tables open next week.',
      answeredBy: support.username,
      version: 2,
    });

    const seen = (await mine(somchai.token)).list.find((note) => note.id === id);
    expect(seen).toMatchObject({ status: 'answered', answer: 'Thank you, two more tables open next week.' });
    expect(seen?.answeredAt).toBe(value.answeredAt);

    const closed = await send('POST', closePath(id), { token: admin.token, body: { version: 2 } });
    expect(closed.json()).toMatchObject({ value: { status: 'closed', answer: value.answer, version: 3 } });
    const again = await send('PUT', answerPath(id), { token: admin.token, body: { answer: 'more', version: 3 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'feedback.closed' });

    expect(await auditOf(id)).toEqual([
      {
        action: 'feedback.answer',
        operator_id: support.id,
        before: { status: 'new', answer: null, version: 1 },
        after: { status: 'answered', answer: 'Thank you, two more tables open next week.', version: 2 },
      },
      {
        action: 'feedback.close',
        operator_id: admin.id,
        before: { status: 'answered', answer: value.answer, version: 2 },
        after: { status: 'closed', answer: value.answer, version: 3 },
      },
    ]);
  });

  test('two operators answering at once: one answer is kept, the other is told 409 and overwrites nothing', async () => {
    const id = await writeAsMember(malee.token, 'problem', 'Cannot see my bonus');
    const [first, second] = await Promise.all([
      send('PUT', answerPath(id), { token: admin.token, body: { answer: 'Answer from admin', version: 1 } }),
      send('PUT', answerPath(id), { token: support.token, body: { answer: 'Answer from support', version: 1 } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = first.statusCode === 200 ? [first, second] : [second, first];
    expect(loser.json()).toMatchObject({
      errorCode: 'feedback.version.conflict',
      value: { version: 2, status: 'answered' },
    });
    const kept = winner.json<{ value: AdminFeedback }>().value.answer;
    expect((await mine(malee.token)).list.find((note) => note.id === id)?.answer).toBe(kept);
    expect(await auditOf(id)).toHaveLength(1);
  });

  test.each(['TH', 'EN'] as const)('%s: a stale version is told in the operator’s language', async (language) => {
    const id = await writeAsMember(somchai.token, 'other', `stale ${language}`);
    await send('POST', closePath(id), { token: admin.token, body: { version: 1 } });
    const stale = await send('PUT', answerPath(id), {
      token: admin.token,
      language,
      body: { answer: 'late', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      language === 'TH'
        ? 'ข้อเสนอแนะนี้ถูกเปลี่ยนโดยเจ้าหน้าที่อีกคนหลังจากที่คุณเปิดดู กรุณาโหลดใหม่และตรวจสอบอีกครั้ง'
        : 'Another operator changed this feedback after you opened it; reload and look again',
    );
  });

  test('another merchant’s note answers 404 exactly like an unknown one, and nothing changes', async () => {
    const foreign = await send('PUT', answerPath(otherMerchantFeedbackId), {
      token: admin.token,
      body: { answer: 'hi', version: 1 },
    });
    const unknown = await send('PUT', answerPath('999999999'), {
      token: admin.token,
      body: { answer: 'hi', version: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(
      (await send('POST', closePath(otherMerchantFeedbackId), { token: admin.token, body: { version: 1 } })).statusCode,
    ).toBe(404);
    const row = await testApp.db
      .selectFrom('feedback')
      .select(['status', 'version'])
      .where('id', '=', BigInt(otherMerchantFeedbackId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', version: 1 });
    // The other merchant's operator does not see this merchant's notes either.
    expect((await desk(stranger, '', 'feedbackother')).items.map((item) => item.id)).toEqual([otherMerchantFeedbackId]);
  });

  test('a role without feedback.manage is refused 403, a member token 401', async () => {
    expect((await send('GET', feedbackPaths.adminList, { token: finance.token })).statusCode).toBe(403);
    expect((await send('GET', feedbackPaths.adminList, { token: somchai.token })).statusCode).toBe(401);
  });

  test.each([
    ['an empty answer', { answer: '  ', version: 1 }, 'answer'],
    ['an answer of 1001 characters', { answer: 'x'.repeat(1001), version: 1 }, 'answer'],
    ['no version', { answer: 'ok' }, 'version'],
  ])('%s is refused with 400 naming the field, in Thai too', async (_name, body, field) => {
    const id = await writeAsMember(somchai.token, 'other', 'validation target');
    const response = await send('PUT', answerPath(id), { token: admin.token, language: 'TH', body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    expect(response.json().message).toContain(field);
  });
});
