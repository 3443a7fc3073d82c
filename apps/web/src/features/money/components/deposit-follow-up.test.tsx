// @vitest-environment jsdom
import { depositPaths, type Deposit } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import {
  callsTo,
  deposit,
  depositRoutes,
  initMoneyI18n,
  installMoneyApi,
  inTurn,
  ok,
  pngFile,
  refuse,
  renderWithProviders,
  switchLanguage,
} from '../testing';

/**
 * Issue 13 on the member's side: history rows show the amount asked and, only once approved, what
 * was credited; a pending deposit reads "awaiting payment" or, once said paid, "waiting for review";
 * a deposit opened from the history takes "I have paid", a slip and a question; the limits tab
 * shows what it counts.
 */

let DepositPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
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

const report = (content: Deposit[]) => ({
  content,
  pageNo: 1,
  pageSize: 10,
  totalElements: content.length,
  totalPages: 1,
});

const rows: Deposit[] = [
  deposit({
    depositId: 1,
    methodCode: 'PROMPTPAY',
    status: 'pending',
    amount: '500.00',
    feeAmount: '0.00',
    creditAmount: '500.00',
  }),
  deposit({
    depositId: 2,
    methodCode: 'BANK',
    status: 'pending',
    amount: '800.00',
    feeAmount: '8.00',
    creditAmount: '792.00',
    paidAt: Date.UTC(2026, 10, 22, 5, 31),
    proofId: 9,
  }),
  deposit({
    depositId: 3,
    methodCode: 'DEMOPAY',
    status: 'approved',
    amount: '1000.00',
    feeAmount: '20.00',
    creditAmount: '980.00',
    settledAt: Date.UTC(2026, 10, 22, 5, 40),
  }),
  deposit({
    depositId: 4,
    methodCode: 'PROMPTPAY',
    status: 'expired',
    amount: '300.00',
    feeAmount: '0.00',
    creditAmount: '300.00',
  }),
];

async function openHistory() {
  renderWithProviders(<DepositPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
  return screen.findByRole('table');
}

function cellsOf(table: HTMLElement, depositId: number) {
  const row = within(table).getByText(`#${depositId}`).closest('tr')!;
  return Object.fromEntries(
    within(row)
      .getAllByRole('cell')
      .map((cell) => [cell.getAttribute('data-label') ?? 'actions', cell.textContent ?? '']),
  );
}

describe('history rows', () => {
  test('the amount asked always; credited (after the fee) only once approved, never a 0.00 for a pending one; statuses say what the deposit waits for', async () => {
    installMoneyApi(depositRoutes({ [`GET ${depositPaths.report}`]: () => ok(report(rows)) }));
    const table = await openHistory();
    expect(within(table).getByRole('columnheader', { name: 'Amount asked' })).toBeTruthy();

    expect(cellsOf(table, 1)).toMatchObject({
      'Amount asked': '฿500.00',
      Credited: '—Not credited',
      Status: 'Awaiting payment',
    });
    expect(cellsOf(table, 2)).toMatchObject({
      'Amount asked': '฿800.00',
      Fee: '8.00',
      Credited: '—Not credited',
      Status: 'Waiting for review',
    });
    expect(cellsOf(table, 3)).toMatchObject({
      'Amount asked': '฿1,000.00',
      Fee: '20.00',
      Credited: '฿980.00',
      Status: 'Approved',
    });
    expect(cellsOf(table, 4)).toMatchObject({
      'Amount asked': '฿300.00',
      Credited: '—Not credited',
      Status: 'Expired',
    });
    expect(within(table).queryByText('฿0.00')).toBeNull();
  });

  test('in Thai: ยอดที่แจ้งฝาก, and รอตรวจสอบ for a deposit said paid', async () => {
    await switchLanguage('TH');
    installMoneyApi(depositRoutes({ [`GET ${depositPaths.report}`]: () => ok(report(rows)) }));
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'ประวัติ' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'ยอดที่แจ้งฝาก' })).toBeTruthy();
    expect(cellsOf(table, 2)).toMatchObject({
      ยอดที่แจ้งฝาก: '฿800.00',
      ยอดที่เข้ากระเป๋า: '—ยังไม่เข้ากระเป๋า',
      สถานะ: 'รอตรวจสอบ',
    });
    expect(cellsOf(table, 1)['สถานะ']).toBe('รอชำระเงิน');
    expect(cellsOf(table, 3)['ยอดที่เข้ากระเป๋า']).toBe('฿980.00');
  });
});

