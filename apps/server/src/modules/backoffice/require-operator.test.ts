import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator } from './backoffice.testing.ts';
import { auditContext, recordAudit, requireOperator } from './index.ts';

/** The guard other modules put on their operator calls, and the append-only audit log. */
let testApp: TestApp;
let otherMerchantId: number;
const clock = { nowMs: Date.UTC(2026, 5, 1, 8, 0, 0) };

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      now: () => clock.nowMs,
      registerRoutes: (app) => {
        app.post('/admin-api/test/read', { preHandler: requireOperator('members.read') }, async (request) => ({
          success: true,
          value: {
            id: String(request.operator.id),
            merchantId: request.operator.merchantId,
            role: request.operator.role,
          },
        }));
        app.post('/admin-api/test/audit', { preHandler: requireOperator('operators.manage') }, async (request) => {
          const id = await recordAudit(request.server.db, {
            ...auditContext(request),
            action: 'test.poke',
            targetType: 'thing',
            targetId: 7,
            before: { n: 1n },
            after: { n: 2 },
          });
          return { success: true, value: { id: String(id) } };
        });
      },
    },
  );
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
});
afterAll(async () => {
  await testApp?.close();
});

function call(path: string, token?: string, merchant = 'demo') {
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: { merchant, language: 'EN', ...(token === undefined ? {} : { authorization: token }) },
  });
}

describe('requireOperator', () => {
  test('refuses no token, a garbage token and a member token with 401', async () => {
    const memberId = await insertTestMember(testApp.db, testApp.demoMerchantId, 'guardmember');
    const memberToken = await insertTestSession(testApp.db, testApp.demoMerchantId, memberId, clock.nowMs);
    for (const token of [undefined, '', 'garbage', 'x'.repeat(43), memberToken]) {
      const response = await call('/admin-api/test/read', token);
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'operator.token.invalid' });
    }
  });

  test("refuses another merchant's operator as unknown", async () => {
    const stranger = await insertTestOperator(testApp.db, {
      merchantId: otherMerchantId,
      role: 'admin',
      nowMs: clock.nowMs,
    });
    expect((await call('/admin-api/test/read', stranger.token)).statusCode).toBe(401);
    expect((await call('/admin-api/test/read', stranger.token, 'other')).statusCode).toBe(200);
  });

  test('refuses a role without the permission with 403', async () => {
    const support = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    expect((await call('/admin-api/test/read', support.token)).statusCode).toBe(200);
    const response = await call('/admin-api/test/audit', support.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'operator.permission.denied' });
  });

  test('refuses a session that has not passed TOTP with 403 and the step owed', async () => {
    const fresh = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'admin',
      totp: false,
      nowMs: clock.nowMs,
    });
    const response = await call('/admin-api/test/read', fresh.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'operator.totp.required', value: { stage: 'enrol' } });
  });

  test('sets request.operator for a good token', async () => {
    const finance = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'finance',
      nowMs: clock.nowMs,
    });
    const response = await call('/admin-api/test/read', finance.token);
    expect(response.json().value).toEqual({
      id: String(finance.id),
      merchantId: testApp.demoMerchantId,
      role: 'finance',
    });
  });
});

describe('recordAudit', () => {
  test('appends a row that nobody can update, delete or truncate', async () => {
    const admin = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'admin',
      nowMs: clock.nowMs,
    });
    const response = await call('/admin-api/test/audit', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const id = BigInt(response.json().value.id);
    const row = await testApp.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      operator_id: admin.id,
      action: 'test.poke',
      target_type: 'thing',
      target_id: '7',
      before: { n: '1' },
      after: { n: 2 },
    });
    expect(row.created_at.getTime()).toBe(clock.nowMs);
    await expect(sql`UPDATE operator_audit SET action = 'x.y' WHERE id = ${id}`.execute(testApp.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM operator_audit WHERE id = ${id}`.execute(testApp.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE operator_audit`.execute(testApp.db)).rejects.toThrow(/append-only/);
    expect(
      await testApp.db.selectFrom('operator_audit').select('action').where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ action: 'test.poke' });
  });
});

describe('the backoffice.prune job', () => {
  test('deletes sessions a month past their end and failures past their window, nothing else', async () => {
    const { deleteDeadOperatorRows, operatorSessionRetentionMs } = await import('./delete-dead-operator-rows.ts');
    const operator = await insertTestOperator(testApp.db, {
      merchantId: testApp.demoMerchantId,
      role: 'support',
      nowMs: clock.nowMs,
    });
    const old = new Date(clock.nowMs - operatorSessionRetentionMs - 1);
    await testApp.db
      .updateTable('operator_session')
      .set({ expires_at: old })
      .where('operator_id', '=', operator.id)
      .execute();
    const failure = {
      merchant_id: testApp.demoMerchantId,
      username_key: 'someone',
      ip: '10.0.0.1',
      reason: 'password' as const,
    };
    await testApp.db
      .insertInto('operator_login_failure')
      .values([
        { ...failure, created_at: new Date(clock.nowMs - 16 * 60_000) },
        { ...failure, created_at: new Date(clock.nowMs - 60_000) },
      ])
      .execute();
    const auditCount = async () =>
      Number(
        (
          await testApp.db
            .selectFrom('operator_audit')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditBefore = await auditCount();
    expect(await deleteDeadOperatorRows(testApp.db, clock.nowMs)).toEqual({
      operatorSessions: 1,
      operatorLoginFailures: 1,
    });
    expect(await testApp.db.selectFrom('operator_login_failure').select('username_key').execute()).toEqual([
      { username_key: 'someone' },
    ]);
    expect(await auditCount()).toBe(auditBefore);
    expect(await deleteDeadOperatorRows(testApp.db, clock.nowMs)).toEqual({
      operatorSessions: 0,
      operatorLoginFailures: 0,
    });
  });
});
