// @vitest-environment jsdom
import {
  apiPaths,
  launchPaths,
  type GameMenu,
  type MerchantWallet,
  type WalletBalance,
  type WalletTransferResult,
} from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import walletEn from '../../../locales/wallet/en.json';
import walletTh from '../../../locales/wallet/th.json';
import {
  callsTo,
  dropConnection,
  idempotencyKeyOf,
  initMoneyI18n,
  installMoneyApi,
  inTurn,
  ok,
  refuse,
  renderWithProviders,
  switchLanguage,
  type FakeRoute,
} from '../../money/testing';

let TransferFundPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', walletEn, true, false);
  i18next.addResourceBundle('th', 'translation', walletTh, true, false);
  ({ TransferFundPage } = await import('./transfer-fund-page'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/* ---------- The demo merchant: one seamless vendor, two transfer-mode vendors ---------- */

const merchantWallet: MerchantWallet = {
  isSingle: false,
  vendors: [
    { vassalage: 'HOUSE', accountTypeId: 10, accountTypeName: 'HOUSE', isSingle: true },
    { vassalage: 'GOLDENELE', accountTypeId: 21, accountTypeName: 'GOLDENELE', isSingle: false },
    { vassalage: 'HOUSE_TW', accountTypeId: 22, accountTypeName: 'House transfer', isSingle: false },
  ],
};

const wallet = (accountTypeId: number, accountTypeName: string, availBalance: string) => ({
  accountTypeId,
  accountTypeName,
  availBalance,
  currency: 'THB',
  currencySymbol: '฿',
});
/** Main 1,000.00 and Golden Elephant 250.50; HOUSE_TW never held money, so the answer leaves it out. */
const balance = (main = '1000.00', golden = '250.50'): WalletBalance => ({
  sumBalance: '1250.50',
  currency: 'THB',
  currencySymbol: '฿',
  balance: [wallet(0, 'Main', main), wallet(21, 'GOLDENELE', golden)],
  heldBalance: '0.00',
  bonusBalance: '0.00',
  isTrial: false,
});

const menus: GameMenu[] = [
  {
    gameCategory: 'RNG',
    name: 'nav_rng',
    gameType: 'RNG',
    page: '/rng',
    enName: 'Slots',
    pointRate: null,
    vendors: [
      {
        vassalage: 'GOLDENELE',
        gameType: 'RNG',
        gameCategory: 'RNG',
        displayName: 'Golden Elephant',
        accountTypeName: 'GOLDENELE',
        isHot: 0,
        logoUrl: '',
        logoKind: 'SLOT',
        sort: 1,
      },
    ],
  },
];

const transferred = (overrides: Partial<WalletTransferResult> = {}): WalletTransferResult => ({
  transferId: 'tr-1',
  vassalage: 'GOLDENELE',
  direction: 'IN',
  amount: '100.00',
  status: 'SUCCESS',
  ...overrides,
});

function walletRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    [`GET ${apiPaths.walletBalance}`]: () => ok(balance()),
    [`GET ${apiPaths.merchantWallet}`]: () => ok(merchantWallet),
    [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
    ...extra,
  };
}

async function renderPage() {
  renderWithProviders(<TransferFundPage />);
  return screen.findByRole('listitem', { name: 'Golden Elephant' });
}

/** Opens a vendor card's form for one direction. */
function openForm(card: HTMLElement, direction: 'Transfer in' | 'Transfer out') {
  fireEvent.click(within(card).getByRole('button', { name: direction }));
  return within(card).getByRole('form');
}

async function submit(form: HTMLElement, amount: string, direction: 'Transfer in' | 'Transfer out') {
  fireEvent.change(within(form).getByRole('textbox'), { target: { value: amount } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: direction })));
}

