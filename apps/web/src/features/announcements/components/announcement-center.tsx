import '../announcements.css';
import type { Announcement } from '@lotus/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { Spinner } from '../../../components/global-loader';
import { Pagination } from '../../../components/pagination';
import { SafeHtml } from '../../../components/safe-html';
import { StatusPanel } from '../../../components/status-panel';
import { formatDate } from '../../../lib/format';
import { registerFeatureCatalogue } from '../../../lib/i18n';

// The announcement centre's texts (/notice and the announcement modal) come with this chunk.
await registerFeatureCatalogue({
  TH: () => import('../../../locales/announcements/th.json'),
  EN: () => import('../../../locales/announcements/en.json'),
});

/** spec §2 and §9: the announcement list shows 9 per page. */
export const announcementsPerPage = 9;

/**
 * The player announcements: a paged list on the left and the chosen one's content on the right
 * (stacked on phones). Used by the announcement modal and the /noticePage route.
 */
export function AnnouncementCenter({ initialAnnouncementId }: { initialAnnouncementId?: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useAnnouncements();
  const announcements: Announcement[] = data?.player ?? [];
  const initialIndex = Math.max(
    0,
    announcements.findIndex((item) => item.id === initialAnnouncementId),
  );
  const [page, setPage] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<string | undefined>(initialAnnouncementId);
  const contentRef = useRef<HTMLElement>(null);

  if (isPending) return <Spinner />;
  if (isError) {
    return (
      <StatusPanel
        art="/art/misc/empty.svg"
        title={t('error_network')}
        actions={
          <button type="button" className="button button--primary" onClick={() => void refetch()}>
            {t('common_retry')}
          </button>
        }
      />
    );
  }
  if (announcements.length === 0) return <StatusPanel title={t('announcement_empty')} />;

  const pageCount = Math.ceil(announcements.length / announcementsPerPage);
  const currentPage = page ?? Math.floor(initialIndex / announcementsPerPage) + 1;
  const pageItems = announcements.slice((currentPage - 1) * announcementsPerPage, currentPage * announcementsPerPage);
  const selected = announcements.find((item) => item.id === selectedId) ?? pageItems[0];

  // On phones the content sits under the list; bring it into view when a notice is chosen.
  const onSelect = (id: string) => {
    setSelectedId(id);
    if (window.matchMedia?.('(max-width: 760px)').matches)
      contentRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const onPageChange = (nextPage: number) => {
    setPage(nextPage);
    setSelectedId(announcements[(nextPage - 1) * announcementsPerPage]?.id);
  };

  return (
    <div className="announcement-center">
      <div className="announcement-center__list">
        <ol className="announcement-list" aria-label={t('announcement_list_label')}>
          {pageItems.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="announcement-list__item"
                aria-current={item.id === selected?.id ? 'true' : undefined}
                onClick={() => onSelect(item.id)}
              >
                <span className="announcement-list__title">
                  {item.isPinned && <span className="badge badge--gold">{t('announcement_pinned')}</span>}
                  {item.title}
                </span>
                <time className="announcement-list__date" dateTime={new Date(item.publishedAt).toISOString()}>
                  {formatDate(item.publishedAt)}
                </time>
              </button>
            </li>
          ))}
        </ol>
        <Pagination currentPage={currentPage} pageCount={pageCount} onPageChange={onPageChange} />
      </div>
      {selected && (
        <article ref={contentRef} className="announcement-center__content" aria-live="polite">
          <header className="announcement-content__header">
            <h3 className="announcement-content__title">{selected.title}</h3>
            <time className="announcement-content__date" dateTime={new Date(selected.publishedAt).toISOString()}>
              {formatDate(selected.publishedAt)}
            </time>
          </header>
          {selected.imageUrl ? <img className="announcement-art" src={selected.imageUrl} alt="" /> : null}
          <SafeHtml html={selected.content} className="announcement-content__body" />
        </article>
      )}
    </div>
  );
}
