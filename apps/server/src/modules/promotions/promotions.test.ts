import { randomUUID } from 'node:crypto';
import {
  adminPromotionPaths,
  depositPaths,
  promotionPaths,
  type AdminPromotion,
  type AdminPromotionClaimPage,
  type AdminPromotionInput,
  type AdminPromotionPage,
  type ClaimResult,
  type PromotionClaimList,
  type PromotionDetail,
  type PromotionList,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshIp } from '../../testing/api-client.ts';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, multipartBody, pngBytes, type DepositKit } from '../deposit/deposit.testing.ts';
import { rewardApprovedDeposits } from './deposit-rewards.ts';

/**
 * Promotions end to end over HTTP on a real database: the editor, deposit promotions rewarded by the
 * job after an operator approves the deposit, MANUAL applications with pictures and their review,
 * ISSUED grants and their claims, and the races: 100 parallel claims of one reward pay once, and a
 * budget of N claims (or of money) is never passed by parallel claims.
 */

const clock = { nowMs: Date.UTC(2026, 10, 20, 3, 0, 0) };
const hourMs = 3_600_000;
let t: TestApp;
let kit: DepositKit;
let admin: TestOperator;
let finance: TestOperator;
let support: TestOperator;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  kit = depositKit(t);
  admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
  finance = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance' });
  support = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'support' });
});
afterAll(async () => {
  await t?.close();
});

interface Member {
  id: bigint;
  username: string;
  token: string;
}

async function member(isAgent: 0 | 4 = 0): Promise<Member> {
  const username = `prm${process.pid}n${++sequence}`;
  const id = await insertTestMember(t.db, t.demoMerchantId, username, new Date(clock.nowMs - 86_400_000), {
    is_agent: isAgent,
    // Each its own registration IP, so the abuse rules see no link unless a test makes one.
    register_ip: `10.9.${sequence >> 8}.${sequence & 255}`,
  });
  return { id, username, token: await insertTestSession(t.db, t.demoMerchantId, id, clock.nowMs) };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: { merchant: 'demo', language: 'EN', authorization: token, ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function okValue<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: T }>().value;
}

function refusal(response: Awaited<ReturnType<typeof call>>) {
  const body = response.json<{ errorCode?: string; field?: string }>();
  return { status: response.statusCode, errorCode: body.errorCode, field: body.field };
}

const base: AdminPromotionInput = {
  kind: 'ISSUED',
  category: 'special',
  nameTh: 'โบนัสพิเศษ',
  nameEn: 'Special bonus',
  descriptionTh: 'รับโบนัส',
  descriptionEn: 'Get a bonus',
  pictureUrl: null,
  enabled: true,
  startsAt: clock.nowMs - hourMs,
  endsAt: null,
  audience: 'all',
  productTypes: null,
  bonusType: 'fixed',
  bonusPercent: null,
  bonusAmount: '100',
  bonusCap: null,
  minDeposit: null,
  depositCount: null,
  requiresJoin: false,
  autoClaim: false,
  maxClaimsPerMember: 1,
  maxClaimsTotal: null,
  budget: null,
  turnoverMultiplier: 5,
  turnoverProductTypes: null,
  claimExpiryHours: 24,
  bonusExpiryDays: null,
  blocksOthers: false,
  imageRequired: false,
  remarkRequired: false,
  abuse: {
    onePerMobile: false,
    onePerBankAccount: false,
    onePerDevice: false,
    onePerIp: false,
    noPendingWithdrawal: false,
  },
  registerRequiredFields: [],
  loginRule: null,
  saviorRule: null,
  sort: 0,
};

async function createPromotion(fields: Partial<AdminPromotionInput>): Promise<AdminPromotion> {
  return okValue<AdminPromotion>(
    await call('POST', adminPromotionPaths.promotions, admin.token, { ...base, ...fields }),
  );
}

const grantUrl = (id: number) => adminPromotionPaths.grant.replace(':id', String(id));

async function grant(promotionId: number, usernames: string[]) {
  return okValue<{ issued: number; skipped: number }>(
    await call('POST', grantUrl(promotionId), admin.token, {
      grantId: randomUUID(),
      audience: 'listed',
      usernames,
      amount: null,
    }),
  );
}

