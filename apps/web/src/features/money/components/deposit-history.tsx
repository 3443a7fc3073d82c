import type { Deposit, DepositStatus } from '@lotus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useDepositReport } from '../api/deposits';
import { dayRange } from '../money-rules';
import { methodNameKey } from './deposit-form';
import { DateRangeFilter, DepositStatusBadge, lastDays, Money, QueryStates, type DayRange } from './money-ui';

const pageSize = 10;
const statusFilters: { value: DepositStatus | ''; key: string }[] = [
  { value: '', key: 'money_filter_all_statuses' },
  { value: 'pending', key: 'money_deposit_status_pending' },
  { value: 'approved', key: 'money_deposit_status_approved' },
  { value: 'rejected', key: 'money_deposit_status_rejected' },
  { value: 'expired', key: 'money_deposit_status_expired' },
];

/**
 * What a row says about the money: the amount asked always, and what reached the wallet (after the
 * fee) only once approved; before that, or when it never will, a dash rather than a misleading 0.00.
 */
export function CreditedCell({ deposit, symbol }: { deposit: Deposit; symbol: string }) {
  const { t } = useTranslation();
  if (deposit.status === 'approved') return <Money amount={deposit.creditAmount} symbol={symbol} />;
  return (
    <span className="money-table__none">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('money_credited_none')}</span>
    </span>
  );
}

/**
 * The member's deposits (MCSFE_getDepositTransactionReport), newest first, by status and dates.
 * A row opens the deposit (`onOpen`): its state, the slip and questions.
 */
export function DepositHistory({ symbol, onOpen }: { symbol: string; onOpen: (deposit: Deposit) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [pageNo, setPageNo] = useState(1);
  const report = useDepositReport({ pageNo, pageSize, status: status || undefined, ...dayRange(range.from, range.to) });

  return (
    <div className="money-list">
      <div className="money-filters">
        <label className="money-filter" htmlFor={`${id}-status`}>
          <span className="money-filter__label">{t('money_filter_status')}</span>
          <select
            id={`${id}-status`}
            className="auth-field__input money-filter__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DepositStatus | '');
              setPageNo(1);
            }}
          >
            {statusFilters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {t(filter.key)}
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

      <QueryStates query={report} empty={t('money_deposit_history_empty')}>
        {(data) => (
          <>
            <table className="money-table" aria-busy={report.isFetching}>
              <caption className="visually-hidden">{t('money_deposit_history')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money_col_time')}</th>
                  <th scope="col">{t('money_col_method')}</th>
                  <th scope="col" className="money-table__num">
                    {t('money_amount_asked')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('money_fee')}
                  </th>
                  <th scope="col" className="money-table__num">
                    {t('money_credited')}
                  </th>
                  <th scope="col">{t('money_col_status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('money_col_actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((deposit) => (
                  <tr key={deposit.depositId}>
                    <td data-label={t('money_col_time')}>
                      <span className="money-table__time">{formatDateTime(deposit.createdAt)}</span>
                      <span className="money-table__ref">#{deposit.depositId}</span>
                    </td>
                    <td data-label={t('money_col_method')}>{t(methodNameKey(deposit.methodCode))}</td>
                    <td data-label={t('money_amount_asked')} className="money-table__num">
                      <Money amount={deposit.amount} symbol={symbol} />
                    </td>
                    <td data-label={t('money_fee')} className="money-table__num">
                      <Money amount={deposit.feeAmount} />
                    </td>
                    <td data-label={t('money_credited')} className="money-table__num">
                      <CreditedCell deposit={deposit} symbol={symbol} />
                    </td>
                    <td data-label={t('money_col_status')}>
                      <span className="money-table__status">
                        <DepositStatusBadge deposit={deposit} />
                        {deposit.questions.some((question) => question.answer !== null) && (
                          <span className="money-table__note">{t('money_question_answered_badge')}</span>
                        )}
                      </span>
                    </td>
                    <td className="money-table__action">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => onOpen(deposit)}
                        aria-label={t('money_deposit_open_label', { id: deposit.depositId })}
                      >
                        {t('money_deposit_open')}
                      </button>
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
