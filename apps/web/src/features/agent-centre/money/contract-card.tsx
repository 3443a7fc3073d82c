import type { AgentContract } from '@lotus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate, formatTime, tierColumnsOf } from './format';

/** One contract: kind, product, period, status and its tiers, with the buttons the page gives it. */
export function ContractCard({ contract, children }: { contract: AgentContract; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const columns = tierColumnsOf(contract.kind);
  const cell = (tier: AgentContract['details'][number], column: string) => {
    const value = (tier as Record<string, unknown>)[column];
    if (value === undefined || value === null) return '–';
    if (column === 'activeMember') return String(value);
    if (column === 'rate' && tier.rateType === 'F') return formatMoney(String(value), i18n.language);
    if (column === 'rate' || column.endsWith('Rate')) return formatRate(value as number, i18n.language);
    return formatMoney(String(value), i18n.language);
  };
  return (
    <li className="agent-contract" data-testid="agent-contract">
      <div className="agent-contract__head">
        <strong>{t(`agmoney_kind_${contract.kind}`)}</strong>
        <span className={`agent-contract__status agent-contract__status--${contract.status}`}>
          {t(`agmoney_status_${contract.status}`)}
        </span>
      </div>
      <p className="agent-contract__meta">
        {t(`agmoney_product_${contract.productType}`)}
        {contract.computationPeriod ? ` · ${t(`agmoney_period_${contract.computationPeriod}`)}` : ''}
        {contract.carryForward ? ` · ${t(`agmoney_carry_${contract.carryForward}`)}` : ''}
        {` · ${formatTime(contract.updateTime, i18n.language)}`}
      </p>
      <div className="agent-table-wrap">
        <table className="agent-table">
          <thead>
            <tr>
              <th scope="col">{t('agmoney_tier')}</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(`agmoney_col_${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {contract.details.map((tier, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                {columns.map((column) => (
                  <td key={column}>{cell(tier, column)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {children}
    </li>
  );
}
