import type { AdminAuditRow } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, PageHeader, Panel, FilterField } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { auditPageSize as pageSize, auditQuery } from './api';

const filterNames = ['operator', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
/** Action families to filter by (a prefix: `member.` finds every member action). */
const actionFamilies = ['session.', 'member.', 'deposit.', 'withdrawal.', 'operator.'] as const;

/** Every operator action, who, what, before and after, when, from where. Nobody can change it. */
export function AuditPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const audit = useQuery(auditQuery(values, page));
  const columns: Column<AdminAuditRow>[] = [
    { key: 'time', header: t('audit_time'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'operator',
      header: t('audit_operator'),
      render: (row) => (row.operator ? <strong>{row.operator}</strong> : <Badge>{t('audit_system')}</Badge>),
    },
    {
      key: 'action',
      header: t('audit_action'),
      render: (row) => (
        <span className="cell-stack">
          <span>{t(`action_${row.action.replace(/\./g, '_')}`, { defaultValue: row.action })}</span>
          <code className="muted">{row.action}</code>
        </span>
      ),
    },
    {
      key: 'target',
      header: t('audit_target'),
      render: (row) => (
        <span className="mono">
          {row.targetType}:{row.targetId}
        </span>
      ),
    },
    {
      key: 'change',
      header: t('audit_change'),
      className: 'is-wide',
      render: (row) => <Change before={row.before} after={row.after} />,
    },
    { key: 'ip', header: t('audit_ip'), render: (row) => <span className="mono">{row.ip}</span> },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])));
  };
  const set = (name: (typeof filterNames)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  return (
    <>
      <PageHeader title={t('audit_title')} subtitle={t('audit_subtitle')} />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('audit_operator')}>
            {(id) => <input id={id} value={draft.operator} onChange={set('operator')} maxLength={64} />}
          </FilterField>
          <FilterField label={t('audit_action')}>
            {(id) => (
              <select id={id} value={draft.action} onChange={set('action')}>
                <option value="">{t('filter_all')}</option>
                {actionFamilies.map((family) => (
                  <option key={family} value={family}>
                    {t(`action_family_${family.replace('.', '')}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('audit_target_type')}>
            {(id) => (
              <input
                id={id}
                value={draft.targetType}
                onChange={set('targetType')}
                maxLength={64}
                placeholder="member"
              />
            )}
          </FilterField>
          <FilterField label={t('audit_target_id')}>
            {(id) => <input id={id} value={draft.targetId} onChange={set('targetId')} maxLength={200} />}
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
                const empty = { operator: '', action: '', targetType: '', targetId: '', from: '', to: '' };
                setDraft(empty);
                setFilters(empty);
              }}
            >
              {t('filter_clear')}
            </button>
          </div>
        </form>
        <ErrorNote error={audit.error} />
        <DataTable
          caption={t('audit_title')}
          columns={columns}
          rows={audit.data?.items}
          rowKey={(row) => row.id}
          isLoading={audit.isLoading}
        />
        {audit.data ? <Pager page={page} pageSize={pageSize} total={audit.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before → after, key by key (only the keys either side has). */
function Change({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <span className="muted">—</span>;
  return (
    <dl className="change-list">
      {keys.map((key) => {
        const was = before?.[key];
        const now = after?.[key];
        const isUnchanged =
          before !== null && after !== null && key in before && key in after && show(was) === show(now);
        if (isUnchanged) {
          // Context, not a change: shown once, quietly.
          return (
            <div key={key}>
              <dt>{key}</dt>
              <dd className="muted">{show(now)}</dd>
            </div>
          );
        }
        return (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              {before && key in before ? <span className="was">{show(was)}</span> : null}
              {before && key in before && after && key in after ? <span aria-hidden="true"> → </span> : null}
              {after && key in after ? <span className="now">{show(now)}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
