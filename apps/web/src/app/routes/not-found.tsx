import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { StatusPanel } from '../../components/status-panel';
import { paths } from '../../config/paths';
import { registerFeatureCatalogue } from '../../lib/i18n';

// The not-found page's texts come with its chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../locales/not-found/th.json'),
  EN: () => import('../../locales/not-found/en.json'),
});

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StatusPanel
        className="not-found"
        art="/art/misc/empty.svg"
        title={t('not_found_title')}
        message={t('not_found_message')}
        actions={
          <AppLink to={paths.home.getHref()} className="button button--primary">
            {t('common_back_home')}
          </AppLink>
        }
      />
    </div>
  );
}
