// @vitest-environment jsdom
import {
  apiPaths,
  bonusPaths,
  promotionPaths,
  type BonusDetail,
  type PromotionCard,
  type PromotionClaim,
  type PromotionDetail as PromotionDetailAnswer,
} from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { claimableRewardsQuery, receiveClaimableRewards } from '../../../api/promotions';
import { session } from '../../../lib/session';
import bonusEn from '../../../locales/bonus/en.json';
import bonusTh from '../../../locales/bonus/th.json';
import promotionsEn from '../../../locales/promotions/en.json';
import promotionsTh from '../../../locales/promotions/th.json';
import {
  callsTo,
  idempotencyKeyOf,
  initMoneyI18n,
  installMoneyApi,
  ok,
  refuse,
  renderWithProviders,
  switchLanguage,
  type FakeCall,
  type FakeRoute,
} from '../../money/testing';

/** Hands the provider's query client to the test (the stream's events write to it). */
function TakeClient({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => {
    onClient(client);
  }, [client, onClient]);
  return null;
}

let PromotionList: ComponentType;
let PromotionDetail: ComponentType;
let RewardCentrePage: ComponentType;
let BonusDetailsPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', { ...promotionsEn, ...bonusEn }, true, false);
  i18next.addResourceBundle('th', 'translation', { ...promotionsTh, ...bonusTh }, true, false);
  ({ PromotionList } = await import('./promotion-list'));
  ({ PromotionDetail } = await import('./promotion-detail'));
  ({ RewardCentrePage } = await import('./reward-centre-page'));
  ({ BonusDetailsPage } = await import('../../bonus/components/bonus-details-page'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (promotionId: number, overrides: Partial<PromotionCard> = {}): PromotionCard => ({
  promotionId,
  promotionType: 'DEPOSIT',
  category: 'deposit',
  name: `Promo ${promotionId}`,
  pictureUrl: `/media/1/p${promotionId}.png`,
  startTime: Date.UTC(2026, 10, 1),
  endTime: Date.UTC(2026, 11, 31),
  bonusType: 'percent',
  bonusPercent: 100,
  bonusAmount: null,
  bonusCap: '1000.00',
  minDeposit: '100.00',
  turnoverMultiplier: 10,
  productTypes: null,
  requiresJoin: true,
  imageRequired: true,
  remarkRequired: false,
  memberStatus: 'join',
  ...overrides,
});

const reward = (rewardId: number, overrides: Partial<PromotionClaim> = {}): PromotionClaim => ({
  rewardId,
  promotionId: 7,
  eventName: `Reward ${rewardId}`,
  promotionType: 'ISSUED',
  status: 'issued',
  rewardAmount: '50.00',
  expiry: Date.now() + 2 * 86_400_000 + 3_600_000,
  productType: null,
  approvedAt: null,
  claimedAt: null,
  reviewRemark: null,
  createdAt: Date.UTC(2026, 10, 20),
  ...overrides,
});

const claimed = (call: FakeCall) =>
  ok({ rewardId: 1, claimedMoney: '50.00', turnoverRequired: '500.00', status: 'claimed', ...call.body });

/** The promotions module's calls behind `routes`, with empty answers for the rest the pages read. */
function install(routes: Record<string, FakeRoute>) {
  return installMoneyApi({
    [`GET ${apiPaths.announcements}`]: () => ok({ player: [], banners: [], popup: [], promotion: [] }),
    [`GET ${promotionPaths.categories}`]: () => ok([{ category: 'deposit', count: 2 }]),
    [`GET ${promotionPaths.claimList}`]: () => ok({ content: [] }),
    [`GET ${promotionPaths.loginList}`]: () => ok([]),
    [`GET ${promotionPaths.registerList}`]: () => ok({ content: [] }),
    [`GET ${promotionPaths.saviorList}`]: () => ok([]),
    ...routes,
  });
}

describe('/promotions and /promoDetail', () => {
  test('each card: picture, period, the member’s state in the original’s words and its action; a tab filters', async () => {
    const statuses = [
      'join',
      'joined',
      'applying',
      'rejected',
      'issued',
      'claimed',
      'expired',
      'closed',
      'coming',
    ] as const;
    // Once claimed, the list and the claim list read again say so (the note must stay).
    let isClaimed = false;
    const { calls } = install({
      [`GET ${promotionPaths.list}`]: () =>
        ok({
          content: statuses.map((memberStatus, index) =>
            card(index + 1, { memberStatus: isClaimed && memberStatus === 'issued' ? 'claimed' : memberStatus }),
          ),
        }),
      [`GET ${promotionPaths.claimList}`]: () =>
        ok({
          content: [reward(55, { promotionId: 5, promotionType: 'DEPOSIT', status: isClaimed ? 'claimed' : 'issued' })],
        }),
      [`POST ${promotionPaths.claimIssued}`]: (call) => {
        isClaimed = true;
        return claimed(call);
      },
    });
    renderWithProviders(<PromotionList />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((item) => item.querySelector('.promotion-state')?.textContent)).toEqual([
      'Open to join',
      'Joined',
      'Applying',
      'Rejected',
      'Ready to claim',
      'Claimed',
      'Expired',
      'Closed',
      'Coming soon',
    ]);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/1/p1.png');
    expect(within(cards[0]!).getByText('100% bonus up to 1000.00')).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: 'Join' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
    // The issued one claims its reward from the claim list, under an Idempotency-Key.
    const claim = within(cards[4]!).getByRole('button', { name: 'Claim' });
    await waitFor(() => expect(claim).toHaveProperty('disabled', false));
    fireEvent.click(claim);
    expect(await within(cards[4]!).findByText('Claimed 50.00 to your bonus balance')).toBeTruthy();
    await waitFor(() => expect(cards[4]!.querySelector('.promotion-state')?.textContent).toBe('Claimed'));
    expect(within(cards[4]!).getByText('Claimed 50.00 to your bonus balance')).toBeTruthy();
    const [sent] = callsTo(calls, 'POST', promotionPaths.claimIssued);
    expect(sent!.body).toEqual({ rewardId: 55, promotionType: 'DEPOSIT' });
    expect(idempotencyKeyOf(sent!)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Deposit' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', promotionPaths.list).at(-1)!.query.get('category')).toBe('deposit'),
    );
  });

  test('a visitor is asked to log in; a refused join shows the server’s words in Thai', async () => {
    session.clear();
    install({ [`GET ${promotionPaths.list}`]: () => ok({ content: [card(1, { memberStatus: null })] }) });
    renderWithProviders(<PromotionList />);
    expect(await screen.findByRole('button', { name: 'Log in to join' })).toBeTruthy();
    cleanup();

    session.logIn('token-1');
    await switchLanguage('TH');
    const { calls } = install({
      [`GET ${promotionPaths.list}`]: () => ok({ content: [card(1)] }),
      [`POST ${promotionPaths.join}`]: (call) =>
        call.headers.get('Language') === 'TH'
          ? refuse(409, 'promotion.withdrawal.pending', 'คุณมีรายการถอนเงินที่รอดำเนินการ')
          : refuse(409, 'promotion.withdrawal.pending', 'You have a withdrawal pending'),
    });
    renderWithProviders(<PromotionList />);
    fireEvent.click(await screen.findByRole('button', { name: 'เข้าร่วม' }));
    expect((await screen.findByRole('alert')).textContent).toBe('คุณมีรายการถอนเงินที่รอดำเนินการ');
    expect(callsTo(calls, 'POST', promotionPaths.join).map((call) => call.body)).toEqual([{ promotionId: 1 }]);
  });

  test('MANUAL: pictures checked as the server does, uploaded, then the application with remarks', async () => {
    const detail: PromotionDetailAnswer = {
      ...card(9, { promotionType: 'MANUAL', category: 'special', requiresJoin: false }),
      description: 'Send your screenshot.',
      turnoverProductTypes: null,
      depositCount: null,
      maxClaimsPerMember: 1,
      claimExpiryHours: 48,
      memberClaimedCount: 0,
    };
    const { calls, uploads } = install({
      [`GET ${promotionPaths.detail}`]: () =>
        ok({
          ...detail,
          memberStatus: callsTo(calls, 'POST', promotionPaths.signUpRequestReward).length ? 'applying' : 'join',
        }),
      [`POST ${promotionPaths.uploadPicture}`]: () => ok({ pictureId: 31, contentType: 'image/png', sizeBytes: 9 }),
      [`POST ${promotionPaths.signUpRequestReward}`]: (call) =>
        ok({ ...reward(2, { promotionId: 9, promotionType: 'MANUAL', status: 'applying' }), ...call.body }),
    });
    renderWithProviders(<PromotionDetail />, { route: '/promoDetail?promotionId=9' });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Send your screenshot.')).toBeTruthy();
    // A picture is required: nothing is sent without one.
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByRole('alert').textContent).toBe('This promotion requires at least one picture');
    // An SVG named .png is refused by its bytes, before any upload.
    const input = screen.getByLabelText(/Pictures/);
    fireEvent.change(input, {
      target: { files: [new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG, GIF or WebP picture');
    expect(uploads).toEqual([]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    fireEvent.change(input, { target: { files: [new File([png], 'slip.png', { type: 'image/png' })] } });
    expect(await screen.findByText('slip.png')).toBeTruthy();
    expect(uploads.map((item) => item.path)).toEqual([promotionPaths.uploadPicture]);
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: ' order 123 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(/Your application was sent/)).toBeTruthy();
    // Read again, the promotion says "Applying"; the answer stays.
    await waitFor(() => expect(document.querySelector('.promotion-state')?.textContent).toBe('Applying'));
    expect(screen.getByText(/Your application was sent/)).toBeTruthy();
    expect(callsTo(calls, 'POST', promotionPaths.signUpRequestReward).map((call) => call.body)).toEqual([
      { promotionId: 9, pictures: [31], remarks: 'order 123' },
    ]);
  });
});

describe('rewardCenter', () => {
  test('issued rewards with their countdown; a claim sends the reward; an expired one is refused in Thai', async () => {
    let isClaimed = false;
    const { calls } = install({
      [`GET ${promotionPaths.claimList}`]: () =>
        ok({
          content: [
            reward(1, isClaimed ? { status: 'claimed', claimedAt: Date.now() } : {}),
            reward(2, { eventName: 'Gone', status: 'rejected', reviewRemark: 'Blurry picture', rewardAmount: null }),
          ],
        }),
      [`POST ${promotionPaths.claimIssued}`]: (call) =>
        call.headers.get('Language') === 'TH'
          ? refuse(409, 'promotion.reward.expired', 'รางวัลนี้หมดอายุแล้ว')
          : ((isClaimed = true), claimed(call)),
    });
    renderWithProviders(<RewardCentrePage />);
    const issued = await screen.findByRole('region', { name: 'Rewards to claim' });
    expect(within(issued).getByText(/^Expires in 2d 0[01]:\d\d:\d\d$/)).toBeTruthy();
    fireEvent.click(within(issued).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reward 1: Claimed 50.00 to your bonus balance');
    // Read again, the reward has left the issued list for the recent ones; the note stays.
    expect(await within(issued).findByText('No rewards waiting for you right now')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Reward 1: Claimed 50.00 to your bonus balance');
    expect(callsTo(calls, 'POST', promotionPaths.claimIssued).map((call) => call.body)).toEqual([
      { rewardId: 1, promotionType: 'ISSUED' },
    ]);
    const recent = screen.getByRole('region', { name: 'Recent rewards' });
    expect(within(recent).getByText('Rejected')).toBeTruthy();
    expect(within(recent).getByText(/Blurry picture/)).toBeTruthy();
    cleanup();

    isClaimed = false;
    await switchLanguage('TH');
    renderWithProviders(<RewardCentrePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'รับรางวัล' }));
    expect((await screen.findByRole('alert')).textContent).toBe('รางวัลนี้หมดอายุแล้ว');
  });

  test('a reward issued while the page is open shows at once when the balance stream says so, with no polling', async () => {
    let isIssued = false;
    const { calls } = install({
      [`GET ${promotionPaths.claimList}`]: () => ok({ content: isIssued ? [reward(5, { eventName: 'Fresh' })] : [] }),
    });
    let client: QueryClient | undefined;
    renderWithProviders(
      <>
        <TakeClient onClient={(taken) => (client = taken)} />
        <RewardCentrePage />
      </>,
    );
    const issued = await screen.findByRole('region', { name: 'Rewards to claim' });
    expect(await within(issued).findByText('No rewards waiting for you right now')).toBeTruthy();
    // The stream's first event (sent when it opens) only sets the count: the page just read its list.
    receiveClaimableRewards('token-1', 0, client!);
    expect(client!.getQueryData(claimableRewardsQuery('token-1').queryKey)).toBe(0);
    // An operator's grant: the count moved, so the open list is read again and shows the reward.
    isIssued = true;
    receiveClaimableRewards('token-1', 1, client!);
    expect(await within(issued).findByText('Fresh')).toBeTruthy();
    expect(callsTo(calls, 'GET', promotionPaths.claimList)).toHaveLength(2);
    // The same count again (another tab's stream reconnecting) reads nothing.
    receiveClaimableRewards('token-1', 1, client!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'GET', promotionPaths.claimList)).toHaveLength(2);
  });

  test('sign-in calendar claims today; newbie shows the missing profile fields and waits', async () => {
    const { calls } = install({
      [`GET ${promotionPaths.loginList}`]: () =>
        ok([
          {
            configId: 4,
            type: 'C',
            name: 'Daily sign-in',
            description: '',
            noExpiry: true,
            startTime: null,
            endTime: null,
          },
        ]),
      [`GET ${promotionPaths.loginHistory}`]: () =>
        ok(
          [1, 2, 3].map((dayNo) => ({
            id: `4:${dayNo}`,
            dayNo,
            amount: `${dayNo}.00`,
            depositAmount: '0.00',
            hasClaimed: dayNo === 1,
            isToday: dayNo === 2,
          })),
        ),
      [`POST ${promotionPaths.claimLogin}`]: claimed,
      [`GET ${promotionPaths.registerList}`]: () =>
        ok({
          content: [
            {
              promotionId: 3,
              promotionName: 'Welcome bonus',
              remark: '',
              hasExpiry: false,
              bonusAmount: '100.00',
              hasClaimed: false,
              requiredFields: ['email', 'bankAccount'],
              accomplishedFields: ['email'],
            },
          ],
        }),
    });
    renderWithProviders(<RewardCentrePage />);
    const calendar = await screen.findByRole('list', { name: 'Daily sign-in' });
    expect(
      within(calendar)
        .getAllByRole('listitem')
        .map((day) => day.textContent),
    ).toEqual(['Day 11.00✓', 'Day 22.00Today', 'Day 33.00']);
    fireEvent.click(screen.getByRole('button', { name: "Claim today's 2.00" }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', promotionPaths.claimLogin).map((call) => call.body)).toEqual([{ id: '4:2' }]),
    );
    const fields = screen.getByRole('list', { name: 'Profile fields required' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓ Email', '✗ Bank account']);
    const newbie = screen.getByRole('region', { name: 'Newbie tasks' });
    expect(within(newbie).getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', true);
  });

  test("rescue: last period's net loss and what it pays; a claim sends the promotion; nothing to rescue waits", async () => {
    const rescue = (promId: number, productType: string, netLoss: string, collectable: string) => ({
      promId,
      promName: `Rescue ${promId}`,
      productType,
      bonusType: '%',
      configDetails: [{ netLoss: '100.00', bonusPercentage: 10 }],
      rewardPeriodType: 'DAILY',
      netLossInPeriod: netLoss,
      collectableInPeriod: collectable,
      hasIssuedClaim: false,
      noExpiry: true,
      endTime: null,
      description: '',
    });
    const { calls } = install({
      [`GET ${promotionPaths.saviorList}`]: () =>
        ok([rescue(7, 'RNG', '500.00', '50.00'), rescue(8, 'ALL', '20.00', '0.00')]),
      [`POST ${promotionPaths.claimSavior}`]: claimed,
    });
    renderWithProviders(<RewardCentrePage />);
    const section = await screen.findByRole('region', { name: 'Rescue' });
    const [slots, all] = within(section).getAllByRole('listitem');
    expect(slots!.textContent).toContain('Yesterday · slots');
    expect(slots!.textContent).toContain('500.00');
    expect(within(all!).getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', true);
    fireEvent.click(within(slots!).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', promotionPaths.claimSavior).map((call) => call.body)).toEqual([{ promId: 7 }]),
    );
  });
});

describe('bonusDetails', () => {
  const bonus = (bonusId: string, overrides: Partial<BonusDetail> = {}): BonusDetail => ({
    bonusId,
    sourceKind: 'promotion',
    transferKind: 'promotion_bonus',
    sourceName: null,
    status: 'active',
    amount: '100.00',
    remaining: '80.00',
    requiredTurnover: '2000.00',
    actualTurnover: '500.00',
    progressPercent: 25,
    productTypes: ['RNG'],
    grantedAt: Date.UTC(2026, 10, 20),
    expiresAt: null,
    closedAt: null,
    ...overrides,
  });

  test('the turnover status on top, then each bonus with its progress and status', async () => {
    install({
      [`GET ${bonusPaths.turnoverInfo}`]: () =>
        ok({
          status: 'N',
          totalRequiredTurnover: '2000.00',
          totalActualTurnover: '500.00',
          details: [{ gameType: 'RNG', requiredTurnover: '2000.00', actualTurnover: '500.00' }],
        }),
      [`GET ${bonusPaths.bonusDetails}`]: () =>
        ok({
          currency: 'THB',
          bonusBalance: '80.00',
          list: [
            bonus('b1'),
            bonus('b2', {
              sourceKind: 'rebate',
              status: 'converted',
              remaining: '0.00',
              progressPercent: 100,
              productTypes: ['LIVE', 'RNG', 'XYZ'],
            }),
          ],
        }),
    });
    renderWithProviders(<BonusDetailsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('withdrawals are blocked');
    // Product types in the member's words, not their codes (a member does not know "RNG").
    expect(screen.getByRole('alert').textContent).toContain('Slots: 500.00 / 2,000.00');
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['25', '100']);
    expect(screen.getByText('Converted to cash')).toBeTruthy();
    expect(screen.getAllByText('500.00 / 2,000.00')).toHaveLength(2);
    expect(screen.getByText('Slots')).toBeTruthy();
    // A type the site has no name for is shown as it comes.
    expect(screen.getByText('Live casino, Slots, XYZ')).toBeTruthy();
    await switchLanguage('TH');
    expect(await screen.findByText('แปลงเป็นเงินสดแล้ว')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('สล็อต: 500.00 / 2,000.00');
    expect(screen.getByText('คาสิโนสด, สล็อต, XYZ')).toBeTruthy();
  });

  test('every bonus done: the status says so, without totals of nothing ("0.00 of 0.00")', async () => {
    install({
      [`GET ${bonusPaths.turnoverInfo}`]: () =>
        ok({ status: 'D', totalRequiredTurnover: '0.00', totalActualTurnover: '0.00', details: [] }),
      [`GET ${bonusPaths.bonusDetails}`]: () =>
        ok({
          currency: 'THB',
          bonusBalance: '0.00',
          list: [
            bonus('b1', { status: 'converted', remaining: '0.00', actualTurnover: '2000.00', progressPercent: 100 }),
          ],
        }),
    });
    renderWithProviders(<BonusDetailsPage />);
    const status = (await screen.findByText('Turnover complete: nothing more required')).closest('.bonus-status');
    expect(status?.textContent).toBe('Turnover complete: nothing more required');
    expect(screen.getByText('2,000.00 / 2,000.00')).toBeTruthy();
  });
});
