import type { AdminOutboxRow } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, PageHeader, Panel, FilterField } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { outboxPageSize as pageSize, outboxQuery } from './api';

const filterNames = ['channel', 'destination'] as const;

/** Every SMS and e-mail sent to members, as they received them (support reads codes to help). */
export function OutboxPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [destination, setDestination] = useState(values.destination);
  const outbox = useQuery(outboxQuery(values, page));
  const columns: Column<AdminOutboxRow>[] = [
    { key: 'time', header: t('outbox_time'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'channel',
      header: t('outbox_channel'),
      render: (row) => <Badge tone="info">{row.channel === 'sms' ? 'SMS' : t('outbox_email')}</Badge>,
    },
    {
      key: 'destination',
      header: t('outbox_destination'),
      render: (row) => <span className="mono">{row.destination}</span>,
    },
    {
      key: 'message',
      header: t('outbox_message'),
      className: 'is-wide',
      render: (row) => (
        <span className="cell-stack">
          {row.subject ? <strong>{row.subject}</strong> : null}
          <span className="message-body">{row.body}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('outbox_status'),
      render: (row) => (
        <span className="cell-stack">
          <Badge tone={row.status === 'sent' ? 'good' : 'bad'}>
            {t(`outbox_status_${row.status}`, { defaultValue: row.status })}
          </Badge>
          <span className="muted">
            {t(`outbox_via_${row.deliveredVia.replace('-', '_')}`, { defaultValue: row.deliveredVia })}
          </span>
          {row.error ? <span className="error-text">{row.error}</span> : null}
        </span>
      ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ destination: destination.trim() });
  };
  return (
    <>
      <PageHeader title={t('outbox_title')} subtitle={t('outbox_subtitle')} />
      <Panel>
        <form className="filter-bar" onSubmit={submit}>
          <FilterField label={t('outbox_channel')}>
            {(id) => (
              <select id={id} value={values.channel} onChange={(event) => setFilters({ channel: event.target.value })}>
                <option value="">{t('filter_all')}</option>
                <option value="sms">SMS</option>
                <option value="email">{t('outbox_email')}</option>
              </select>
            )}
          </FilterField>
          <input
            type="search"
            aria-label={t('outbox_destination')}
            placeholder={t('outbox_destination_placeholder')}
            value={destination}
            maxLength={120}
            onChange={(event) => setDestination(event.target.value)}
          />
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={outbox.error} />
        <DataTable
          caption={t('outbox_title')}
          columns={columns}
          rows={outbox.data?.items}
          rowKey={(row) => row.id}
          isLoading={outbox.isLoading}
        />
        {outbox.data ? <Pager page={page} pageSize={pageSize} total={outbox.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}