describe('a deposit opened from the history', () => {
  test('PROMPTPAY not paid yet: "I have paid" turns it into "waiting for review", which does not expire; no credited line before approval', async () => {
    const qr = {
      ...rows[0]!,
      promptPay: {
        payload: '000201010212',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        target: 'xxx-xxx-5678',
        accountName: 'Lotus88 Co., Ltd.',
      },
    };
    const paid = { ...qr, paidAt: Date.now() };
    const { calls } = installMoneyApi(
      depositRoutes({
        [`GET ${depositPaths.report}`]: () => ok(report(rows)),
        [`GET ${depositPaths.detail}`]: inTurn(
          () => ok(qr),
          () => ok(paid),
        ),
        [`POST ${depositPaths.confirmPaid}`]: () => ok(paid),
      }),
    );
    const table = await openHistory();
    fireEvent.click(within(table).getByRole('button', { name: 'Details of deposit #1' }));
    expect(await screen.findByRole('heading', { name: 'Scan to pay' })).toBeTruthy();
    const summary = screen.getByText('Amount asked').closest('dl')!;
    expect(within(summary).queryByText('Credited')).toBeNull();
    expect(within(summary).getByText('฿500.00')).toBeTruthy();
    // Asking is one click away, not a form in the way of paying.
    expect(screen.queryByRole('textbox', { name: 'Ask about this deposit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask about this deposit' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'I have paid' })));
    expect(await screen.findByRole('heading', { name: 'Payment noted: waiting for review' })).toBeTruthy();
    expect(
      screen.getByText('This deposit does not expire while we check it. If it takes long, ask us below.'),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'PromptPay QR code to scan with your banking app' })).toBeNull();
    expect(callsTo(calls, 'POST', depositPaths.confirmPaid).map((call) => call.body)).toEqual([{ depositId: 1 }]);
  });

  test('expired: the member attaches a slip and asks a question; an empty question is stopped, a refusal is shown in the server words', async () => {
    const expired = rows[3]!;
    const withSlip = { ...expired, proofId: 55, paidAt: Date.now() };
    const asked = {
      ...withSlip,
      questions: [{ questionId: 7, message: 'I paid at 10:02', askedAt: Date.now(), answer: null, answeredAt: null }],
    };
    const { calls, uploads } = installMoneyApi(
      depositRoutes({
        [`GET ${depositPaths.report}`]: () => ok(report(rows)),
        [`GET ${depositPaths.detail}`]: () => ok(expired),
        [`POST ${depositPaths.uploadProof}`]: () =>
          ok({ proofId: 55, contentType: 'image/png', sizeBytes: 2048, width: 10, height: 10 }),
        [`POST ${depositPaths.attachProof}`]: () => ok(withSlip),
        [`POST ${depositPaths.askQuestion}`]: inTurn(
          () =>
            refuse(
              409,
              'deposit.question.limit',
              'This deposit already has 5 questions; please contact customer service',
            ),
          () => ok(asked),
        ),
      }),
    );
    const table = await openHistory();
    fireEvent.click(within(table).getByRole('button', { name: 'Details of deposit #4' }));
    expect(await screen.findByRole('heading', { name: 'This deposit expired before it was paid' })).toBeTruthy();
    expect(
      screen.getByText('If you did pay, attach your slip and ask us about this deposit below: we will check it.'),
    ).toBeTruthy();

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Slip of this payment'), { target: { files: [pngFile()] } }),
    );
    await screen.findByRole('img', { name: 'Preview of the chosen image' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send slip' })));
    expect(uploads).toHaveLength(1);
    expect(callsTo(calls, 'POST', depositPaths.attachProof).map((call) => call.body)).toEqual([
      { depositId: 4, proofId: 55 },
    ]);
    expect(await screen.findByText('Attached')).toBeTruthy();

    const send = screen.getByRole('button', { name: 'Send question' });
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Please write your question')).toBeTruthy();
    expect(callsTo(calls, 'POST', depositPaths.askQuestion)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Ask about this deposit'), { target: { value: '  I paid at 10:02 ' } });
    await act(async () => fireEvent.click(send));
    expect(
      await screen.findByText('This deposit already has 5 questions; please contact customer service'),
    ).toBeTruthy();
    await act(async () => fireEvent.click(send));
    expect(await screen.findByText('I paid at 10:02')).toBeTruthy();
    expect(screen.getByText('Waiting for an answer from our team')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send question' })).toBeNull();
    expect(callsTo(calls, 'POST', depositPaths.askQuestion).map((call) => call.body)).toEqual([
      { depositId: 4, message: 'I paid at 10:02' },
      { depositId: 4, message: 'I paid at 10:02' },
    ]);
  });
});

describe('a question about a deposit', () => {
  test('a blank question is stopped under its field; a refusal naming the field goes under it too', async () => {
    const expired = rows[3]!;
    const { calls } = installMoneyApi(
      depositRoutes({
        [`GET ${depositPaths.report}`]: () => ok(report(rows)),
        [`GET ${depositPaths.detail}`]: () => ok(expired),
        [`POST ${depositPaths.askQuestion}`]: () =>
          refuse(400, 'deposit.question.invalid', 'The question cannot contain links', 'message'),
      }),
    );
    const table = await openHistory();
    fireEvent.click(within(table).getByRole('button', { name: 'Details of deposit #4' }));
    const field = await screen.findByLabelText('Ask about this deposit');
    const form = field.closest('form') as HTMLElement;
    fireEvent.change(field, { target: { value: '   ' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send question' })));
    expect(within(form).getByText('Please write your question').className).toBe('auth-field__error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', depositPaths.askQuestion)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'see www.example.com' } });
    expect(within(form).queryByText('Please write your question')).toBeNull();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send question' })));
    expect(await within(form).findByText('The question cannot contain links')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('limits', () => {
  test('what is used is split into approved and pending, and the rule says what counts', async () => {
    const limits = {
      limits: [
        {
          period: 'day',
          limit: '5000.00',
          used: '2800.00',
          usedApproved: '2000.00',
          usedPending: '800.00',
          pending: null,
        },
        { period: 'week', limit: null, used: '2800.00', usedApproved: '2000.00', usedPending: '800.00', pending: null },
        {
          period: 'month',
          limit: null,
          used: '2800.00',
          usedApproved: '2000.00',
          usedPending: '800.00',
          pending: null,
        },
      ],
    };
    installMoneyApi(depositRoutes({ [`GET ${depositPaths.limits}`]: () => ok(limits) }));
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Limits' }));
    expect(await screen.findByText(/Rejected and expired deposits never count/)).toBeTruthy();
    const day = screen.getByLabelText('24 hours').closest('.money-limit') as HTMLElement;
    expect(within(day).getByText(/^Used/).textContent).toBe('Used ฿2,800.00 / ฿5,000.00');
    expect(
      within(day)
        .getByText(/^Approved/)
        .closest('p')!.textContent,
    ).toBe('Approved ฿2,000.00 · Pending ฿800.00');
  });
});
