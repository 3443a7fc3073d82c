import '../../money/money.css';
import '../bonus.css';
import type { BonusDetail, TurnoverInfo } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../../../api/wallet';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { EmptyBlock, ErrorBlock, LoadingBlock, Money } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { useBonusDetails, useTurnoverInfo } from '../api/bonus';
import { loadBonusCatalogue } from '../bonus-catalogue';

// Its own texts, and the money pages' (the loading, error and empty states are theirs).
await Promise.all([loadBonusCatalogue(), loadMoneyCatalogue()]);

/**
 * The games whose bets count, in the member's words: `ALL`, one product type (`RNG` is "Slots") or
 * several (`LIVE,RNG`, a bonus of two types). A type the site has no name for is shown as it comes.
 */
function gameTypesText(t: TFunction, gameTypes: string): string {
  if (gameTypes === 'ALL') return t('bonus_game_type_all');
  return gameTypes
    .split(',')
    .map((type) => t(`bonus_game_type_${type}`, { defaultValue: type }))
    .join(', ');
}

/** A turnover figure as one text with the currency sign (`฿500.00`), to read inside a sentence or a pair. */
const turnoverText = (symbol: string, amount: string) => `${symbol}${formatAmount(amount)}`;

/** The turnover status on top: N blocks withdrawals, I warns that a withdrawal forfeits the bonus. */
function TurnoverStatus({ info, symbol }: { info: TurnoverInfo; symbol: string }) {
  const { t } = useTranslation();
  if (info.status === 'A') return null;
  return (
    <div className={`bonus-status bonus-status--${info.status}`} role={info.status === 'N' ? 'alert' : 'status'}>
      <strong>{t(`bonus_turnover_status_${info.status}`)}</strong>
      {/* The totals are of the active bonuses: once every one is done they read "0.00 of 0.00", which says nothing. */}
      {info.status === 'D' ? null : (
        <span>
          {t('bonus_turnover_total', {
            actual: turnoverText(symbol, info.totalActualTurnover),
            required: turnoverText(symbol, info.totalRequiredTurnover),
          })}
        </span>
      )}
      {info.details.length > 0 ? (
        <ul className="bonus-status__details">
          {info.details.map((detail) => (
            <li key={detail.gameType}>
              {gameTypesText(t, detail.gameType)}: {turnoverText(symbol, detail.actualTurnover)} /{' '}
              {turnoverText(symbol, detail.requiredTurnover)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A bonus is named by its promotion when it has one (the kind below it, smaller), else by its kind
 * (rebates, adjustments, a promotion no longer found).
 */
function BonusRow({ bonus, symbol }: { bonus: BonusDetail; symbol: string }) {
  const { t } = useTranslation();
  const kind = t(`bonus_source_${bonus.sourceKind}`);
  return (
    <li className="bonus-item">
      <div className="bonus-item__head">
        {bonus.sourceName === null ? (
          <span className="bonus-item__name">{kind}</span>
        ) : (
          <span className="bonus-item__title">
            <span className="bonus-item__name">{bonus.sourceName}</span>
            <span className="bonus-item__kind">{kind}</span>
          </span>
        )}
        <span className={`bonus-badge bonus-badge--${bonus.status}`}>{t(`bonus_status_${bonus.status}`)}</span>
      </div>
      <dl className="bonus-item__facts">
        <div>
          <dt>{t('bonus_amount')}</dt>
          <dd>
            <Money amount={bonus.amount} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('bonus_remaining')}</dt>
          <dd>
            <Money amount={bonus.remaining} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('bonus_granted')}</dt>
          <dd>{formatDateTime(bonus.grantedAt)}</dd>
        </div>
        <div>
          <dt>{t('bonus_expiry')}</dt>
          <dd>{bonus.expiresAt === null ? t('bonus_no_expiry') : formatDateTime(bonus.expiresAt)}</dd>
        </div>
      </dl>
      <div className="bonus-progress">
        <div className="bonus-progress__label">
          <span>{t('bonus_turnover')}</span>
          <span>
            {turnoverText(symbol, bonus.actualTurnover)} / {turnoverText(symbol, bonus.requiredTurnover)}
          </span>
        </div>
        <div
          className="bonus-progress__bar"
          role="progressbar"
          aria-label={t('bonus_turnover')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bonus.progressPercent}
        >
          <span style={{ width: `${bonus.progressPercent}%` }} />
        </div>
        {bonus.productTypes ? (
          <span className="bonus-progress__products">{gameTypesText(t, bonus.productTypes.join(','))}</span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The member centre's bonus details (issue 17, original `bonusDetails`): the turnover status of
 * getTurnoverInfo on top, the bonus balance, then every bonus with its amount, what is left, its
 * turnover (required and actual, as a bar), expiry and status.
 */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const turnover = useTurnoverInfo();
  const details = useBonusDetails();
  // The merchant's currency sign, as on the other money pages (the balance's answer carries it).
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  if (details.isPending) return <LoadingBlock />;
  if (details.isError) return <ErrorBlock error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <div className="bonus-page">
      {turnover.data ? <TurnoverStatus info={turnover.data} symbol={symbol} /> : null}
      <p className="bonus-balance">
        {t('bonus_balance')} <Money amount={details.data.bonusBalance} symbol={symbol} />
      </p>
      {details.data.list.length === 0 ? (
        <EmptyBlock>{t('bonus_empty')}</EmptyBlock>
      ) : (
        <ul className="bonus-list">
          {details.data.list.map((bonus) => (
            <BonusRow key={bonus.bonusId} bonus={bonus} symbol={symbol} />
          ))}
        </ul>
      )}
    </div>
  );
}
