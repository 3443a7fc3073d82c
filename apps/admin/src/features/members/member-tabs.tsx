import type {
  AdminMemberLedgerEntry,
  LinkedMemberList,
  MemberBetPage,
  MemberDepositPage,
  MemberLoginPage,
  MemberProfile,
  MemberSessionList,
  MemberWithdrawalPage,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, DateTime, ErrorNote, FilterField, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useCan } from '../auth/api';
import { UplinePanel } from './upline-move';
import { memberLedgerQuery, pageSize } from './api';
import {
  addNote,
  addTagOption,
  endSessions,
  linkedMembersQuery,
  memberBankAccountsQuery,
  memberBetsQuery,
  memberDepositsQuery,
  memberDeskKeys,
  memberLoginsQuery,
  memberNotesQuery,
  memberSessionsQuery,
  memberTreeQuery,
  memberWithdrawalsQuery,
  saveTags,
  tagOptionKeys,
  tagOptionsQuery,
} from './desk-api';
import { ledgerKindLabel, ledgerKinds } from './ledger-kinds';
import { MemberStatus } from './member-status';

interface PagedProps {
  memberId: string;
  page: number;
  onPage: (page: number) => void;
}

const dash = <span className="muted">—</span>;

/** A `<dl>` of label and value pairs. */
function Details({ entries }: { entries: Array<[string, ReactNode]> }) {
  return (
    <dl className="detail-list member-details">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? dash}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfileTab({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { member, profile: details, turnover } = profile;
  const yes = (value: boolean) => (value ? t('members_yes') : t('members_no'));
  return (
    <div className="member-desk-grid">
      <Panel title={t('members_profile_contact')}>
        <Details
          entries={[
            [t('member_mobile'), member.mobile],
            [t('members_email'), member.email],
            [t('members_nickname'), details.nickname],
            [t('members_payee_name'), details.payeeName],
            [t('members_birthday'), details.birthday],
            [t('members_language'), details.language],
            ['LINE', details.line],
            ['Telegram', details.telegram],
          ]}
        />
      </Panel>
      <Panel title={t('members_profile_security')}>
        <Details
          entries={[
            [t('members_last_login'), <DateTime key="at" value={details.lastLoginAt} />],
            [t('members_last_login_ip'), details.lastLoginIp],
            [t('members_two_factor'), yes(details.twoFactorEnabled)],
            [t('members_must_change_password'), yes(details.mustChangePassword)],
            [t('members_register_method'), details.registerMethod],
            [t('members_register_ip'), details.registerIp],
            [t('members_register_device'), details.registerDevice],
            [t('members_register_domain'), details.registerDomain],
          ]}
        />
      </Panel>
      <Panel title={t('members_turnover')}>
        <Details
          entries={[
            [t('members_turnover_required'), <Money key="r" amount={turnover.required} />],
            [t('members_turnover_wagered'), <Money key="w" amount={turnover.wagered} />],
            [t('members_turnover_remaining'), <Money key="m" amount={turnover.remaining} />],
            [t('members_turnover_multiplier'), `× ${turnover.multiplier}`],
          ]}
        />
        <p className="field-hint member-panel-body">{t('members_turnover_hint')}</p>
      </Panel>
      <Panel title={t('members_tab_tree')}>
        <Details
          entries={[
            [
              t('members_upline'),
              profile.upline ? <Link to={`/members/${profile.upline.id}`}>{profile.upline.username}</Link> : null,
            ],
            [t('members_direct_downlines'), String(profile.directDownlines)],
          ]}
        />
      </Panel>
    </div>
  );
}

export function LedgerTab({
  memberId,
  page,
  onPage,
  kind,
  onKind,
}: PagedProps & { kind: string; onKind: (kind: string) => void }) {
  const { t } = useTranslation();
  const ledger = useQuery(memberLedgerQuery(memberId, kind, page));
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
    <Panel
      title={t('ledger_title')}
      actions={
        <FilterField label={t('ledger_kind')} isHiddenLabel>
          {(id) => (
            <select id={id} value={kind} onChange={(event) => onKind(event.target.value)}>
              <option value="">{t('ledger_kind_all')}</option>
              {ledgerKinds.map((name) => (
                <option key={name} value={name}>
                  {ledgerKindLabel(t, name)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
      }
    >
      <ErrorNote error={ledger.error} />
      <DataTable
        caption={t('ledger_title')}
        columns={columns}
        rows={ledger.data?.items}
        rowKey={(row) => `${row.id}:${row.account}`}
        isLoading={ledger.isLoading}
        emptyText={t('ledger_empty')}
      />
      {ledger.data ? <Pager page={page} pageSize={pageSize} total={ledger.data.total} onPage={onPage} /> : null}
    </Panel>
  );
}

/** A tab that is one paged table. */
function PagedTable<T>({
  title,
  query,
  columns,
  rowKey,
  page,
  onPage,
}: {
  title: string;
  query: { data?: { items: T[]; total: number } | undefined; error: unknown; isLoading: boolean };
  columns: Column<T>[];
  rowKey: (row: T) => string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={title}>
      <ErrorNote error={query.error} />
      <DataTable
        caption={title}
        columns={columns}
        rows={query.data?.items}
        rowKey={rowKey}
        isLoading={query.isLoading}
        emptyText={t('table_empty')}
      />
      {query.data ? <Pager page={page} pageSize={pageSize} total={query.data.total} onPage={onPage} /> : null}
    </Panel>
  );
}

const statusTone = (status: string) =>
  ['approved', 'received', 'settled'].includes(status)
    ? 'good'
    : ['rejected', 'expired', 'not_received', 'cancelled'].includes(status)
      ? 'bad'
      : 'warn';

export function DepositsTab({ memberId, page, onPage }: PagedProps) {
  const { t } = useTranslation();
  const query = useQuery(memberDepositsQuery(memberId, page));
  const columns: Column<MemberDepositPage['items'][number]>[] = [
    { key: 'time', header: t('ledger_time'), render: (row) => <DateTime value={row.createdAt} /> },
    { key: 'id', header: 'ID', render: (row) => `#${row.id}` },
    { key: 'method', header: t('members_method'), render: (row) => row.method },
    {
      key: 'status',
      header: t('member_status'),
      render: (row) => (
        <Badge tone={statusTone(row.status)}>{t(`members_state_${row.status}`, { defaultValue: row.status })}</Badge>
      ),
    },
    { key: 'amount', header: t('ledger_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    { key: 'fee', header: t('members_fee'), isNumeric: true, render: (row) => <Money amount={row.fee} /> },
  ];
  return (
    <PagedTable
      title={t('members_tab_deposits')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      page={page}
      onPage={onPage}
    />
  );
}

export function WithdrawalsTab({ memberId, page, onPage }: PagedProps) {
  const { t } = useTranslation();
  const query = useQuery(memberWithdrawalsQuery(memberId, page));
  const columns: Column<MemberWithdrawalPage['items'][number]>[] = [
    { key: 'time', header: t('ledger_time'), render: (row) => <DateTime value={row.createdAt} /> },
    { key: 'id', header: 'ID', render: (row) => `#${row.id}` },
    { key: 'bank', header: t('members_bank'), render: (row) => `${row.bankCode} ${row.accountNumber}` },
    {
      key: 'status',
      header: t('member_status'),
      render: (row) => (
        <Badge tone={statusTone(row.status)}>{t(`members_state_${row.status}`, { defaultValue: row.status })}</Badge>
      ),
    },
    { key: 'amount', header: t('ledger_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    { key: 'fee', header: t('members_fee'), isNumeric: true, render: (row) => <Money amount={row.fee} /> },
  ];
  return (
    <PagedTable
      title={t('members_tab_withdrawals')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      page={page}
      onPage={onPage}
    />
  );
}

export function BetsTab({ memberId, page, onPage }: PagedProps) {
  const { t } = useTranslation();
  const query = useQuery(memberBetsQuery(memberId, page));
  const columns: Column<MemberBetPage['items'][number]>[] = [
    { key: 'time', header: t('ledger_time'), render: (row) => <DateTime value={row.firstBetAt} /> },
    {
      key: 'game',
      header: t('members_game'),
      render: (row) => (
        <span className="cell-stack">
          <span>
            {row.vendor} · {row.gameId}
          </span>
          <span className="muted">{row.roundId}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('member_status'),
      render: (row) => (
        <Badge tone={statusTone(row.status)}>{t(`members_state_${row.status}`, { defaultValue: row.status })}</Badge>
      ),
    },
    { key: 'stake', header: t('members_stake'), isNumeric: true, render: (row) => <Money amount={row.stake} /> },
    { key: 'valid', header: t('members_valid_bet'), isNumeric: true, render: (row) => <Money amount={row.validBet} /> },
    { key: 'payout', header: t('members_payout'), isNumeric: true, render: (row) => <Money amount={row.payout} /> },
  ];
  return (
    <PagedTable
      title={t('members_tab_bets')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      page={page}
      onPage={onPage}
    />
  );
}

export function LoginsTab({ memberId, page, onPage }: PagedProps) {
  const { t } = useTranslation();
  const query = useQuery(memberLoginsQuery(memberId, page));
  const columns: Column<MemberLoginPage['items'][number]>[] = [
    { key: 'time', header: t('ledger_time'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'result',
      header: t('members_login_result'),
      render: (row) =>
        row.succeeded ? (
          <Badge tone="good">{t('members_login_ok')}</Badge>
        ) : (
          <Badge tone="bad">{t(`members_login_failed_${row.failureReason ?? 'credentials'}`)}</Badge>
        ),
    },
    {
      key: 'ip',
      header: 'IP',
      render: (row) => (
        <span className="cell-stack">
          <span>{row.ip}</span>
          <span className="muted">{row.country}</span>
        </span>
      ),
    },
    {
      key: 'device',
      header: t('members_device'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.device}</span>
          <span className="muted">{row.deviceId ?? ''}</span>
        </span>
      ),
    },
  ];
  return (
    <PagedTable
      title={t('members_tab_logins')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      page={page}
      onPage={onPage}
    />
  );
}

export function SessionsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const query = useQuery(memberSessionsQuery(memberId));
  const end = useMutation({
    mutationFn: (sessionId?: string) => endSessions(memberId, sessionId),
    onSuccess: async (value) => {
      showToast(t('members_sessions_ended', { count: value.sessionsEnded }));
      await queryClient.invalidateQueries({ queryKey: memberDeskKeys.of(memberId) });
    },
  });
  const columns: Column<MemberSessionList['items'][number]>[] = [
    { key: 'since', header: t('members_session_since'), render: (row) => <DateTime value={row.createdAt} /> },
    { key: 'seen', header: t('members_session_seen'), render: (row) => <DateTime value={row.lastSeenAt} /> },
    {
      key: 'ip',
      header: 'IP',
      render: (row) => (
        <span className="cell-stack">
          <span>{row.ip}</span>
          <span className="muted">{row.country}</span>
        </span>
      ),
    },
    {
      key: 'device',
      header: t('members_device'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.device}</span>
          <span className="muted">{row.deviceId ?? ''}</span>
        </span>
      ),
    },
    ...(can('members.manage')
      ? [
          {
            key: 'end',
            header: '',
            render: (row: MemberSessionList['items'][number]) => (
              <button
                type="button"
                className="button is-small"
                disabled={end.isPending}
                onClick={() => end.mutate(row.id)}
              >
                {t('members_session_end')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Panel
      title={t('members_tab_sessions')}
      actions={
        can('members.manage') && (query.data?.items.length ?? 0) > 0 ? (
          <button
            type="button"
            className="button is-danger"
            disabled={end.isPending}
            onClick={() => end.mutate(undefined)}
          >
            {t('members_sessions_end_all')}
          </button>
        ) : undefined
      }
    >
      <ErrorNote error={query.error ?? end.error} />
      <DataTable
        caption={t('members_tab_sessions')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isLoading={query.isLoading}
        emptyText={t('members_sessions_none')}
      />
    </Panel>
  );
}

export function BankAccountsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const query = useQuery(memberBankAccountsQuery(memberId));
  type Row = NonNullable<typeof query.data>['items'][number];
  const columns: Column<Row>[] = [
    { key: 'bank', header: t('members_bank'), render: (row) => row.bankCode },
    { key: 'number', header: t('members_account_number'), render: (row) => row.accountNumber },
    { key: 'name', header: t('members_account_name'), render: (row) => row.accountName },
    { key: 'added', header: t('members_added'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'state',
      header: t('member_status'),
      render: (row) =>
        row.removedAt === null ? (
          <Badge tone="good">{t('members_account_live')}</Badge>
        ) : (
          <Badge>{t('members_account_removed')}</Badge>
        ),
    },
  ];
  return (
    <Panel title={t('members_tab_banks')}>
      <ErrorNote error={query.error} />
      <DataTable
        caption={t('members_tab_banks')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isLoading={query.isLoading}
        emptyText={t('table_empty')}
      />
    </Panel>
  );
}

/** Tags from the merchant's list (saved with the version read) and the append-only notes. */
export function TagsNotesTab({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const can = useCan();
  const memberId = profile.member.id;
  const options = useQuery(tagOptionsQuery());
  const notes = useQuery(memberNotesQuery(memberId));
  const [selected, setSelected] = useState<string[] | null>(null);
  const [newTag, setNewTag] = useState('');
  const [note, setNote] = useState('');
  const noteId = useId();
  const newTagId = useId();
  const current = selected ?? profile.tags.names;
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberDeskKeys.of(memberId) });
  const tags = useMutation({
    mutationFn: () => saveTags(memberId, current, profile.tags.version),
    onSuccess: async () => {
      showToast(t('members_tags_saved'));
      setSelected(null);
      await refresh();
    },
    onError: () => void refresh(),
  });
  const option = useMutation({
    mutationFn: () => addTagOption(newTag.trim()),
    onSuccess: async () => {
      setNewTag('');
      await queryClient.invalidateQueries({ queryKey: tagOptionKeys.all });
    },
  });
  const append = useMutation({
    mutationFn: () => addNote(memberId, note.trim()),
    onSuccess: async () => {
      setNote('');
      await refresh();
    },
  });
  const isManager = can('members.manage');
  return (
    <div className="member-desk-grid">
      <Panel title={t('members_tags')}>
        <fieldset className="tag-picker" disabled={!isManager || tags.isPending}>
          <legend className="visually-hidden">{t('members_tags')}</legend>
          {(options.data?.items ?? []).map((name) => (
            <label key={name} className="tag-choice">
              <input
                type="checkbox"
                checked={current.includes(name)}
                onChange={(event) =>
                  setSelected(event.target.checked ? [...current, name] : current.filter((tag) => tag !== name))
                }
              />
              {name}
            </label>
          ))}
          {options.data?.items.length === 0 ? (
            <p className="muted member-panel-body">{t('members_tags_none')}</p>
          ) : null}
        </fieldset>
        <ErrorNote error={tags.error ?? option.error} />
        {isManager ? (
          <div className="member-desk-row">
            <button
              type="button"
              className="button is-primary"
              disabled={selected === null || tags.isPending}
              onClick={() => tags.mutate()}
            >
              {t('members_tags_save')}
            </button>
            <form
              className="member-desk-row"
              onSubmit={(event) => {
                event.preventDefault();
                if (newTag.trim() !== '') option.mutate();
              }}
            >
              <label htmlFor={newTagId} className="visually-hidden">
                {t('members_tag_new')}
              </label>
              <input
                id={newTagId}
                value={newTag}
                maxLength={32}
                placeholder={t('members_tag_new')}
                onChange={(event) => setNewTag(event.target.value)}
              />
              <button type="submit" className="button" disabled={option.isPending || newTag.trim() === ''}>
                {t('members_tag_add')}
              </button>
            </form>
          </div>
        ) : null}
      </Panel>
      <Panel title={t('members_notes')}>
        {isManager ? (
          <form
            className="form member-panel-body"
            onSubmit={(event) => {
              event.preventDefault();
              if (note.trim() !== '') append.mutate();
            }}
          >
            <label htmlFor={noteId}>{t('members_note_new')}</label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <ErrorNote error={append.error} />
            <div className="form-actions">
              <button type="submit" className="button is-primary" disabled={append.isPending || note.trim() === ''}>
                {t('members_note_add')}
              </button>
            </div>
          </form>
        ) : null}
        <ErrorNote error={notes.error} />
        <ol className="note-list">
          {(notes.data?.items ?? []).map((item) => (
            <li key={item.id}>
              <p>{item.body}</p>
              <span className="muted">
                {item.operator} · <DateTime value={item.createdAt} />
              </span>
            </li>
          ))}
        </ol>
        {notes.data?.items.length === 0 ? <p className="muted member-panel-body">{t('members_notes_none')}</p> : null}
      </Panel>
    </div>
  );
}

export function TreeTab({ memberId, page, onPage }: PagedProps) {
  const { t } = useTranslation();
  const query = useQuery(memberTreeQuery(memberId, page));
  type Row = NonNullable<typeof query.data>['items'][number];
  const columns: Column<Row>[] = [
    {
      key: 'username',
      header: t('member_username'),
      render: (row) => <Link to={`/members/${row.id}`}>{row.username}</Link>,
    },
    {
      key: 'type',
      header: t('members_type'),
      render: (row) => t(`members_agent_type_${row.isAgent}`, { defaultValue: String(row.isAgent) }),
    },
  ];
  return (
    <div className="member-desk-grid">
      <Panel title={t('members_upline_chain')}>
        <ErrorNote error={query.error} />
        {query.data && query.data.uplines.length === 0 ? (
          <p className="muted member-panel-body">{t('members_upline_none')}</p>
        ) : null}
        <ol className="upline-chain">
          {(query.data?.uplines ?? []).map((upline) => (
            <li key={upline.id}>
              <Link to={`/members/${upline.id}`}>{upline.username}</Link>
            </li>
          ))}
        </ol>
      </Panel>
      <UplinePanel memberId={memberId} />
      <PagedTable
        title={t('members_direct_downlines')}
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        page={page}
        onPage={onPage}
      />
    </div>
  );
}

export function LinkedTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const query = useQuery(linkedMembersQuery(memberId));
  type Row = LinkedMemberList['items'][number];
  const list = (values: string[]) =>
    values.length === 0 ? (
      dash
    ) : (
      <span className="cell-stack">
        {values.map((value) => (
          <span key={value}>{value}</span>
        ))}
      </span>
    );
  const columns: Column<Row>[] = [
    {
      key: 'username',
      header: t('member_username'),
      render: (row) => (
        <span className="cell-stack">
          <Link to={`/members/${row.id}`}>{row.username}</Link>
          <MemberStatus status={row.status} />
        </span>
      ),
    },
    { key: 'ips', header: t('members_shared_ips'), render: (row) => list(row.ips) },
    { key: 'devices', header: t('members_shared_devices'), render: (row) => list(row.deviceIds) },
    { key: 'banks', header: t('members_shared_banks'), render: (row) => list(row.bankAccounts) },
  ];
  return (
    <Panel title={t('members_tab_linked')}>
      <p className="field-hint member-panel-body">{t('members_linked_hint')}</p>
      <ErrorNote error={query.error} />
      <DataTable
        caption={t('members_tab_linked')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isLoading={query.isLoading}
        emptyText={t('members_linked_none')}
      />
    </Panel>
  );
}
