import { randomBytes } from 'node:crypto';
import type { SliderTrackPoint } from '@lotus/contract';

/** Helpers shared by this module's tests. */

/** A fresh caller address per test: the captcha and slider calls are throttled per IP. */
export function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `198.19.${a}.${b}`;
}

/**
 * A drag as a person makes it: quick start, braking towards the end, a little overshoot and
 * correction, and a hand that wobbles vertically. Deterministic, so a failing test repeats.
 */
export function humanTrack(dropX: number, durationMs = 900, pointCount = 30): SliderTrackPoint[] {
  const track: SliderTrackPoint[] = [];
  for (let index = 0; index <= pointCount; index++) {
    const progress = index / pointCount;
    const eased = 1 - (1 - progress) ** 3;
    const overshoot = progress > 0.8 && progress < 1 ? 3 * Math.sin((progress - 0.8) * 5 * Math.PI) : 0;
    track.push({
      x: Math.round((dropX * eased + overshoot) * 10) / 10,
      y: Math.round(Math.sin(index * 1.7) * 15) / 10,
      t: Math.round(progress * durationMs) + (index % 3),
    });
  }
  return track;
}

/** A script's drag: a straight line at constant speed, samples every 16 ms. */
export function linearTrack(dropX: number, pointCount = 30): SliderTrackPoint[] {
  return Array.from({ length: pointCount + 1 }, (_, index) => ({
    x: (dropX * index) / pointCount,
    y: 0,
    t: index * 16,
  }));
}
