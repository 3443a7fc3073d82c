import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <h1>{t('not_found_title')}</h1>
      <p className="muted">{t('not_found_text')}</p>
      <Link className="button is-primary" to="/">
        {t('nav_dashboard')}
      </Link>
    </div>
  );
}
