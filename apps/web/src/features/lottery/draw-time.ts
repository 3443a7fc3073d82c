import { merchantTimeZone } from '../../lib/format';

// Draw times in the merchant's zone (its draws are scheduled there), the same digits in both
// languages: Thai's Buddhist year would make the history's dates disagree with the draws' numeros.
const drawTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: merchantTimeZone,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `27/11 21:05` */
export function formatDrawTime(epochMs: number): string {
  return drawTimeFormat.format(epochMs).replace(',', '');
}
