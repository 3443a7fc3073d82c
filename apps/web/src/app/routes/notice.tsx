import { useTranslation } from 'react-i18next';
import { AnnouncementCenter } from '../../features/announcements/components/announcement-center';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-title">
        <h1>{t('announcement_title')}</h1>
      </header>
      <AnnouncementCenter />
    </div>
  );
}
