import '../home.css';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { Icon } from '../../../components/icon';
import { openModal } from '../../../stores/modal-store';

/**
 * The player announcements' titles scrolling by; clicking one opens the announcement modal on it.
 * The list is drawn twice so the CSS animation can loop without a jump; the copy is hidden from
 * screen readers and the keyboard.
 */
export function AnnouncementMarquee() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const announcements = data?.player ?? [];
  if (announcements.length === 0) return null;

  const renderItems = (isCopy: boolean) =>
    announcements.map((announcement) => (
      <li key={`${isCopy ? 'copy-' : ''}${announcement.id}`}>
        <button
          type="button"
          className="marquee__item"
          tabIndex={isCopy ? -1 : undefined}
          onClick={() => openModal({ kind: 'announcement', announcementId: announcement.id })}
        >
          {announcement.title}
        </button>
      </li>
    ));

  return (
    <section className="marquee" aria-label={t('announcement_title')}>
      <button type="button" className="marquee__label" onClick={() => openModal({ kind: 'announcement' })}>
        <Icon name="megaphone" size={18} />
        <span>{t('marquee_label')}</span>
      </button>
      <div className="marquee__track">
        <ul className="marquee__list">{renderItems(false)}</ul>
        <ul className="marquee__list" aria-hidden="true">
          {renderItems(true)}
        </ul>
      </div>
      <button type="button" className="marquee__more" onClick={() => openModal({ kind: 'announcement' })}>
        {t('marquee_more')}
      </button>
    </section>
  );
}
