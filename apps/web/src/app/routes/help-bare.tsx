import '../../styles/pages.css';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { HelpCenter } from '../../features/help/components/help-center';

/** /helpmc: the help topics alone, for the customer-service popup and the apps' web views. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page page--bare">
      <header className="page-title page-title--bare">
        <img src="/art/brand/logo.svg" alt="" width={140} height={40} />
        <h1>{t('help_title')}</h1>
      </header>
      <HelpCenter basePath={paths.helpBare.path} />
    </div>
  );
}
