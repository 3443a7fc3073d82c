import {
  contractProductTypes,
  type AdminTopContract,
  type AgentContractStatus,
  type OfferContractRequest,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, FilterField, PageHeader, Panel, type Tone } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import {
  agentsPageSize as pageSize,
  endTopContract,
  offerTopContract,
  searchMembers,
  topContractKeys,
  topContractsQuery,
} from './api';

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
/** The kinds the offer form writes: the salaries share one tier shape (team valid bet, active members, rate). */
const salaryKinds = ['daily_salary', 'mr_daily_salary', 'hourly_salary'] as const;

const refresh = () => queryClient.invalidateQueries({ queryKey: topContractKeys.all });

/** A tier's rate as the list shows it: a percent of the team's valid bet, or a fixed amount. */
function tierText(tier: AdminTopContract['details'][number]): string {
  const rate = tier.rate ?? tier.contractRate;
  if (tier.rateType === 'F') return String(rate ?? tier.betAmount ?? '');
  if (typeof rate === 'number') return `${(rate * 100).toFixed(2)} %`;
  return String(rate ?? '');
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
            {row.computationPeriod ? ` · ${row.computationPeriod}` : ''}
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
              {t('agents_tier_line', {
                bet: tier.minimumBet ?? tier.betAmount ?? '0',
                active: tier.activeMember ?? 0,
                rate: tierText(tier),
              })}
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
      <OfferDialog isOpen={isOffering} onClose={() => setOffering(false)} />
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

interface TierDraft {
  minimumBet: string;
  activeMember: string;
  rateType: 'P' | 'F';
  value: string;
}
const emptyTier: TierDraft = { minimumBet: '', activeMember: '1', rateType: 'P', value: '' };

/**
 * Offer a top agent a salary contract (or a change to its signed one): the agent is found by its
 * username among the merchant's members; tiers are team valid bet, active members and a percent or
 * a fixed amount. The server checks the rest (rising tiers, 404 for anyone but a top agent).
 */
function OfferDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState<(typeof salaryKinds)[number]>('daily_salary');
  const [productType, setProductType] = useState<(typeof contractProductTypes)[number]>('LIVE');
  const [frequency, setFrequency] = useState<'H' | 'BH'>('H');
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier]);
  const [notFound, setNotFound] = useState(false);
  const mutation = useMutation({
    mutationFn: async () => {
      const found = await searchMembers(username.trim());
      const agent = found.items.find((row) => row.username.toLowerCase() === username.trim().toLowerCase());
      if (!agent) {
        setNotFound(true);
        return null;
      }
      const tierInputs = tiers.map((tier) => ({
        minimumBet: tier.minimumBet.trim(),
        activeMember: Number(tier.activeMember) || 0,
        rateType: tier.rateType,
        ...(tier.rateType === 'P' ? { rate: Number(tier.value) / 100 } : { amount: tier.value.trim() }),
      }));
      const body = (
        kind === 'hourly_salary'
          ? { kind, downlineId: agent.id, productType, frequency, tiers: tierInputs }
          : { kind, downlineId: agent.id, productType, tiers: tierInputs }
      ) as OfferContractRequest;
      return offerTopContract(body);
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      showToast(t('agents_offered_toast', { username: username.trim() }));
      await refresh();
      close();
    },
  });
  const close = () => {
    mutation.reset();
    setNotFound(false);
    setUsername('');
    setTiers([emptyTier]);
    onClose();
  };
  const setTier = (index: number, patch: Partial<TierDraft>) =>
    setTiers((current) => current.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));
  const fieldError = mutation.error instanceof ApiError ? mutation.error : null;
  return (
    <Dialog title={t('agents_offer_title')} isOpen={isOpen} onClose={close} isWide>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setNotFound(false);
          mutation.mutate();
        }}
      >
        <p className="muted">{t('agents_offer_text')}</p>
        <Field
          label={t('agents_offer_agent')}
          htmlFor="agents-offer-agent"
          error={notFound ? t('agents_offer_agent_unknown') : undefined}
        >
          <input
            id="agents-offer-agent"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            maxLength={64}
            autoComplete="off"
          />
        </Field>
        <div className="agents-tier">
          <Field label={t('agents_kind')} htmlFor="agents-offer-kind">
            <select
              id="agents-offer-kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as typeof kind)}
            >
              {salaryKinds.map((option) => (
                <option key={option} value={option}>
                  {t(`agents_kind_${option}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('agents_product')} htmlFor="agents-offer-product">
            <select
              id="agents-offer-product"
              value={productType}
              onChange={(event) => setProductType(event.target.value as typeof productType)}
            >
              {contractProductTypes.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'hourly_salary' ? (
            <Field label={t('agents_frequency')} htmlFor="agents-offer-frequency">
              <select
                id="agents-offer-frequency"
                value={frequency}
                onChange={(event) => setFrequency(event.target.value as 'H' | 'BH')}
              >
                <option value="H">{t('agents_frequency_H')}</option>
                <option value="BH">{t('agents_frequency_BH')}</option>
              </select>
            </Field>
          ) : null}
        </div>
        <fieldset className="agents-tiers">
          <legend>{t('agents_tiers')}</legend>
          {tiers.map((tier, index) => (
            <div key={index} className="agents-tier">
              <Field label={t('agents_tier_bet', { n: index + 1 })} htmlFor={`agents-tier-bet-${index}`}>
                <input
                  id={`agents-tier-bet-${index}`}
                  inputMode="decimal"
                  value={tier.minimumBet}
                  onChange={(event) => setTier(index, { minimumBet: event.target.value })}
                />
              </Field>
              <Field label={t('agents_tier_active')} htmlFor={`agents-tier-active-${index}`}>
                <input
                  id={`agents-tier-active-${index}`}
                  inputMode="numeric"
                  value={tier.activeMember}
                  onChange={(event) => setTier(index, { activeMember: event.target.value })}
                />
              </Field>
              <Field label={t('agents_tier_type')} htmlFor={`agents-tier-type-${index}`}>
                <select
                  id={`agents-tier-type-${index}`}
                  value={tier.rateType}
                  onChange={(event) => setTier(index, { rateType: event.target.value as 'P' | 'F' })}
                >
                  <option value="P">{t('agents_tier_percent')}</option>
                  <option value="F">{t('agents_tier_fixed')}</option>
                </select>
              </Field>
              <Field
                label={tier.rateType === 'P' ? t('agents_tier_rate') : t('agents_tier_amount')}
                htmlFor={`agents-tier-value-${index}`}
              >
                <input
                  id={`agents-tier-value-${index}`}
                  inputMode="decimal"
                  value={tier.value}
                  onChange={(event) => setTier(index, { value: event.target.value })}
                />
              </Field>
            </div>
          ))}
          <div className="row-actions">
            <button
              type="button"
              className="button is-small"
              disabled={tiers.length >= 10}
              onClick={() => setTiers((current) => [...current, emptyTier])}
            >
              {t('agents_tier_add')}
            </button>
            <button
              type="button"
              className="button is-ghost is-small"
              disabled={tiers.length <= 1}
              onClick={() => setTiers((current) => current.slice(0, -1))}
            >
              {t('agents_tier_remove')}
            </button>
          </div>
        </fieldset>
        <ErrorNote error={fieldError ?? (mutation.error ? mutation.error : null)} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={close}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="button is-primary"
            disabled={mutation.isPending || username.trim().length < 2}
          >
            {mutation.isPending ? t('working') : t('agents_offer_send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
