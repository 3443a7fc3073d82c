import {
  adminAgentLinkStatuses,
  disableAgentLinkBodySchema,
  setRefusalFieldError,
  type AdminAgentLink,
  type AdminAgentLinkStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, FilterField, PageHeader, Panel, type Tone } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import { agentLinkKeys, agentLinksQuery, agentsPageSize as pageSize, disableAgentLink } from './api';

const filterNames = ['agent', 'code', 'status'] as const;
const emptyFilters = { agent: '', code: '', status: '' };
const statusTone: Record<AdminAgentLinkStatus, Tone> = {
  active: 'good',
  expired: 'neutral',
  disabled: 'bad',
  removed: 'neutral',
};

/**
 * Agents' affiliate links (`members.read`): every link of the brand, newest first, with its agent,
 * channel, expiry, registrations and status, filtered by agent, code and status. An operator with
 * `agents.manage` disables a link that still registers members (or merely expired), with a reason: from
 * then on it registers no one, as an expired link; the agent sees it disabled.
 */
export function LinksPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const mayManage = me?.permissions.includes('agents.manage') ?? false;
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const [disabling, setDisabling] = useState<AdminAgentLink | null>(null);
  const list = useQuery(agentLinksQuery(values, page));
  const columns: Column<AdminAgentLink>[] = [
    {
      key: 'code',
      header: t('agents_links_code'),
      render: (row) => (
        <span className="cell-stack">
          <strong className="mono">{row.code}</strong>
          <span className="muted">{row.domain ?? t('agents_links_every_domain')}</span>
        </span>
      ),
    },
    { key: 'agent', header: t('agents_holder'), render: (row) => row.agentUsername },
    {
      key: 'channel',
      header: t('agents_links_channel'),
      render: (row) => (row.channel ? row.channel : <span className="muted">—</span>),
    },
    {
      key: 'status',
      header: t('agents_status'),
      render: (row) => <Badge tone={statusTone[row.status]}>{t(`agents_links_status_${row.status}`)}</Badge>,
    },
    {
      key: 'registrations',
      header: t('agents_links_registrations'),
      isNumeric: true,
      render: (row) => row.registrations,
    },
    { key: 'created', header: t('agents_links_created'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'expires',
      header: t('agents_links_expires'),
      render: (row) =>
        row.expiresAt === null ? (
          <span className="muted">{t('agents_links_never')}</span>
        ) : (
          <DateTime value={row.expiresAt} />
        ),
    },
    {
      key: 'actions',
      header: t('agents_actions'),
      render: (row) =>
        mayManage && (row.status === 'active' || row.status === 'expired') ? (
          <button type="button" className="button is-danger-ghost is-small" onClick={() => setDisabling(row)}>
            {t('agents_links_disable')}
          </button>
        ) : (
          <span className="muted">—</span>
        ),
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
      <PageHeader title={t('agents_links_title')} subtitle={t('agents_links_subtitle')} />
      <AgentsTabs />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('agents_agent_username')}>
            {(id) => <input id={id} value={draft.agent} onChange={set('agent')} maxLength={64} autoComplete="off" />}
          </FilterField>
          <FilterField label={t('agents_links_code')}>
            {(id) => <input id={id} value={draft.code} onChange={set('code')} maxLength={16} autoComplete="off" />}
          </FilterField>
          <FilterField label={t('agents_status')}>
            {(id) => (
              <select id={id} value={draft.status} onChange={set('status')}>
                <option value="">{t('filter_all')}</option>
                {adminAgentLinkStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`agents_links_status_${status}`)}
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
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('agents_links_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('agents_links_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
      <DisableDialog link={disabling} onClose={() => setDisabling(null)} />
    </>
  );
}

/** Disable one link, with the reason the audit log keeps. */
function DisableDialog({ link, onClose }: { link: AdminAgentLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(disableAgentLinkBodySchema, { mode: 'onChange', defaultValues: { reason: '' } });
  const mutation = useMutation({
    mutationFn: (reason: string) => disableAgentLink(link!.id, { reason }),
    onSuccess: async (saved) => {
      showToast(t('agents_links_disabled_toast', { code: saved.code }));
      await queryClient.invalidateQueries({ queryKey: agentLinkKeys.all });
      close();
    },
    onError: (error) => setRefusalFieldError(error, setError, ['reason']),
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  return (
    <Dialog title={t('agents_links_disable_title')} isOpen={link !== null} onClose={close}>
      {link ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values.reason.trim()))(event)}
        >
          <p>
            {t('agents_links_disable_text', {
              code: link.code,
              username: link.agentUsername,
              count: link.registrations,
            })}
          </p>
          <Field
            label={t('agents_reason')}
            htmlFor="agents-link-reason"
            hint={t('agents_links_reason_hint')}
            error={
              errors.reason
                ? errors.reason.type === 'server'
                  ? errors.reason.message
                  : t('agents_links_reason_hint')
                : undefined
            }
          >
            <textarea id="agents-link-reason" rows={3} maxLength={200} {...register('reason')} />
          </Field>
          {errors.reason?.type === 'server' ? null : <ErrorNote error={mutation.error} />}
          <div className="form-actions">
            <button type="button" className="button is-ghost" onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" className="button is-danger" disabled={mutation.isPending}>
              {mutation.isPending ? t('working') : t('agents_links_disable')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
