import { formatMinorUnits } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import { useTurnoverInfo } from '../../bonus/api/bonus';
import { toMinor } from '../money-rules';

/**
 * Above the withdraw form: a bonus whose turnover is unmet, said before the member tries (the server
 * would refuse with `promotion_turnover_not_enough` under status N, or forfeit the bonus under I),
 * with how much turnover is left and the way to bonus details. Nothing while the answer is pending,
 * failed, or there is nothing to wait for (A, D).
 */
export function BonusTurnoverNotice({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const turnover = useTurnoverInfo();
  const status = turnover.data?.status;
  if (!turnover.data || (status !== 'N' && status !== 'I')) return null;
  const leftMinor = toMinor(turnover.data.totalRequiredTurnover) - toMinor(turnover.data.totalActualTurnover);
  const amount = `${symbol}${formatAmount(formatMinorUnits(leftMinor > 0n ? leftMinor : 0n))}`;
  return (
    <div className="money-callout money-callout--warning" role="status">
      <p className="money-callout__title">{t('money_bonus_turnover_title')}</p>
      <p>
        {status === 'N' ? t('money_bonus_turnover_blocked', { amount }) : t('money_bonus_turnover_forfeit', { amount })}
      </p>
      <p className="money-callout__more">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => openModal({ kind: 'memberCentre', page: 'bonusDetails' })}
        >
          {t('money_bonus_details_link')}
        </button>
      </p>
    </div>
  );
}
