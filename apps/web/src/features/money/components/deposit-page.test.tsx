// @vitest-environment jsdom
import { depositPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import {
  bankTarget,
  callsTo,
  deposit,
  depositRoutes,
  dropConnection,
  idempotencyKeyOf,
  initMoneyI18n,
  installMoneyApi,
  inTurn,
  ok,
  pngFile,
  refuse,
  renderWithProviders,
  switchLanguage,
} from '../testing';

let DepositPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  // The page's module loads its catalogue as it is imported: after i18n has started.
  ({ DepositPage } = await import('./deposit-page'));
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

const amountField = () => screen.getByLabelText('Amount (THB)');
const chooseMethod = (name: RegExp) => fireEvent.click(screen.getByRole('radio', { name }));

describe('depositv2: the form', () => {
  test('methods come from the server with their limits and fee; amounts are checked before anything is sent, in EN and in TH', async () => {
    const { calls } = installMoneyApi(depositRoutes());
    renderWithProviders(<DepositPage />);
    expect(await screen.findByRole('radio', { name: /Bank transfer/ })).toBeTruthy();
    const gateway = screen.getByRole('radio', { name: /Online payment/ }).closest('label')!;
    expect(within(gateway).getByText('10.00 – 50,000.00')).toBeTruthy();
    expect(within(gateway).getByText('Fee 5.00 + 1.50%')).toBeTruthy();

    chooseMethod(/Online payment/);
    const submit = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.change(amountField(), { target: { value: '12.345' } });
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText('Enter an amount in numbers with at most 2 decimal places')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '5' } });
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText('The least you can enter is 10.00')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '3000.01' } });
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText('You can deposit at most 3,000.00 more today by this method')).toBeTruthy();

    await act(async () => switchLanguage('TH'));
    fireEvent.change(screen.getByLabelText('จำนวนเงิน (THB)'), { target: { value: '1.999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ไปหน้าชำระเงิน' })));
    expect(screen.getByText('กรุณากรอกจำนวนเงินเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('จำนวนเงิน (THB)'), { target: { value: '60000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ไปหน้าชำระเงิน' })));
    expect(screen.getByText('จำนวนเงินสูงสุดคือ 50,000.00')).toBeTruthy();

    expect(callsTo(calls, 'POST', depositPaths.create)).toHaveLength(0);
  });

  test('the fee and what reaches the wallet follow the amount; quick amounts fill it', async () => {
    installMoneyApi(depositRoutes());
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.click(screen.getByRole('button', { name: '1,000' }));
    expect((amountField() as HTMLInputElement).value).toBe('1000');
    // 5.00 + 1.5 % of 1,000.00 = 20.00; 980.00 arrives.
    expect(screen.getByText('฿20.00')).toBeTruthy();
    expect(screen.getByText('฿980.00')).toBeTruthy();
  });
});

