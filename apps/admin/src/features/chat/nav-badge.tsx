import { useTranslation } from 'react-i18next';
import { useChatSummary } from './api';
import './chat.css';

/** The chat menu entry's badge: conversations waiting, red when some are unanswered past the merchant's minutes. */
export function ChatNavBadge({ isAllowed }: { isAllowed: boolean }) {
  const { t } = useTranslation();
  const summary = useChatSummary(isAllowed);
  if (!summary.data || (summary.data.waiting === 0 && summary.data.overdue === 0)) return null;
  const { waiting, overdue } = summary.data;
  return (
    <span
      className={`nav-badge${overdue > 0 ? ' is-overdue' : ''}`}
      title={t('chat_badge_title', { waiting, overdue })}
      aria-label={t('chat_badge_title', { waiting, overdue })}
      data-testid="chat-nav-badge"
    >
      {overdue > 0 ? `${overdue}!` : waiting}
    </span>
  );
}
