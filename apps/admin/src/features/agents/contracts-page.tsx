import { type AdminTopContract, type AgentContractStatus } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, FilterField, PageHeader, Panel, type Tone } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import { agentsPageSize as pageSize, endTopContract, topContractKeys, topContractsQuery } from './api';
import { OfferDialog } from './offer-dialog';

const filterNames = ['state', 'agent'] as const;
const emptyFilters = { state: '', agent: '' };
const contractTone: Record<AgentContractStatus, Tone> = {
  P: 'warn',
  E: 'warn',
  V: 'warn',
  A: 'good',
  C: 'neutral',
  R: 'bad',
};

const refresh = () => queryClient.invalidateQueries({ queryKey: topContractKeys.all });

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;

/** A tier's rate as the list shows it: a percent of the team's valid bet, or a fixed amount. */
function tierText(tier: AdminTopContract['details'][number]): string {
  const rate = tier.rate ?? tier.contractRate;
  if (tier.rateType === 'F') return String(rate ?? tier.betAmount ?? '');
  if (typeof rate === 'number') return percent(rate);
  return String(rate ?? '');
}

/** One tier of any kind as a line: salaries and dividends by thresholds, real-time salary by single bet. */
function TierLine({ tier }: { tier: AdminTopContract['details'][number] }) {
  const { t } = useTranslation();
  if (tier.lossRate !== undefined || tier.winRate !== undefined)
    return t('agents_tier_line_realtime', {
      bet: tier.betAmount ?? '0',
      loss: percent(tier.lossRate ?? 0),
      win: percent(tier.winRate ?? 0),
    });
  const bet = tier.minimumBet ?? tier.betVolume ?? tier.betAmount ?? '0';
  if (tier.netLoss !== undefined)
    return t('agents_tier_line_dividend', {
      bet,
      netLoss: tier.netLoss,
      active: tier.activeMember ?? 0,
      rate: tierText(tier),
    });
  return t('agents_tier_line', { bet, active: tier.activeMember ?? 0, rate: tierText(tier) });
}

/**
 * The merchant's own contracts with its top agents (agents with no upline): they start every cascade
 * and are paid by the merchant. Reading needs `members.read`; offering and ending `agents.manage`.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const mayManage = me?.permissions.includes('agents.manage') ?? false;
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const [isOffering, setOffering] = useState(false);
  const [ending, setEnding] = useState<AdminTopContract | null>(null);
  const list = useQuery(topContractsQuery(values, page));
  const end = useMutation({
    mutationFn: (contract: AdminTopContract) => endTopContract(contract.id),
    onSuccess: async (_saved, contract) => {
      showToast(t('agents_contract_ended_toast', { username: contract.holderUsername }));
      setEnding(null);
      await refresh();
    },
  });
  const columns: Column<AdminTopContract>[] = [
    { key: 'agent', header: t('agents_holder'), render: (row) => <strong>{row.holderUsername}</strong> },
    {
      key: 'kind',
      header: t('agents_kind'),
      render: (row) => (
        <span className="cell-stack">
          <span>{t(`agents_kind_${row.kind}`)}</span>
          <span className="muted">
            {row.productType}
            {row.kind === 'dividend' && row.computationPeriod
              ? ` · ${t(`agents_computation_period_${row.computationPeriod}`)} · ${t(`agents_carry_${row.carryForward ?? 'none'}`)}`
              : row.computationPeriod
                ? ` · ${t(`agents_frequency_${row.computationPeriod}`)}`
                : ''}
          </span>
        </span>
      ),
    },
    {
      key: 'tiers',
      header: t('agents_tiers'),
      render: (row) => (
        <span className="cell-stack">
          {row.details.map((tier, index) => (
            <span key={index} className="muted">
              <TierLine tier={tier} />
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('agents_status'),
      render: (row) => <Badge tone={contractTone[row.status]}>{t(`agents_contract_status_${row.status}`)}</Badge>,
    },
    { key: 'updated', header: t('agents_updated'), render: (row) => <DateTime value={row.updateTime} /> },
    {
      key: 'actions',
      header: t('agents_actions'),
      render: (row) =>
        mayManage && row.status !== 'C' && row.status !== 'R' ? (
          <button
            type="button"
            className="button is-danger-ghost is-small"
            onClick={() => {
              end.reset();
              setEnding(row);
            }}
          >
            {t('agents_contract_end')}
          </button>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ state: draft.state, agent: draft.agent.trim() });
  };
  return (
    <>
      <PageHeader
        title={t('agents_contracts_title')}
        subtitle={t('agents_contracts_subtitle')}
        actions={
          mayManage ? (
            <button type="button" className="button is-primary" onClick={() => setOffering(true)}>
              {t('agents_offer')}
            </button>
          ) : undefined
        }
      />
      <AgentsTabs />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('agents_contract_state')}>
            {(id) => (
              <select
                id={id}
                value={draft.state}
                onChange={(event) => setDraft({ ...draft, state: event.target.value })}
              >
                <option value="">{t('filter_all')}</option>
                {(['signed', 'waiting', 'ended'] as const).map((state) => (
                  <option key={state} value={state}>
                    {t(`agents_contract_state_${state}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('agents_agent_username')}>
            {(id) => (
              <input
                id={id}
                value={draft.agent}
                onChange={(event) => setDraft({ ...draft, agent: event.target.value })}
                maxLength={64}
                autoComplete="off"
              />
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
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('agents_contracts_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('agents_contracts_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
      <OfferDialog isOpen={isOffering} onClose={() => setOffering(false)} onOffered={refresh} />
      <ConfirmDialog
        title={t('agents_contract_end_title')}
        isOpen={ending !== null}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && end.mutate(ending)}
        confirmLabel={t('agents_contract_end')}
        tone="danger"
        isPending={end.isPending}
        error={end.error}
      >
        {ending ? (
          <p>
            {t('agents_contract_end_text', { username: ending.holderUsername, kind: t(`agents_kind_${ending.kind}`) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
