/**
 * Display formats of spec §9: amounts with 2 decimals and thousands separators, the merchant's
 * currency symbol ('P' when unknown), dates as DD/MM/YYYY.
 */
export const defaultCurrencySymbol = 'P';

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Formats a wire amount ("1234.5", "-12.00") or a number. Decimal strings are formatted without
 * going through floating point, so large balances keep every digit.
 */
export function formatAmount(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '0.00';
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(2) : '0') : amount.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return '0.00';
  const [, sign = '', integerPart = '', fractionPart = ''] = match;
  const cents = roundToCents(integerPart || '0', fractionPart);
  const isZero = /^0+$/.test(cents.integer) && cents.fraction === '00';
  return `${isZero ? '' : sign}${groupThousands(cents.integer)}.${cents.fraction}`;
}

/** Rounds half up on the third decimal, carrying into the integer part as text. */
function roundToCents(integerPart: string, fractionPart: string): { integer: string; fraction: string } {
  const padded = (fractionPart + '000').slice(0, 3);
  let centsDigits = `${integerPart}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  if (Number(padded[2]) >= 5) centsDigits = incrementDigits(centsDigits);
  const whole = centsDigits.padStart(3, '0');
  return { integer: whole.slice(0, -2).replace(/^0+(?=\d)/, ''), fraction: whole.slice(-2) };
}

function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] === '9') {
      chars[index] = '0';
    } else {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

export function formatMoney(amount: string | number | null | undefined, currencySymbol?: string | null): string {
  return `${currencySymbol || defaultCurrencySymbol} ${formatAmount(amount)}`;
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** DD/MM/YYYY in the visitor's local time zone; '' for a missing or invalid time. */
export function formatDate(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '';
  const date = new Date(epochMs);
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** DD/MM/YYYY HH:mm, for maintenance windows. */
export function formatDateTime(epochMs: number | null | undefined): string {
  const day = formatDate(epochMs);
  if (!day || epochMs === null || epochMs === undefined) return '';
  const date = new Date(epochMs);
  return `${day} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * The merchant's time zone: its days are the ones the server sums, settles and filters by, so a
 * day picked or defaulted in the site is one of them whatever the visitor's own clock says.
 */
export const merchantTimeZone = 'Asia/Bangkok';

/** `YYYY-MM-DD` of an instant in the merchant's time zone. */
export function merchantDay(at: number | Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: merchantTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
