import { downlineCreatedSchema } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { demoAgent } from '../../merchant/index.ts';
import { freshMobileNum, freshUsername, useAccountsKit } from '../../identity/testing.ts';
import { listDownlines, listUplineChain } from './hierarchy.ts';

/** PUT /wps/agent/downline: accounts an agent opens under themselves. */
const kit = useAccountsKit();
let agent: { id: bigint; token: string };
beforeAll(async () => {
  const login = await kit.login(demoAgent.username, demoAgent.password);
  expect(login.statusCode, login.body).toBe(200);
  const row = await kit.testApp.db
    .selectFrom('member')
    .select('id')
    .where('username_key', '=', 'demoagent')
    .executeTakeFirstOrThrow();
  agent = { id: row.id, token: login.json().value.token };
});

function downline(overrides: Record<string, unknown> = {}) {
  return {
    username: freshUsername('dl'),
    password: 'Start123',
    payeeName: 'Malee Sukjai',
    countryDialingCode: '66',
    mobileNum: freshMobileNum(),
    ...overrides,
  };
}

function createDownline(payload: Record<string, unknown>, token = agent.token, language: 'TH' | 'EN' = 'EN') {
  return kit.sealed('PUT', '/wps/agent/downline', payload, { token, language });
}

const countAll = () =>
  Promise.all((['member', 'member_hierarchy', 'member_session'] as const).map((table) => kit.countRows(table)));

describe('PUT /wps/agent/downline', () => {
  test('opens a member under the agent; it logs in with the given password and must change it', async () => {
    const payload = downline();
    const response = await createDownline(payload);
    expect(response.statusCode, response.body).toBe(200);
    const created = downlineCreatedSchema.parse(response.json().value);
    expect(created.account).toBe(payload.username);

    const row = await kit.testApp.db
      .selectFrom('member')
      .selectAll()
      .where('id', '=', BigInt(created.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: payload.username,
      is_agent: 0,
      must_change_password: true,
      upline_id: agent.id,
      payee_name: 'Malee Sukjai',
      mobile_number: payload.mobileNum.slice(1),
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(payload.password);
    const chain = await listUplineChain(kit.testApp.db, row.id, { merchantId: kit.testApp.demoMerchantId });
    expect(chain.map((upline) => upline.memberId)).toEqual([agent.id]);
    expect(
      (await listDownlines(kit.testApp.db, agent.id, { merchantId: kit.testApp.demoMerchantId })).map(
        (member) => member.memberId,
      ),
    ).toContain(row.id);

    const login = await kit.login(payload.username, payload.password);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value).toMatchObject({ passwordExpired: true, firstTimeLogin: true });
  });

  test('an agent may open an agent of its own kind', async () => {
    const response = await createDownline(downline({ isAgent: 1 }));
    expect(response.statusCode, response.body).toBe(200);
    const row = await kit.testApp.db
      .selectFrom('member')
      .select('is_agent')
      .where('id', '=', BigInt(response.json().value.id))
      .executeTakeFirstOrThrow();
    expect(row.is_agent).toBe(1);
  });

  test.each([
    ['isAgent', 'another agent kind', { isAgent: 2 }, 'validation.failed'],
    ['isAgent', 'a trial account', { isAgent: 4 }, 'validation.failed'],
    ['username', 'against its rule', { username: '1abc' }, 'validation.failed'],
    ['username', 'empty', { username: '  ' }, 'validation.failed'],
    ['password', 'against its rule', { password: 'abc' }, 'validation.failed'],
    ['payeeName', 'missing (the rule requires it)', { payeeName: undefined }, 'validation.failed'],
    ['mobileNum', 'against its rule', { mobileNum: '08x' }, 'validation.failed'],
    ['mobileNum', 'no phone number', { mobileNum: '000000000' }, 'sms.phone.invalid'],
    ['countryDialingCode', 'missing with a number', { countryDialingCode: undefined }, 'sms.phone.missing'],
  ])('%s %s: 400 naming it, nothing stored', async (field, _case, overrides, errorCode) => {
    const before = await countAll();
    const response = await createDownline(downline(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
    expect(await countAll()).toEqual(before);
  });

  test('the isAgent refusal says which kinds are allowed, in Thai too', async () => {
    const response = await createDownline(downline({ isAgent: 42 }), agent.token, 'TH');
    expect(response.json().message).toBe('isAgent ต้องเป็น 0 (สมาชิก) หรือ 1 (ประเภทเอเย่นต์เดียวกับคุณ)');
  });

  test('a username or mobile number taken: 409 as in registration', async () => {
    const existing = await kit.registerMember();
    const byName = await createDownline(downline({ username: existing.username.toUpperCase() }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ errorCode: 'member.username.taken', field: 'username' });
    const byNumber = await createDownline(downline({ mobileNum: existing.mobileNum }));
    expect(byNumber.statusCode).toBe(409);
    expect(byNumber.json()).toMatchObject({ errorCode: 'member.mobile.taken', field: 'mobileNum' });
  });

  test('a member who is not an agent: 403 agent.only', async () => {
    const member = await kit.registerMember();
    const before = await countAll();
    const response = await createDownline(downline(), member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'agent.only',
      message: 'Non-agents cannot use this feature',
    });
    expect(await countAll()).toEqual(before);
  });

  test('a trial account: 403 member.trial.forbidden; no token: 401', async () => {
    const trial = await kit.sealed('POST', '/wps/session/login/freeplay', {});
    expect(trial.statusCode, trial.body).toBe(200);
    const refused = await createDownline(downline(), trial.json().value.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'member.trial.forbidden' });
    const anonymous = await kit.sealed('PUT', '/wps/agent/downline', downline());
    expect(anonymous.statusCode).toBe(401);
  });

  test('is sealed: the password never travels in clear, a clear body is refused', async () => {
    const clear = await kit.json('PUT', '/wps/agent/downline', downline(), { token: agent.token });
    expect(clear.statusCode).toBe(400);
    expect(clear.json()).toMatchObject({ errorCode: 'payload.encryption.invalid' });
  });
});
