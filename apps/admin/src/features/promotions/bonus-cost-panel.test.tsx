// @vitest-environment jsdom
import {
  adminApiPaths,
  adminBonusPaths,
  adminPromotionClaimPageSchema,
  adminPromotionPaths,
  bonusCostReportSchema,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';

afterEach(() => {
  vi.restoreAllMocks();
  return closeBackOffice();
});

const none = {
  issuedCount: 0,
  issued: '0.00',
  converted: '0.00',
  forfeited: '0.00',
  expired: '0.00',
  spent: '0.00',
  activeCount: 0,
  active: '0.00',
};
const welcome = { sourceKind: 'promotion', promotionId: 4, promotionNameTh: 'โบนัสต้อนรับ', promotionNameEn: 'Welcome' };
const rebate = { sourceKind: 'rebate', promotionId: null, promotionNameTh: null, promotionNameEn: null };

const report = bonusCostReportSchema.parse({
  timezone: 'Asia/Bangkok',
  from: '2026-03-08',
  to: '2026-03-09',
  rows: [
    { day: '2026-03-08', ...welcome, ...none, issuedCount: 2, issued: '150.00', converted: '70.00', spent: '30.00' },
    { day: '2026-03-09', ...welcome, ...none, forfeited: '50.00', expired: '25.50' },
    { day: '2026-03-09', ...rebate, ...none, issuedCount: 1, issued: '12.34', activeCount: 1, active: '12.34' },
  ],
  sources: [
    {
      ...welcome,
      ...none,
      issuedCount: 2,
      issued: '150.00',
      converted: '70.00',
      forfeited: '50.00',
      expired: '25.50',
      spent: '30.00',
    },
    { ...rebate, ...none, issuedCount: 1, issued: '12.34', activeCount: 1, active: '12.34' },
  ],
  totals: {
    issuedCount: 3,
    issued: '1162.34',
    converted: '70.00',
    forfeited: '50.00',
    expired: '25.50',
    spent: '30.00',
    activeCount: 1,
    active: '12.34',
  },
});

const noClaims = adminPromotionClaimPageSchema.parse({ items: [], page: 1, pageSize: 20, total: 0 });

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('the bonus cost panel', () => {
  test('reports.read sees the last seven days per day and promotion, the totals, and asks again for a range typed', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review', 'reports.read'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(noClaims),
      [`GET ${adminBonusPaths.cost}`]: () => ok(report),
    });
    const user = await openBackOffice('Promotions');
    const byDay = await screen.findByRole('table', { name: 'By day and promotion' }, { timeout: 20_000 });
    expect(await screen.findByText(/Days in Asia\/Bangkok/, {}, { timeout: 20_000 })).toBeTruthy();
    const first = callsTo(calls, 'GET', adminBonusPaths.cost)[0]!;
    const sixDaysAgo = new Date();
    sixDaysAgo.setDate(sixDaysAgo.getDate() - 6);
    expect([first.query.get('from'), first.query.get('to')]).toEqual([isoDay(sixDaysAgo), isoDay(new Date())]);

    const rows = within(byDay).getAllByRole('row');
    // Header, newest day first, then the totals line.
    expect(rows).toHaveLength(5);
    expect(rows[1]!.textContent).toContain('2026-03-09');
    expect(rows[1]!.textContent).toContain('Rebates');
    expect(rows[2]!.textContent).toContain('Welcome');
    // Forfeited and expired side by side in one column: 50.00 + 25.50.
    expect(rows[2]!.textContent).toContain('75.50');
    expect(rows[3]!.textContent).toContain('2026-03-08');
    expect(rows[3]!.textContent).toContain('bonuses: 2');
    expect(rows[4]!.textContent).toContain('Total');
    expect(rows[4]!.textContent).toContain('1,162.34');

    const byPromotion = screen.getByRole('table', { name: 'By promotion, whole range' });
    const sourceRows = within(byPromotion).getAllByRole('row');
    expect(sourceRows).toHaveLength(4);
    expect(sourceRows[1]!.textContent).toContain('Welcome');
    expect(sourceRows[1]!.textContent).toContain('75.50');

    const panel = byDay.closest('section')!;
    await user.clear(within(panel).getByLabelText('From'));
    await user.type(within(panel).getByLabelText('From'), '2026-03-01');
    await user.clear(within(panel).getByLabelText('To'));
    await user.type(within(panel).getByLabelText('To'), '2026-03-09');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const sent = callsTo(calls, 'GET', adminBonusPaths.cost).at(-1)!;
      expect([sent.query.get('from'), sent.query.get('to')]).toEqual(['2026-03-01', '2026-03-09']);
    });
  }, 60_000);

  test("a refused range shows the server's message", async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review', 'reports.read'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(noClaims),
      [`GET ${adminBonusPaths.cost}`]: () => refuse(400, 'validation.failed', 'Invalid input: to', 'to'),
    });
    await openBackOffice('Promotions');
    expect(await screen.findByText('Invalid input: to', {}, { timeout: 20_000 })).toBeTruthy();
  });

  test('without reports.read the report is never asked for', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(noClaims),
    });
    await openBackOffice('Promotions');
    expect(await screen.findByRole('heading', { name: 'Rewards and applications' }, { timeout: 20_000 })).toBeTruthy();
    expect(callsTo(calls, 'GET', adminBonusPaths.cost)).toHaveLength(0);
    expect(screen.queryByText('Bonus cost')).toBeNull();
  });

  test('Export CSV saves the shown range (not a draft typed since) from the server, named after its days', async () => {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review', 'reports.read'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(noClaims),
      [`GET ${adminBonusPaths.cost}`]: () => ok(report),
      [`GET ${adminBonusPaths.costCsv}`]: () => ok('day,source_kind'),
    });
    const user = await openBackOffice('Promotions');
    const byDay = await screen.findByRole('table', { name: 'By day and promotion' }, { timeout: 20_000 });
    const panel = byDay.closest('section')!;
    await user.clear(within(panel).getByLabelText('From'));
    await user.type(within(panel).getByLabelText('From'), '2026-03-01');
    await user.clear(within(panel).getByLabelText('To'));
    await user.type(within(panel).getByLabelText('To'), '2026-03-09');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    // A draft typed after applying is not what the tables show: the export ignores it.
    await user.clear(within(panel).getByLabelText('From'));
    await user.type(within(panel).getByLabelText('From'), '2026-02-01');
    await user.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = callsTo(calls, 'GET', adminBonusPaths.costCsv);
    expect(sent.map((call) => [call.query.get('from'), call.query.get('to')])).toEqual([['2026-03-01', '2026-03-09']]);
    expect(saved[0]!.download).toBe('bonus-cost-2026-03-01-2026-03-09.csv');
    expect(saved[0]!.href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(saved[0]!.href)).toContain('day,source_kind');
  }, 60_000);

  test("a refused export shows the server's message under the panel's filters", async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review', 'reports.read'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(noClaims),
      [`GET ${adminBonusPaths.cost}`]: () => ok(report),
      [`GET ${adminBonusPaths.costCsv}`]: () => refuse(403, 'operator.permission.denied', 'Not allowed'),
    });
    const user = await openBackOffice('Promotions');
    await screen.findByRole('table', { name: 'By day and promotion' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  }, 60_000);
});