async function rewardsOf(m: Member, query = ''): Promise<PromotionClaimList['content']> {
  return (await okValue<PromotionClaimList>(await call('GET', `${promotionPaths.claimList}${query}`, m.token))).content;
}

function claim(m: Member, rewardId: number, promotionType = 'ISSUED') {
  return call(
    'POST',
    promotionPaths.claimIssued,
    m.token,
    { rewardId, promotionType },
    { 'idempotency-key': randomUUID() },
  );
}

async function bonusesOf(memberId: bigint) {
  return t.db
    .selectFrom('member_bonus')
    .select(['amount', 'turnover_required', 'source_id'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function approvedDeposit(m: Member, amount: string) {
  const deposit = await kit.bankDeposit(m.token, amount);
  const response = await call('POST', depositPaths.adminApprove, finance.token, { depositId: deposit.depositId });
  expect(response.statusCode, response.body).toBe(200);
  return deposit;
}

describe('the editor', () => {
  test.each([
    ['a percent bonus without its percent', { bonusType: 'percent', bonusPercent: null }, 'bonusPercent'],
    ['a fixed bonus without its amount', { bonusAmount: null }, 'bonusAmount'],
    ['an end before the start', { startsAt: 2_000, endsAt: 1_000 }, 'endsAt'],
    ['a deposit count on another kind', { depositCount: 3 }, 'depositCount'],
    [
      'a sign-in rule on another kind',
      { loginRule: { type: 'N', dayAmounts: ['1'], requiredDepositAmount: '0' } },
      'loginRule',
    ],
    ['an amount with three places', { bonusAmount: '1.005' }, 'bonusAmount'],
    ['a picture that is no upload', { pictureUrl: 'javascript:alert(1)' }, 'pictureUrl'],
  ])('refuses %s naming the field', async (_name, fields, field) => {
    const response = await call('POST', adminPromotionPaths.promotions, admin.token, { ...base, ...fields });
    expect(refusal(response)).toMatchObject({ status: 400, field });
  });

  test('needs the permission, keeps versions, lists budget and claims', async () => {
    expect((await call('POST', adminPromotionPaths.promotions, support.token, base)).statusCode).toBe(403);
    const created = await createPromotion({ nameEn: 'Editor test', budget: '1000' });
    expect(created).toMatchObject({ version: 1, budget: '1000.00', budgetUsed: '0.00', claimedCount: 0 });
    const url = adminPromotionPaths.promotion.replace(':id', String(created.id));
    const { id: _id, version: _v, ...fields } = created;
    const update = { ...base, ...fields, bonusAmount: '150', budget: '1000', version: 1 };
    const changed = await okValue<AdminPromotion>(await call('PUT', url, admin.token, update));
    expect(changed).toMatchObject({ version: 2, bonusAmount: '150.00' });
    expect(refusal(await call('PUT', url, admin.token, update))).toMatchObject({
      status: 409,
      errorCode: 'promotion.version.conflict',
    });
    const page = await okValue<AdminPromotionPage>(
      await call('GET', `${adminPromotionPaths.promotions}?pageSize=100`, admin.token),
    );
    expect(page.items.find((row) => row.id === created.id)).toMatchObject({ nameEn: 'Editor test', version: 2 });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_type', '=', 'promotion')
      .where('target_id', '=', String(created.id))
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['promotion.create', 'promotion.update']);
  });
});

describe('deposit promotions', () => {
  test('the first approved deposit is paid at once, once, with (deposit + bonus) x multiplier turnover', async () => {
    const promotion = await createPromotion({
      kind: 'FIRST_DEPOSIT',
      category: 'deposit',
      bonusType: 'percent',
      bonusPercent: 100,
      bonusAmount: null,
      bonusCap: '300',
      minDeposit: '100',
      turnoverMultiplier: 10,
      autoClaim: true,
    });
    const m = await member();
    const deposit = await approvedDeposit(m, '500');
    expect(await rewardApprovedDeposits(t.db, clock.nowMs)).toBeGreaterThanOrEqual(1);
    // Rerun: the deposit was seen, nothing more.
    expect(await rewardApprovedDeposits(t.db, clock.nowMs)).toBe(0);
    const rewards = await rewardsOf(m);
    const first = rewards.find((reward) => reward.promotionId === promotion.id);
    expect(first).toMatchObject({ status: 'claimed', rewardAmount: '300.00' });
    expect(await bonusesOf(m.id)).toEqual([
      { amount: 30_000n, turnover_required: 800_000n, source_id: String(first!.rewardId) },
    ]);
    // The second deposit is no first deposit.
    await approvedDeposit(m, '500');
    await rewardApprovedDeposits(t.db, clock.nowMs);
    expect((await rewardsOf(m)).filter((reward) => reward.promotionId === promotion.id)).toHaveLength(1);
    expect(deposit.amount).toBe('500.00');
    const detail = await okValue<PromotionDetail>(
      await call('GET', `${promotionPaths.detail}?promotionId=${promotion.id}`, m.token),
    );
    expect(detail).toMatchObject({ memberStatus: 'claimed', memberClaimedCount: 1, bonusPercent: 100 });
    await t.db.updateTable('promotion').set({ enabled: false }).where('id', '=', BigInt(promotion.id)).execute();
  });

  test('a promotion to join: no reward before joining, then issued on the next deposit and claimed', async () => {
    const promotion = await createPromotion({
      kind: 'DEPOSIT',
      category: 'deposit',
      bonusType: 'percent',
      bonusPercent: 10,
      bonusAmount: null,
      requiresJoin: true,
      turnoverMultiplier: 1,
    });
    const m = await member();
    await approvedDeposit(m, '200');
    await rewardApprovedDeposits(t.db, clock.nowMs);
    expect((await rewardsOf(m)).filter((reward) => reward.promotionId === promotion.id)).toEqual([]);

    const list = await okValue<PromotionList>(await call('GET', promotionPaths.list, m.token));
    expect(list.content.find((card) => card.promotionId === promotion.id)?.memberStatus).toBe('join');
    await okValue(await call('POST', promotionPaths.join, m.token, { promotionId: promotion.id }));
    expect(refusal(await call('POST', promotionPaths.join, m.token, { promotionId: promotion.id }))).toMatchObject({
      status: 409,
      errorCode: 'promotion.member.limit.reached',
    });
    await approvedDeposit(m, '300');
    await rewardApprovedDeposits(t.db, clock.nowMs);
    const [reward] = (await rewardsOf(m)).filter((item) => item.promotionId === promotion.id);
    expect(reward).toMatchObject({ status: 'issued', rewardAmount: '30.00' });
    const paid = await okValue<ClaimResult>(await claim(m, reward!.rewardId, 'DEPOSIT'));
    expect(paid).toEqual({
      rewardId: reward!.rewardId,
      claimedMoney: '30.00',
      turnoverRequired: '330.00',
      status: 'claimed',
    });
    await t.db.updateTable('promotion').set({ enabled: false }).where('id', '=', BigInt(promotion.id)).execute();
  });
});

describe('MANUAL applications', () => {
  test('apply with a picture, the operator approves, the member claims', async () => {
    const promotion = await createPromotion({ kind: 'MANUAL', imageRequired: true, remarkRequired: true });
    const m = await member();
    const upload = (bytes: Buffer, contentType = 'image/png') => {
      const { payload, contentType: type } = multipartBody(bytes, { contentType });
      return t.app.inject({
        method: 'POST',
        url: promotionPaths.uploadPicture,
        remoteAddress: freshIp(),
        headers: { merchant: 'demo', language: 'EN', authorization: m.token, 'content-type': type },
        payload,
      });
    };
    // Refused by their bytes: a document renamed, an SVG.
    expect(refusal(await upload(Buffer.from('%PDF-1.4 not an image')))).toMatchObject({
      status: 400,
      errorCode: 'media.type.unsupported',
      field: 'file',
    });
    expect(
      refusal(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml')),
    ).toMatchObject({
      status: 400,
      field: 'file',
    });
    const picture = await okValue<{ pictureId: number }>(await upload(pngBytes()));

    const apply = (body: Record<string, unknown>) =>
      call('POST', promotionPaths.signUpRequestReward, m.token, { promotionId: promotion.id, ...body });
    expect(refusal(await apply({ pictures: [], remarks: 'slip' }))).toMatchObject({ status: 400, field: 'pictures' });
    expect(refusal(await apply({ pictures: [picture.pictureId], remarks: '' }))).toMatchObject({
      status: 400,
      field: 'remarks',
    });
    expect(refusal(await apply({ pictures: [picture.pictureId + 1000], remarks: 'x' }))).toMatchObject({
      status: 400,
      errorCode: 'promotion.picture.unknown',
    });
    const applied = await okValue<{ rewardId: number; status: string }>(
      await apply({ pictures: [picture.pictureId], remarks: 'my slip' }),
    );
    expect(applied.status).toBe('applying');
    expect(refusal(await apply({ pictures: [picture.pictureId], remarks: 'again' }))).toMatchObject({ status: 409 });

    // The queue shows it with its picture, readable by the operator.
    const queue = await okValue<AdminPromotionClaimPage>(
      await call('GET', `${adminPromotionPaths.claims}?status=applying&promotionId=${promotion.id}`, finance.token),
    );
    expect(queue.items).toMatchObject([
      { id: applied.rewardId, username: m.username, pictureIds: [picture.pictureId] },
    ]);
    const image = await call(
      'GET',
      adminPromotionPaths.picture.replace(':id', String(picture.pictureId)),
      finance.token,
    );
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const reviewUrl = adminPromotionPaths.review.replace(':id', String(applied.rewardId));
    expect(
      refusal(await call('POST', reviewUrl, finance.token, { decision: 'reject', amount: null, remark: null })),
    ).toMatchObject({
      status: 400,
      field: 'remark',
    });
    await okValue(await call('POST', reviewUrl, finance.token, { decision: 'approve', amount: '80', remark: null }));
    expect(
      refusal(await call('POST', reviewUrl, finance.token, { decision: 'approve', amount: '80', remark: null })),
    ).toMatchObject({
      status: 409,
      errorCode: 'promotion.review.decided',
    });
    // The member's inbox says so, in its language when read.
    const mail = await okValue<{ content: Array<{ subject: string; content: string }> }>(
      await call('GET', '/wps/relay/CSP_getInbox', m.token),
    );
    expect(mail.content[0]).toMatchObject({ subject: 'A promotion reward for you' });
    expect(mail.content[0]!.content).toContain('80.00 THB');
    const paid = await okValue<ClaimResult>(await claim(m, applied.rewardId, 'MANUAL'));
    expect(paid.claimedMoney).toBe('80.00');
  });
});

describe('ISSUED rewards and claims', () => {
  test('a grant to listed members: unknown names refuse it all, a retry issues nothing twice', async () => {
    const promotion = await createPromotion({});
    const [a, b] = [await member(), await member()];
    expect(
      refusal(
        await call('POST', grantUrl(promotion.id), admin.token, {
          grantId: randomUUID(),
          audience: 'listed',
          usernames: [a.username, 'nobody-here'],
          amount: null,
        }),
      ),
    ).toMatchObject({ status: 400, errorCode: 'promotion.usernames.unknown', field: 'usernames' });
    const body = {
      grantId: randomUUID(),
      audience: 'listed',
      usernames: [a.username, b.username.toUpperCase()],
      amount: '25',
    };
    expect(await okValue(await call('POST', grantUrl(promotion.id), admin.token, body))).toEqual({
      issued: 2,
      skipped: 0,
    });
    expect(await okValue(await call('POST', grantUrl(promotion.id), admin.token, body))).toEqual({
      issued: 0,
      skipped: 2,
    });
    expect(await rewardsOf(a, '?promotionType=ISSUED')).toMatchObject([{ status: 'issued', rewardAmount: '25.00' }]);
  });

  test('a grant to a segment is one row: agents registered before it get it when they list, others not', async () => {
    const promotion = await createPromotion({});
    const agent = await member();
    await sql`UPDATE member SET is_agent = 1 WHERE id = ${agent.id}`.execute(t.db);
    const plain = await member();
    const body = { grantId: randomUUID(), audience: 'agents', amount: '15' };
    const result = await okValue<{ issued: number }>(await call('POST', grantUrl(promotion.id), admin.token, body));
    expect(result.issued).toBeGreaterThanOrEqual(1);
    expect(await okValue(await call('POST', grantUrl(promotion.id), admin.token, body))).toEqual({
      issued: 0,
      skipped: 0,
    });
    const grants = await t.db
      .selectFrom('promotion_grant')
      .select('id')
      .where('promotion_id', '=', BigInt(promotion.id))
      .execute();
    expect(grants).toHaveLength(1);
    expect(await rewardsOf(plain, '?promotionType=ISSUED')).toEqual([]);
    const [reward] = await rewardsOf(agent, '?promotionType=ISSUED');
    expect(reward).toMatchObject({ promotionId: promotion.id, status: 'issued', rewardAmount: '15.00' });
    // Listing again writes nothing more.
    expect(await rewardsOf(agent, '?promotionType=ISSUED')).toHaveLength(1);
    expect((await okValue<ClaimResult>(await claim(agent, reward!.rewardId))).claimedMoney).toBe('15.00');
  });

  test('100 parallel claims of one reward pay once', async () => {
    const promotion = await createPromotion({ turnoverMultiplier: 0 });
    const m = await member();
    await grant(promotion.id, [m.username]);
    const [reward] = await rewardsOf(m, '?promotionType=ISSUED');
    const responses = await Promise.all(Array.from({ length: 100 }, () => claim(m, reward!.rewardId)));
    const codes = responses.map((response) => (response.statusCode === 200 ? 'paid' : refusal(response).errorCode));
    expect(codes.filter((code) => code === 'paid')).toHaveLength(1);
    expect(new Set(codes.filter((code) => code !== 'paid'))).toEqual(new Set(['promotion.reward.already.claimed']));
    expect(await bonusesOf(m.id)).toHaveLength(1);
    expect(await kit.balance(m.id)).toBe(10_000n);
  });

  test.each([
    ['a claim count of 3', { maxClaimsTotal: 3 }, 3],
    ['a money budget of 250.00 (two claims of 100.00)', { budget: '250' }, 2],
  ])('%s is never passed by parallel claims', async (_name, limits, expected) => {
    const promotion = await createPromotion(limits);
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    await grant(
      promotion.id,
      members.map((m) => m.username),
    );
    const rewards = await Promise.all(members.map((m) => rewardsOf(m, '?promotionType=ISSUED')));
    const responses = await Promise.all(members.map((m, index) => claim(m, rewards[index]![0]!.rewardId)));
    const codes = responses.map((response) => (response.statusCode === 200 ? 'paid' : refusal(response).errorCode));
    expect(codes.filter((code) => code === 'paid')).toHaveLength(expected);
    expect(codes.filter((code) => code !== 'paid')).toEqual(
      Array.from({ length: 8 - expected }, () => 'promotion.budget.exhausted'),
    );
    const row = await t.db
      .selectFrom('promotion')
      .select(['claimed_count', 'budget_used'])
      .where('id', '=', BigInt(promotion.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claimed_count: expected, budget_used: BigInt(expected) * 10_000n });
    const paid = await t.db
      .selectFrom('member_bonus')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(
        'member_id',
        'in',
        members.map((m) => m.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(paid.count)).toBe(expected);
  });

  test('foreign, expired, trial and another kind: refused, nothing credited', async () => {
    const promotion = await createPromotion({ claimExpiryHours: 1 });
    const [owner, stranger] = [await member(), await member()];
    await grant(promotion.id, [owner.username]);
    const [reward] = await rewardsOf(owner, '?promotionType=ISSUED');
    expect(refusal(await claim(stranger, reward!.rewardId))).toMatchObject({
      status: 404,
      errorCode: 'promotion.reward.not.found',
    });
    expect(refusal(await claim(owner, reward!.rewardId, 'MANUAL'))).toMatchObject({ status: 404 });
    const trial = await member(4);
    expect(refusal(await claim(trial, reward!.rewardId))).toMatchObject({
      status: 403,
      errorCode: 'member.trial.forbidden',
    });
    clock.nowMs += 2 * hourMs;
    try {
      const token = await insertTestSession(t.db, t.demoMerchantId, owner.id, clock.nowMs);
      expect(refusal(await claim({ ...owner, token }, reward!.rewardId))).toMatchObject({
        status: 409,
        errorCode: 'promotion.reward.expired',
      });
      expect(await rewardsOf({ ...owner, token }, '?promotionType=ISSUED')).toMatchObject([{ status: 'expired' }]);
    } finally {
      clock.nowMs -= 2 * hourMs;
    }
    expect(await bonusesOf(owner.id)).toEqual([]);
  });

  test('one per IP: a second member of the same registration IP is refused', async () => {
    const promotion = await createPromotion({
      abuse: {
        onePerMobile: false,
        onePerBankAccount: false,
        onePerDevice: false,
        onePerIp: true,
        noPendingWithdrawal: false,
      },
    });
    const [a, b] = [await member(), await member()];
    await sql`UPDATE member SET register_ip = '10.99.0.1' WHERE id IN (${a.id}, ${b.id})`.execute(t.db);
    await grant(promotion.id, [a.username, b.username]);
    const [ra] = await rewardsOf(a, '?promotionType=ISSUED');
    const [rb] = await rewardsOf(b, '?promotionType=ISSUED');
    await okValue(await claim(a, ra!.rewardId));
    expect(refusal(await claim(b, rb!.rewardId))).toMatchObject({
      status: 409,
      errorCode: 'promotion.duplicate.person',
    });
  });
});

describe('REGISTER (newbie)', () => {
  test('claimed once the required profile fields are done, once, in parallel too', async () => {
    const promotion = await createPromotion({
      kind: 'REGISTER',
      category: 'newbie',
      bonusAmount: '20',
      turnoverMultiplier: 1,
      registerRequiredFields: ['email', 'birthday'],
    });
    const m = await member();
    const claimRegister = () =>
      call(
        'POST',
        promotionPaths.claimRegister,
        m.token,
        { promotionId: promotion.id },
        { 'idempotency-key': randomUUID() },
      );
    const refused = await claimRegister();
    expect(refusal(refused)).toMatchObject({ status: 409, errorCode: 'required_member_information_incomplete' });
    expect(refused.json<{ value: unknown }>().value).toEqual({ missingFields: ['email', 'birthday'] });
    await sql`UPDATE member SET email = ${`${m.username}@example.com`}, birthday = '1990-01-02' WHERE id = ${m.id}`.execute(
      t.db,
    );
    const list = await okValue<{
      content: Array<{ promotionId: number; hasClaimed: boolean; accomplishedFields: string[] }>;
    }>(await call('GET', promotionPaths.registerList, m.token));
    expect(list.content.find((item) => item.promotionId === promotion.id)).toMatchObject({
      hasClaimed: false,
      accomplishedFields: ['email', 'birthday'],
    });
    const responses = await Promise.all(Array.from({ length: 10 }, () => claimRegister()));
    const codes = responses.map((response) => (response.statusCode === 200 ? 'paid' : refusal(response).errorCode));
    expect(codes.filter((code) => code === 'paid')).toHaveLength(1);
    expect(new Set(codes.filter((code) => code !== 'paid'))).toEqual(new Set(['promotion.reward.already.claimed']));
    expect(await bonusesOf(m.id)).toMatchObject([{ amount: 2_000n, turnover_required: 2_000n }]);
  });
});

describe('LOGIN (sign-in)', () => {
  test('continuous days: one claim a day, the next day is the next reward, a missed day starts again', async () => {
    const promotion = await createPromotion({
      kind: 'LOGIN',
      category: 'daily',
      bonusAmount: null,
      maxClaimsPerMember: null,
      turnoverMultiplier: 1,
      loginRule: { type: 'C', dayAmounts: ['1', '2', '3'], requiredDepositAmount: '0' },
    });
    const m = await member();
    const startMs = clock.nowMs;
    const at = async (dayOffset: number) => {
      clock.nowMs = startMs + dayOffset * 86_400_000;
      return { ...m, token: await insertTestSession(t.db, t.demoMerchantId, m.id, clock.nowMs) };
    };
    const signIn = (who: Member, day: number) =>
      call(
        'POST',
        promotionPaths.claimLogin,
        who.token,
        { id: `${promotion.id}:${day}` },
        { 'idempotency-key': randomUUID() },
      );
    try {
      const first = await at(0);
      expect((await okValue<ClaimResult>(await signIn(first, 1))).claimedMoney).toBe('1.00');
      expect(refusal(await signIn(first, 1))).toMatchObject({
        status: 409,
        errorCode: 'promotion.reward.already.claimed',
      });
      const second = await at(1);
      expect(refusal(await signIn(second, 1))).toMatchObject({
        status: 409,
        errorCode: 'promotion.reward.not.claimable',
      });
      const history = await okValue<Array<{ dayNo: number; hasClaimed: boolean; isToday: boolean }>>(
        await call('GET', `${promotionPaths.loginHistory}?configId=${promotion.id}`, second.token),
      );
      expect(history.map((day) => [day.dayNo, day.hasClaimed, day.isToday])).toEqual([
        [1, true, false],
        [2, false, true],
        [3, false, false],
      ]);
      expect((await okValue<ClaimResult>(await signIn(second, 2))).claimedMoney).toBe('2.00');
      // Day 3 missed: day 4 starts the run again.
      const fourth = await at(3);
      expect((await okValue<ClaimResult>(await signIn(fourth, 1))).claimedMoney).toBe('1.00');
    } finally {
      clock.nowMs = startMs;
    }
    expect((await bonusesOf(m.id)).map((bonus) => bonus.amount)).toEqual([100n, 200n, 100n]);
  });
});

describe('SAVIOR (rescue)', () => {
  test("yesterday's net loss from the reports pays its tier, capped, once; nothing before the day is summed", async () => {
    const promotion = await createPromotion({
      kind: 'SAVIOR',
      category: 'rescue',
      bonusType: 'percent',
      bonusAmount: null,
      bonusCap: '150',
      maxClaimsPerMember: null,
      turnoverMultiplier: 1,
      saviorRule: {
        periodType: 'DAILY',
        productType: null,
        tiers: [
          { netLoss: '100', bonusPercentage: 10 },
          { netLoss: '1000', bonusPercentage: 20 },
        ],
      },
    });
    const m = await member();
    const rescue = () =>
      call('POST', promotionPaths.claimSavior, m.token, { promId: promotion.id }, { 'idempotency-key': randomUUID() });
    // The clock's day in Bangkok is 2026-11-20: the closed day is the 19th, not summed yet.
    expect(refusal(await rescue())).toMatchObject({ status: 409, errorCode: 'promotion.reward.not.claimable' });
    await sql`INSERT INTO report_day_pass (merchant_id, day, pass, computed_at)
      VALUES (${t.demoMerchantId}, '2026-11-19', 1, now()) ON CONFLICT DO NOTHING`.execute(t.db);
    await sql`INSERT INTO report_daily_member (merchant_id, day, member_id, rounds, bets_minor, valid_bets_minor,
      payouts_minor, deposits_minor, withdrawals_minor, bonuses_minor)
      VALUES (${t.demoMerchantId}, '2026-11-19', ${m.id}, 10, 200000, 200000, 50000, 0, 0, 0)`.execute(t.db);
    const list = await okValue<Array<{ promId: number; netLossInPeriod: string; collectableInPeriod: string }>>(
      await call('GET', promotionPaths.saviorList, m.token),
    );
    expect(list.find((item) => item.promId === promotion.id)).toMatchObject({
      netLossInPeriod: '1500.00',
      collectableInPeriod: '150.00',
    });
    expect((await okValue<ClaimResult>(await rescue())).claimedMoney).toBe('150.00');
    expect(refusal(await rescue())).toMatchObject({ status: 409, errorCode: 'promotion.reward.already.claimed' });

    // A slots rescue counts the slots loss only: 600.00 of the day's 2,000.00 staked was in slots, 100.00 won back.
    const slots = await createPromotion({
      kind: 'SAVIOR',
      category: 'rescue',
      bonusType: 'percent',
      bonusAmount: null,
      bonusCap: null,
      maxClaimsPerMember: null,
      turnoverMultiplier: 1,
      saviorRule: { periodType: 'DAILY', productType: 'RNG', tiers: [{ netLoss: '100', bonusPercentage: 10 }] },
    });
    await sql`INSERT INTO report_daily_member_product (merchant_id, day, member_id, product_type, bets_minor,
      valid_bets_minor, payouts_minor)
      VALUES (${t.demoMerchantId}, '2026-11-19', ${m.id}, 'RNG', 60000, 60000, 10000),
             (${t.demoMerchantId}, '2026-11-19', ${m.id}, 'LIVE', 140000, 140000, 40000)`.execute(t.db);
    const listed = await okValue<Array<{ promId: number; productType: string; netLossInPeriod: string }>>(
      await call('GET', promotionPaths.saviorList, m.token),
    );
    expect(listed.find((item) => item.promId === slots.id)).toMatchObject({
      productType: 'RNG',
      netLossInPeriod: '500.00',
    });
    const slotsRescue = await call(
      'POST',
      promotionPaths.claimSavior,
      m.token,
      { promId: slots.id },
      { 'idempotency-key': randomUUID() },
    );
    expect((await okValue<ClaimResult>(slotsRescue)).claimedMoney).toBe('50.00');
  });
});
