import '../../money/money.css';
import '../bet-records.css';
import type { BetRecordStatus, BetResult } from '@lotus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWalletBalance } from '../../../api/wallet';
import { paths } from '../../../config/paths';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { closeModal } from '../../../stores/modal-store';
import { fairLinkOf } from '../../fair/fair-link';
import {
  DateRangeFilter,
  lastDays,
  Money,
  QueryStates,
  StatusBadge,
  type DayRange,
} from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { dayRange } from '../../money/money-rules';
import { useBetHistory } from '../api/bet-history';
import { loadBetRecordsCatalogue } from '../bet-records-catalogue';
import { useGameTypes, useVendorOptions } from './game-type-name';

// Its own texts, and the money pages' (the date range filter and the states are theirs).
await Promise.all([loadBetRecordsCatalogue(), loadMoneyCatalogue()]);

const pageSize = 15;

const statusLooks: Record<BetRecordStatus, { key: string; tone: 'pending' | 'good' | 'muted' }> = {
  open: { key: 'bets_status_open', tone: 'pending' },
  settled: { key: 'bets_status_settled', tone: 'good' },
  cancelled: { key: 'bets_status_cancelled', tone: 'muted' },
};

const resultKeys: Record<BetResult, string> = {
  win: 'bets_result_win',
  loss: 'bets_result_loss',
  draw: 'bets_result_draw',
};

/**
 * personalHistoryCopy (spec §2, "betting record"): every round the member played (ODSFE2_MemBetDet)
 * with its game, vendor, stake, valid bet, payout, win or loss and status, filtered by vendor, game
 * type and dates, paged, with totals over the whole filter.
 */
export function BetHistoryPage() {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const vendors = useVendorOptions();
  const gameTypes = useGameTypes();
  const [vassalage, setVassalage] = useState('');
  const [gameType, setGameType] = useState('');
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [pageNo, setPageNo] = useState(1);
  const history = useBetHistory({
    pageNo,
    pageSize,
    vassalage: vassalage || undefined,
    gameType: gameType || undefined,
    ...dayRange(range.from, range.to),
  });

  return (
    <div className="money-page money-list">
      {/* Lottery orders (numbers, draws, cancellation) have their own records on the lottery page. */}
      <p className="money-table__ref">
        <Link to={paths.lottery.getHref('bets')} onClick={closeModal}>
          {t('bets_lottery_link')}
        </Link>
      </p>
      <div className="money-filters">
        <label className="money-filter" htmlFor={`${id}-vendor`}>
          <span className="money-filter__label">{t('bets_filter_vendor')}</span>
          <select
            id={`${id}-vendor`}
            className="auth-field__input money-filter__input"
            value={vassalage}
            onChange={(event) => {
              setVassalage(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('bets_filter_all_vendors')}</option>
            {vendors.map((vendor) => (
              <option key={vendor.vassalage} value={vendor.vassalage}>
                {vendor.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="money-filter" htmlFor={`${id}-type`}>
          <span className="money-filter__label">{t('bets_filter_game_type')}</span>
          <select
            id={`${id}-type`}
            className="auth-field__input money-filter__input"
            value={gameType}
            onChange={(event) => {
              setGameType(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('bets_filter_all_types')}</option>
            {gameTypes.options.map((option) => (
              <option key={option.gameType} value={option.gameType}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
      </div>
      <QueryStates query={history} empty={t('bets_empty')}>
        {(data) => (
          <>
            <dl className="bets-totals" aria-label={t('bets_totals_caption')} aria-busy={history.isFetching}>
              <div className="bets-totals__item">
                <dt className="bets-totals__label">{t('bets_total_count')}</dt>
                <dd className="bets-totals__value">{data.totals.recordCount}</dd>
              </div>
              <div className="bets-totals__item">
                <dt className="bets-totals__label">{t('bets_total_stake')}</dt>
                <dd className="bets-totals__value">
                  <Money amount={data.totals.stakeAmount} symbol={symbol} />
                </dd>
              </div>
              <div className="bets-totals__item">
                <dt className="bets-totals__label">{t('bets_total_valid_bet')}</dt>
                <dd className="bets-totals__value">
                  <Money amount={data.totals.validBetAmount} symbol={symbol} />
                </dd>
              </div>
              <div className="bets-totals__item">
                <dt className="bets-totals__label">{t('bets_total_payout')}</dt>
                <dd className="bets-totals__value">
                  <Money amount={data.totals.payoutAmount} symbol={symbol} />
                </dd>
              </div>
              <div className="bets-totals__item">
                <dt className="bets-totals__label">{t('bets_total_profit')}</dt>
                <dd className="bets-totals__value">
                  <Money amount={data.totals.profitAmount} symbol={symbol} isSigned />
                </dd>
              </div>
            </dl>
            <table className="money-table" aria-busy={history.isFetching}>
              <caption className="visually-hidden">{t('bets_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bets_col_time')}</th>
                  <th scope="col">{t('bets_col_game')}</th>
                  <th scope="col" className="money-table__num">
                    {t('bets_col_stake')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('bets_col_valid_bet')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('bets_col_payout')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('bets_col_result')}
                  </th>
                  <th scope="col">{t('bets_col_status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((record) => {
                  const verifyHref = fairLinkOf(record);
                  return (
                    <tr key={record.recordId}>
                      <td data-label={t('bets_col_time')}>
                        <span className="money-table__time">{formatDateTime(record.betTime)}</span>
                        <span className="money-table__ref">{t('bets_round', { round: record.roundId })}</span>
                        {/* A house game's round: recompute it on /fair (the member centre closes on the way). */}
                        {verifyHref && (
                          <Link className="money-table__ref" to={verifyHref} onClick={closeModal}>
                            {t('bets_verify')}
                          </Link>
                        )}
                      </td>
                      <td data-label={t('bets_col_game')}>
                        <span className="money-table__type">{record.gameName}</span>
                        <span className="money-table__ref">
                          {record.vendorName} · {gameTypes.nameOf(record.gameType)}
                        </span>
                      </td>
                      <td data-label={t('bets_col_stake')} className="money-table__num">
                        <Money amount={record.stake} symbol={symbol} />
                        {record.betCount > 1 ? (
                          <span className="money-table__ref">{t('bets_bet_count', { count: record.betCount })}</span>
                        ) : null}
                      </td>
                      <td data-label={t('bets_col_valid_bet')} className="money-table__num">
                        <Money amount={record.validBet} symbol={symbol} />
                      </td>
                      <td data-label={t('bets_col_payout')} className="money-table__num">
                        <Money amount={record.payout} symbol={symbol} />
                      </td>
                      <td data-label={t('bets_col_result')} className="money-table__num">
                        {record.profit === null || record.result === null ? (
                          <span className="money-table__dim">—</span>
                        ) : (
                          <>
                            <Money amount={record.profit} symbol={symbol} isSigned />
                            <span className={`bets-result bets-result--${record.result}`}>
                              {t(resultKeys[record.result])}
                            </span>
                          </>
                        )}
                      </td>
                      <td data-label={t('bets_col_status')}>
                        <StatusBadge tone={statusLooks[record.status].tone}>
                          {t(statusLooks[record.status].key)}
                        </StatusBadge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pagination currentPage={pageNo} pageCount={data.totalPages} onPageChange={setPageNo} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
