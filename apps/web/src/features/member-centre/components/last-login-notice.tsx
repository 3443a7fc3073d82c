import '../last-login-notice.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/member';
import { formatDateTime } from '../../../lib/format';
import { loadMemberCentreCatalogue } from '../member-centre-catalogue';

await loadMemberCentreCatalogue();

/** How long the notice stays, unless the member is pointing at it or has focus in it. */
export const lastLoginNoticeMs = 8000;

/**
 * After a login: a small notice of when the previous login was (member info's `lastLoginAt`), so a
 * member notices a login that was not theirs. Nothing on a first login. It hides itself after a few
 * seconds, waits while hovered or focused, and closes by its button or Escape.
 */
export function LastLoginNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: member } = useMemberInfo();
  const [isPaused, setIsPaused] = useState(false);
  const lastLoginAt = member?.lastLoginAt ?? null;

  useEffect(() => {
    if (!member) return;
    if (member.lastLoginAt === null || isPaused) {
      if (member.lastLoginAt === null) onClose();
      return;
    }
    const timer = window.setTimeout(onClose, lastLoginNoticeMs);
    return () => window.clearTimeout(timer);
  }, [member, isPaused, onClose]);

  if (lastLoginAt === null) return null;
  return (
    <div
      className="last-login-notice"
      role="status"
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <svg className="last-login-notice__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-1 3h2v5.6l3.5 2.1-1 1.7L11 13.7V7z"
        />
      </svg>
      <p className="last-login-notice__text">
        <span className="last-login-notice__title">{t('last_login_notice_title')}</span>
        <span>{t('last_login_notice', { time: formatDateTime(lastLoginAt) })}</span>
      </p>
      <button
        type="button"
        className="last-login-notice__close"
        onClick={onClose}
        aria-label={t('last_login_notice_close')}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5z"
          />
        </svg>
      </button>
    </div>
  );
}
