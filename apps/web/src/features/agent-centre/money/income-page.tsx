import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/global-loader';
import { incomeQuery } from './api';
import { dayString, formatMoney } from './format';

/** My income (the original's AGEREV3): per contract kind what I received, paid my downlines and wait for; transfers. */
export function IncomePage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [range, setRange] = useState({ startDate: dayString(-30), endDate: dayString(0) });
  const query = useQuery(incomeQuery(range.startDate, range.endDate));
  const money = (value: string) => formatMoney(value, i18n.language);
  return (
    <div className="agent-money">
      <form className="agent-money__filters" onSubmit={(event) => event.preventDefault()}>
        {(['startDate', 'endDate'] as const).map((key) => (
          <div key={key} className="agent-form__field">
            <label htmlFor={`${id}-${key}`}>{t(key === 'startDate' ? 'agmoney_from' : 'agmoney_to')}</label>
            <input
              id={`${id}-${key}`}
              type="date"
              value={range[key]}
              onChange={(event) => event.target.value && setRange({ ...range, [key]: event.target.value })}
            />
          </div>
        ))}
      </form>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="agent-form__error">{query.error.message}</p>
      ) : (
        <>
          <dl className="agent-money__summary">
            <div>
              <dt>{t('agmoney_income_total')}</dt>
              <dd data-testid="income-total">{money(query.data.totalIncome)}</dd>
            </div>
            <div>
              <dt>{t('agmoney_transfers_received')}</dt>
              <dd>{money(query.data.transfersReceived)}</dd>
            </div>
            <div>
              <dt>{t('agmoney_transfers_sent')}</dt>
              <dd>{money(query.data.transfersSent)}</dd>
            </div>
            {/* Only an agent the merchant advanced for owes anything: the line stays away otherwise. */}
            {query.data.carriedDebt === '0.00' ? null : (
              <div>
                <dt>{t('agmoney_carried_debt')}</dt>
                <dd data-testid="income-carried-debt">{money(query.data.carriedDebt)}</dd>
              </div>
            )}
          </dl>
          {query.data.carriedDebt === '0.00' ? null : (
            <p className="agent-form__hint">{t('agmoney_carried_debt_hint')}</p>
          )}
          <div className="agent-table-wrap">
            <table className="agent-table">
              <thead>
                <tr>
                  <th scope="col">{t('agmoney_kind')}</th>
                  <th scope="col">{t('agmoney_received')}</th>
                  <th scope="col">{t('agmoney_paid_downlines')}</th>
                  <th scope="col">{t('agmoney_net')}</th>
                  <th scope="col">{t('agmoney_pending')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.byKind.map((row) => (
                  <tr key={row.kind} data-testid={`income-${row.kind}`}>
                    <th scope="row">{t(`agmoney_kind_${row.kind}`)}</th>
                    <td>{money(row.received)}</td>
                    <td>{money(row.paidToDownlines)}</td>
                    <td>{money(row.net)}</td>
                    <td>{money(row.pending)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
