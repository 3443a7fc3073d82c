import type { SliderTrackPoint } from '@lotus/contract';

/**
 * Whether a slider drag looks like a person's. A script that only computes the gap's x still has
 * to fake a plausible drag; these rules refuse the cheap fakes (a jump, a straight line at constant
 * speed, a drag faster than a hand) while leaving room for every way people actually drag: slow or
 * quick, with overshoot and correction, with a mouse or a finger.
 *
 * The track's x and y are the pointer's offset from where the drag began (so it starts near 0 and
 * ends near the drop x), and t is milliseconds; the contract already guarantees at most 400 points,
 * finite numbers and strictly increasing t.
 */
export const sliderTrackRules = {
  minPoints: 5,
  minDurationMs: 200,
  maxDurationMs: 60_000,
  /** How far from 0 the first sample may be (the first move event comes a little after the press). */
  maxStartOffsetPx: 15,
  /** How far the track's last x may be from the x the client says the piece was dropped at. */
  maxEndMismatchPx: 10,
  /** Backward movement allowed, as a share of forward movement (overshoot and correction). */
  maxBackwardShare: 0.4,
  /** No single step may cover more than this share of the way: a person's drag has no teleports. */
  maxStepShare: 0.5,
  /** Below this spread of speeds (standard deviation / mean) the drag is a machine's constant speed. */
  minSpeedVariation: 0.08,
  /** Without any vertical wobble, the speed must vary at least this much (people accelerate and brake). */
  minSpeedVariationWithoutWobble: 0.25,
} as const;

export type TrackProblem =
  | 'too_few_points'
  | 'too_fast'
  | 'too_slow'
  | 'start_not_at_origin'
  | 'end_not_at_drop'
  | 'not_forward'
  | 'jump'
  | 'constant_speed'
  | 'too_smooth';

/** The first rule the track breaks, or null when it looks human. */
export function findTrackProblem(track: readonly SliderTrackPoint[], dropX: number): TrackProblem | null {
  const rules = sliderTrackRules;
  if (track.length < rules.minPoints) return 'too_few_points';
  const first = track[0]!;
  const last = track[track.length - 1]!;
  const durationMs = last.t - first.t;
  if (durationMs < rules.minDurationMs) return 'too_fast';
  if (durationMs > rules.maxDurationMs) return 'too_slow';
  if (Math.abs(first.x) > rules.maxStartOffsetPx || Math.abs(first.y) > rules.maxStartOffsetPx)
    return 'start_not_at_origin';
  if (Math.abs(last.x - dropX) > rules.maxEndMismatchPx) return 'end_not_at_drop';

  let forwardPx = 0;
  let backwardPx = 0;
  let longestStepPx = 0;
  const speeds: number[] = [];
  for (let index = 1; index < track.length; index++) {
    const stepPx = track[index]!.x - track[index - 1]!.x;
    if (stepPx > 0) forwardPx += stepPx;
    else backwardPx -= stepPx;
    longestStepPx = Math.max(longestStepPx, Math.abs(stepPx));
    speeds.push(Math.abs(stepPx) / (track[index]!.t - track[index - 1]!.t));
  }
  if (forwardPx <= 0 || backwardPx > forwardPx * rules.maxBackwardShare) return 'not_forward';
  if (longestStepPx > forwardPx * rules.maxStepShare) return 'jump';

  const meanSpeed = speeds.reduce((sum, speed) => sum + speed, 0) / speeds.length;
  const speedDeviation = Math.sqrt(speeds.reduce((sum, speed) => sum + (speed - meanSpeed) ** 2, 0) / speeds.length);
  const speedVariation = speedDeviation / meanSpeed;
  if (speedVariation < rules.minSpeedVariation) return 'constant_speed';
  const ys = track.map((point) => point.y);
  const hasWobble = Math.max(...ys) - Math.min(...ys) >= 1;
  if (!hasWobble && speedVariation < rules.minSpeedVariationWithoutWobble) return 'too_smooth';
  return null;
}
