import { useEffect, useState } from 'react';

/**
 * A draw's moments on this browser's clock. The server answers `remainTime` (ms to the draw) and
 * `lockTime` (seconds before it when bets close), relative to when it answered, so both are anchored
 * at the time the answer arrived (the query's `dataUpdatedAt`) rather than trusting the device's clock
 * against the server's `drawTime`.
 */
export interface DrawClock {
  closesAtMs: number;
  drawsAtMs: number;
}

export function drawClockOf(timing: { remainTime: number; lockTime: number }, receivedAtMs: number): DrawClock {
  const drawsAtMs = receivedAtMs + Math.max(0, timing.remainTime);
  return { closesAtMs: Math.min(drawsAtMs, drawsAtMs - timing.lockTime * 1000), drawsAtMs };
}

/** open: bets taken; closed: bets closed, the draw still ahead; due: the draw's time has come. */
export type DrawPhase = 'open' | 'closed' | 'due';

export function drawPhaseOf(clock: DrawClock, nowMs: number): DrawPhase {
  if (nowMs < clock.closesAtMs) return 'open';
  if (nowMs < clock.drawsAtMs) return 'closed';
  return 'due';
}

/** Whole seconds left until `atMs`, never negative (rounded up, so "0:00" shows only once it is reached). */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}

/** `m:ss`, or `h:mm:ss` past an hour (the official draws are days away). */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes}:${twoDigits(seconds)}`;
}

/** The clock, re-read every second while the component is shown. */
export function useNow(intervalMs = 1000): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return nowMs;
}
