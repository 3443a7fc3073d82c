import type { AdminMemberLedgerEntry, AdminMemberRow } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge, DateTime, ErrorNote, Money, PageHeader, Panel, FilterField } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { useSearchState } from '../../lib/use-search-state';
import { useCan } from '../auth/api';
import { AdjustDialog } from './adjust-dialog';
import { memberLedgerQuery, pageSize } from './api';
import { ledgerKindLabel, ledgerKinds } from './ledger-kinds';
import { MemberStatus } from './member-status';

const filterNames = ['kind'] as const;

/** One member: balances, the manual adjustment, and every ledger movement. */
export function MemberPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const can = useCan();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const ledger = useQuery(memberLedgerQuery(memberId, values.kind, page));
  const [isAdjusting, setAdjusting] = useState(false);
  const member = ledger.data?.member;

  const columns: Column<AdminMemberLedgerEntry>[] = [
    { key: 'time', header: t('ledger_time'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'kind',
      header: t('ledger_kind'),
      render: (row) => (
        <Badge tone={row.kind === 'adjustment' ? 'info' : 'neutral'}>{ledgerKindLabel(t, row.kind)}</Badge>
      ),
    },
    {
      key: 'account',
      header: t('ledger_account'),
      render: (row) => (
        <span className="cell-stack">
          <span>{t(`account_${row.account}`, { defaultValue: row.account })}</span>
          <span className="muted">↔ {t(`account_${row.counterparty}`, { defaultValue: row.counterparty })}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('ledger_amount'),
      isNumeric: true,
      render: (row) => <Money amount={row.amount} isSigned />,
    },
    {
      key: 'after',
      header: t('ledger_balance_after'),
      isNumeric: true,
      render: (row) => (row.balanceAfter === null ? '—' : <Money amount={row.balanceAfter} />),
    },
    {
      key: 'note',
      header: t('ledger_note'),
      render: (row) => row.note ?? <span className="muted">{row.reference}</span>,
    },
  ];

  return (
    <>
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <Link to="/members">{t('nav_members')}</Link> <span aria-hidden="true">/</span>{' '}
        <span>{member?.username ?? `#${memberId}`}</span>
      </nav>
      <PageHeader
        title={member?.username ?? t('member_title')}
        subtitle={member ? <MemberSubtitle member={member} /> : undefined}
        actions={
          can('members.adjust') && member ? (
            <button type="button" className="button is-primary" onClick={() => setAdjusting(true)}>
              {t('adjust_open')}
            </button>
          ) : undefined
        }
      />
      <ErrorNote error={ledger.error} />
      {member ? <BalanceCards member={member} /> : null}
      <Panel
        title={t('ledger_title')}
        actions={
          <FilterField label={t('ledger_kind')} isHiddenLabel>
            {(id) => (
              <select id={id} value={values.kind} onChange={(event) => setFilters({ kind: event.target.value })}>
                <option value="">{t('ledger_kind_all')}</option>
                {ledgerKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {ledgerKindLabel(t, kind)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
        }
      >
        <DataTable
          caption={t('ledger_title')}
          columns={columns}
          rows={ledger.data?.items}
          rowKey={(row) => `${row.id}:${row.account}`}
          isLoading={ledger.isLoading}
          emptyText={t('ledger_empty')}
        />
        {ledger.data ? <Pager page={page} pageSize={pageSize} total={ledger.data.total} onPage={setPage} /> : null}
      </Panel>
      {member ? <AdjustDialog member={member} isOpen={isAdjusting} onClose={() => setAdjusting(false)} /> : null}
    </>
  );
}

function MemberSubtitle({ member }: { member: AdminMemberRow }) {
  const { t } = useTranslation();
  return (
    <span className="subtitle-row">
      <span>#{member.id}</span>
      <MemberStatus status={member.status} />
      {member.mobile ? <span>{member.mobile}</span> : null}
      {member.email ? <span>{member.email}</span> : null}
      <span>
        {t('member_created')}: <DateTime value={member.createdAt} />
      </span>
    </span>
  );
}

function BalanceCards({ member }: { member: AdminMemberRow }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'main', label: t('balance_main'), amount: member.balances.main, isPrimary: true },
    { key: 'held', label: t('balance_held'), amount: member.balances.held },
    { key: 'vendors', label: t('balance_vendors'), amount: member.balances.vendors },
    { key: 'bonus', label: t('balance_bonus'), amount: member.balances.bonus },
  ];
  return (
    <div className="balance-grid">
      {cards.map((card) => (
        <div
          key={card.key}
          className={card.isPrimary ? 'balance-card is-primary' : 'balance-card'}
          data-testid={`balance-${card.key}`}
        >
          <span className="balance-label">{card.label}</span>
          <Money amount={card.amount} currency={member.currency} />
        </div>
      ))}
    </div>
  );
}
