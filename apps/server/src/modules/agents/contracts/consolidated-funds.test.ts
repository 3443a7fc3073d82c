import { consolidatedFundsPath, consolidatedFundsSchema, trialMemberType } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let testApp: TestApp;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function member(isAgent: 0 | 1 | 4 = 0) {
  const memberId = await insertTestMember(testApp.db, testApp.demoMerchantId, `contract${++sequence}`);
  if (isAgent) await sql`UPDATE member SET is_agent = ${isAgent} WHERE id = ${memberId}`.execute(testApp.db);
  return { memberId, token: await insertTestSession(testApp.db, testApp.demoMerchantId, memberId) };
}

function consolidated(token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: consolidatedFundsPath,
    headers: { Merchant: 'demo', Authorization: token },
  });
}

const answer = z.object({ success: z.literal(true), value: consolidatedFundsSchema });

describe('GET /wps/member/info/funds/consolidated', () => {
  test('each kind: off for the merchant, offered with no contract, an offer waiting, an active contract', async () => {
    const upline = await member(1);
    const downline = await member();
    expect(answer.parse((await consolidated(downline.token)).json()).value).toEqual({
      divtypereq: 1,
      dailysalreqtype: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    const now = new Date();
    await testApp.db
      .insertInto('agent_contract')
      .values([
        {
          merchant_id: testApp.demoMerchantId,
          upline_member_id: upline.memberId,
          member_id: downline.memberId,
          kind: 'dividend',
          terms: JSON.stringify({ rate: '20' }),
          status: 'offered',
          created_at: now,
          decided_at: null,
        },
        {
          merchant_id: testApp.demoMerchantId,
          upline_member_id: upline.memberId,
          member_id: downline.memberId,
          kind: 'daily_salary',
          terms: JSON.stringify({ rate: '1' }),
          status: 'active',
          created_at: now,
          decided_at: now,
        },
        // A contract the merchant does not offer (any more) reads as off: the switch wins.
        {
          merchant_id: testApp.demoMerchantId,
          upline_member_id: upline.memberId,
          member_id: downline.memberId,
          kind: 'hourly_salary',
          terms: JSON.stringify({ rate: '1' }),
          status: 'active',
          created_at: now,
          decided_at: now,
        },
      ])
      .execute();
    const response = await consolidated(downline.token);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(answer.parse(response.json()).value).toEqual({
      divtypereq: 2,
      dailysalreqtype: 3,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    // Ended contracts no longer count; the upline's own view is unaffected by its downline's contracts.
    await testApp.db
      .updateTable('agent_contract')
      .set({ status: 'rejected' })
      .where('member_id', '=', downline.memberId)
      .where('kind', '=', 'dividend')
      .execute();
    expect(answer.parse((await consolidated(downline.token)).json()).value.divtypereq).toBe(1);
    expect(answer.parse((await consolidated(upline.token)).json()).value).toEqual({
      divtypereq: 1,
      dailysalreqtype: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
  });

  test('a second open contract of one kind for one member is refused by the database', async () => {
    const upline = await member(1);
    const downline = await member();
    const offer = {
      merchant_id: testApp.demoMerchantId,
      upline_member_id: upline.memberId,
      member_id: downline.memberId,
      kind: 'dividend' as const,
      terms: '{}',
      status: 'offered' as const,
      created_at: new Date(),
      decided_at: null,
    };
    await testApp.db.insertInto('agent_contract').values(offer).execute();
    await expect(testApp.db.insertInto('agent_contract').values(offer).execute()).rejects.toThrow(
      /agent_contract_open_idx/,
    );
  });

  test('needs a real account', async () => {
    expect((await consolidated('garbage')).statusCode).toBe(401);
    const trial = await member(trialMemberType);
    expect((await consolidated(trial.token)).statusCode).toBe(403);
  });
});
