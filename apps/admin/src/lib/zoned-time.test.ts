import { describe, expect, test } from 'vitest';
import { fromLocalInput, toLocalInput } from './zoned-time';

/** The schedule's wall-clock text in a merchant's zone, whatever zone the test machine runs in. */
describe('schedule times in the merchant’s time zone', () => {
  test.each([
    // Text, zone, the instant it means.
    ['2026-12-01T09:00', 'Asia/Bangkok', Date.UTC(2026, 11, 1, 2, 0)],
    ['2026-12-01T09:00', 'America/New_York', Date.UTC(2026, 11, 1, 14, 0)],
    ['2026-07-01T09:00', 'America/New_York', Date.UTC(2026, 6, 1, 13, 0)],
    ['2026-12-01T00:30', 'Europe/London', Date.UTC(2026, 11, 1, 0, 30)],
    ['2026-12-31T23:59', 'Asia/Kolkata', Date.UTC(2026, 11, 31, 18, 29)],
    ['2026-12-01T09:00', 'UTC', Date.UTC(2026, 11, 1, 9, 0)],
  ])('%s in %s', (text, zone, instant) => {
    expect(fromLocalInput(text, zone)).toBe(instant);
    expect(toLocalInput(instant, zone)).toBe(text);
  });

  test('a time the spring-forward skips lands just after the gap; one repeated in the autumn is its first', () => {
    // New York, 8 March 2026: 02:00 -> 03:00. 02:30 does not exist.
    expect(toLocalInput(fromLocalInput('2026-03-08T02:30', 'America/New_York'), 'America/New_York')).toBe(
      '2026-03-08T03:30',
    );
    // 1 November 2026: 01:30 happens twice (EDT, then EST).
    expect(fromLocalInput('2026-11-01T01:30', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 5, 30));
  });

  test.each([[''], ['2026-12-01'], ['2026-12-01 09:00'], ['not a date']])('%j is no time', (text) => {
    expect(fromLocalInput(text, 'Asia/Bangkok')).toBeNull();
  });

  test('no time is empty text', () => {
    expect(toLocalInput(null, 'Asia/Bangkok')).toBe('');
  });
});
