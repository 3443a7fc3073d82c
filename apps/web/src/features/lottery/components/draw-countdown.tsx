import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../countdown';

const secondsPerDay = 86_400;

/**
 * One countdown line. `role="timer"` is not a live region, so screen readers read the time when asked
 * but are not interrupted every second; state changes are announced by the caller's status line. A
 * draw days away (the official draws) shows its days, then the hours.
 */
export function DrawCountdown({ label, seconds }: { label: string; seconds: number }) {
  const { t } = useTranslation();
  const days = Math.floor(seconds / secondsPerDay);
  const rest = seconds % secondsPerDay;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  // With days shown, the hours always are too ("2 d 0:04:05", never "2 d 4:05").
  const time =
    days > 0
      ? `${Math.floor(rest / 3600)}:${twoDigits(Math.floor((rest % 3600) / 60))}:${twoDigits(rest % 60)}`
      : formatCountdown(seconds);
  return (
    <div className="lottery-countdown">
      <span className="lottery-countdown__label">{label}</span>
      <span className="lottery-countdown__time" role="timer" aria-label={label}>
        {days > 0 ? t('lottery_countdown_days', { count: days, time }) : time}
      </span>
    </div>
  );
}
