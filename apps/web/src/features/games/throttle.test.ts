import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T05:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once with its arguments', () => {
    const action = vi.fn();
    throttle(action, 200)('page', 2);
    expect(action).toHaveBeenCalledExactlyOnceWith('page', 2);
  });

  it('collapses calls inside the interval into one run at its end, with the latest arguments', () => {
    const action = vi.fn();
    const throttled = throttle(action, 200);
    throttled(1);
    vi.advanceTimersByTime(50);
    throttled(2);
    vi.advanceTimersByTime(50);
    throttled(3);
    vi.advanceTimersByTime(99);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
    expect(action).toHaveBeenLastCalledWith(3);
  });

  it('never runs more than once in any 200 ms, however often it is called', () => {
    const action = vi.fn();
    const throttled = throttle(action, 200);
    for (let step = 0; step < 100; step += 1) {
      throttled();
      vi.advanceTimersByTime(10);
    }
    // 1000 ms of calls every 10 ms: at 0, 200, 400, 600, 800 and 1000 ms.
    vi.advanceTimersByTime(200);
    expect(action).toHaveBeenCalledTimes(6);
  });

  it('runs at once again once the interval has passed quietly', () => {
    const action = vi.fn();
    const throttled = throttle(action, 200);
    throttled();
    vi.advanceTimersByTime(250);
    throttled();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('drops the waiting call when cancelled', () => {
    const action = vi.fn();
    const throttled = throttle(action, 200);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
