import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds towards a deadline. It reads the clock on each tick rather than
 * counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadlineMs, setDeadlineMs] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadlineMs === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setDeadlineMs(null);
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadlineMs(seconds > 0 ? Date.now() + seconds * 1000 : null);
  }, []);

  return { secondsLeft, start };
}
