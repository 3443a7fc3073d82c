import '../../money/money.css';
import {
  formatMinorUnits,
  lotteryOrderStatusValues,
  parseAmount,
  type LotteryCancelResult,
  type LotteryGame,
  type LotteryOrderRow,
} from '@lotus/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../api/member';
import { useWalletBalance } from '../../../api/wallet';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import {
  DateRangeFilter,
  lastDays,
  messageOf,
  Money,
  QueryStates,
  StatusBadge,
  type DayRange,
} from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { dayRange } from '../../money/money-rules';
import { useCancelOrders, useLotteryOrder, useLotteryOrders } from '../api/lottery-orders';
import { ResultBalls } from './result-balls';

// The money pages' texts: the date range filter and the loading and error states are theirs.
await loadMoneyCatalogue();

const pageSize = 10;

type Tone = 'pending' | 'good' | 'bad' | 'muted' | 'info';
/** The original's order statuses in words (contract `lotteryOrderStatuses`). */
const statusTones: Record<number, Tone> = { 2: 'pending', 4: 'good', 5: 'bad', 6: 'muted', 8: 'muted', 12: 'info' };

export function OrderStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <StatusBadge tone={statusTones[status] ?? 'muted'}>{t(`lottery_status_${status}`)}</StatusBadge>;
}

/**
 * A chase's refunded order whose stopping win a corrected official result took back: its stake stays
 * refunded (no bet placed again for the member), and the page says so (server official/README.md).
 */
const winCorrected = (order: Pick<LotteryOrderRow, 'status' | 'chaseStatus'>) =>
  order.status === 6 && order.chaseStatus === 'win_corrected';

const playNameKey = (playCode: string) => `lottery_play_${playCode.replace(/^KENO_PICK\d+$/, 'KENO_PICK')}`;

/**
 * "My lottery bets" (the original's ODSFE2_lottMemBet): the member's orders filtered by game, status
 * and dates, a page at a time, with the totals over the whole filter; each order's detail opens over
 * the list, with Cancel while it may still be cancelled. A visitor is asked to log in.
 */
