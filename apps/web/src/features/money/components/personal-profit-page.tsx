import '../money.css';
import '../../bet-records/bet-records.css';
import type { GameProfitLine } from '@lotus/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { loadBetRecordsCatalogue } from '../../bet-records/bet-records-catalogue';
import { useGameTypes } from '../../bet-records/components/game-type-name';
import { usePersonalProfit } from '../api/history';
import { loadMoneyCatalogue } from '../money-catalogue';
import { dayRange } from '../money-rules';
import { DateRangeFilter, lastDays, Money, QueryStates, type DayRange } from './money-ui';

// The games' part speaks the betting record's words.
await Promise.all([loadMoneyCatalogue(), loadBetRecordsCatalogue()]);

/** A `YYYY-MM-DD` day of the server's answer as the site writes dates. */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatDate(new Date(year!, month! - 1, date!).getTime());
}

/** One table of game lines (by day or by type): rounds, bets, valid bets, wins and win/loss. */
function GameLinesTable({
  caption,
  firstColumn,
  lines,
}: {
  caption: string;
  firstColumn: string;
  lines: { key: string; label: ReactNode; line: GameProfitLine }[];
}) {
  const { t } = useTranslation();
  return (
    <table className="money-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{firstColumn}</th>
          <th scope="col" className="money-table__num">
            {t('bets_pnl_col_rounds')}
          </th>
          <th scope="col" className="money-table__num">
            {t('bets_pnl_stake')}
          </th>
          <th scope="col" className="money-table__num">
            {t('bets_pnl_valid_bet')}
          </th>
          <th scope="col" className="money-table__num">
            {t('bets_pnl_payout')}
          </th>
          <th scope="col" className="money-table__num">
            {t('bets_pnl_profit')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ key, label, line }) => (
          <tr key={key}>
            <td data-label={firstColumn}>{label}</td>
            <td data-label={t('bets_pnl_col_rounds')} className="money-table__num">
              {line.recordCount}
            </td>
            <td data-label={t('bets_pnl_stake')} className="money-table__num">
              <Money amount={line.betAmount} />
            </td>
            <td data-label={t('bets_pnl_valid_bet')} className="money-table__num">
              <Money amount={line.validBetAmount} />
            </td>
            <td data-label={t('bets_pnl_payout')} className="money-table__num">
              <Money amount={line.winAmount} />
            </td>
            <td data-label={t('bets_pnl_profit')} className="money-table__num">
              <Money amount={line.profitAmount} isSigned />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * personalProfit (spec §2 "profit and loss"): deposits, withdrawals and their difference over a
 * date range, and the games' profit and loss of the rounds settled in it, by day and by game type
 * (ODSFE2_MemPNLDet). Days are the browser's: it sends its offset from UTC.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const gameTypes = useGameTypes();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const times = dayRange(range.from, range.to);
  const profit = usePersonalProfit({ ...times, utcOffsetMinutes: -new Date().getTimezoneOffset() });

  return (
    <div className="money-page">
      <div className="money-filters">
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      <QueryStates query={profit}>
        {(data) => (
          <>
            <p className="money-note">
              {t('money_profit_period', {
                from: formatDate(times.startTime),
                to: formatDate(times.endTime === undefined ? undefined : times.endTime - 1),
                currency: data.currency,
              })}
            </p>
            <div className="money-profit" aria-busy={profit.isFetching}>
              <div className="money-profit__card">
                <p className="money-profit__label">{t('money_profit_deposits')}</p>
                <Money amount={data.depositAmount} className="money-profit__value" />
              </div>
              <div className="money-profit__card">
                <p className="money-profit__label">{t('money_profit_withdrawals')}</p>
                <Money amount={data.withdrawalAmount} className="money-profit__value" />
              </div>
              <div className="money-profit__card money-profit__card--total">
                <p className="money-profit__label">{t('money_profit_difference')}</p>
                <Money amount={data.profitAmount} isSigned className="money-profit__value" />
                <p className="money-profit__hint">{t('money_profit_difference_hint')}</p>
              </div>
            </div>
            <h4 className="bets-section-title">{t('bets_pnl_heading')}</h4>
            <div className="money-profit" aria-busy={profit.isFetching}>
              <div className="money-profit__card">
                <p className="money-profit__label">{t('bets_pnl_stake')}</p>
                <Money amount={data.betAmount} className="money-profit__value" />
                <p className="money-profit__hint">
                  {t('bets_pnl_valid_bet')}: <Money amount={data.validBetAmount} />
                </p>
              </div>
              <div className="money-profit__card">
                <p className="money-profit__label">{t('bets_pnl_payout')}</p>
                <Money amount={data.winAmount} className="money-profit__value" />
              </div>
              <div className="money-profit__card money-profit__card--total">
                <p className="money-profit__label">{t('bets_pnl_profit')}</p>
                <Money amount={data.gameProfitAmount} isSigned className="money-profit__value" />
                <p className="money-profit__hint">{t('bets_pnl_profit_hint')}</p>
              </div>
            </div>
            {data.gameByDay.length === 0 ? (
              <p className="money-note">{t('bets_pnl_empty')}</p>
            ) : (
              <>
                <h4 className="bets-section-title">{t('bets_pnl_by_day')}</h4>
                <GameLinesTable
                  caption={t('bets_pnl_by_day')}
                  firstColumn={t('bets_pnl_col_day')}
                  lines={data.gameByDay.map((line) => ({ key: line.day, label: formatDay(line.day), line }))}
                />
                <h4 className="bets-section-title">{t('bets_pnl_by_type')}</h4>
                <GameLinesTable
                  caption={t('bets_pnl_by_type')}
                  firstColumn={t('bets_pnl_col_type')}
                  lines={data.gameByType.map((line) => ({
                    key: line.gameType ?? '',
                    label: gameTypes.nameOf(line.gameType),
                    line,
                  }))}
                />
              </>
            )}
          </>
        )}
      </QueryStates>
    </div>
  );
}
