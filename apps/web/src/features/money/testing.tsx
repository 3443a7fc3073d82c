/**
 * For the money pages' component tests only (never imported by the site): their texts in EN and TH,
 * contract-shaped answers of the demo merchant, and the auth feature's fake API with two additions:
 * multipart bodies are kept (a proof upload's file) and a route may fail like a dropped connection.
 */
import {
  bonusPaths,
  depositPaths,
  withdrawalPaths,
  type Deposit,
  type DepositMethod,
  type DepositSettings,
  type PaymentPasswordStatus,
  type WithdrawAccountInfo,
  type Withdrawal,
  type WithdrawSettings,
} from '@lotus/contract';
import i18next from 'i18next';
import { vi } from 'vitest';
import accountTh from '../../locales/account/th.json';
import authTh from '../../locales/auth/th.json';
import comingSoonTh from '../../locales/coming-soon/th.json';
import memberCentreEn from '../../locales/member-centre/en.json';
import memberCentreTh from '../../locales/member-centre/th.json';
import moneyEn from '../../locales/money/en.json';
import moneyTh from '../../locales/money/th.json';
import paginationTh from '../../locales/pagination/th.json';
import coreTh from '../../locales/th.json';
import { setApiLanguage } from '../../lib/api-client';
import { initTestI18n, installFakeApi, ok, type FakeCall, type FakeRoute } from '../auth/testing';
import { forgetPublicKey } from '../../lib/sealed-request';

export { ok, refuse, renderWithProviders, prepareSealing, type FakeCall, type FakeRoute } from '../auth/testing';

/**
 * English and Thai texts of the core, auth, member centre and money catalogues and those the money
 * tests also draw (the logged-in strip's account and coming soon, the pagination's); English first.
 */
export async function initMoneyI18n(): Promise<void> {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', { ...memberCentreEn, ...moneyEn }, true, false);
  i18next.addResourceBundle(
    'th',
    'translation',
    { ...coreTh, ...authTh, ...accountTh, ...comingSoonTh, ...paginationTh, ...memberCentreTh, ...moneyTh },
    true,
    false,
  );
}

export async function switchLanguage(language: 'EN' | 'TH'): Promise<void> {
  setApiLanguage(language);
  await i18next.changeLanguage(language === 'EN' ? 'en' : 'th');
}

/** A route that fails like a dropped connection (fetch rejects), so apiRequest reports a network error. */
export const dropConnection: FakeRoute = () => {
  throw new TypeError('Failed to fetch');
};

/** A route answering `answers` in turn (the last one again once they run out). */
export function inTurn(...answers: FakeRoute[]): FakeRoute {
  let index = 0;
  return (call) => answers[Math.min(index++, answers.length - 1)]!(call);
}

/**
 * installFakeApi, keeping what it cannot read: multipart bodies land in `uploads` with their path.
 * Money calls' keys are read from `call.headers.get('Idempotency-Key')`.
 */
export function installMoneyApi(routes: Record<string, FakeRoute>): {
  calls: FakeCall[];
  uploads: { path: string; body: FormData }[];
} {
  forgetPublicKey();
  const { calls } = installFakeApi(routes);
  const uploads: { path: string; body: FormData }[] = [];
  const fakeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (init.body instanceof FormData)
      uploads.push({ path: new URL(input, 'http://localhost').pathname, body: init.body });
    return fakeFetch(input, init);
  });
  return { calls, uploads };
}

export const idempotencyKeyOf = (call: FakeCall): string | null => call.headers.get('Idempotency-Key');
export const callsTo = (calls: FakeCall[], method: string, path: string): FakeCall[] =>
  calls.filter((call) => call.method === method && call.path === path);

/* ---------- Answers of the demo merchant ---------- */

export const depositSettings: DepositSettings = {
  currency: 'THB',
  currencySymbol: '฿',
  pendingMinutes: 30,
  feePaidBy: 'member',
  proofMaxBytes: 5 * 1024 * 1024,
  proofTypes: ['image/png', 'image/jpeg'],
  hasFirstDeposit: false,
  firstDepositAt: null,
  methodCodes: ['BANK', 'PROMPTPAY', 'DEMOPAY'],
};

const method = (overrides: Partial<DepositMethod> & Pick<DepositMethod, 'methodCode' | 'kind'>): DepositMethod => ({
  minAmount: '100.00',
  maxAmount: '50000.00',
  feeFixed: '0.00',
  feePercent: '0.00',
  dailyCountLimit: 10,
  dailyAmountLimit: '100000.00',
  dailyCountLeft: 10,
  dailyAmountLeft: '100000.00',
  bankAccounts: [],
  promptPay: null,
  ...overrides,
});

export const bankTarget = {
  bankAccountId: 'kbank-main',
  bankCode: 'KBANK',
  bankNameTh: 'ธนาคารกสิกรไทย',
  bankNameEn: 'Kasikornbank',
  accountName: 'Lotus88 Co., Ltd.',
  accountNumber: '0123456789',
};

