import '../promotions.css';
import type { PromotionCard, PromotionCategory } from '@lotus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { AppLink } from '../../../components/app-link';
import { Spinner } from '../../../components/global-loader';
import { Icon } from '../../../components/icon';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePromotionCategories, usePromotionList } from '../api/promotions';
import { excerptOfHtml } from '../promotion-text';
import { loadPromotionsCatalogue } from '../promotions-catalogue';
import { PromotionAction, promotionDetailHref, PromotionState } from './promotion-action';

// The promotion pages' texts come with their chunks (the home page's JS budget).
await loadPromotionsCatalogue();

/** "1 Nov 2026 – 30 Nov 2026", "from …", "until …" or "always". */
export function PromotionPeriod({ start, end }: { start: number | null; end: number | null }) {
  const { t } = useTranslation();
  const text =
    start && end
      ? `${formatDate(start)} – ${formatDate(end)}`
      : start
        ? t('promotions_period_from', { date: formatDate(start) })
        : end
          ? t('promotions_period_until', { date: formatDate(end) })
          : t('promotions_period_always');
  return <span className="promotion-period">{text}</span>;
}

/** The bonus of a card in a few words: "100% up to 1,000.00" or "300.00". */
export function bonusText(card: PromotionCard, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (card.bonusType === 'percent' && card.bonusPercent !== null)
    return card.bonusCap
      ? t('promotions_bonus_percent_cap', { percent: card.bonusPercent, cap: card.bonusCap })
      : t('promotions_bonus_percent', { percent: card.bonusPercent });
  return card.bonusAmount ? t('promotions_bonus_fixed', { amount: card.bonusAmount }) : '';
}

/** A card is a column of the promotion grid (at least 300 px, the whole width on a phone). */
const cardSizes = '(max-width: 640px) 100vw, 400px';

function RuledCard({ card, index }: { card: PromotionCard; index: number }) {
  const { t } = useTranslation();
  const bonus = bonusText(card, t);
  return (
    <article className={`promotion-card promotion-card--tone-${index % 3}`}>
      <AppLink to={promotionDetailHref(card.promotionId)} className="promotion-card__link">
        {card.pictureUrl ? (
          <ResponsiveImage
            className="promotion-card__art"
            src={card.pictureUrl}
            alt=""
            sizes={cardSizes}
            priority="lazy"
          />
        ) : (
          <span className="promotion-card__icon">
            <Icon name="gift" size={28} />
          </span>
        )}
        <span className="promotion-card__body">
          <span className="promotion-card__title">{card.name}</span>
          {bonus ? <span className="promotion-card__bonus">{bonus}</span> : null}
          <PromotionPeriod start={card.startTime} end={card.endTime} />
        </span>
      </AppLink>
      <div className="promotion-card__footer">
        <PromotionState status={card.memberStatus} />
        <span className="promotion-card__action">
          <PromotionAction card={card} />
        </span>
      </div>
    </article>
  );
}

/**
 * /promotions: the promotions of the promotions module (rules and money) by category tab, each with
 * its picture, period, the member's state and its action; below, the operator's announcement cards of
 * type PR (display-only news, as before), when there are any.
 */
export function PromotionList() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<PromotionCategory | null>(null);
  const categories = usePromotionCategories();
  const list = usePromotionList(category);
  const announcements = useAnnouncements();
  const news = announcements.data?.promotion ?? [];
  const cards = list.data?.content ?? [];
  return (
    <div className="page promotions">
      <header className="page-title">
        <h1>{t('promotions_title')}</h1>
        <p>{t('promotions_subtitle')}</p>
      </header>
      {categories.data && categories.data.length > 0 ? (
        <div className="promotion-tabs" role="tablist" aria-label={t('promotions_categories')}>
          {[null, ...categories.data.map((item) => item.category)].map((item) => (
            <button
              key={item ?? 'all'}
              type="button"
              role="tab"
              aria-selected={category === item}
              className="promotion-tabs__tab"
              onClick={() => setCategory(item)}
            >
              {t(item ? `promotions_category_${item}` : 'promotions_category_all')}
            </button>
          ))}
        </div>
      ) : null}
      {list.isPending ? (
        <Spinner />
      ) : cards.length === 0 && news.length === 0 ? (
        <StatusPanel title={t('promotions_empty')} />
      ) : (
        <ul className="promotion-grid">
          {cards.map((card, index) => (
            <li key={card.promotionId}>
              <RuledCard card={card} index={index} />
            </li>
          ))}
        </ul>
      )}
      {news.length > 0 && category === null ? (
        <section className="promotion-news" aria-labelledby="promotion-news-title">
          <h2 id="promotion-news-title" className="promotion-news__title">
            {t('promotions_news')}
          </h2>
          <ul className="promotion-grid">
            {news.map((promotion, index) => (
              <li key={promotion.id}>
                <AppLink
                  to={paths.promoDetail.getHref(promotion.id)}
                  className={`promotion-card promotion-card--tone-${index % 3}`}
                >
                  {promotion.imageUrl ? (
                    <ResponsiveImage
                      className="promotion-card__art"
                      src={promotion.imageUrl}
                      alt=""
                      sizes={cardSizes}
                      priority="lazy"
                    />
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
        </section>
      ) : null}
    </div>
  );
}
