import { depositPromotionKinds, type PromotionCard, type PromotionMemberStatus } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../api/member';
import { AppLink } from '../../../components/app-link';
import { messageOf } from '../../money/components/money-ui';
import { openModal } from '../../../stores/modal-store';
import { useClaimIssued, useJoinPromotion, usePromotionClaims } from '../api/promotions';

export const promotionDetailHref = (promotionId: number): string => `/promoDetail?promotionId=${promotionId}`;

/** The member's state of a promotion in the original's words (join, applying, rejected, issued, claimed, …). */
export function PromotionState({ status }: { status: PromotionMemberStatus | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return <span className={`promotion-state promotion-state--${status}`}>{t(`promotions_state_${status}`)}</span>;
}

const isDepositKind = (kind: PromotionCard['promotionType']): boolean =>
  (depositPromotionKinds as readonly string[]).includes(kind);

/**
 * What the member can do with a promotion now: a visitor is asked to log in; `join` joins (a deposit
 * promotion asking it), applies (MANUAL: the form is on the detail page), deposits, or opens the
 * reward centre (REGISTER, LOGIN, SAVIOR, ISSUED); `issued` claims the waiting reward here.
 */
export function PromotionAction({ card, onApply }: { card: PromotionCard; onApply?: () => void }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const join = useJoinPromotion();
  const claim = useClaimIssued();
  const claims = usePromotionClaims();
  if (!token)
    return (
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => openModal({ kind: 'login' })}
      >
        {t('promotions_login_to_join')}
      </button>
    );
  const error = join.error ?? claim.error;
  const errorLine = error ? (
    <p role="alert" className="promotion-action__error">
      {messageOf(error, t('error_network'))}
    </p>
  ) : null;
  // The card's state moves on once the list reads again: the claim's note stays.
  if (claim.isSuccess)
    return (
      <p className="promotion-action__done">{t('promotions_claimed_done', { amount: claim.data.claimedMoney })}</p>
    );
  if (card.memberStatus === 'issued') {
    const reward = claims.data?.content.find(
      (item) => item.promotionId === card.promotionId && item.status === 'issued',
    );
    return (
      <>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!reward || claim.isPending}
          onClick={() => reward && claim.mutate({ rewardId: reward.rewardId, promotionType: reward.promotionType })}
        >
          {t('promotions_claim')}
        </button>
        {errorLine}
      </>
    );
  }
  if (card.memberStatus !== 'join') return null;
  if (card.promotionType === 'MANUAL')
    return onApply ? (
      <button type="button" className="button button--primary button--small" onClick={onApply}>
        {t('promotions_apply')}
      </button>
    ) : (
      <AppLink to={`${promotionDetailHref(card.promotionId)}#apply`} className="button button--primary button--small">
        {t('promotions_apply')}
      </AppLink>
    );
  if (isDepositKind(card.promotionType) && card.requiresJoin)
    return (
      <>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={join.isPending}
          onClick={() => join.mutate(card.promotionId)}
        >
          {t('promotions_join')}
        </button>
        {errorLine}
      </>
    );
  if (isDepositKind(card.promotionType))
    return (
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => openModal({ kind: 'memberCentre', page: 'depositv2' })}
      >
        {t('promotions_deposit')}
      </button>
    );
  return (
    <button
      type="button"
      className="button button--primary button--small"
      onClick={() => openModal({ kind: 'memberCentre', page: 'rewardCenter' })}
    >
      {t('promotions_open_reward_centre')}
    </button>
  );
}