export function MyBets({ games, family }: { games: LotteryGame[]; family: (gameCode: string) => string }) {
  const { t } = useTranslation();
  const id = useId();
  const token = useSessionToken();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const [gameCode, setGameCode] = useState('');
  const [status, setStatus] = useState('');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const { startTime, endTime } = dayRange(range.from, range.to);
  const orders = useLotteryOrders({
    page,
    size: pageSize,
    gameCode: gameCode || undefined,
    status: status ? Number(status) : undefined,
    startDate: startTime,
    endDate: endTime,
  });

  if (!token)
    return (
      <section className="lottery-bets" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="lottery-bets__title">
          {t('lottery_my_bets')}
        </h2>
        <p className="lottery-note">{t('lottery_bets_login')}</p>
        <button type="button" className="button button--primary" onClick={() => openModal({ kind: 'login' })}>
          {t('lottery_log_in')}
        </button>
      </section>
    );

  return (
    <section className="lottery-bets money-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lottery-bets__title">
        {t('lottery_my_bets')}
      </h2>
      <div className="money-filters">
        <label className="money-filter" htmlFor={`${id}-game`}>
          <span className="money-filter__label">{t('lottery_filter_game')}</span>
          <select
            id={`${id}-game`}
            className="auth-field__input money-filter__input"
            value={gameCode}
            onChange={(event) => {
              setGameCode(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('lottery_filter_all_games')}</option>
            {games.map((game) => (
              <option key={game.gameCode} value={game.gameCode}>
                {game.gameName}
              </option>
            ))}
          </select>
        </label>
        <label className="money-filter" htmlFor={`${id}-status`}>
          <span className="money-filter__label">{t('lottery_filter_status')}</span>
          <select
            id={`${id}-status`}
            className="auth-field__input money-filter__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('lottery_filter_all_statuses')}</option>
            {lotteryOrderStatusValues.map((value) => (
              <option key={value} value={value}>
                {t(`lottery_status_${value}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </div>
      <QueryStates query={orders}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="lottery-note">{t('lottery_bets_empty')}</p>
          ) : (
            <>
              <table className="money-table lottery-bets__table" aria-busy={orders.isFetching}>
                <caption className="visually-hidden">{t('lottery_my_bets')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery_col_order')}</th>
                    <th scope="col">{t('lottery_col_bet')}</th>
                    <th scope="col" className="money-table__num">
                      {t('lottery_col_amount')}
                    </th>
                    <th scope="col" className="money-table__num">
                      {t('lottery_col_win')}
                    </th>
                    <th scope="col">{t('lottery_col_status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((order) => (
                    <tr key={order.orderId}>
                      <td data-label={t('lottery_col_order')}>
                        <div className="money-table__stack">
                          <span className="money-table__type">{order.gameName}</span>
                          <span className="money-table__ref">{t('lottery_numero_of', { numero: order.numero })}</span>
                          <span className="money-table__ref">{formatDateTime(order.betTimeInTimestamp)}</span>
                          <button
                            type="button"
                            className="lottery-link-button"
                            aria-label={t('lottery_order_details_of', { orderNo: order.orderNo })}
                            onClick={() => setOpenOrderId(order.orderId)}
                          >
                            {order.orderNo}
                          </button>
                        </div>
                      </td>
                      <td data-label={t('lottery_col_bet')}>
                        <div className="money-table__stack">
                          <span className="money-table__type">{t(playNameKey(order.playCode))}</span>
                          <span className="lottery-bets__content">{order.betContent}</span>
                          {order.winningNumber ? (
                            <ResultBalls family={family(order.gameCode)} winNoStr={order.winningNumber} />
                          ) : null}
                        </div>
                      </td>
                      <td data-label={t('lottery_col_amount')} className="money-table__num">
                        <div className="money-table__stack">
                          <Money amount={order.betAmount} symbol={symbol} />
                          <span className="money-table__ref">{t('lottery_combinations', { count: order.betNum })}</span>
                        </div>
                      </td>
                      <td data-label={t('lottery_col_win')} className="money-table__num">
                        {order.winAmount === null ? (
                          <span className="money-table__dim">—</span>
                        ) : (
                          <Money amount={order.winAmount} symbol={symbol} />
                        )}
                      </td>
                      <td data-label={t('lottery_col_status')}>
                        <div className="money-table__stack">
                          <OrderStatus status={order.status} />
                          {winCorrected(order) ? (
                            <span className="money-table__ref">{t('lottery_chase_win_corrected_short')}</span>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <dl className="lottery-totals" aria-label={t('lottery_totals')}>
                <div className="lottery-totals__item">
                  <dt className="lottery-totals__label">{t('lottery_total_orders')}</dt>
                  <dd className="lottery-totals__value">{data.totalCount}</dd>
                </div>
                <div className="lottery-totals__item">
                  <dt className="lottery-totals__label">{t('lottery_total_bet')}</dt>
                  <dd className="lottery-totals__value">
                    <Money amount={data.betAmount} symbol={symbol} />
                  </dd>
                </div>
                <div className="lottery-totals__item">
                  <dt className="lottery-totals__label">{t('lottery_total_win')}</dt>
                  <dd className="lottery-totals__value">
                    <Money amount={data.winAmount} symbol={symbol} />
                  </dd>
                </div>
              </dl>
              <Pagination
                currentPage={page}
                pageCount={Math.max(1, Math.ceil(data.totalCount / pageSize))}
                onPageChange={setPage}
              />
            </>
          )
        }
      </QueryStates>
      {openOrderId ? (
        <OrderDetail orderId={openOrderId} family={family} symbol={symbol} onClose={() => setOpenOrderId(null)} />
      ) : null}
    </section>
  );
}

/** One order's detail; Cancel asks first, saying the fee kept and what comes back. */
function OrderDetail({
  orderId,
  family,
  symbol,
  onClose,
}: {
  orderId: string;
  family: (gameCode: string) => string;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const order = useLotteryOrder(orderId);
  const cancel = useCancelOrders();
  const [isConfirming, setIsConfirming] = useState(false);
  const [cancelled, setCancelled] = useState<LotteryCancelResult | null>(null);
  return (
    <Modal title={t('lottery_order_details')} onClose={onClose} className="lottery-order-modal">
      <QueryStates query={order}>
        {(detail) => (
          <div className="lottery-order">
            <dl className="lottery-order__facts">
              <Fact label={t('lottery_order_no')}>{detail.orderNo}</Fact>
              <Fact label={t('lottery_col_status')}>
                <OrderStatus status={detail.status} />
              </Fact>
              <Fact label={t('lottery_filter_game')}>{detail.gameName}</Fact>
              <Fact label={t('lottery_numero')}>{detail.numero}</Fact>
              <Fact label={t('lottery_play')}>{t(playNameKey(detail.playCode))}</Fact>
              <Fact label={t('lottery_content')}>
                <span className="lottery-bets__content">{detail.betContent}</span>
              </Fact>
              <Fact label={t('lottery_total_combinations')}>{detail.betNum}</Fact>
              <Fact label={t('lottery_stake')}>{formatAmount(detail.stakePerUnit)}</Fact>
              <Fact label={t('lottery_multiple')}>{detail.multiple}</Fact>
              <Fact label={t('lottery_series')}>{detail.series}</Fact>
              <Fact label={t('lottery_odds_label')}>{detail.odds}</Fact>
              <Fact label={t('lottery_col_amount')}>
                <Money amount={detail.betAmount} symbol={symbol} />
              </Fact>
              <Fact label={t('lottery_col_win')}>
                {detail.winAmount === null ? '—' : <Money amount={detail.winAmount} symbol={symbol} />}
              </Fact>
              <Fact label={t('lottery_bet_time')}>{formatDateTime(detail.betTimeInTimestamp)}</Fact>
              <Fact label={t('lottery_draw_time')}>{formatDateTime(detail.drawTime)}</Fact>
              {detail.chase ? (
                <Fact label={t('lottery_chase')}>
                  {detail.chaseStatus
                    ? `${detail.chase} · ${t(`lottery_chase_status_${detail.chaseStatus}`)}`
                    : detail.chase}
                </Fact>
              ) : null}
              {detail.reducedNumbers.length > 0 ? (
                <Fact label={t('lottery_reduced_numbers')}>{detail.reducedNumbers.join(', ')}</Fact>
              ) : null}
              <Fact label={t('lottery_winning_number')}>
                {detail.winningNumber ? (
                  <ResultBalls family={family(detail.gameCode)} winNoStr={detail.winningNumber} />
                ) : (
                  t('lottery_not_drawn')
                )}
              </Fact>
            </dl>
            {winCorrected(detail) ? <p className="lottery-note">{t('lottery_chase_win_corrected_note')}</p> : null}
            {cancelled ? (
              <p className="lottery-placed" role="status">
                {t('lottery_cancel_done', {
                  refund: `${symbol}${formatAmount(cancelled.cancelled[0]?.refund ?? '0')}`,
                  balance: `${symbol}${formatAmount(cancelled.balance)}`,
                })}
              </p>
            ) : detail.cancellable ? (
              isConfirming ? (
                <div className="lottery-order__confirm" role="group" aria-label={t('lottery_cancel_confirm_title')}>
                  <p>
                    {t('lottery_cancel_confirm', {
                      fee: `${symbol}${formatAmount(detail.cancelFee)}`,
                      refund: `${symbol}${refundOf(detail.betAmount, detail.cancelFee)}`,
                    })}
                  </p>
                  {cancel.isError ? (
                    <p className="lottery-field__problem" role="alert">
                      {messageOf(cancel.error, t('lottery_cancel_failed'))}
                    </p>
                  ) : null}
                  <div className="lottery-order__actions">
                    <button type="button" className="button button--secondary" onClick={() => setIsConfirming(false)}>
                      {t('lottery_cancel_keep')}
                    </button>
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={cancel.isPending}
                      onClick={() =>
                        cancel.mutate([detail.orderId], {
                          onSuccess: (result) => {
                            setCancelled(result);
                            void order.refetch();
                          },
                        })
                      }
                    >
                      {t('lottery_cancel_yes')}
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setIsConfirming(true)}>
                  {t('lottery_cancel_order')}
                </button>
              )
            ) : null}
          </div>
        )}
      </QueryStates>
    </Modal>
  );
}

/** What a cancellation gives back: the stake less the fee (both decimal strings with two places). */
function refundOf(betAmount: string, fee: string): string {
  return formatAmount(formatMinorUnits((parseAmount(betAmount) ?? 0n) - (parseAmount(fee) ?? 0n)));
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lottery-order__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
