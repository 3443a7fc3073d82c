/**
 * Schedule inputs (`datetime-local`: announcements, one-off game maintenance) hold wall-clock times
 * in the merchant's time zone (its `config.timezone`, from `me`), not the browser's: an operator
 * abroad schedules for the brand's members. No date library: Intl gives the zone's clock for an instant, and the zone's offsets around
 * a clock time turn it back into the instant.
 */

/** Before `me` is read (it always is behind the login): the zone of a merchant that sets none. */
export const fallbackTimeZone = 'Asia/Bangkok';

const formats = new Map<string, Intl.DateTimeFormat>();
const dayMs = 86_400_000;

function clockOf(ms: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** How far the zone's clock is ahead of UTC at `ms` (whole minutes). */
function offsetMs(ms: number, timeZone: string): number {
  const clock = clockOf(ms, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/** The `datetime-local` text of an instant in `timeZone` ('' for none). */
export function toLocalInput(ms: number | null, timeZone: string): string {
  if (ms === null) return '';
  const { year, month, day, hour, minute } = clockOf(ms, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** The instant a `datetime-local` text means in `timeZone` (null for '' or a malformed text). */
export function fromLocalInput(text: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset a day before and a day after: the time means one of the two (both in the hour
  // an autumn change repeats: the first; neither in the hour a spring change skips: just after it).
  const before = asUtc - offsetMs(asUtc - dayMs, timeZone);
  const after = asUtc - offsetMs(asUtc + dayMs, timeZone);
  const meant = [before, after].filter((ms) => toLocalInput(ms, timeZone) === text).sort((a, b) => a - b);
  return meant[0] ?? before;
}
