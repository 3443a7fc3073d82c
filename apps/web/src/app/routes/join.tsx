import '../../styles/pages.css';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/icon';
import { registerFeatureCatalogue } from '../../lib/i18n';
import { openModal } from '../../stores/modal-store';

// The partner page's texts come with its chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../locales/join/th.json'),
  EN: () => import('../../locales/join/en.json'),
});

const benefits: { icon: IconName; key: string }[] = [
  { icon: 'wallet', key: 'join_benefit_commission' },
  { icon: 'history', key: 'join_benefit_reports' },
  { icon: 'chat', key: 'join_benefit_support' },
];

/** spec §2 /join: the partner programme's page, inviting visitors to register. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page join">
      <header className="page-title page-title--center">
        <h1>{t('join_title')}</h1>
        <p>{t('join_subtitle')}</p>
      </header>
      <ul className="join__benefits">
        {benefits.map((benefit) => (
          <li key={benefit.key} className="join__benefit">
            <span className="why-us__icon">
              <Icon name={benefit.icon} size={26} />
            </span>
            <h2>{t(`${benefit.key}_title`)}</h2>
            <p>{t(`${benefit.key}_text`)}</p>
          </li>
        ))}
      </ul>
      <div className="join__actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => openModal({ kind: 'register' })}
        >
          {t('join_action')}
        </button>
      </div>
    </div>
  );
}
