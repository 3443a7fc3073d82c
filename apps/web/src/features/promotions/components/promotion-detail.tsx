import '../promotions.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAnnouncements } from '../../../api/announcements';
import { useSessionToken } from '../../../api/member';
import { AppLink } from '../../../components/app-link';
import { Spinner } from '../../../components/global-loader';
import { Icon } from '../../../components/icon';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SafeHtml } from '../../../components/safe-html';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePromotionDetail } from '../api/promotions';
import { loadPromotionsCatalogue } from '../promotions-catalogue';
import { ApplyForm } from './apply-form';
import { PromotionAction, PromotionState } from './promotion-action';
import { bonusText, PromotionPeriod } from './promotion-list';

// The promotion pages' texts come with their chunks (the home page's JS budget).
await loadPromotionsCatalogue();

/** The picture spans the detail's column (at most 860 px). */
const detailSizes = '(max-width: 900px) 100vw, 860px';

function BackLink() {
  const { t } = useTranslation();
  return (
    <AppLink to={paths.promotions.getHref()} className="button button--secondary">
      <Icon name="chevron-left" size={18} />
      {t('promotions_back')}
    </AppLink>
  );
}

/** /promoDetail?promotionId=: a promotion of the promotions module with its rules, state and action. */
function RuledPromotionDetail({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const detail = usePromotionDetail(promotionId);
  const [isApplying, setIsApplying] = useState(() => window.location.hash === '#apply');
  // Once sent, the state reads "applying" when the detail reads again: the form's answer stays.
  const [hasApplied, setHasApplied] = useState(false);
  if (detail.isPending) return <Spinner />;
  if (detail.isError)
    return (
      <div className="page">
        <StatusPanel title={t('promotions_not_found')} actions={<BackLink />} />
      </div>
    );
  const card = detail.data;
  const rules: [string, string][] = [
    [t('promotions_rule_bonus'), bonusText(card, t)],
    ...(card.minDeposit ? [[t('promotions_rule_min_deposit'), card.minDeposit] as [string, string]] : []),
    [
      t('promotions_rule_turnover'),
      card.turnoverMultiplier > 0
        ? t('promotions_rule_turnover_times', { multiplier: card.turnoverMultiplier })
        : t('promotions_rule_turnover_none'),
    ],
    ...(card.maxClaimsPerMember
      ? [[t('promotions_rule_per_member'), String(card.maxClaimsPerMember)] as [string, string]]
      : []),
    ...(card.claimExpiryHours
      ? [
          [t('promotions_rule_claim_hours'), t('promotions_hours', { count: card.claimExpiryHours })] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <article className="page promotion-detail">
      <div className="promotion-detail__nav">
        <BackLink />
      </div>
      <header className="promotion-detail__header">
        <p className="promotion-detail__date">
          <PromotionPeriod start={card.startTime} end={card.endTime} />
        </p>
        <h1>{card.name}</h1>
        <div className="promotion-detail__state">
          <PromotionState status={card.memberStatus} />
          <PromotionAction card={card} onApply={() => setIsApplying(true)} />
        </div>
      </header>
      {card.pictureUrl ? (
        <ResponsiveImage className="announcement-art" src={card.pictureUrl} alt="" sizes={detailSizes} />
      ) : null}
      <dl className="promotion-rules">
        {rules
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="promotion-rules__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {card.description ? (
        <div className="promotion-detail__body promotion-detail__text">{card.description}</div>
      ) : null}
      {token && card.promotionType === 'MANUAL' && isApplying && (card.memberStatus === 'join' || hasApplied) ? (
        <ApplyForm card={card} onApplied={() => setHasApplied(true)} />
      ) : null}
    </article>
  );
}

/** /promoDetail?id=: one announcement card's sanitised content (display-only, as before). */
function AnnouncementDetail({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const promotion = data?.promotion.find((item) => item.id === id);
  if (isPending) return <Spinner />;
  if (!promotion)
    return (
      <div className="page">
        <StatusPanel title={t('promotions_not_found')} actions={<BackLink />} />
      </div>
    );
  return (
    <article className="page promotion-detail">
      <div className="promotion-detail__nav">
        <BackLink />
      </div>
      <header className="promotion-detail__header">
        <p className="promotion-detail__date">{formatDate(promotion.publishedAt)}</p>
        <h1>{promotion.title}</h1>
      </header>
      {promotion.imageUrl ? (
        <ResponsiveImage className="announcement-art" src={promotion.imageUrl} alt="" sizes={detailSizes} />
      ) : null}
      <SafeHtml html={promotion.content} className="promotion-detail__body" />
    </article>
  );
}

/** /promoDetail: `?promotionId=` a promotion of the promotions module, `?id=` an announcement card. */
export function PromotionDetail() {
  const [searchParams] = useSearchParams();
  const promotionId = Number(searchParams.get('promotionId'));
  return Number.isSafeInteger(promotionId) && promotionId > 0 ? (
    <RuledPromotionDetail promotionId={promotionId} />
  ) : (
    <AnnouncementDetail id={searchParams.get('id')} />
  );
}
