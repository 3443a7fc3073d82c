import { describe, expect, test } from 'vitest';
import { drawClockOf, drawPhaseOf, formatCountdown, secondsUntil } from './countdown';

describe('draw countdown', () => {
  const receivedAtMs = 1_000_000;
  // 65 s to the draw, bets closing 5 s before it: 60 s of betting left.
  const clock = drawClockOf({ remainTime: 65_000, lockTime: 5 }, receivedAtMs);

  test('bets close remainTime − lockTime × 1000 after the answer, the draw remainTime after it', () => {
    expect(clock).toEqual({ closesAtMs: receivedAtMs + 60_000, drawsAtMs: receivedAtMs + 65_000 });
  });

  test.each([
    [0, 'open', 60],
    [59_001, 'open', 1],
    [60_000, 'closed', 0],
    [64_999, 'closed', 0],
    [65_000, 'due', 0],
    [90_000, 'due', 0],
  ] as const)('%i ms after the answer: %s, %i s of betting left', (elapsedMs, phase, seconds) => {
    expect(drawPhaseOf(clock, receivedAtMs + elapsedMs)).toBe(phase);
    expect(secondsUntil(clock.closesAtMs, receivedAtMs + elapsedMs)).toBe(seconds);
  });

  test('a draw already due (remainTime 0) or a lock longer than what is left is closed at once', () => {
    expect(drawPhaseOf(drawClockOf({ remainTime: 0, lockTime: 5 }, receivedAtMs), receivedAtMs)).toBe('due');
    expect(drawPhaseOf(drawClockOf({ remainTime: 3_000, lockTime: 5 }, receivedAtMs), receivedAtMs)).toBe('closed');
  });

  test.each([
    [0, '0:00'],
    [59, '0:59'],
    [60, '1:00'],
    [3_599, '59:59'],
    [3_600, '1:00:00'],
    [90_061, '25:01:01'],
  ])('%i s shows as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
