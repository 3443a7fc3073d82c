// @vitest-environment jsdom
import {
  adminApiPaths,
  adminPromotionClaimPageSchema,
  adminPromotionPaths,
  operatorPermissions,
} from '@lotus/contract';
import { screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, installFakeApi, ok, openBackOffice, operatorMe } from '../../testing/back-office';

afterEach(closeBackOffice);

const applications = adminPromotionClaimPageSchema.parse({
  items: [
    {
      id: 31,
      promotionId: 4,
      promotionKind: 'MANUAL',
      promotionNameTh: 'โบนัสรีวิว',
      promotionNameEn: 'Review bonus',
      memberId: 9,
      username: 'somchai01',
      status: 'applying',
      amount: null,
      depositAmount: null,
      remarks: 'My review is live',
      pictureIds: [],
      reviewRemark: null,
      reviewedBy: null,
      createdAt: Date.UTC(2026, 10, 26, 8),
      issuedAt: null,
      claimedAt: null,
      expiresAt: null,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
});

describe('the promotions page by permission', () => {
  test('a reviewer (promotions.review alone) opens it from the menu and sees the approval queue only', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['promotions.review'])),
      [`GET ${adminPromotionPaths.claims}`]: () => ok(applications),
    });
    await openBackOffice('Promotions');
    expect(await screen.findByText('somchai01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
    // The editor's list and the bonus rules are the manager's: never asked for.
    expect(callsTo(calls, 'GET', adminPromotionPaths.promotions)).toHaveLength(0);
    expect(screen.queryByText(/forbidden|not allowed/i)).toBeNull();
  });

  test('an operator with neither permission has no menu entry', async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () =>
        ok(operatorMe(operatorPermissions.filter((p) => p !== 'promotions.manage' && p !== 'promotions.review'))),
    });
    await expect(openBackOffice('Promotions')).rejects.toThrow();
    const menu = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Promotions' })).toBeNull();
  });
});
