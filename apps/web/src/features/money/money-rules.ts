import { formatMinorUnits, parseAmount } from '@lotus/contract';
import { formatAmount } from '../../lib/format';

/**
 * Checks of typed amounts before anything is sent (spec §5, §9). Money stays in minor units
 * (bigint) from the moment it is parsed: no floating point touches it.
 */

/** A refusal to show under the field: a catalogue key and its values (already formatted). */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

export interface AmountBounds {
  /** Wire amounts ("100.00"). */
  minAmount: string;
  maxAmount: string;
  /** What is still allowed today (channel's daily amount, the wallet's balance...), if anything caps it. */
  leftAmount?: { amount: string; key: string };
}

/** What the member typed, without thousands separators or spaces ("1,000.50" is 1000.50). */
export function normaliseAmountText(text: string): string {
  return text.replace(/[\s,]/g, '');
}

/** Minor units of a wire amount; 0 for anything unexpected (the server's amounts are well formed). */
export function toMinor(wireAmount: string): bigint {
  return parseAmount(wireAmount.replace(/^-/, '')) ?? 0n;
}

export type AmountCheck = { ok: true; minor: bigint; wire: string } | { ok: false; problem: FieldProblem };

/** The typed amount against the format (a decimal with at most 2 places) and the bounds. */
export function checkAmount(text: string, bounds: AmountBounds): AmountCheck {
  const typed = normaliseAmountText(text);
  if (typed === '') return { ok: false, problem: { key: 'money_amount_required' } };
  const minor = parseAmount(typed);
  if (minor === null) return { ok: false, problem: { key: 'money_amount_format' } };
  if (minor === 0n) return { ok: false, problem: { key: 'money_amount_required' } };
  if (minor < toMinor(bounds.minAmount))
    return { ok: false, problem: { key: 'money_amount_min', values: { min: formatAmount(bounds.minAmount) } } };
  if (minor > toMinor(bounds.maxAmount))
    return { ok: false, problem: { key: 'money_amount_max', values: { max: formatAmount(bounds.maxAmount) } } };
  if (bounds.leftAmount && minor > toMinor(bounds.leftAmount.amount)) {
    return {
      ok: false,
      problem: { key: bounds.leftAmount.key, values: { left: formatAmount(bounds.leftAmount.amount) } },
    };
  }
  return { ok: true, minor, wire: formatMinorUnits(minor) };
}

/**
 * The fee of a deposit channel (contract: `feeFixed + amount × feePercent / 100`, rounded down to the
 * satang), worked in minor units and hundredths of a percent.
 */
export function depositFeeMinor(amountMinor: bigint, feeFixed: string, feePercent: string): bigint {
  const percentHundredths = parseAmount(feePercent) ?? 0n;
  return toMinor(feeFixed) + (amountMinor * percentHundredths) / 10_000n;
}

/** The quick amounts offered, kept to those the channel accepts. */
export const quickAmounts = ['100', '300', '500', '1000', '5000', '10000', '20000', '50000'] as const;

export function quickAmountsWithin(minAmount: string, maxAmount: string): string[] {
  const min = toMinor(minAmount);
  const max = toMinor(maxAmount);
  return quickAmounts.filter((amount) => {
    const minor = BigInt(amount) * 100n;
    return minor >= min && minor <= max;
  });
}

/** Whole numbers of a quick amount for its button ("1,000"). */
export function formatWhole(amount: string): string {
  return formatAmount(amount).replace(/\.00$/, '');
}

/** The smaller of two wire amounts. */
export function minAmountOf(a: string, b: string): string {
  return toMinor(a) <= toMinor(b) ? a : b;
}

/** The proof rules (spec §5, §9): png or jpg, at most 5 MB. Checked before any upload. */
export const proofMaxBytes = 5 * 1024 * 1024;

export function checkProofFile(file: File): FieldProblem | null {
  const isImage =
    file.type === 'image/png' || file.type === 'image/jpeg' || (file.type === '' && /\.(png|jpe?g)$/i.test(file.name));
  if (!isImage) return { key: 'money_proof_type' };
  if (file.size > proofMaxBytes) return { key: 'money_proof_size' };
  if (file.size === 0) return { key: 'money_proof_type' };
  return null;
}

/** A file as a `data:` URL: the preview (the CSP allows data: images, not blob:) and the base64 of notReceived. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Local calendar days as the API's epoch-ms range: start inclusive, end exclusive (the day after `to`). */
export function dayRange(from: string, to: string): { startTime?: number; endTime?: number } {
  const toMs = (day: string, addDays: number) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    if (!match) return undefined;
    return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays).getTime();
  };
  return { startTime: toMs(from, 0), endTime: toMs(to, 1) };
}

/** `YYYY-MM-DD` of a local day `daysAgo` before `now` (for date inputs). */
export function dayInput(now: Date, daysAgo = 0): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The payment password's rule, as GET paymentPassword gives it (a 6-digit PIN by default). */
export interface PaymentPasswordRule {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
}

export function checkPaymentPassword(value: string, rule: PaymentPasswordRule): FieldProblem | null {
  if (value === '') return { key: 'money_pin_required' };
  const values = { min: rule.minLength, max: rule.maxLength };
  if (rule.digitsOnly && !/^\d+$/.test(value))
    return { key: rule.minLength === rule.maxLength ? 'money_pin_digits_exact' : 'money_pin_digits', values };
  if (value.length < rule.minLength || value.length > rule.maxLength) {
    return {
      key:
        rule.minLength === rule.maxLength
          ? rule.digitsOnly
            ? 'money_pin_digits_exact'
            : 'money_pin_length_exact'
          : 'money_pin_length',
      values,
    };
  }
  return null;
}

/** A bank account number as typed: spaces and dashes dropped; 10 to 15 digits (Thai banks). */
export function normaliseAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function checkAccountNumber(text: string): FieldProblem | null {
  const digits = normaliseAccountNumber(text);
  if (digits === '') return { key: 'money_account_number_required' };
  if (!/^\d{10,15}$/.test(digits)) return { key: 'money_account_number_invalid' };
  return null;
}

/** The server compares names ignoring case and spaces; so does the form, before sending. */
export function isSameName(a: string, b: string): boolean {
  const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  return squash(a) === squash(b);
}
