import '../announcements.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';
import { formatDate } from '../../../lib/format';
import { session } from '../../../lib/session';
import { useIsHydrated } from '../../../lib/use-is-hydrated';

/** The merchant's popup announcement, shown once per browser session on the home page. */
export function PopupAnnouncement() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const [isDismissed, setIsDismissed] = useState(() => session.isPopupShown());
  // A modal in document.body, once per browser session (session storage): the browser's alone.
  const isHydrated = useIsHydrated();
  const popup = data?.popup[0];
  if (!popup || isDismissed || !isHydrated) return null;

  const onClose = () => {
    session.markPopupShown();
    setIsDismissed(true);
  };
  return (
    <Modal title={popup.title} onClose={onClose} size="medium" className="popup-announcement">
      <p className="popup-announcement__date">{formatDate(popup.publishedAt)}</p>
      {popup.imageUrl ? <img className="announcement-art" src={popup.imageUrl} alt="" /> : null}
      <SafeHtml html={popup.content} />
      <div className="popup-announcement__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('in_increase_submit')}
        </button>
      </div>
    </Modal>
  );
}
