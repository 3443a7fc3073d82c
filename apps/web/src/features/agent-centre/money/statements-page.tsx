import {
  agentSettlementPaths,
  agentStatementStatuses,
  type AgentContractKind,
  type AgentStatement,
  type AgentStatementStatus,
  type StatementLine,
} from '@lotus/contract';
import { idempotencyHeaderName, useIdempotentMutation } from '@lotus/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/global-loader';
import { apiRequest } from '../../../lib/api-client';
import { agentMoneyKeys, statementsQuery } from './api';
import { dayString, formatMoney, formatRate, formatTime } from './format';

const pageSize = 20;

/**
 * A record page of one contract kind (the original's dividend, daily salary, manual-claim daily
 * salary, hourly and real-time salary pages): my statements (SELF) or what I pay my downlines
 * (DIRECT), filtered by period and status, each with its input and deduction lines. A manual-claim
 * statement of mine still waiting (P) has the claim button.
 */
export function StatementsPage({ kind }: { kind: AgentContractKind }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState({
    subordinateType: 'SELF' as 'SELF' | 'DIRECT',
    startDate: dayString(-30),
    endDate: dayString(0),
    status: '' as AgentStatementStatus | '',
  });
  const [page, setPage] = useState(1);
  const query = useQuery(
    statementsQuery({
      kind,
      subordinateType: filters.subordinateType,
      startDate: filters.startDate || undefined,
      endDate: filters.endDate || undefined,
      status: filters.status || undefined,
      page,
      size: pageSize,
    }),
  );
  const queryClient = useQueryClient();
  const claim = useIdempotentMutation<unknown, string>({
    mutationFn: (statementId, key) =>
      apiRequest(agentSettlementPaths.claimMrDailySalary, {
        method: 'POST',
        body: { id: Number(statementId) },
        headers: { [idempotencyHeaderName]: key },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentMoneyKeys.all }),
  });
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setPage(1);
    setFilters((previous) => ({ ...previous, [key]: event.target.value }));
  };
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.totalElements / pageSize)) : 1;
  return (
    <div className="agent-money">
      <form className="agent-money__filters" onSubmit={(event) => event.preventDefault()}>
        <div className="agent-form__field">
          <label htmlFor={`${id}-side`}>{t('agmoney_side')}</label>
          <select id={`${id}-side`} value={filters.subordinateType} onChange={set('subordinateType')}>
            <option value="SELF">{t('agmoney_side_SELF')}</option>
            <option value="DIRECT">{t('agmoney_side_DIRECT')}</option>
          </select>
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-from`}>{t('agmoney_from')}</label>
          <input id={`${id}-from`} type="date" value={filters.startDate} onChange={set('startDate')} />
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-to`}>{t('agmoney_to')}</label>
          <input id={`${id}-to`} type="date" value={filters.endDate} onChange={set('endDate')} />
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-status`}>{t('agmoney_status')}</label>
          <select id={`${id}-status`} value={filters.status} onChange={set('status')}>
            <option value="">{t('agmoney_all')}</option>
            {agentStatementStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`agmoney_disburse_${status}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {claim.error ? <p className="agent-form__error">{claim.error.message}</p> : null}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="agent-form__error">{query.error.message}</p>
      ) : (
        <>
          <p className="agent-money__total" data-testid="statements-total">
            {t('agmoney_total', {
              amount: formatMoney(query.data.totalAmount, i18n.language),
              count: query.data.totalElements,
            })}
          </p>
          {query.data.list.length === 0 ? (
            <p className="agent-form__hint">{t('agmoney_statements_none')}</p>
          ) : (
            <ul className="agent-statements">
              {query.data.list.map((statement) => (
                <StatementCard
                  key={statement.id}
                  statement={statement}
                  onClaim={
                    kind === 'mr_daily_salary' && statement.side === 'SELF' && statement.status === 'P'
                      ? () => claim.mutate(statement.id)
                      : undefined
                  }
                  isClaiming={claim.isPending}
                />
              ))}
            </ul>
          )}
          {totalPages > 1 ? (
            <div className="agent-contract__actions">
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('agmoney_previous')}
              </button>
              <span>
                {page} / {totalPages}
              </span>
              <button type="button" className="button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
                {t('agmoney_next')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function lineValue(line: StatementLine, language: string): string {
  if (line.format === 'money') return formatMoney(line.value, language);
  if (line.format === 'rate') return formatRate(line.value, language);
  return line.value;
}

function StatementCard({
  statement,
  onClaim,
  isClaiming,
}: {
  statement: AgentStatement;
  onClaim?: () => void;
  isClaiming: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lineName = (name: string) => (i18n.exists(`agmoney_line_${name}`) ? t(`agmoney_line_${name}`) : name);
  const inputs = statement.lines.filter((line) => line.group === 'input');
  const deductions = statement.lines.filter((line) => line.group === 'deduction');
  return (
    <li className="agent-contract" data-testid="agent-statement">
      <div className="agent-contract__head">
        <strong>{statement.periodKey}</strong>
        <strong className="agent-statement__amount">{formatMoney(statement.amount, i18n.language)}</strong>
      </div>
      <p className="agent-contract__meta">
        {statement.productType ? `${t(`agmoney_product_${statement.productType}`)} · ` : ''}
        {statement.side === 'SELF'
          ? t('agmoney_paid_by', { name: statement.payerName ?? t('agmoney_merchant') })
          : t('agmoney_paid_to', { name: statement.holderName })}
        {' · '}
        <span className={`agent-contract__status agent-contract__status--${statement.status}`}>
          {t(`agmoney_disburse_${statement.status}`)}
        </span>
        {statement.note
          ? ` · ${i18n.exists(`agmoney_note_${statement.note}`) ? t(`agmoney_note_${statement.note}`) : statement.note}`
          : ''}
      </p>
      <dl className="affiliate-link__facts">
        {inputs.map((line) => (
          <div key={line.name} className="agent-statement__line">
            <dt>{lineName(line.name)}</dt>
            <dd>
              {line.format === 'tier' && line.value === '0' ? t('agmoney_tier_none') : lineValue(line, i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
      {deductions.length > 0 ? (
        <>
          <h4 className="agent-statement__deductions">{t('agmoney_deductions')}</h4>
          <dl className="affiliate-link__facts">
            {deductions.map((line) => (
              <div key={line.name} className="agent-statement__line">
                <dt>{lineName(line.name)}</dt>
                <dd>−{lineValue(line, i18n.language)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <p className="agent-contract__meta">
        {t('agmoney_computed', { time: formatTime(statement.computeTime, i18n.language) })}
        {statement.payoutTime
          ? ` · ${t('agmoney_paid_at', { time: formatTime(statement.payoutTime, i18n.language) })}`
          : ''}
      </p>
      {onClaim ? (
        <div className="agent-contract__actions">
          <button type="button" className="button button--primary" disabled={isClaiming} onClick={onClaim}>
            {t('agmoney_claim')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
