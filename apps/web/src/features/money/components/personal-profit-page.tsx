import '../money.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { usePersonalProfit } from '../api/history';
import { loadMoneyCatalogue } from '../money-catalogue';
import { dayRange } from '../money-rules';
import { DateRangeFilter, ErrorBlock, lastDays, LoadingBlock, Money, type DayRange } from './money-ui';

await loadMoneyCatalogue();

/**
 * personalProfit (spec §2 "profit and loss"): deposits, withdrawals and their difference over a
 * date range (ODSFE2_MemPNLDet). Bets and wins are placeholders until games land.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const times = dayRange(range.from, range.to);
  const profit = usePersonalProfit(times);

  return (
    <div className="money-page">
      <div className="money-filters">
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      {profit.isPending ? (
        <LoadingBlock />
      ) : profit.isError ? (
        <ErrorBlock error={profit.error} onRetry={() => void profit.refetch()} />
      ) : (
        <>
          <p className="money-note">
            {t('money_profit_period', { from: formatDate(times.startTime), to: formatDate(times.endTime === undefined ? undefined : times.endTime - 1), currency: profit.data.currency })}
          </p>
          <div className="money-profit" aria-busy={profit.isFetching}>
            <div className="money-profit__card">
              <p className="money-profit__label">{t('money_profit_deposits')}</p>
              <Money amount={profit.data.depositAmount} className="money-profit__value" />
            </div>
            <div className="money-profit__card">
              <p className="money-profit__label">{t('money_profit_withdrawals')}</p>
              <Money amount={profit.data.withdrawalAmount} className="money-profit__value" />
            </div>
            <div className="money-profit__card money-profit__card--total">
              <p className="money-profit__label">{t('money_profit_difference')}</p>
              <Money amount={profit.data.profitAmount} isSigned className="money-profit__value" />
              <p className="money-profit__hint">{t('money_profit_difference_hint')}</p>
            </div>
          </div>
          <div className="money-profit money-profit--secondary">
            <div className="money-profit__card money-profit__card--dim">
              <p className="money-profit__label">{t('money_profit_bets')}</p>
              <Money amount={profit.data.betAmount} className="money-profit__value" />
            </div>
            <div className="money-profit__card money-profit__card--dim">
              <p className="money-profit__label">{t('money_profit_wins')}</p>
              <Money amount={profit.data.winAmount} className="money-profit__value" />
            </div>
          </div>
          <p className="money-note">{t('money_profit_games_note')}</p>
        </>
      )}
    </div>
  );
}
