import '../money.css';
import type { HistoryType } from '@lotus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../../../api/wallet';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useTransactionHistory } from '../api/history';
import { loadMoneyCatalogue } from '../money-catalogue';
import { dayRange } from '../money-rules';
import { DateRangeFilter, lastDays, Money, QueryStates, RecordStatusBadge, type DayRange } from './money-ui';

await loadMoneyCatalogue();

const pageSize = 15;

/** Every movement type of the contract (historyTypeSchema), in the order the filter lists them. */
const typeKeys: Record<HistoryType, string> = {
  deposit: 'money_type_deposit',
  withdrawal: 'money_type_withdrawal',
  withdrawal_release: 'money_type_withdrawal_release',
  withdrawal_payout: 'money_type_withdrawal_payout',
  adjustment: 'money_type_adjustment',
  transfer: 'money_type_transfer',
  bet: 'money_type_bet',
  win: 'money_type_win',
  bonus: 'money_type_bonus',
  trial: 'money_type_trial',
  other: 'money_type_other',
};
const historyTypes = Object.keys(typeKeys) as HistoryType[];
/** A type newer than this page (the contract grew) shows as "other" rather than as a key. */
const typeKeyOf = (type: string): string => (typeKeys as Record<string, string | undefined>)[type] ?? 'money_type_other';

/** The wallet a movement touched, in words. */
function useWalletName(): (wallet: string) => string {
  const { t } = useTranslation();
  return (wallet) => {
    if (wallet === 'main') return t('money_wallet_main');
    if (wallet === 'held') return t('money_wallet_held');
    if (wallet === 'bonus') return t('money_wallet_bonus');
    if (wallet === 'trial') return t('money_wallet_trial');
    if (wallet.startsWith('vendor:')) return wallet.slice('vendor:'.length);
    return wallet;
  };
}

/**
 * transactionHistory (spec §2): every movement of the member's wallets (ODSFE2_MemTransDet) with
 * its type, signed amount, the balance after it and its status, by type and dates, paged.
 */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const id = useId();
  const walletName = useWalletName();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const [type, setType] = useState<HistoryType | ''>('');
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [pageNo, setPageNo] = useState(1);
  const history = useTransactionHistory({ pageNo, pageSize, type: type || undefined, ...dayRange(range.from, range.to) });

  return (
    <div className="money-page money-list">
      <div className="money-filters">
        <label className="money-filter" htmlFor={`${id}-type`}>
          <span className="money-filter__label">{t('money_filter_type')}</span>
          <select
            id={`${id}-type`}
            className="auth-field__input money-filter__input"
            value={type}
            onChange={(event) => {
              setType(event.target.value as HistoryType | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('money_filter_all_types')}</option>
            {historyTypes.map((value) => (
              <option key={value} value={value}>{t(typeKeys[value])}</option>
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
      <QueryStates query={history} empty={t('money_history_empty')}>
        {(data) => (
          <>
            <table className="money-table" aria-busy={history.isFetching}>
              <caption className="visually-hidden">{t('money_history_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money_col_time')}</th>
                  <th scope="col">{t('money_col_type')}</th>
                  <th scope="col" className="money-table__num">{t('money_amount')}</th>
                  <th scope="col" className="money-table__num">{t('money_col_balance_after')}</th>
                  <th scope="col">{t('money_col_status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((entry) => (
                  <tr key={`${entry.wallet}-${entry.transactionId}`}>
                    <td data-label={t('money_col_time')}>
                      <span className="money-table__time">{formatDateTime(entry.time)}</span>
                      {entry.game ? (
                        // A game round: the game as the catalogue names it, and the round's short id (the full one on hover).
                        <span className="money-table__ref" title={entry.game.roundId}>{t('money_history_game_round', { game: entry.game.name, round: entry.game.shortRoundId })}</span>
                      ) : (
                        <span className="money-table__ref">{entry.reference}</span>
                      )}
                    </td>
                    <td data-label={t('money_col_type')}>
                      <span className="money-table__type">{t(typeKeyOf(entry.type))}</span>
                      <span className="money-table__ref">{walletName(entry.wallet)}</span>
                    </td>
                    <td data-label={t('money_amount')} className="money-table__num"><Money amount={entry.amount} symbol={symbol} isSigned /></td>
                    <td data-label={t('money_col_balance_after')} className="money-table__num"><Money amount={entry.balanceAfter} symbol={symbol} /></td>
                    <td data-label={t('money_col_status')}>{entry.status ? <RecordStatusBadge status={entry.status} reference={entry.reference} /> : <span className="money-table__dim">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination currentPage={pageNo} pageCount={data.totalPages} onPageChange={setPageNo} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
