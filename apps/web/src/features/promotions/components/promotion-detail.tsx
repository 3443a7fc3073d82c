import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAnnouncements } from '../../../api/announcements';
import { AppLink } from '../../../components/app-link';
import { Spinner } from '../../../components/global-loader';
import { Icon } from '../../../components/icon';
import { SafeHtml } from '../../../components/safe-html';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { loadPromotionsCatalogue } from '../promotions-catalogue';

// The promotion pages' texts come with their chunks (the home page's JS budget).
await loadPromotionsCatalogue();

/** /promoDetail?id=: one promotion's sanitised content. */
export function PromotionDetail() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data, isPending } = useAnnouncements();
  const promotion = data?.promotion.find((item) => item.id === searchParams.get('id'));
  const backLink = (
    <AppLink to={paths.promotions.getHref()} className="button button--secondary">
      <Icon name="chevron-left" size={18} />
      {t('promotions_back')}
    </AppLink>
  );
  if (isPending) return <Spinner />;
  if (!promotion)
    return (
      <div className="page">
        <StatusPanel title={t('promotions_not_found')} actions={backLink} />
      </div>
    );
  return (
    <article className="page promotion-detail">
      <div className="promotion-detail__nav">{backLink}</div>
      <header className="promotion-detail__header">
        <p className="promotion-detail__date">{formatDate(promotion.publishedAt)}</p>
        <h1>{promotion.title}</h1>
      </header>
      {promotion.imageUrl ? <img className="announcement-art" src={promotion.imageUrl} alt="" /> : null}
      <SafeHtml html={promotion.content} className="promotion-detail__body" />
    </article>
  );
}
