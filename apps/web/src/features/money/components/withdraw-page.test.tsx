// @vitest-environment jsdom
import { withdrawalPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import {
  accountInfo,
  boundAccount,
  callsTo,
  dropConnection,
  idempotencyKeyOf,
  initMoneyI18n,
  installMoneyApi,
  inTurn,
  ok,
  paymentPasswordStatus,
  pngFile,
  prepareSealing,
  refuse,
  renderWithProviders,
  switchLanguage,
  withdrawal,
  withdrawRoutes,
  withdrawSettings,
} from '../testing';

let WithdrawPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  await prepareSealing();
  ({ WithdrawPage } = await import('./withdraw-page'));
}, 30_000);
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

describe('withdraw: payment password and bank accounts', () => {
  test('without a payment password the page asks for one first: checked against the rule, then sent sealed', async () => {
    let hasPassword = false;
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.paymentPassword}`]: () => ok(paymentPasswordStatus(hasPassword)),
        [`GET ${withdrawalPaths.withdrawAccountInfo}`]: () => ok(accountInfo([], null)),
        [`PUT ${withdrawalPaths.setPaymentPassword}`]: (call) => {
          if (call.body?.password !== 'secret123')
            return refuse(400, 'payment.password.login.invalid', 'The login password is wrong');
          hasPassword = true;
          return ok(null);
        },
      }),
    );
    renderWithProviders(<WithdrawPage />);
    expect(await screen.findByText('Step 1: payment password')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Set a payment password' });
    expect(within(form).getByText('6 digits')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Login password'), { target: { value: 'wrong' } });
    fireEvent.change(within(form).getByLabelText('New payment password'), { target: { value: '12ab' } });
    fireEvent.change(within(form).getByLabelText('Confirm payment password'), { target: { value: '1234' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Set payment password' })));
    expect(within(form).getByText('Use exactly 6 digits')).toBeTruthy();
    expect(within(form).getByText('The two payment passwords do not match')).toBeTruthy();
    expect(callsTo(calls, 'PUT', withdrawalPaths.setPaymentPassword)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('New payment password'), { target: { value: '246810' } });
    fireEvent.change(within(form).getByLabelText('Confirm payment password'), { target: { value: '246810' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Set payment password' })));
    expect(await within(form).findByText('The login password is wrong')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Login password'), { target: { value: 'secret123' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Set payment password' })));
    // Set: the next step is the bank account.
    expect(await screen.findByText('Step 2: your bank account')).toBeTruthy();
    const sent = callsTo(calls, 'PUT', withdrawalPaths.setPaymentPassword);
    expect(sent.every((call) => call.isSealed)).toBe(true);
    expect(sent.at(-1)!.body).toEqual({
      password: 'secret123',
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
  });

  test('binding: a bank from the list, the number checked, the name fixed to the payee name, the payment password once there is one; sealed with an Idempotency-Key', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawAccountInfo}`]: () => ok(accountInfo([], 'Somchai Jaidee')),
        [`PUT ${withdrawalPaths.bindBankAccount}`]: inTurn(dropConnection, () => ok(boundAccount)),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add a bank account/ }));
    const form = await screen.findByRole('form', { name: 'Add a bank account' });
    const name = within(form).getByLabelText('Account name') as HTMLInputElement;
    expect(name.value).toBe('Somchai Jaidee');
    expect(name.readOnly).toBe(true);
    expect(within(form).getByText('Withdrawals go only to accounts in your name: Somchai Jaidee')).toBeTruthy();

    expect(
      within(form).getByText('Your payment password protects your bank accounts: it is asked for every change.'),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add account' })));
    expect(within(form).getByText('Please choose a bank')).toBeTruthy();
    expect(within(form).getByText('Please enter the account number')).toBeTruthy();
    expect(within(form).getByText('Please enter the payment password')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '246810' } });

    fireEvent.change(within(form).getByLabelText('Bank'), { target: { value: 'SCB' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '12345' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add account' })));
    expect(within(form).getByText('Enter the account number as 10 to 15 digits')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '987-654-3210' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add account' })));
    expect(await within(form).findByText('Network link abnormal, please try again.')).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add account' })));
    expect(await screen.findByText('Bank account added.')).toBeTruthy();

    const binds = callsTo(calls, 'PUT', withdrawalPaths.bindBankAccount);
    expect(binds.map((call) => call.body)).toEqual([
      { bankCode: 'SCB', accountNumber: '9876543210', accountName: 'Somchai Jaidee', paymentPassword: '246810' },
      { bankCode: 'SCB', accountNumber: '9876543210', accountName: 'Somchai Jaidee', paymentPassword: '246810' },
    ]);
    expect(binds.every((call) => call.isSealed)).toBe(true);
    expect(idempotencyKeyOf(binds[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyOf(binds[1]!)).toBe(idempotencyKeyOf(binds[0]!));
  });

  test('binding: a wrong payment password is shown under its field, in Thai too', async () => {
    installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawAccountInfo}`]: () => ok(accountInfo([], 'Somchai Jaidee')),
        [`PUT ${withdrawalPaths.bindBankAccount}`]: () => refuse(400, 'invalid.payment.pw', 'รหัสผ่านการเงินไม่ถูกต้อง'),
      }),
    );
    await switchLanguage('TH');
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: /เพิ่มบัญชีธนาคาร/ }));
    const form = await screen.findByRole('form', { name: 'เพิ่มบัญชีธนาคาร' });
    fireEvent.change(within(form).getByLabelText('ธนาคาร'), { target: { value: 'SCB' } });
    fireEvent.change(within(form).getByLabelText('เลขที่บัญชี'), { target: { value: '9876543210' } });
    const pin = within(form).getByLabelText('รหัสผ่านการเงิน');
    fireEvent.change(pin, { target: { value: '111111' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'เพิ่มบัญชี' })));
    expect(await within(form).findByText('รหัสผ่านการเงินไม่ถูกต้อง')).toBeTruthy();
    expect(pin.getAttribute('aria-invalid')).toBe('true');
  });

  test('binding before any payment password (the documented first step): no password field, none sent', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.paymentPassword}`]: () => ok(paymentPasswordStatus(false)),
        [`GET ${withdrawalPaths.withdrawAccountInfo}`]: () =>
          ok({ ...accountInfo([], 'Somchai Jaidee'), hasPaymentPassword: false }),
        [`PUT ${withdrawalPaths.bindBankAccount}`]: () => ok(boundAccount),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank accounts' }));
    fireEvent.click(await screen.findByRole('button', { name: /Add a bank account/ }));
    const form = await screen.findByRole('form', { name: 'Add a bank account' });
    expect(within(form).queryByLabelText('Payment password')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Bank'), { target: { value: 'KBANK' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '1234567890' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add account' })));
    expect(await screen.findByText('Bank account added.')).toBeTruthy();
    expect(callsTo(calls, 'PUT', withdrawalPaths.bindBankAccount)[0]!.body).toEqual({
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
    });
  });

  test('removing an account needs the payment password', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({ [`POST ${withdrawalPaths.removeBankAccount}`]: () => ok(null) }),
    );
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank accounts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove account ******7890' }));
    const form = screen.getByRole('form', { name: 'Remove bank account' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Remove' })));
    expect(within(form).getByText('Please enter the payment password')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Remove' })));
    expect(await screen.findByText('Bank account removed.')).toBeTruthy();
    expect(callsTo(calls, 'POST', withdrawalPaths.removeBankAccount)[0]!.body).toEqual({
      bankAccountId: 7,
      paymentPassword: '123456',
    });
  });
});

