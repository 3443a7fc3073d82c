import '../money.css';
import type { HistoryDetail, HistoryEntry, HistoryType } from '@lotus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../../../api/wallet';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useTransactionHistory } from '../api/history';
import { loadMoneyCatalogue } from '../money-catalogue';
import { dayRange } from '../money-rules';
import {
  DateRangeFilter,
  lastDays,
  Money,
  QueryStates,
  RecordStatusBadge,
  StatusBadge,
  type DayRange,
} from './money-ui';

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
  bonus_convert: 'money_type_bonus_convert',
  bonus_forfeit: 'money_type_bonus_forfeit',
  trial: 'money_type_trial',
  agent_transfer: 'money_type_agent_transfer',
  agent_income: 'money_type_agent_income',
  other: 'money_type_other',
};
const historyTypes = Object.keys(typeKeys) as HistoryType[];
/** A type newer than this page (the contract grew) shows as "other" rather than as a key. */
const typeKeyOf = (type: string): string =>
  (typeKeys as Record<string, string | undefined>)[type] ?? 'money_type_other';

/** The wallet a movement touched, in words: the member's own by name, a game vendor's by the vendor's catalogue name. */
function useWalletName(): (entry: Pick<HistoryEntry, 'wallet' | 'walletVendorName'>) => string {
  const { t } = useTranslation();
  return ({ wallet, walletVendorName }) => {
    if (wallet === 'main') return t('money_wallet_main');
    if (wallet === 'held') return t('money_wallet_held');
    if (wallet === 'bonus') return t('money_wallet_bonus');
    if (wallet === 'trial') return t('money_wallet_trial');
    return walletVendorName === null ? t('money_wallet_game') : t('money_wallet_vendor', { vendor: walletVendorName });
  };
}

type TransferDetail = Extract<HistoryDetail, { kind: 'transfer' }>;

/** A transfer's words: into or back out of the vendor's wallet, or the money back after the vendor refused. */
function transferKey(detail: TransferDetail): string {
  if (detail.isReturned)
    return detail.direction === 'IN' ? 'money_history_transfer_in_returned' : 'money_history_transfer_out_returned';
  return detail.direction === 'IN' ? 'money_history_transfer_in' : 'money_history_transfer_out';
}

const transferStatusTones = { pending: 'pending', succeeded: 'good', failed: 'bad' } as const;

/**
 * What a movement was, in the member's language: the game and round, or the record, transfer or vendor
 * the server's `detail` names. A short id shows the whole one on hover; the raw reference never shows.
 */
function MovementDescription({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const { game, detail } = entry;
  if (game) {
    // A game round: the game as the catalogue names it, and the round's short id (the full one on hover).
    return (
      <span className="money-table__ref" title={game.roundId}>
        {t('money_history_game_round', { game: game.name, round: game.shortRoundId })}
      </span>
    );
  }
  switch (detail?.kind) {
    case 'deposit':
      return (
        <span className="money-table__ref">
          {t(detail.isFee ? 'money_history_deposit_fee' : 'money_history_deposit', { id: detail.depositId })}
        </span>
      );
    case 'withdrawal':
      return (
        <span className="money-table__ref">
          {t(detail.isFee ? 'money_history_withdrawal_fee' : 'money_history_withdrawal', { id: detail.withdrawalId })}
        </span>
      );
    case 'adjustment':
      return <span className="money-table__ref">{t('money_history_adjustment', { id: detail.adjustmentId })}</span>;
    case 'transfer':
      return (
        <span className="money-table__ref" title={detail.transferId}>
          {t(transferKey(detail), { vendor: detail.vendor.name, id: detail.shortTransferId })}
        </span>
      );
    case 'vendor_result':
      return (
        <span className="money-table__ref">{t('money_history_vendor_result', { vendor: detail.vendor.name })}</span>
      );
    default:
      return null;
  }
}

/** The status of the movement's record (a deposit's, a withdrawal's) or transfer; a dash when it has none. */
function MovementStatus({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  if (entry.detail?.kind === 'transfer') {
    const { status } = entry.detail;
    return <StatusBadge tone={transferStatusTones[status]}>{t(`money_transfer_status_${status}`)}</StatusBadge>;
  }
  if (entry.status) return <RecordStatusBadge status={entry.status} reference={entry.reference} />;
  return <span className="money-table__dim">—</span>;
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
  const history = useTransactionHistory({
    pageNo,
    pageSize,
    type: type || undefined,
    ...dayRange(range.from, range.to),
  });

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
              <option key={value} value={value}>
                {t(typeKeys[value])}
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
      <QueryStates query={history} empty={t('money_history_empty')}>
        {(data) => (
          <>
            <table className="money-table" aria-busy={history.isFetching}>
              <caption className="visually-hidden">{t('money_history_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money_col_time')}</th>
                  <th scope="col">{t('money_col_type')}</th>
                  <th scope="col" className="money-table__num">
                    {t('money_amount')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('money_col_balance_after')}
                  </th>
                  <th scope="col">{t('money_col_status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((entry) => (
                  <tr key={`${entry.wallet}-${entry.transactionId}`}>
                    <td data-label={t('money_col_time')}>
                      <span className="money-table__stack">
                        <span className="money-table__time">{formatDateTime(entry.time)}</span>
                        <MovementDescription entry={entry} />
                      </span>
                    </td>
                    <td data-label={t('money_col_type')}>
                      <span className="money-table__stack">
                        <span className="money-table__type">
                          {t(entry.detail?.kind === 'bet_refund' ? 'money_type_bet_refund' : typeKeyOf(entry.type))}
                        </span>
                        <span className="money-table__ref">{walletName(entry)}</span>
                      </span>
                    </td>
                    <td data-label={t('money_amount')} className="money-table__num">
                      <Money amount={entry.amount} symbol={symbol} isSigned />
                    </td>
                    <td data-label={t('money_col_balance_after')} className="money-table__num">
                      <Money amount={entry.balanceAfter} symbol={symbol} />
                    </td>
                    <td data-label={t('money_col_status')}>
                      <MovementStatus entry={entry} />
                    </td>
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
