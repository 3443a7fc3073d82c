import { formatCountdown } from '../countdown';

/**
 * One countdown line. `role="timer"` is not a live region, so screen readers read the time when asked
 * but are not interrupted every second; state changes are announced by the caller's status line.
 */
export function DrawCountdown({ label, seconds }: { label: string; seconds: number }) {
  return (
    <div className="lottery-countdown">
      <span className="lottery-countdown__label">{label}</span>
      <span className="lottery-countdown__time" role="timer" aria-label={label}>
        {formatCountdown(seconds)}
      </span>
    </div>
  );
}