describe('depositv2: DEMOPAY', () => {
  test('opens the pay page in a window, polls until approved and shows what was credited; the key is new per deposit', async () => {
    const payWindow = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(payWindow as unknown as Window);
    const created = deposit({ depositId: 41, payUrl: 'http://localhost/demopay/pay/p-41' });
    const { calls } = installMoneyApi(
      depositRoutes({
        [`POST ${depositPaths.create}`]: () => ok(created),
        [`GET ${depositPaths.detail}`]: inTurn(
          () => ok(created),
          () => ok({ ...created, status: 'approved', settledAt: Date.now() }),
        ),
      }),
    );
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.change(amountField(), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));

    expect(open).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText(
        'Finish paying in the payment window. This page updates by itself when the payment arrives.',
      ),
    ).toBeTruthy();
    expect(payWindow.location.href).toBe('http://localhost/demopay/pay/p-41');
    expect(screen.getByRole('link', { name: 'Open payment page' }).getAttribute('href')).toBe(
      'http://localhost/demopay/pay/p-41',
    );

    expect(await screen.findByText('฿487.50 is in your wallet', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    const polls = callsTo(calls, 'GET', depositPaths.detail);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls[0]!.query.get('depositId')).toBe('41');

    const [first] = callsTo(calls, 'POST', depositPaths.create);
    expect(first!.body).toEqual({ methodCode: 'DEMOPAY', amount: '500.00' });
    fireEvent.click(screen.getByRole('button', { name: 'Make another deposit' }));
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.change(amountField(), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));
    const keys = callsTo(calls, 'POST', depositPaths.create).map(idempotencyKeyOf);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  }, 15_000);

  test('a blocked window leaves a link to the pay page', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    installMoneyApi(
      depositRoutes({
        [`POST ${depositPaths.create}`]: () => ok(deposit({ payUrl: 'http://localhost/demopay/pay/p-9' })),
        [`GET ${depositPaths.detail}`]: () => ok(deposit({ payUrl: 'http://localhost/demopay/pay/p-9' })),
      }),
    );
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.change(amountField(), { target: { value: '200' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));
    expect(await screen.findByText(/Your browser blocked the payment window/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open payment page' }).getAttribute('href')).toBe(
      'http://localhost/demopay/pay/p-9',
    );
  });

  test('a dropped connection, then "try again": the same request goes with the same Idempotency-Key; a refusal is shown in the server words', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = installMoneyApi(
      depositRoutes({
        [`POST ${depositPaths.create}`]: inTurn(dropConnection, () =>
          refuse(400, 'deposit.member.limit.exceeded', 'This would pass your 24-hour deposit limit'),
        ),
      }),
    );
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.change(amountField(), { target: { value: '250' } });
    const submit = screen.getByRole('button', { name: 'Continue to payment' });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Network link abnormal, please try again.')).toBeTruthy();
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('This would pass your 24-hour deposit limit')).toBeTruthy();
    const attempts = callsTo(calls, 'POST', depositPaths.create);
    expect(attempts).toHaveLength(2);
    expect(idempotencyKeyOf(attempts[1]!)).toBe(idempotencyKeyOf(attempts[0]!));
    expect(attempts[1]!.body).toEqual(attempts[0]!.body);
  });

  test('a double click sends one request', async () => {
    let release: () => void = () => undefined;
    const { calls } = installMoneyApi(
      depositRoutes({
        [`POST ${depositPaths.create}`]: () =>
          new Promise(
            (resolve) => (release = () => resolve(ok(deposit({ payUrl: 'http://localhost/demopay/pay/p-1' })))),
          ),
        [`GET ${depositPaths.detail}`]: () => ok(deposit()),
      }),
    );
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('Online payment').then(() => /Online payment/));
    fireEvent.change(amountField(), { target: { value: '250' } });
    const submit = screen.getByRole('button', { name: 'Continue to payment' });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    expect(screen.getByRole('button', { name: 'Sending…' }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(callsTo(calls, 'POST', depositPaths.create)).toHaveLength(1));
  });
});

