import { randomUUID } from 'node:crypto';
import {
  adminPromotionPaths,
  depositPaths,
  promotionPaths,
  type AdminPromotion,
  type AdminPromotionInput,
  type PromotionClaimList,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshIp } from '../../testing/api-client.ts';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, type DepositKit } from '../deposit/deposit.testing.ts';
import { openStream } from '../wallet/wallet.testing.ts';
import { rewardApprovedDeposits } from './deposit-rewards.ts';
import { expireRewards } from './rewards.ts';

/**
 * The balance stream's `rewards` event over real HTTP, across two API instances on one database: the
 * operator's calls and the jobs run on the first, the members' streams live on the second. A reward
 * issued (a grant to listed members, to a segment, the deposit job), claimed or expired reaches that
 * member's open stream at once with its claimable count, and another member's stream hears nothing.
 */

const clock = { nowMs: Date.UTC(2026, 10, 20, 3, 0, 0) };
const hourMs = 3_600_000;
let first: TestApp;
let second: TestApp;
let streamUrl: string;
let kit: DepositKit;
let admin: TestOperator;
let finance: TestOperator;
let sequence = 0;

beforeAll(async () => {
  first = await createTestApp({}, { now: () => clock.nowMs });
  second = await createTestApp({}, { database: first.database, now: () => clock.nowMs });
  streamUrl = await second.app.listen({ host: '127.0.0.1', port: 0 });
  kit = depositKit(first);
  admin = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'admin' });
  finance = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'finance' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

interface Member {
  id: bigint;
  username: string;
  token: string;
}

async function member(): Promise<Member> {
  const username = `rws${process.pid}n${++sequence}`;
  const id = await insertTestMember(first.db, first.demoMerchantId, username, new Date(clock.nowMs - 86_400_000), {
    register_ip: `10.8.${sequence >> 8}.${sequence & 255}`,
  });
  return { id, username, token: await insertTestSession(first.db, first.demoMerchantId, id, clock.nowMs) };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, headers = {}) {
  return first.app.inject({
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
  maxClaimsPerMember: null,
  maxClaimsTotal: null,
  budget: null,
  turnoverMultiplier: 1,
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

async function grant(promotionId: number, body: Record<string, unknown>) {
  await okValue(
    await call('POST', grantUrl(promotionId), admin.token, { grantId: randomUUID(), amount: null, ...body }),
  );
}

async function issuedRewardsOf(m: Member): Promise<PromotionClaimList['content']> {
  const list = await okValue<PromotionClaimList>(
    await call('GET', `${promotionPaths.claimList}?status=issued`, m.token),
  );
  return list.content;
}

async function claim(m: Member, rewardId: number, promotionType: string) {
  await okValue(
    await call(
      'POST',
      promotionPaths.claimIssued,
      m.token,
      { rewardId, promotionType },
      { 'idempotency-key': randomUUID() },
    ),
  );
}

describe('the balance stream carries the claimable rewards', () => {
  test('at once when opened, then after a listed grant, a claim, a segment grant and an expiry; not another member’s', async () => {
    const promotion = await createPromotion({});
    const watched = await member();
    const other = await member();
    const [stream, otherStream] = await Promise.all([
      openStream(streamUrl, watched.token),
      openStream(streamUrl, other.token),
    ]);
    try {
      const before = await stream.nextRewards();
      const otherBefore = await otherStream.nextRewards();

      // A grant to the watched member only: its stream counts one more at once.
      await grant(promotion.id, { audience: 'listed', usernames: [watched.username] });
      expect(await stream.nextRewards()).toBe(before + 1);

      // Claimed: one fewer.
      const [reward] = await issuedRewardsOf(watched);
      await claim(watched, reward!.rewardId, 'ISSUED');
      expect(await stream.nextRewards()).toBe(before);

      // A segment grant reaches both at once, before any reward row of it is written.
      const segment = await createPromotion({ claimExpiryHours: 2 });
      await grant(segment.id, { audience: 'members', amount: '5' });
      expect(await stream.nextRewards()).toBe(before + 1);
      // The other stream heard nothing of the watched member's grant and claim: its next event is this.
      expect(await otherStream.nextRewards()).toBe(otherBefore + 1);

      // Listing writes the segment's reward row: still one to claim, so no event; the claim is the next.
      const [fromSegment] = (await issuedRewardsOf(watched)).filter((item) => item.promotionId === segment.id);
      expect(fromSegment).toMatchObject({ status: 'issued', rewardAmount: '5.00' });
      await claim(watched, fromSegment!.rewardId, 'ISSUED');
      expect(await stream.nextRewards()).toBe(before);

      // The other member's segment reward expires after its two hours: the job's run tells its stream.
      await issuedRewardsOf(other);
      clock.nowMs += 3 * hourMs;
      try {
        await expireRewards(first.db, clock.nowMs);
        expect(await otherStream.nextRewards()).toBe(otherBefore);
      } finally {
        clock.nowMs -= 3 * hourMs;
      }
    } finally {
      stream.close();
      otherStream.close();
    }
  });

  test('a reward the deposit job issues, and one an operator approves, reach the open stream', async () => {
    const depositFields: Partial<AdminPromotionInput> = {
      kind: 'DEPOSIT',
      category: 'deposit',
      bonusType: 'percent',
      bonusPercent: 10,
      bonusAmount: null,
      minDeposit: '100',
    };
    const promotion = await createPromotion(depositFields);
    const manual = await createPromotion({ kind: 'MANUAL', category: 'special' });
    const watched = await member();
    const stream = await openStream(streamUrl, watched.token);
    try {
      const before = await stream.nextRewards();
      const deposit = await kit.bankDeposit(watched.token, '200');
      await okValue(await call('POST', depositPaths.adminApprove, finance.token, { depositId: deposit.depositId }));
      await rewardApprovedDeposits(first.db, clock.nowMs);
      expect(await stream.nextRewards()).toBe(before + 1);
      const [reward] = (await issuedRewardsOf(watched)).filter((item) => item.promotionId === promotion.id);
      expect(reward).toMatchObject({ rewardAmount: '20.00' });

      // An application is nothing to claim; its approval is.
      const applied = await okValue<{ rewardId: number }>(
        await call('POST', promotionPaths.signUpRequestReward, watched.token, { promotionId: manual.id }),
      );
      await okValue(
        await call('POST', adminPromotionPaths.review.replace(':id', String(applied.rewardId)), admin.token, {
          decision: 'approve',
          amount: null,
          remark: null,
        }),
      );
      expect(await stream.nextRewards()).toBe(before + 2);

      // The operator disables the deposit promotion: its reward can no longer be claimed, so it no
      // longer counts (every open stream of the merchant counts again).
      await okValue(
        await call('PUT', adminPromotionPaths.promotion.replace(':id', String(promotion.id)), admin.token, {
          ...base,
          ...depositFields,
          enabled: false,
          version: promotion.version,
        }),
      );
      expect(await stream.nextRewards()).toBe(before + 1);
    } finally {
      stream.close();
    }
  });
});
