import type { SliderTrackPoint } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { findTrackProblem, type TrackProblem } from './slider-track.ts';
import { humanTrack, linearTrack } from './testing.ts';

const dropX = 150;

/** The human track with each point changed by `change`. */
function alter(change: (point: SliderTrackPoint, index: number) => SliderTrackPoint): SliderTrackPoint[] {
  return humanTrack(dropX).map(change);
}

describe('findTrackProblem', () => {
  test.each<[string, SliderTrackPoint[], number, TrackProblem]>([
    ['a single point', [{ x: 150, y: 0, t: 0 }], dropX, 'too_few_points'],
    [
      'two points (start and drop)',
      [
        { x: 0, y: 0, t: 0 },
        { x: 150, y: 1, t: 500 },
      ],
      dropX,
      'too_few_points',
    ],
    ['four points', humanTrack(dropX, 900, 3), dropX, 'too_few_points'],
    ['10 ms in total', alter((point, index) => ({ ...point, t: index / 3 })), dropX, 'too_fast'],
    ['199 ms in total', humanTrack(dropX, 199 - 2), dropX, 'too_fast'],
    ['more than a minute', humanTrack(dropX, 60_001), dropX, 'too_slow'],
    [
      'starting far from where the drag began',
      alter((point) => ({ ...point, x: point.x + 40 })),
      dropX + 40,
      'start_not_at_origin',
    ],
    [
      'starting far below where the drag began',
      alter((point) => ({ ...point, y: point.y + 40 })),
      dropX,
      'start_not_at_origin',
    ],
    ['ending away from the reported drop', humanTrack(dropX), dropX + 30, 'end_not_at_drop'],
    [
      'going back and forth as much as forward',
      [0, 60, 10, 80, 20, 100, 40, 150].map((x, i) => ({ x, y: i % 2, t: i * 50 })),
      dropX,
      'not_forward',
    ],
    ['a jump over most of the way', [0, 2, 4, 6, 8, 150].map((x, i) => ({ x, y: i % 2, t: i * 60 })), dropX, 'jump'],
    ['a straight line at constant speed', linearTrack(dropX), dropX, 'constant_speed'],
    [
      'constant speed with a vertical wobble',
      linearTrack(dropX).map((point, i) => ({ ...point, y: i % 2 })),
      dropX,
      'constant_speed',
    ],
    [
      'an exactly level drag with barely varying speed',
      Array.from({ length: 21 }, (_, i) => ({
        x: 7.5 * i + (i % 2 ? 0.6 : 0) - (i === 20 ? 0.6 : 0),
        y: 0,
        t: i * 20,
      })),
      dropX,
      'too_smooth',
    ],
  ])('refuses %s', (_name, track, reportedDropX, problem) => {
    expect(findTrackProblem(track, reportedDropX)).toBe(problem);
  });

  test.each<[string, SliderTrackPoint[], number]>([
    ['a typical mouse drag', humanTrack(dropX), dropX],
    ['a quick flick of 250 ms', humanTrack(dropX, 250, 12), dropX],
    ['a slow careful drag of 20 s', humanTrack(dropX, 20_000, 200), dropX],
    ['the most points allowed', humanTrack(dropX, 5_000, 399), dropX],
    ['a short drag to a near gap', humanTrack(80), 80],
    ['a drop a few pixels off the track end', humanTrack(dropX), dropX + 8],
    ['a level finger drag with ease-in and ease-out', humanTrack(dropX).map((point) => ({ ...point, y: 0 })), dropX],
  ])('accepts %s', (_name, track, reportedDropX) => {
    expect(findTrackProblem(track, reportedDropX)).toBeNull();
  });
});
