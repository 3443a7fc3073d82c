import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/global-loader';
import { SafeHtml } from '../../components/safe-html';
import { formatDate } from '../../lib/format';
import { agentAnnouncementsQuery } from './api';

/**
 * The agent centre's announcement page (the original's agentAnnouncement): what the operator published
 * for agents only, pinned first then newest. Each opens in place; the first is open, so the latest news
 * reads without a tap on a phone.
 */
export function AgentAnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const announcements = useQuery(agentAnnouncementsQuery(i18n.language));
  if (announcements.isPending) return <Spinner />;
  if (announcements.isError) return <p className="agent-form__error">{announcements.error.message}</p>;
  const { list } = announcements.data;
  if (list.length === 0) return <p className="agent-form__hint">{t('agents_announcements_none')}</p>;
  return (
    <ol className="agent-announcements" aria-label={t('agents_page_announcement')}>
      {list.map((item, index) => (
        <li key={item.id} data-testid="agent-announcement">
          <details className="agent-announcement" open={index === 0}>
            <summary className="agent-announcement__summary">
              <span className="agent-announcement__title">
                {item.isPinned ? <span className="badge badge--gold">{t('agents_announcements_pinned')}</span> : null}
                {item.title}
              </span>
              <time className="agent-announcement__date" dateTime={new Date(item.publishedAt).toISOString()}>
                {formatDate(item.publishedAt)}
              </time>
            </summary>
            {item.imageUrl ? <img className="agent-announcement__art" src={item.imageUrl} alt="" /> : null}
            <SafeHtml html={item.content} className="agent-announcement__body" />
          </details>
        </li>
      ))}
    </ol>
  );
}