export const depositMethods: DepositMethod[] = [
  method({ methodCode: 'BANK', kind: 'bank', bankAccounts: [bankTarget] }),
  method({
    methodCode: 'PROMPTPAY',
    kind: 'qr',
    minAmount: '50.00',
    promptPay: { target: 'xxx-xxx-5678', accountName: 'Lotus88 Co., Ltd.' },
  }),
  method({
    methodCode: 'DEMOPAY',
    kind: 'gateway',
    minAmount: '10.00',
    feeFixed: '5.00',
    feePercent: '1.50',
    dailyAmountLeft: '3000.00',
    dailyCountLeft: 3,
  }),
];

export function deposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    depositId: 41,
    methodCode: 'DEMOPAY',
    status: 'pending',
    amount: '500.00',
    feeAmount: '12.50',
    creditAmount: '487.50',
    currency: 'THB',
    createdAt: Date.UTC(2026, 10, 22, 5, 30),
    expiresAt: Date.now() + 30 * 60_000,
    paidAt: null,
    proofId: null,
    settledAt: null,
    rejectReason: null,
    questions: [],
    ...overrides,
  };
}

/** The deposit page's reads; `extra` adds or replaces routes. */
export function depositRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    [`GET ${depositPaths.settings}`]: () => ok(depositSettings),
    [`GET ${depositPaths.methods}`]: () => ok(depositMethods),
    ...extra,
  };
}

export const paymentPasswordStatus = (hasPaymentPassword: boolean): PaymentPasswordStatus => ({
  hasPaymentPassword,
  minLength: 6,
  maxLength: 6,
  digitsOnly: true,
});

export const boundAccount = {
  bankAccountId: 7,
  bankCode: 'KBANK',
  bankName: 'Kasikornbank',
  accountNumber: '******7890',
  accountName: 'Somchai Jaidee',
  createdAt: Date.UTC(2026, 10, 1),
};

export const accountInfo = (
  accounts = [boundAccount],
  payeeName: string | null = 'Somchai Jaidee',
): WithdrawAccountInfo => ({
  content: accounts,
  payeeName,
  hasPaymentPassword: true,
  maxAccounts: 3,
});

export function withdrawSettings(overrides: Partial<WithdrawSettings> = {}): WithdrawSettings {
  return {
    currency: 'THB',
    currencySymbol: '฿',
    minAmount: '100.00',
    maxAmount: '50000.00',
    feeAmount: '10.00',
    dailyCountLimit: 5,
    dailyCountUsed: 1,
    availableBalance: '2800.50',
    turnover: { requiredAmount: '0.00', wageredAmount: '0.00', remainingAmount: '0.00', isMet: true },
    hasPaymentPassword: true,
    hasBankAccount: true,
    confirmMinutes: 60,
    ...overrides,
  };
}

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    withdrawalId: 12,
    amount: '500.00',
    feeAmount: '10.00',
    payoutAmount: '490.00',
    status: 'pending',
    bankCode: 'KBANK',
    bankName: 'Kasikornbank',
    accountNumber: '******7890',
    accountName: 'Somchai Jaidee',
    createdAt: Date.UTC(2026, 10, 22, 6, 0),
    reviewedAt: null,
    rejectReason: null,
    confirmDeadline: null,
    receivedAt: null,
    receivedBy: null,
    payoutReference: null,
    hasPayoutSlip: false,
    ...overrides,
  };
}

export const banks = [
  { bankCode: 'KBANK', bankNo: '004', nameTh: 'ธนาคารกสิกรไทย', nameEn: 'Kasikornbank' },
  { bankCode: 'SCB', bankNo: '014', nameTh: 'ธนาคารไทยพาณิชย์', nameEn: 'Siam Commercial Bank' },
];

/** The withdraw page's reads; `extra` adds or replaces routes. */
export function withdrawRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    [`GET ${withdrawalPaths.withdrawSettings}`]: () => ok(withdrawSettings()),
    [`GET ${withdrawalPaths.withdrawAccountInfo}`]: () => ok(accountInfo()),
    [`GET ${withdrawalPaths.paymentPassword}`]: () => ok(paymentPasswordStatus(true)),
    [`GET ${withdrawalPaths.paymentConfirmationList}`]: () => ok({ content: [] }),
    [`GET ${withdrawalPaths.withdrawReport}`]: () =>
      ok({ content: [], pageNo: 1, pageSize: 10, totalElements: 0, totalPages: 0 }),
    [`GET ${depositPaths.banks}`]: () => ok(banks),
    // No bonus: the bonus turnover notice stays away unless a test asks for it.
    [`GET ${bonusPaths.turnoverInfo}`]: () =>
      ok({ status: 'A', totalRequiredTurnover: '0.00', totalActualTurnover: '0.00', details: [] }),
    ...extra,
  };
}

/** A PNG of `bytes` bytes (the signature, then zeros): enough for the size and type checks. */
export function pngFile(bytes = 2048, name = 'slip.png'): File {
  const content = new Uint8Array(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([content], name, { type: 'image/png' });
}
