import type { Language } from './session';

/**
 * Display helpers. Money arrives as decimal strings with two places and is only re-grouped here,
 * never turned into a float. Dates use the Gregorian calendar in Thai too (operators compare them
 * with bank statements).
 */
function locale(language: Language): string {
  return language === 'TH' ? 'th-TH-u-ca-gregory' : 'en-GB';
}

/** `"-12345.60"` to `-12,345.60`. */
export function formatMoney(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${cents.padEnd(2, '0')}`;
}

export function formatDateTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(epochMs);
}

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(locale(language)).format(value);
}

/** Start of the local day of a `YYYY-MM-DD` input, epoch ms; null when empty or invalid. */
export function dayStartMs(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const time = new Date(year, month - 1, day).getTime();
  return Number.isNaN(time) ? null : time;
}
