import '../../money/money.css';
import '../promotions.css';
import type { PromotionClaim } from '@lotus/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { EmptyBlock, ErrorBlock, LoadingBlock, messageOf, Money } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import {
  useClaimIssued,
  useClaimLogin,
  useClaimRegister,
  useClaimSavior,
  useLoginHistory,
  useLoginPromotions,
  usePromotionClaims,
  useRegisterPromotions,
  useSaviorPromotions,
  type LoginPromotion,
  type RegisterPromotion,
  type SaviorPromotion,
} from '../api/promotions';
import { loadPromotionsCatalogue } from '../promotions-catalogue';
import { PromotionState } from './promotion-action';

// Its own texts, and the money pages' (the loading, error and empty states are theirs).
await Promise.all([loadPromotionsCatalogue(), loadMoneyCatalogue()]);

/** The current time, ticking every second while shown (the countdowns). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "2d 03:04:05" left until `expiry`. */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.floor(msLeft / 1000));
  const days = Math.floor(seconds / 86_400);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = `${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

function IssuedReward({
  reward,
  now,
  claim,
}: {
  reward: PromotionClaim;
  now: number;
  claim: ReturnType<typeof useClaimIssued>;
}) {
  const { t } = useTranslation();
  const isOver = reward.expiry !== null && reward.expiry <= now;
  const isThis = claim.variables?.rewardId === reward.rewardId;
  return (
    <li className="reward-item">
      <div className="reward-item__main">
        <span className="reward-item__name">{reward.eventName}</span>
        <span className="reward-item__meta">
          {reward.expiry === null
            ? t('rewards_no_expiry')
            : t('rewards_expires_in', { time: countdownText(reward.expiry - now) })}
        </span>
      </div>
      <div className="reward-item__side">
        {reward.rewardAmount ? <Money amount={reward.rewardAmount} /> : null}
        <button
          type="button"
          className="button button--primary button--small"
          disabled={claim.isPending || isOver}
          onClick={() => claim.mutate({ rewardId: reward.rewardId, promotionType: reward.promotionType })}
        >
          {t('promotions_claim')}
        </button>
        {isThis && claim.error ? (
          <p role="alert" className="promotion-action__error">
            {messageOf(claim.error, t('error_network'))}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function IssuedRewards() {
  const { t } = useTranslation();
  const claims = usePromotionClaims();
  const now = useNow();
  // One claim for the list, held here: the claimed reward leaves the list when it reads again, its note stays.
  const claim = useClaimIssued();
  const claimedName = claims.data?.content.find((item) => item.rewardId === claim.variables?.rewardId)?.eventName;
  if (claims.isPending) return <LoadingBlock />;
  if (claims.isError) return <ErrorBlock error={claims.error} onRetry={() => void claims.refetch()} />;
  const issued = claims.data.content.filter((item) => item.status === 'issued');
  const others = claims.data.content.filter((item) => item.status !== 'issued');
  return (
    <>
      <section aria-labelledby="rewards-issued">
        <h4 id="rewards-issued" className="money-section-title">
          {t('rewards_issued_title')}
        </h4>
        {claim.isSuccess ? (
          <p role="status" className="promotion-action__done reward-centre__note">
            {claimedName ? `${claimedName}: ` : ''}
            {t('rewards_claimed', { amount: claim.data.claimedMoney })}
          </p>
        ) : null}
        {issued.length === 0 ? (
          <EmptyBlock>{t('rewards_issued_empty')}</EmptyBlock>
        ) : (
          <ul className="reward-list">
            {issued.map((reward) => (
              <IssuedReward key={reward.rewardId} reward={reward} now={now} claim={claim} />
            ))}
          </ul>
        )}
      </section>
      {others.length > 0 ? (
        <section aria-labelledby="rewards-recent">
          <h4 id="rewards-recent" className="money-section-title">
            {t('rewards_recent_title')}
          </h4>
          <ul className="reward-list">
            {others.map((reward) => (
              <li key={reward.rewardId} className="reward-item">
                <div className="reward-item__main">
                  <span className="reward-item__name">{reward.eventName}</span>
                  <span className="reward-item__meta">
                    {formatDateTime(reward.claimedAt ?? reward.approvedAt ?? reward.createdAt)}
                    {reward.reviewRemark ? ` · ${reward.reviewRemark}` : ''}
                  </span>
                </div>
                <div className="reward-item__side">
                  {reward.rewardAmount ? <Money amount={reward.rewardAmount} /> : null}
                  <PromotionState status={reward.status} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function SignInCalendar({ promotion }: { promotion: LoginPromotion }) {
  const { t } = useTranslation();
  const days = useLoginHistory(promotion.configId);
  const claim = useClaimLogin();
  const today = days.data?.find((day) => day.isToday);
  return (
    <div className="reward-item reward-item--block">
      <div className="reward-item__main">
        <span className="reward-item__name">{promotion.name}</span>
        {promotion.description ? <span className="reward-item__meta">{promotion.description}</span> : null}
      </div>
      {today && !today.hasClaimed && !claim.isSuccess ? (
        <div className="reward-item__side">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={claim.isPending}
            onClick={() => claim.mutate({ id: today.id })}
          >
            {t('rewards_signin_claim', { amount: today.amount })}
          </button>
        </div>
      ) : null}
      {claim.isSuccess ? (
        <span className="promotion-action__done">{t('rewards_claimed', { amount: claim.data.claimedMoney })}</span>
      ) : null}
      {claim.error ? (
        <p role="alert" className="promotion-action__error">
          {messageOf(claim.error, t('error_network'))}
        </p>
      ) : null}
      {days.data ? (
        <ol className="signin-calendar" aria-label={promotion.name}>
          {days.data.map((day) => (
            <li
              key={day.id}
              className={`signin-day${day.hasClaimed ? ' signin-day--claimed' : ''}${day.isToday ? ' signin-day--today' : ''}`}
            >
              <span>{t('rewards_day', { day: day.dayNo })}</span>
              <strong>{day.amount}</strong>
              <span>{day.hasClaimed ? '✓' : day.isToday ? t('rewards_today') : ''}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** One part of the reward centre: its title, then its rewards. */
function RewardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="money-section-title">
        {title}
      </h4>
      {children}
    </section>
  );
}

/** A reward's amount and its claim: the claimed state once claimed, else the button (off while `isClaimable` is false). */
function ClaimSide({
  amount,
  isClaimed,
  isClaimable,
  claim,
  onClaim,
}: {
  amount: string;
  isClaimed: boolean;
  isClaimable: boolean;
  claim: { isPending: boolean; error: unknown };
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="reward-item__side">
      <Money amount={amount} />
      {isClaimed ? (
        <PromotionState status="claimed" />
      ) : (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={claim.isPending || !isClaimable}
          onClick={onClaim}
        >
          {t('promotions_claim')}
        </button>
      )}
      {claim.error ? (
        <p role="alert" className="promotion-action__error">
          {messageOf(claim.error, t('error_network'))}
        </p>
      ) : null}
    </div>
  );
}

function SignIn() {
  const { t } = useTranslation();
  const promotions = useLoginPromotions();
  if (!promotions.data || promotions.data.length === 0) return null;
  return (
    <RewardSection id="rewards-signin" title={t('rewards_signin_title')}>
      <div className="reward-list">
        {promotions.data.map((promotion) => (
          <SignInCalendar key={promotion.configId} promotion={promotion} />
        ))}
      </div>
    </RewardSection>
  );
}

function NewbieTask({ promotion }: { promotion: RegisterPromotion }) {
  const { t } = useTranslation();
  const claim = useClaimRegister();
  const missing = promotion.requiredFields.filter((field) => !promotion.accomplishedFields.includes(field));
  return (
    <li className="reward-item">
      <div className="reward-item__main">
        <span className="reward-item__name">{promotion.promotionName}</span>
        <ul className="newbie-fields" aria-label={t('rewards_newbie_fields')}>
          {promotion.requiredFields.map((field) => (
            <li key={field} className={missing.includes(field) ? 'newbie-fields--missing' : 'newbie-fields--done'}>
              {missing.includes(field) ? '✗ ' : '✓ '}
              {t(`rewards_field_${field}`)}
            </li>
          ))}
        </ul>
      </div>
      <ClaimSide
        amount={promotion.bonusAmount}
        isClaimed={promotion.hasClaimed || claim.isSuccess}
        isClaimable={missing.length === 0}
        claim={claim}
        onClaim={() => claim.mutate({ promotionId: promotion.promotionId })}
      />
    </li>
  );
}

function Newbie() {
  const { t } = useTranslation();
  const promotions = useRegisterPromotions();
  if (!promotions.data || promotions.data.content.length === 0) return null;
  return (
    <RewardSection id="rewards-newbie" title={t('rewards_newbie_title')}>
      <ul className="reward-list">
        {promotions.data.content.map((promotion) => (
          <NewbieTask key={promotion.promotionId} promotion={promotion} />
        ))}
      </ul>
    </RewardSection>
  );
}

function RescueOffer({ promotion }: { promotion: SaviorPromotion }) {
  const { t } = useTranslation();
  const claim = useClaimSavior();
  return (
    <li className="reward-item">
      <div className="reward-item__main">
        <span className="reward-item__name">{promotion.promName}</span>
        <span className="reward-item__meta">
          {t(`rewards_rescue_period_${promotion.rewardPeriodType}`)} ·{' '}
          {promotion.productType === 'ALL'
            ? t('rewards_rescue_all_products')
            : t(`rewards_rescue_product_${promotion.productType}`)}
        </span>
        <span className="reward-item__meta">
          {t('rewards_rescue_loss')} <Money amount={promotion.netLossInPeriod} />
        </span>
      </div>
      <ClaimSide
        amount={promotion.collectableInPeriod}
        isClaimed={promotion.hasIssuedClaim || claim.isSuccess}
        isClaimable={Number(promotion.collectableInPeriod) > 0}
        claim={claim}
        onClaim={() => claim.mutate({ promId: promotion.promId })}
      />
    </li>
  );
}

function Rescue() {
  const { t } = useTranslation();
  const promotions = useSaviorPromotions();
  if (!promotions.data || promotions.data.length === 0) return null;
  return (
    <RewardSection id="rewards-rescue" title={t('rewards_rescue_title')}>
      <ul className="reward-list">
        {promotions.data.map((promotion) => (
          <RescueOffer key={promotion.promId} promotion={promotion} />
        ))}
      </ul>
    </RewardSection>
  );
}

/**
 * The member centre's reward centre (issue 17, original `rewardCenter`): the issued rewards to claim
 * with the time left, the sign-in calendar with today's claim (LOGIN), the newbie tasks with the
 * profile fields still missing (REGISTER), the rescue of the last closed period's net loss (SAVIOR),
 * then the recent rewards with their states.
 */
export function RewardCentrePage() {
  return (
    <div className="reward-centre">
      <IssuedRewards />
      <SignIn />
      <Newbie />
      <Rescue />
    </div>
  );
}
