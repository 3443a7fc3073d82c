/**
 * Dividend periods on the merchant's calendar days ('YYYY-MM-DD', pure): D a day, W Sunday to Saturday,
 * H the 1st to the 15th and the 16th to the month's end, M a calendar month.
 */
export type DividendPeriodCode = 'D' | 'W' | 'H' | 'M';

export interface DividendPeriod {
  code: DividendPeriodCode;
  /** First and last day, both included. */
  start: string;
  end: string;
}

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const plusDays = (day: string, days: number) => dayOf(new Date(dateOf(day).getTime() + days * 86_400_000));
const monthEnd = (day: string) => {
  const date = dateOf(day);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
};

/** The period of this kind that holds `day`. */
export function periodHolding(code: DividendPeriodCode, day: string): DividendPeriod {
  switch (code) {
    case 'D':
      return { code, start: day, end: day };
    case 'W': {
      const start = plusDays(day, -dateOf(day).getUTCDay());
      return { code, start, end: plusDays(start, 6) };
    }
    case 'H':
      return Number(day.slice(8)) <= 15
        ? { code, start: `${day.slice(0, 8)}01`, end: `${day.slice(0, 8)}15` }
        : { code, start: `${day.slice(0, 8)}16`, end: monthEnd(day) };
    case 'M':
      return { code, start: `${day.slice(0, 8)}01`, end: monthEnd(day) };
  }
}

/** The latest period of this kind that ended before `today` (the merchant's local date). */
export function lastClosedPeriod(code: DividendPeriodCode, today: string): DividendPeriod {
  const holdingYesterday = periodHolding(code, plusDays(today, -1));
  return holdingYesterday.end < today ? holdingYesterday : periodHolding(code, plusDays(holdingYesterday.start, -1));
}

/** The statement's `period_key`: '2026-11-15/2026-11-21'. */
export const periodKeyOf = (period: DividendPeriod) => `${period.start}/${period.end}`;

export function daysOfPeriod(period: DividendPeriod): string[] {
  const days: string[] = [];
  for (let day = period.start; day <= period.end; day = plusDays(day, 1)) days.push(day);
  return days;
}
