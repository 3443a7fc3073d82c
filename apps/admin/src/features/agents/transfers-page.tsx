import { agentTransferKinds, type AdminAgentTransfer } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, FilterField, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import { agentTransfersQuery, agentsPageSize as pageSize } from './api';

const filterNames = ['kind', 'member', 'from', 'to'] as const;
const emptyFilters = { kind: '', member: '', from: '', to: '' };
const kindKey = (kind: string) => `agents_transfer_${kind.replace('agent.transfer.', '')}`;

/** Agents' transfers with their teams (one row per recipient), read-only (`members.read`). */
export function TransfersPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const list = useQuery(agentTransfersQuery(values, page));
  const columns: Column<AdminAgentTransfer>[] = [
    { key: 'time', header: t('agents_time'), render: (row) => <DateTime value={row.time} /> },
    { key: 'kind', header: t('agents_kind'), render: (row) => <Badge tone="info">{t(kindKey(row.kind))}</Badge> },
    {
      key: 'from',
      header: t('agents_transfer_from_to'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{row.senderUsername}</strong>
          <span className="muted">→ {row.receiverUsername}</span>
        </span>
      ),
    },
    { key: 'amount', header: t('agents_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    {
      key: 'remark',
      header: t('agents_remark'),
      render: (row) =>
        row.remark ? <span className="message-body">{row.remark}</span> : <span className="muted">—</span>,
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])));
  };
  const set = (name: (typeof filterNames)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  return (
    <>
      <PageHeader
        title={t('agents_transfers_title')}
        subtitle={
          list.data
            ? t('agents_transfers_subtitle', { count: list.data.total, amount: list.data.totalAmount })
            : undefined
        }
      />
      <AgentsTabs />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('agents_kind')}>
            {(id) => (
              <select id={id} value={draft.kind} onChange={set('kind')}>
                <option value="">{t('filter_all')}</option>
                {agentTransferKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(kindKey(kind))}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('agents_member_username')}>
            {(id) => <input id={id} value={draft.member} onChange={set('member')} maxLength={64} autoComplete="off" />}
          </FilterField>
          <FilterField label={t('filter_from')}>
            {(id) => <input id={id} type="date" value={draft.from} onChange={set('from')} />}
          </FilterField>
          <FilterField label={t('filter_to')}>
            {(id) => <input id={id} type="date" value={draft.to} onChange={set('to')} />}
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
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('agents_transfers_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('agents_transfers_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}