describe('withdraw: the form', () => {
  test('limits, fee and withdrawals left are shown; amounts and the payment password are checked before sending, in EN and in TH', async () => {
    const { calls } = installMoneyApi(withdrawRoutes());
    renderWithProviders(<WithdrawPage />);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    expect(within(form).getByText('4 of 5')).toBeTruthy();
    expect(within(form).getByText('100.00 – 50,000.00')).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Withdraw now' });
    fireEvent.change(within(form).getByLabelText('Amount (THB)'), { target: { value: '99' } });
    await act(async () => fireEvent.click(submit));
    expect(within(form).getByText('The least you can enter is 100.00')).toBeTruthy();
    expect(within(form).getByText('Please enter the payment password')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount (THB)'), { target: { value: '2900' } });
    await act(async () => fireEvent.click(submit));
    expect(within(form).getByText('Your main wallet holds 2,800.50')).toBeTruthy();

    await act(async () => switchLanguage('TH'));
    const thaiForm = screen.getByRole('form', { name: 'ถอนเงิน' });
    fireEvent.change(within(thaiForm).getByLabelText('จำนวนเงิน (THB)'), { target: { value: '100.123' } });
    await act(async () => fireEvent.click(within(thaiForm).getByRole('button', { name: 'ถอนเงินตอนนี้' })));
    expect(within(thaiForm).getByText('กรุณากรอกจำนวนเงินเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    expect(within(thaiForm).getByText('กรุณากรอกรหัสผ่านการเงิน')).toBeTruthy();
    expect(callsTo(calls, 'POST', withdrawalPaths.withdraw)).toHaveLength(0);
  });

  test('sent sealed with an Idempotency-Key reused after a dropped connection; the done panel shows what arrives', async () => {
    const done = withdrawal({ amount: '1000.00', payoutAmount: '990.00' });
    const { calls } = installMoneyApi(
      withdrawRoutes({ [`POST ${withdrawalPaths.withdraw}`]: inTurn(dropConnection, () => ok(done)) }),
    );
    renderWithProviders(<WithdrawPage />);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    fireEvent.click(within(form).getByRole('button', { name: '1,000' }));
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '123456' } });
    // 1,000.00 less the 10.00 fee.
    expect(within(form).getByText('฿990.00')).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Withdraw now' })));
    expect(await within(form).findByText('Network link abnormal, please try again.')).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Withdraw now' })));
    expect(await screen.findByText('Withdrawal of ฿1,000.00 requested')).toBeTruthy();
    const sent = callsTo(calls, 'POST', withdrawalPaths.withdraw);
    expect(sent).toHaveLength(2);
    expect(sent.every((call) => call.isSealed)).toBe(true);
    expect(sent[0]!.body).toEqual({ amount: '1000.00', bankAccountId: 7, paymentPassword: '123456' });
    expect(idempotencyKeyOf(sent[1]!)).toBe(idempotencyKeyOf(sent[0]!));

    fireEvent.click(screen.getByRole('button', { name: 'New withdrawal' }));
    const again = await screen.findByRole('form', { name: 'Withdraw' });
    fireEvent.change(within(again).getByLabelText('Amount (THB)'), { target: { value: '1000' } });
    fireEvent.change(within(again).getByLabelText('Payment password'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Withdraw now' })));
    await screen.findByText('Withdrawal of ฿1,000.00 requested');
    expect(idempotencyKeyOf(callsTo(calls, 'POST', withdrawalPaths.withdraw)[2]!)).not.toBe(idempotencyKeyOf(sent[0]!));
  });

  test('turnover not reached: the remaining turnover of the refusal is shown', async () => {
    installMoneyApi(
      withdrawRoutes({
        [`POST ${withdrawalPaths.withdraw}`]: () => ({
          status: 400,
          envelope: {
            success: false,
            value: { remainingTurnover: '1234.50' },
            errorCode: 'withdraw_turnover_not_enough',
            message: 'Turnover not enough',
          },
        }),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    fireEvent.change(within(form).getByLabelText('Amount (THB)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Withdraw now' })));
    expect(await within(form).findByText('Play ฿1,234.50 more in games before you can withdraw.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('Turnover not yet reached');
  });

  test('a wrong payment password is shown under its field', async () => {
    installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawSettings}`]: () => ok(withdrawSettings({ feeAmount: '0.00' })),
        [`POST ${withdrawalPaths.withdraw}`]: () => refuse(400, 'invalid.payment.pw', 'The payment password is wrong'),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    expect(within(form).getAllByText('No fee').length).toBeGreaterThan(0);
    fireEvent.change(within(form).getByLabelText('Amount (THB)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '654321' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Withdraw now' })));
    expect(await within(form).findByText('The payment password is wrong')).toBeTruthy();
  });

  test('a refusal naming a field (the account no longer bound) shows under that field, not under the form', async () => {
    installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawSettings}`]: () => ok(withdrawSettings({ feeAmount: '0.00' })),
        [`POST ${withdrawalPaths.withdraw}`]: () =>
          refuse(400, 'bank.account.unknown', 'This bank account is not bound any more', 'bankAccountId'),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    fireEvent.change(within(form).getByLabelText('Amount (THB)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Payment password'), { target: { value: '654321' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Withdraw now' })));
    const message = await within(form).findByText('This bank account is not bound any more');
    expect(message.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Pay into');
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('withdraw: my withdrawals (spec §4)', () => {
  const paid = withdrawal({
    withdrawalId: 31,
    status: 'approved',
    confirmDeadline: Date.now() + 45 * 60_000,
    reviewedAt: Date.now(),
  });

  test('a paid withdrawal asks "received?": Received confirms it with an Idempotency-Key', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawReport}`]: () =>
          ok({
            content: [
              paid,
              withdrawal({ withdrawalId: 30, status: 'received', receivedBy: 'auto', receivedAt: Date.now() }),
            ],
            pageNo: 1,
            pageSize: 10,
            totalElements: 2,
            totalPages: 1,
          }),
        [`GET ${withdrawalPaths.paymentConfirmationList}`]: () => ok({ content: [paid] }),
        [`POST ${withdrawalPaths.confirmReceived}`]: () =>
          ok({ ...paid, status: 'received', receivedBy: 'member', receivedAt: Date.now() }),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    expect(await screen.findByText('Did the money arrive?')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: /My withdrawals/ });
    expect(within(tab).getByText('1')).toBeTruthy();
    fireEvent.click(tab);
    const list = await screen.findByRole('list', { name: 'My withdrawals' });
    expect(within(list).getByText(/^Counted as received /)).toBeTruthy();
    expect(within(list).getByText(/^Counts as received in 4[45]:\d\d$/)).toBeTruthy();
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Received' })));
    expect(await within(list).findByText('Thank you for confirming.')).toBeTruthy();
    const [confirm] = callsTo(calls, 'POST', withdrawalPaths.confirmReceived);
    expect(confirm!.body).toEqual({ withdrawalId: 31 });
    expect(idempotencyKeyOf(confirm!)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a paid withdrawal shows the bank reference; its slip is fetched with the member token only when opened', async () => {
    const withSlip = withdrawal({
      withdrawalId: 33,
      status: 'received',
      receivedBy: 'member',
      receivedAt: Date.now(),
      payoutReference: 'FT24137ABC12',
      hasPayoutSlip: true,
    });
    const withoutSlip = withdrawal({
      withdrawalId: 34,
      status: 'received',
      receivedBy: 'auto',
      receivedAt: Date.now(),
      payoutReference: 'KB-0001',
      hasPayoutSlip: false,
    });
    const pending = withdrawal({ withdrawalId: 35 });
    installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawReport}`]: () =>
          ok({ content: [withSlip, withoutSlip, pending], pageNo: 1, pageSize: 10, totalElements: 3, totalPages: 1 }),
      }),
    );
    const apiFetch = globalThis.fetch;
    const slipRequests: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (new URL(input, 'http://localhost').pathname !== withdrawalPaths.payoutSlip) return apiFetch(input, init);
      slipRequests.push({ url: input, authorization: new Headers(init.headers).get('Authorization') });
      return Promise.resolve(
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), {
          status: 200,
          headers: { 'Content-Type': 'image/png' },
        }),
      );
    });
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /My withdrawals/ }));
    const list = await screen.findByRole('list', { name: 'My withdrawals' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Bank reference')).toBeTruthy();
    expect(within(first!).getByText('FT24137ABC12')).toBeTruthy();
    expect(within(second!).getByText('KB-0001')).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: 'View payout slip' })).toBeNull();
    expect(within(third!).queryByText('Bank reference')).toBeNull();
    expect(slipRequests).toHaveLength(0);

    await act(async () => fireEvent.click(within(first!).getByRole('button', { name: 'View payout slip' })));
    const image = (await within(first!).findByRole('img', {
      name: 'Payout slip of withdrawal #33',
    })) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(slipRequests).toEqual([{ url: `${withdrawalPaths.payoutSlip}?withdrawalId=33`, authorization: 'token-1' }]);
    expect(within(first!).getByRole('button', { name: 'Hide payout slip' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('"not received" needs a proof image (png or jpg, at most 5 MB), sent as base64 with the remark', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawReport}`]: () =>
          ok({ content: [paid], pageNo: 1, pageSize: 10, totalElements: 1, totalPages: 1 }),
        [`POST ${withdrawalPaths.reportNotReceived}`]: () => ok({ ...paid, status: 'not_received' }),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /My withdrawals/ }));
    const list = await screen.findByRole('list', { name: 'My withdrawals' });
    fireEvent.click(within(list).getByRole('button', { name: 'Not received' }));
    const form = screen.getByRole('form', { name: 'Report a payout not received' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send for review' })));
    expect(within(form).getByText('Please add a picture of the slip')).toBeTruthy();
    const file = within(form).getByLabelText('Proof (statement or screenshot)');
    await act(async () =>
      fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'x.gif', { type: 'image/gif' })] } }),
    );
    expect(within(form).getByText('Only PNG or JPG images can be used')).toBeTruthy();
    await act(async () => fireEvent.change(file, { target: { files: [pngFile(1024, 'statement.png')] } }));
    await within(form).findByRole('img', { name: 'Preview of the chosen image' });
    fireEvent.change(within(form).getByLabelText('Remark (optional)'), {
      target: { value: 'Nothing on my statement' },
    });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send for review' })));
    expect(await screen.findByText('Thank you. We are reviewing your report.')).toBeTruthy();
    const [report] = callsTo(calls, 'POST', withdrawalPaths.reportNotReceived);
    expect(report!.body).toMatchObject({ withdrawalId: 31, remark: 'Nothing on my statement' });
    expect(String(report!.body!.proofImage)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(idempotencyKeyOf(report!)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('"not received": the missing proof is shown under the proof field; a refusal naming the remark goes under the remark', async () => {
    const { calls } = installMoneyApi(
      withdrawRoutes({
        [`GET ${withdrawalPaths.withdrawReport}`]: () =>
          ok({ content: [paid], pageNo: 1, pageSize: 10, totalElements: 1, totalPages: 1 }),
        [`POST ${withdrawalPaths.reportNotReceived}`]: () =>
          refuse(400, 'validation.failed', 'The remark cannot contain links', 'remark'),
      }),
    );
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /My withdrawals/ }));
    const list = await screen.findByRole('list', { name: 'My withdrawals' });
    fireEvent.click(within(list).getByRole('button', { name: 'Not received' }));
    const form = screen.getByRole('form', { name: 'Report a payout not received' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send for review' })));
    const file = within(form).getByLabelText('Proof (statement or screenshot)');
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(file.parentElement!.querySelector('.auth-field__error')!.textContent).toBe(
      'Please add a picture of the slip',
    );
    expect(callsTo(calls, 'POST', withdrawalPaths.reportNotReceived)).toHaveLength(0);

    await act(async () => fireEvent.change(file, { target: { files: [pngFile(1024, 'statement.png')] } }));
    await within(form).findByRole('img', { name: 'Preview of the chosen image' });
    const remark = within(form).getByLabelText('Remark (optional)');
    fireEvent.change(remark, { target: { value: 'see www.example.com' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send for review' })));
    expect(await within(form).findByText('The remark cannot contain links')).toBeTruthy();
    expect(remark.getAttribute('aria-invalid')).toBe('true');
    expect(remark.parentElement!.querySelector('.auth-field__error')!.textContent).toBe(
      'The remark cannot contain links',
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
