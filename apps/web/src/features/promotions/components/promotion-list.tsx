import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { AppLink } from '../../../components/app-link';
import { Spinner } from '../../../components/global-loader';
import { Icon } from '../../../components/icon';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { excerptOfHtml } from '../promotion-text';
import { loadPromotionsCatalogue } from '../promotions-catalogue';

// The promotion pages' texts come with their chunks (the home page's JS budget).
await loadPromotionsCatalogue();

/** The promotions (announcements of type PR) as cards linking to their detail. */
export function PromotionList() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const promotions = data?.promotion ?? [];
  return (
    <div className="page promotions">
      <header className="page-title">
        <h1>{t('promotions_title')}</h1>
        <p>{t('promotions_subtitle')}</p>
      </header>
      {isPending ? (
        <Spinner />
      ) : promotions.length === 0 ? (
        <StatusPanel title={t('promotions_empty')} />
      ) : (
        <ul className="promotion-grid">
          {promotions.map((promotion, index) => (
            <li key={promotion.id}>
              <AppLink
                to={paths.promoDetail.getHref(promotion.id)}
                className={`promotion-card promotion-card--tone-${index % 3}`}
              >
                {promotion.imageUrl ? (
                  <img className="promotion-card__art" src={promotion.imageUrl} alt="" />
                ) : (
                  <span className="promotion-card__icon">
                    <Icon name="gift" size={28} />
                  </span>
                )}
                <span className="promotion-card__body">
                  <span className="promotion-card__title">{promotion.title}</span>
                  <span className="promotion-card__excerpt">{excerptOfHtml(promotion.content)}</span>
                </span>
                <span className="promotion-card__footer">
                  <time dateTime={new Date(promotion.publishedAt).toISOString()}>
                    {formatDate(promotion.publishedAt)}
                  </time>
                  <span className="promotion-card__more">
                    {t('promotions_details')}
                    <Icon name="chevron-right" size={16} />
                  </span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