describe('depositv2: PROMPTPAY and BANK', () => {
  test('PROMPTPAY shows the QR from the server with the amount and a countdown to expiry', async () => {
    const qr = deposit({
      methodCode: 'PROMPTPAY',
      amount: '350.00',
      feeAmount: '0.00',
      creditAmount: '350.00',
      expiresAt: Date.now() + 15 * 60_000,
      promptPay: {
        payload: '000201010212',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        target: 'xxx-xxx-5678',
        accountName: 'Lotus88 Co., Ltd.',
      },
    });
    installMoneyApi(
      depositRoutes({ [`POST ${depositPaths.create}`]: () => ok(qr), [`GET ${depositPaths.detail}`]: () => ok(qr) }),
    );
    renderWithProviders(<DepositPage />);
    chooseMethod(await screen.findByText('PromptPay QR').then(() => /PromptPay QR/));
    fireEvent.change(amountField(), { target: { value: '350' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get QR code' })));
    const image = await screen.findByRole('img', { name: 'PromptPay QR code to scan with your banking app' });
    expect(image.getAttribute('src')).toBe(qr.promptPay!.qrCode);
    expect(screen.getByRole('timer').textContent).toMatch(/^Expires in 1[45]:\d\d$/);
    expect(screen.getByText('To Lotus88 Co., Ltd. (xxx-xxx-5678)')).toBeTruthy();
  });

  test('BANK: the account to pay to with copy buttons; the slip is checked before upload, previewed, uploaded once and named in the deposit', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const bankDeposit = deposit({
      methodCode: 'BANK',
      bank: { target: bankTarget, transferReference: 'SOMCHAI J', proofId: 77 },
    });
    const { calls, uploads } = installMoneyApi(
      depositRoutes({
        [`POST ${depositPaths.uploadProof}`]: () =>
          ok({ proofId: 77, contentType: 'image/png', sizeBytes: 2048, width: 10, height: 10 }),
        [`POST ${depositPaths.create}`]: inTurn(dropConnection, () => ok(bankDeposit)),
        [`GET ${depositPaths.detail}`]: () => ok(bankDeposit),
      }),
    );
    renderWithProviders(<DepositPage />);
    expect(await screen.findByText('0123456789')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy Account number' })));
    expect(writeText).toHaveBeenCalledWith('0123456789');
    expect(screen.getByText('Copied')).toBeTruthy();

    fireEvent.change(amountField(), { target: { value: '1000' } });
    const submit = screen.getByRole('button', { name: 'Submit deposit' });
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText('Please enter the transfer reference')).toBeTruthy();
    expect(screen.getByText('Please add a picture of the slip')).toBeTruthy();

    const fileInput = screen.getByLabelText('Transfer slip') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(fileInput, { target: { files: [new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' })] } }),
    );
    expect(screen.getByText('Only PNG or JPG images can be used')).toBeTruthy();
    await act(async () =>
      fireEvent.change(fileInput, {
        target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
      }),
    );
    expect(screen.getByText('The image is larger than 5 MB. Please choose a smaller one.')).toBeTruthy();
    await act(async () => fireEvent.change(fileInput, { target: { files: [pngFile()] } }));
    expect((await screen.findByRole('img', { name: 'Preview of the chosen image' })).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(uploads).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Transfer reference'), { target: { value: ' SOMCHAI J ' } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Network link abnormal, please try again.')).toBeTruthy();
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Deposit sent for review')).toBeTruthy();

    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.body.get('file') as File).name).toBe('slip.png');
    const creates = callsTo(calls, 'POST', depositPaths.create);
    expect(creates.map((call) => call.body)).toEqual([
      {
        methodCode: 'BANK',
        amount: '1000.00',
        bankAccountId: 'kbank-main',
        transferReference: 'SOMCHAI J',
        proofId: 77,
      },
      {
        methodCode: 'BANK',
        amount: '1000.00',
        bankAccountId: 'kbank-main',
        transferReference: 'SOMCHAI J',
        proofId: 77,
      },
    ]);
    expect(idempotencyKeyOf(creates[1]!)).toBe(idempotencyKeyOf(creates[0]!));
  });
});

describe('depositv2: history and limits', () => {
  test('deposits with status badges, filtered by status and dates, paged', async () => {
    const page = (pageNo: number) => ({
      content: [deposit({ depositId: pageNo * 10, status: pageNo === 1 ? 'approved' : 'rejected', rejectReason: 'x' })],
      pageNo,
      pageSize: 10,
      totalElements: 12,
      totalPages: 2,
    });
    const { calls } = installMoneyApi(
      depositRoutes({ [`GET ${depositPaths.report}`]: (call) => ok(page(Number(call.query.get('pageNo')))) }),
    );
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getByText('#10')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 2' })));
    expect(await within(screen.getByRole('table')).findByText('#20')).toBeTruthy();
    const last = callsTo(calls, 'GET', depositPaths.report).at(-1)!;
    expect(last.query.get('status')).toBe('rejected');
    expect(last.query.get('pageNo')).toBe('2');
    const start = Number(last.query.get('startTime'));
    const end = Number(last.query.get('endTime'));
    expect(Math.round((end - start) / 86_400_000)).toBe(7);
  });

  test('limits: the rule is explained; only changed periods are sent, with an Idempotency-Key', async () => {
    const limits = {
      limits: [
        {
          period: 'day',
          limit: '5000.00',
          used: '1000.00',
          usedApproved: '1000.00',
          usedPending: '0.00',
          pending: null,
        },
        { period: 'week', limit: null, used: '1000.00', usedApproved: '1000.00', usedPending: '0.00', pending: null },
        {
          period: 'month',
          limit: '20000.00',
          used: '1000.00',
          usedApproved: '1000.00',
          usedPending: '0.00',
          pending: null,
        },
      ],
    };
    const saved = {
      limits: [
        limits.limits[0],
        { ...limits.limits[1], pending: { limit: null, from: Date.now() + 86_400_000 } },
        { ...limits.limits[2], limit: '15000.00' },
      ],
    };
    const { calls } = installMoneyApi(
      depositRoutes({
        [`GET ${depositPaths.limits}`]: () => ok(limits),
        [`POST ${depositPaths.setLimits}`]: () => ok(saved),
      }),
    );
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Limits' }));
    expect(
      await screen.findByText(/Lowering a limit applies at once. Raising or removing one takes effect after 24 hours/),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('24 hours'), { target: { value: '1.234' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));
    expect(screen.getByText('Enter an amount in numbers with at most 2 decimal places')).toBeTruthy();
    expect(callsTo(calls, 'POST', depositPaths.setLimits)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('24 hours'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('30 days'), { target: { value: '15000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));
    expect(await screen.findByText('Saved. Lower limits apply now; higher ones after 24 hours.')).toBeTruthy();
    const [save] = callsTo(calls, 'POST', depositPaths.setLimits);
    expect(save!.body).toEqual({ month: '15000' });
    expect(idempotencyKeyOf(save!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(/^Removed from /)).toBeTruthy();
  });

  test('limits: a rule message shows under its period; a refusal naming a period goes under that period', async () => {
    const limit = { limit: null, used: '0.00', usedApproved: '0.00', usedPending: '0.00', pending: null };
    const limits = { limits: (['day', 'week', 'month'] as const).map((period) => ({ period, ...limit })) };
    const { calls } = installMoneyApi(
      depositRoutes({
        [`GET ${depositPaths.limits}`]: () => ok(limits),
        [`POST ${depositPaths.setLimits}`]: () =>
          refuse(400, 'validation.failed', 'The 7-day limit cannot be below the 24-hour limit', 'week'),
      }),
    );
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Limits' }));
    const week = (await screen.findByLabelText('7 days')) as HTMLInputElement;
    const weekBox = week.closest('.money-limit') as HTMLElement;
    const dayBox = screen.getByLabelText('24 hours').closest('.money-limit') as HTMLElement;
    fireEvent.change(week, { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));
    expect(within(weekBox).getByText('Enter an amount above 0, or leave the field empty for no limit')).toBeTruthy();
    expect(week.getAttribute('aria-invalid')).toBe('true');
    expect(within(dayBox).queryByText(/Enter an amount/)).toBeNull();
    expect(callsTo(calls, 'POST', depositPaths.setLimits)).toHaveLength(0);

    fireEvent.change(week, { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('24 hours'), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));
    expect(await within(weekBox).findByText('The 7-day limit cannot be below the 24-hour limit')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'POST', depositPaths.setLimits).map((call) => call.body)).toEqual([
      { day: '500', week: '100' },
    ]);
  });
});
