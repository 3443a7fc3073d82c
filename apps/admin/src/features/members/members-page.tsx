import { memberSearchFields, type AdminMemberRow, type MemberSearchField } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime, ErrorNote, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Icon } from '../../components/icons';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { MemberStatus } from './member-status';
import { pageSize } from './api';
import { memberSearchQuery } from './desk-api';

const filterNames = ['q', 'by'] as const;

/**
 * Find a member by username, mobile, e-mail, bank account number, IP, affiliate code or id (or let
 * the server guess from what was typed); each row shows the balances.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values.q);
  const by: MemberSearchField = (memberSearchFields as readonly string[]).includes(values.by)
    ? (values.by as MemberSearchField)
    : 'any';
  const [draftBy, setDraftBy] = useState<MemberSearchField>(by);
  const members = useQuery(memberSearchQuery(by, values.q, page));
  const columns: Column<AdminMemberRow>[] = [
    {
      key: 'username',
      header: t('member_username'),
      render: (row) => (
        <span className="cell-stack">
          <Link className="strong-link" to={`/members/${row.id}`} onClick={(event) => event.stopPropagation()}>
            {row.username}
          </Link>
          <span className="muted">#{row.id}</span>
        </span>
      ),
    },
    { key: 'mobile', header: t('member_mobile'), render: (row) => row.mobile ?? <span className="muted">—</span> },
    { key: 'status', header: t('member_status'), render: (row) => <MemberStatus status={row.status} /> },
    { key: 'main', header: t('balance_main'), isNumeric: true, render: (row) => <Money amount={row.balances.main} /> },
    { key: 'held', header: t('balance_held'), isNumeric: true, render: (row) => <Money amount={row.balances.held} /> },
    {
      key: 'vendors',
      header: t('balance_vendors'),
      isNumeric: true,
      render: (row) => <Money amount={row.balances.vendors} />,
    },
    { key: 'created', header: t('member_created'), render: (row) => <DateTime value={row.createdAt} /> },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: draft.trim(), by: draftBy === 'any' ? '' : draftBy });
  };
  return (
    <>
      <PageHeader title={t('members_title')} subtitle={t('members_desk_subtitle')} />
      <Panel>
        <form className="filter-bar member-search" onSubmit={submit} role="search">
          <select
            aria-label={t('members_search_by')}
            value={draftBy}
            onChange={(event) => setDraftBy(event.target.value as MemberSearchField)}
          >
            {memberSearchFields.map((field) => (
              <option key={field} value={field}>
                {t(`members_search_by_${field}`)}
              </option>
            ))}
          </select>
          <div className="search-input">
            <Icon name="search" size={18} />
            <input
              type="search"
              aria-label={t('members_search_label')}
              placeholder={t(`members_search_placeholder_${draftBy}`)}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={64}
            />
          </div>
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={members.error} />
        <DataTable
          caption={t('members_title')}
          columns={columns}
          rows={members.data?.items}
          rowKey={(row) => row.id}
          isLoading={members.isLoading}
          emptyText={values.q ? t('members_none_found', { q: values.q }) : t('table_empty')}
          onRowClick={(row) => void navigate(`/members/${row.id}`)}
        />
        {members.data ? <Pager page={page} pageSize={pageSize} total={members.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}
