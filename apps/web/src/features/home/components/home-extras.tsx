import '../home.css';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon, type IconName } from '../../../components/icon';
import { paths } from '../../../config/paths';

const reasons: { icon: IconName; key: string }[] = [
  { icon: 'wallet', key: 'why_fast_payout' },
  { icon: 'star', key: 'why_fair' },
  { icon: 'gift', key: 'why_rewards' },
  { icon: 'chat', key: 'why_support' },
];

/** Four short reasons to play here, under the games. */
export function WhyUsStrip() {
  const { t } = useTranslation();
  return (
    <section className="why-us" aria-labelledby="why-us-title">
      <h2 id="why-us-title" className="visually-hidden">
        {t('why_title')}
      </h2>
      <ul className="why-us__list">
        {reasons.map((reason) => (
          <li key={reason.key} className="why-us__item">
            <span className="why-us__icon">
              <Icon name={reason.icon} size={26} />
            </span>
            <span>
              <strong className="why-us__title">{t(`${reason.key}_title`)}</strong>
              <span className="why-us__text">{t(`${reason.key}_text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A teaser for the mobile apps, linking to the download page. */
export function AppDownloadTeaser() {
  const { t } = useTranslation();
  return (
    <section className="app-teaser" aria-labelledby="app-teaser-title">
      <div className="app-teaser__text">
        <p className="app-teaser__eyebrow">{t('app_teaser_eyebrow')}</p>
        <h2 id="app-teaser-title" className="app-teaser__title">
          {t('app_teaser_title')}
        </h2>
        <p className="app-teaser__body">{t('app_teaser_body')}</p>
        <AppLink to={paths.download.getHref()} className="button button--primary button--large">
          <Icon name="download" size={20} />
          {t('app_teaser_action')}
        </AppLink>
      </div>
      <div className="app-teaser__phone" aria-hidden="true">
        <img src="/art/brand/logo-mark.svg" alt="" width={96} height={96} loading="lazy" />
      </div>
    </section>
  );
}
