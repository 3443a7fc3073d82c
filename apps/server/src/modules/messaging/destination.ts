import { messagingErrorCodes } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';

/**
 * Destinations are stored in one normal form, so that `081-234-5678` with `66` and `812345678` with
 * `+66` are the same number for throttles, codes and the outbox.
 */

/** Separators people type inside numbers; anything else that is not a digit makes the number invalid. */
const separators = /[\s\-().]/g;

/**
 * `+66` and `081-234 5678` -> `+66812345678`. A leading trunk 0 of the national number is dropped
 * (Thai numbers are written 0812345678 at home). Throws `sms.phone.missing` or `sms.phone.invalid`
 * naming the field at fault; `numberField` is the number's name in the caller's request (the login
 * calls say `mobileNum`).
 */
export function normaliseMobile(
  countryDialingCode: string | undefined,
  mobileNo: string | undefined,
  numberField = 'mobileNo',
): string {
  const dialing = (countryDialingCode ?? '').trim();
  const national = (mobileNo ?? '').replace(separators, '');
  if (dialing === '') throw phoneError(messagingErrorCodes.phoneMissing, 'countryDialingCode');
  if (!/^\+?[1-9]\d{0,3}$/.test(dialing)) throw phoneError(messagingErrorCodes.phoneInvalid, 'countryDialingCode');
  if (national === '') throw phoneError(messagingErrorCodes.phoneMissing, numberField);
  const digits = national.replace(/^0+/, '');
  if (!/^\d{6,15}$/.test(digits) || !/^\d+$/.test(national))
    throw phoneError(messagingErrorCodes.phoneInvalid, numberField);
  return `+${dialing.replace('+', '')}${digits}`;
}

/** Trimmed and lower-cased; the address must look like one (something@domain.tld). */
export function normaliseEmail(email: string | undefined, field = 'email'): string {
  const address = (email ?? '').trim().toLowerCase();
  if (address === '') throw phoneError(messagingErrorCodes.phoneMissing, field);
  if (address.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    throw phoneError(messagingErrorCodes.phoneInvalid, field);
  return address;
}

/** Normalises a destination given as one string (`+66 81 234 5678` or an address); null if it is neither. */
export function parseDestination(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const compact = trimmed.replace(separators, '');
  return /^\+\d{7,19}$/.test(compact) ? compact : null;
}

function phoneError(code: string, field: string): AppError {
  return new AppError(400, code, { field, params: { field } });
}