describe('transferFund: wallets', () => {
  test('the main wallet and each transfer-mode vendor with its balance (0.00 when the balance answer leaves it out); seamless vendors are not listed', async () => {
    installMoneyApi(walletRoutes());
    const golden = await renderPage();
    expect(screen.getByText('฿1,000.00')).toBeTruthy();
    expect(within(golden).getByText('฿250.50')).toBeTruthy();
    // Not in the menus: its wallet's own name.
    const houseTransfer = screen.getByRole('listitem', { name: 'House transfer' });
    expect(within(houseTransfer).getByText('฿0.00')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'HOUSE' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Return all to main wallet' })).toBeTruthy();
  });

  test('a merchant without transfer-mode vendors: the wallet is single, nothing to move', async () => {
    installMoneyApi(
      walletRoutes({
        [`GET ${apiPaths.merchantWallet}`]: () => ok({ isSingle: true, vendors: [merchantWallet.vendors[0]] }),
      }),
    );
    renderWithProviders(<TransferFundPage />);
    expect(await screen.findByText('You have a single wallet')).toBeTruthy();
    expect(
      screen.getByText('Every game plays straight from your main wallet, so there is nothing to move.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return all to main wallet' })).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  test('in Thai', async () => {
    await switchLanguage('TH');
    installMoneyApi(walletRoutes());
    renderWithProviders(<TransferFundPage />);
    const golden = await screen.findByRole('listitem', { name: 'Golden Elephant' });
    expect(screen.getByText('กระเป๋าหลัก')).toBeTruthy();
    expect(within(golden).getByRole('button', { name: 'โอนเข้า' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'โอนทั้งหมดกลับกระเป๋าหลัก' })).toBeTruthy();
  });
});

describe('transferFund: the amount is checked before anything is sent', () => {
  test.each([
    ['', 'Transfer in', 'Please enter an amount'],
    ['0', 'Transfer in', 'Please enter an amount'],
    ['-5', 'Transfer in', 'Enter an amount in numbers with at most 2 decimal places'],
    ['12.345', 'Transfer in', 'Enter an amount in numbers with at most 2 decimal places'],
    ['abc', 'Transfer in', 'Enter an amount in numbers with at most 2 decimal places'],
    // Above the source: the main wallet going in, the vendor's wallet coming out.
    ['1000.01', 'Transfer in', 'The wallet you move from holds ฿1,000.00'],
    ['250.51', 'Transfer out', 'The wallet you move from holds ฿250.50'],
  ] as const)('%j (%s) is refused: %s', async (amount, direction, message) => {
    const { calls } = installMoneyApi(walletRoutes());
    const form = openForm(await renderPage(), direction);
    await submit(form, amount, direction);
    expect(within(form).getByText(message)).toBeTruthy();
    expect(within(form).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', launchPaths.walletTransfer)).toHaveLength(0);
  });

  test.each([
    ['1000', 'Transfer in', '1000.00'],
    ['1,000', 'Transfer in', '1000.00'],
    ['0.5', 'Transfer out', '0.50'],
    ['250.50', 'Transfer out', '250.50'],
  ] as const)('%j (%s) is sent as %s', async (amount, direction, wire) => {
    const { calls } = installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletTransfer}`]: (call) =>
          ok(transferred({ direction: call.body?.direction as 'IN', amount: wire })),
      }),
    );
    const form = openForm(await renderPage(), direction);
    await submit(form, amount, direction);
    expect(callsTo(calls, 'POST', launchPaths.walletTransfer)[0]?.body).toEqual({
      vassalage: 'GOLDENELE',
      direction: direction === 'Transfer in' ? 'IN' : 'OUT',
      amount: wire,
    });
  });
});

describe('transferFund: moving money', () => {
  test('transfer in: one call with an Idempotency-Key; SUCCESS says where the money is and the balances are read again', async () => {
    let isMoved = false;
    const { calls } = installMoneyApi(
      walletRoutes({
        [`GET ${apiPaths.walletBalance}`]: () => ok(isMoved ? balance('900.00', '350.50') : balance()),
        [`POST ${launchPaths.walletTransfer}`]: () => {
          isMoved = true;
          return ok(transferred());
        },
      }),
    );
    const golden = await renderPage();
    const form = openForm(golden, 'Transfer in');
    expect(within(form).getByText('Your main wallet holds ฿1,000.00')).toBeTruthy();
    await submit(form, '100', 'Transfer in');
    const [call] = callsTo(calls, 'POST', launchPaths.walletTransfer);
    expect(call?.body).toEqual({ vassalage: 'GOLDENELE', direction: 'IN', amount: '100.00' });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(golden).findByText('฿100.00 is now in your Golden Elephant wallet.')).toBeTruthy();
    expect(within(golden).getByText('Done')).toBeTruthy();
    expect(await within(golden).findByText('฿350.50')).toBeTruthy();
    expect(screen.getByText('฿900.00')).toBeTruthy();
    expect(callsTo(calls, 'GET', apiPaths.walletBalance).length).toBeGreaterThanOrEqual(2);
  });

  test('transfer out with "All": sends all: true (the server reads the balance under its lock)', async () => {
    const { calls } = installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletTransfer}`]: () => ok(transferred({ direction: 'OUT', amount: '250.50' })),
      }),
    );
    const golden = await renderPage();
    const form = openForm(golden, 'Transfer out');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'All (฿250.50)' })));
    const [call] = callsTo(calls, 'POST', launchPaths.walletTransfer);
    expect(call?.body).toEqual({ vassalage: 'GOLDENELE', direction: 'OUT', all: true });
    expect(idempotencyKeyOf(call!)).toBeTruthy();
    expect(await within(golden).findByText('฿250.50 is back in your main wallet from Golden Elephant.')).toBeTruthy();
  });

  test('"All" is not offered from an empty wallet', async () => {
    installMoneyApi(walletRoutes());
    await renderPage();
    const form = openForm(screen.getByRole('listitem', { name: 'House transfer' }), 'Transfer out');
    expect((within(form).getByRole('button', { name: 'All (฿0.00)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('FAILED: the provider refused and the money is back', async () => {
    installMoneyApi(
      walletRoutes({ [`POST ${launchPaths.walletTransfer}`]: () => ok(transferred({ status: 'FAILED' })) }),
    );
    const golden = await renderPage();
    await submit(openForm(golden, 'Transfer in'), '100', 'Transfer in');
    expect(
      await within(golden).findByText(
        'Golden Elephant refused the transfer of ฿100.00. Nothing moved: your money is back in the wallet it came from.',
      ),
    ).toBeTruthy();
    expect(within(golden).getByText('Refused')).toBeTruthy();
  });

  test('PENDING: the money is safe and on its way; the balances are read again after a while', async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { calls } = installMoneyApi(
      walletRoutes({ [`POST ${launchPaths.walletTransfer}`]: () => ok(transferred({ status: 'PENDING' })) }),
    );
    const golden = await renderPage();
    await submit(openForm(golden, 'Transfer in'), '100', 'Transfer in');
    expect(
      await within(golden).findByText(
        'We are confirming the transfer of ฿100.00 with Golden Elephant. Your money is safe and will arrive shortly; the balances update by themselves.',
      ),
    ).toBeTruthy();
    expect(within(golden).getByText('Confirming')).toBeTruthy();
    const reads = callsTo(calls, 'GET', apiPaths.walletBalance).length;
    // Timers of the page's own (React Query keeps others, of 60 s and 5 min, for its caches).
    const delays = timeouts.mock.calls.map(([, delayMs]) => delayMs);
    expect(delays).toEqual(expect.arrayContaining([15_000, 45_000, 95_000]));
    const first = timeouts.mock.calls.find(([, delayMs]) => delayMs === 15_000)!;
    await act(async () => (first[0] as () => void)());
    await vi.waitFor(() => expect(callsTo(calls, 'GET', apiPaths.walletBalance).length).toBe(reads + 1));
  });

  test("a refused amount is shown under the field, in the server's words with the available balance", async () => {
    installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletTransfer}`]: () => ({
          status: 409,
          envelope: {
            success: false,
            value: { available: '40.00' },
            errorCode: 'wallet.transfer.balance.not.enough',
            message: 'The source wallet does not hold enough (available 40.00).',
          },
        }),
      }),
    );
    const form = openForm(await renderPage(), 'Transfer in');
    await submit(form, '100', 'Transfer in');
    const field = within(form).getByRole('textbox');
    expect(await within(form).findByText('The wallet you move from holds ฿40.00')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  test('a validation error naming the field is shown under the amount', async () => {
    installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletTransfer}`]: () => ({
          status: 400,
          envelope: {
            success: false,
            value: null,
            errorCode: 'validation.failed',
            field: 'amount',
            message: 'amount: must be a positive amount with at most two decimal places',
          },
        }),
      }),
    );
    const form = openForm(await renderPage(), 'Transfer in');
    await submit(form, '100', 'Transfer in');
    expect(
      await within(form).findByText('amount: must be a positive amount with at most two decimal places'),
    ).toBeTruthy();
    expect(within(form).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
  });

  test.each([
    [
      'wallet.transfer.pending',
      409,
      'An earlier transfer with this provider is still being confirmed. Please try again in a moment.',
    ],
    ['vendor_unavailable', 503, 'The game provider is not answering. Nothing was moved; please try again later.'],
    ['wallet.transfer.vendor.unknown', 404, 'There is no wallet for this game provider (vassalage).'],
  ])('%s is shown under the form', async (errorCode, status, message) => {
    installMoneyApi(walletRoutes({ [`POST ${launchPaths.walletTransfer}`]: () => refuse(status, errorCode, message) }));
    const form = openForm(await renderPage(), 'Transfer in');
    await submit(form, '100', 'Transfer in');
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(within(form).getByRole('textbox').getAttribute('aria-invalid')).toBe('false');
  });

  test('a lost answer is retried under the same key; the next action gets a new one', async () => {
    const { calls } = installMoneyApi(
      walletRoutes({ [`POST ${launchPaths.walletTransfer}`]: inTurn(dropConnection, () => ok(transferred())) }),
    );
    const golden = await renderPage();
    const form = openForm(golden, 'Transfer in');
    await submit(form, '100', 'Transfer in');
    expect(await within(form).findByRole('alert')).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Transfer in' })));
    await within(golden).findByText('฿100.00 is now in your Golden Elephant wallet.');
    await submit(form, '100', 'Transfer in');
    const keys = callsTo(calls, 'POST', launchPaths.walletTransfer).map(idempotencyKeyOf);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('transferFund: return all to main wallet', () => {
  test("one call with an Idempotency-Key; each vendor's outcome is listed", async () => {
    const { calls } = installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletReturn}`]: () =>
          ok({
            transfers: [
              transferred({ direction: 'OUT', amount: '250.50' }),
              transferred({
                transferId: 'tr-2',
                vassalage: 'HOUSE_TW',
                direction: 'OUT',
                amount: '12.00',
                status: 'PENDING',
              }),
            ],
          }),
      }),
    );
    await renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Return all to main wallet' })));
    const [call] = callsTo(calls, 'POST', launchPaths.walletReturn);
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('฿250.50 is back in your main wallet from Golden Elephant.')).toBeTruthy();
    expect(screen.getByText(/We are confirming the transfer of ฿12.00 with House transfer\./)).toBeTruthy();
  });

  test('nothing to bring back, and a refusal', async () => {
    installMoneyApi(
      walletRoutes({
        [`POST ${launchPaths.walletReturn}`]: inTurn(
          () => ok({ transfers: [] }),
          () => refuse(503, 'vendor_unavailable', 'The game provider is not answering.'),
        ),
      }),
    );
    await renderPage();
    const button = screen.getByRole('button', { name: 'Return all to main wallet' });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('There was nothing to bring back: your game wallets are empty.')).toBeTruthy();
    await act(async () => fireEvent.click(button));
    expect((await screen.findByRole('alert')).textContent).toBe('The game provider is not answering.');
  });
});
