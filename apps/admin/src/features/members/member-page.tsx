import './member-desk.css';
import type { AdminMemberRow, MemberProfile } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge, DateTime, ErrorNote, Money, PageHeader } from '../../components/bits';
import { useSearchState } from '../../lib/use-search-state';
import { useCan } from '../auth/api';
import { AdjustDialog } from './adjust-dialog';
import { memberProfileQuery } from './desk-api';
import { MemberActions } from './member-actions';
import { MemberStatus } from './member-status';
import {
  BankAccountsTab,
  BetsTab,
  DepositsTab,
  LedgerTab,
  LinkedTab,
  LoginsTab,
  ProfileTab,
  SessionsTab,
  TagsNotesTab,
  TreeTab,
  WithdrawalsTab,
} from './member-tabs';

const tabs = [
  'profile',
  'ledger',
  'deposits',
  'withdrawals',
  'bets',
  'logins',
  'sessions',
  'banks',
  'notes',
  'tree',
  'linked',
] as const;
type Tab = (typeof tabs)[number];

const filterNames = ['tab', 'kind'] as const;

/** The member desk's page of one member: who they are, what they may do, and every tab of their history. */
export function MemberPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const can = useCan();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const tab: Tab = (tabs as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'profile';
  const profile = useQuery(memberProfileQuery(memberId));
  const [isAdjusting, setAdjusting] = useState(false);
  const member = profile.data?.member;
  const paged = { memberId, page, onPage: setPage };

  return (
    <>
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <Link to="/members">{t('nav_members')}</Link> <span aria-hidden="true">/</span>{' '}
        <span>{member?.username ?? `#${memberId}`}</span>
      </nav>
      <PageHeader
        title={member?.username ?? t('member_title')}
        subtitle={profile.data ? <MemberSubtitle profile={profile.data} /> : undefined}
        actions={
          profile.data ? (
            <div className="member-desk-actions">
              {can('members.adjust') ? (
                <button type="button" className="button is-primary" onClick={() => setAdjusting(true)}>
                  {t('adjust_open')}
                </button>
              ) : null}
              {can('members.manage') ? <MemberActions profile={profile.data} /> : null}
            </div>
          ) : undefined
        }
      />
      <ErrorNote error={profile.error} />
      {member ? <BalanceCards member={member} /> : null}
      <div className="member-tabs" role="tablist" aria-label={t('members_tabs_label')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`member-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="member-tab-panel"
            className={tab === name ? 'member-tab is-active' : 'member-tab'}
            onClick={() => setFilters({ tab: name === 'profile' ? '' : name })}
          >
            {t(`members_tab_${name}`)}
          </button>
        ))}
      </div>
      <div id="member-tab-panel" role="tabpanel" aria-labelledby={`member-tab-${tab}`}>
        {tab === 'profile' && profile.data ? <ProfileTab profile={profile.data} /> : null}
        {tab === 'ledger' ? (
          <LedgerTab {...paged} kind={values.kind} onKind={(kind) => setFilters({ tab, kind })} />
        ) : null}
        {tab === 'deposits' ? <DepositsTab {...paged} /> : null}
        {tab === 'withdrawals' ? <WithdrawalsTab {...paged} /> : null}
        {tab === 'bets' ? <BetsTab {...paged} /> : null}
        {tab === 'logins' ? <LoginsTab {...paged} /> : null}
        {tab === 'sessions' ? <SessionsTab memberId={memberId} /> : null}
        {tab === 'banks' ? <BankAccountsTab memberId={memberId} /> : null}
        {tab === 'notes' && profile.data ? <TagsNotesTab profile={profile.data} /> : null}
        {tab === 'tree' ? <TreeTab {...paged} /> : null}
        {tab === 'linked' ? <LinkedTab memberId={memberId} /> : null}
      </div>
      {member ? <AdjustDialog member={member} isOpen={isAdjusting} onClose={() => setAdjusting(false)} /> : null}
    </>
  );
}

function MemberSubtitle({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { member, restrictions } = profile;
  return (
    <span className="subtitle-row">
      <span>#{member.id}</span>
      <MemberStatus status={restrictions.status} />
      {restrictions.loginForbidden ? <Badge tone="bad">{t('members_login_forbidden')}</Badge> : null}
      {restrictions.gamesForbidden ? <Badge tone="warn">{t('members_games_forbidden')}</Badge> : null}
      {profile.tags.names.map((name) => (
        <Badge key={name} tone="info">
          {name}
        </Badge>
      ))}
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
