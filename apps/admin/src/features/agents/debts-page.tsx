import { agentDebtorStates, type AdminAgentDebtor } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, ErrorNote, FilterField, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import { agentDebtorsQuery, agentsPageSize as pageSize } from './api';

const filterNames = ['agent', 'state'] as const;
const emptyFilters = { agent: '', state: '' };

/**
 * The uplines carrying a debt under the merchant rule `advance` (server README "Carried debt"):
 * per agent what the brand advanced, what came back and what it owes now, the biggest first;
 * read-only (`members.read`). Each row links to the statements paid to the agent, which give it back.
 */
export function DebtsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const list = useQuery(agentDebtorsQuery(values, page));
  const canReadStatements = me?.permissions.includes('agents.settle') ?? false;
  const columns: Column<AdminAgentDebtor>[] = [
    { key: 'agent', header: t('agents_debts_agent'), render: (row) => <strong>{row.username}</strong> },
    { key: 'debts', header: t('agents_debts_count'), isNumeric: true, render: (row) => row.debts },
    {
      key: 'advanced',
      header: t('agents_debts_advanced'),
      isNumeric: true,
      render: (row) => <Money amount={row.advanced} />,
    },
    {
      key: 'recovered',
      header: t('agents_debts_recovered'),
      isNumeric: true,
      render: (row) => <Money amount={row.recovered} />,
    },
    {
      key: 'outstanding',
      header: t('agents_debts_outstanding'),
      isNumeric: true,
      render: (row) => <Money amount={row.outstanding} />,
    },
    { key: 'oldest', header: t('agents_debts_oldest'), render: (row) => <DateTime value={row.oldestOutstandingAt} /> },
    {
      key: 'lastRecovery',
      header: t('agents_debts_last_recovery'),
      render: (row) => <DateTime value={row.lastRecoveryAt} />,
    },
  ];
  if (canReadStatements)
    columns.push({
      key: 'statements',
      header: t('agents_debts_statements'),
      render: (row) => (
        <Link
          to={`/agents/statements?agent=${encodeURIComponent(row.username)}`}
          aria-label={t('agents_debts_statements_label', { username: row.username })}
        >
          {t('agents_debts_statements')}
        </Link>
      ),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ agent: draft.agent.trim(), state: draft.state });
  };
  const isFiltered = values.agent !== '' || values.state !== '';
  return (
    <>
      <PageHeader
        title={t('agents_debts_title')}
        subtitle={list.data ? t('agents_debts_subtitle', { count: list.data.total }) : undefined}
      />
      <AgentsTabs />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('agents_agent_username')}>
            {(id) => (
              <input
                id={id}
                value={draft.agent}
                onChange={(event) => setDraft((current) => ({ ...current, agent: event.target.value }))}
                maxLength={64}
                autoComplete="off"
              />
            )}
          </FilterField>
          <FilterField label={t('agents_debts_show')}>
            {(id) => (
              <select
                id={id}
                value={draft.state || 'outstanding'}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    state: event.target.value === 'outstanding' ? '' : event.target.value,
                  }))
                }
              >
                {agentDebtorStates.map((state) => (
                  <option key={state} value={state}>
                    {t(`agents_debts_show_${state}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <div className="filter-actions">
            <button type="submit" className="button is-primary">
              {t('filter_apply')}
            </button>
            <button
              type="button"
              className="button is-ghost"
              onClick={() => {
                setDraft(emptyFilters);
                setFilters(emptyFilters);
              }}
            >
              {t('filter_clear')}
            </button>
          </div>
        </form>
        {list.data ? (
          <dl className="agents-totals" aria-label={t('agents_totals')}>
            <div>
              <dt>{t('agents_debts_debtors')}</dt>
              <dd>{list.data.totals.debtors}</dd>
            </div>
            <div>
              <dt>{t('agents_total_carried_debt')}</dt>
              <dd data-testid="agents-debts-outstanding">
                <Money amount={list.data.totals.outstanding} />
              </dd>
            </div>
          </dl>
        ) : null}
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('agents_debts_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.memberId}
          isLoading={list.isLoading}
          emptyText={t(isFiltered ? 'agents_debts_empty_filtered' : 'agents_debts_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}
