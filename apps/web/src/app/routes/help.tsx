import '../../styles/pages.css';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { HelpCenter } from '../../features/help/components/help-center';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-title">
        <h1>{t('help_title')}</h1>
        <p>{t('help_subtitle')}</p>
      </header>
      <HelpCenter basePath={paths.help.path} />
    </div>
  );
}
