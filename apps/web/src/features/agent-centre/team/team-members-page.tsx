import type { TeamMember, TeamMembersQuery } from '@lotus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentTeamKeys, setTeamMemberStatus, teamMembersQuery } from './api';
import { Empty, ErrorLine, Pager, TeamTable, formatTime } from './team-shared';

const size = 20;

// The message form (react-hook-form with it) loads when an agent writes one.
const SendMessageDialog = lazy(() =>
  import('./send-message-dialog').then((module) => ({ default: module.SendMessageDialog })),
);

/**
 * Team management (DOWNMAN): the team with the original's filters and, per member, its game record
 * (team betting filtered to it), a transfer (the transfer page, /agentCenter/transfer?downlineId=), a
 * message to its inbox and, for a direct downline, lock or unlock.
 */
export function TeamMembersPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<TeamMembersQuery>({ scope: 'ALL', kind: 'ANY' });
  const [page, setPage] = useState(1);
  const members = useQuery(teamMembersQuery({ ...filters, page, size }));
  const change = (patch: Partial<TeamMembersQuery>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const rows = members.data?.list ?? [];
  return (
    <div className="agent-team">
      <form className="agent-team__filters" onSubmit={(event) => event.preventDefault()} role="search">
        <Field id={`${id}-scope`} label={t('agteam_scope')}>
          <select
            id={`${id}-scope`}
            value={filters.scope}
            onChange={(event) => change({ scope: event.target.value as 'ALL' | 'DIRECT' })}
          >
            <option value="ALL">{t('agteam_scope_all')}</option>
            <option value="DIRECT">{t('agteam_scope_direct')}</option>
          </select>
        </Field>
        <Field id={`${id}-kind`} label={t('agteam_kind')}>
          <select
            id={`${id}-kind`}
            value={filters.kind}
            onChange={(event) => change({ kind: event.target.value as 'ANY' | 'AGENT' | 'PLAYER' })}
          >
            <option value="ANY">{t('agteam_kind_any')}</option>
            <option value="AGENT">{t('agteam_kind_agent')}</option>
            <option value="PLAYER">{t('agteam_kind_player')}</option>
          </select>
        </Field>
        <Field id={`${id}-name`} label={t('agteam_username')}>
          <input
            id={`${id}-name`}
            maxLength={64}
            value={filters.subordinateName ?? ''}
            onChange={(event) => change({ subordinateName: event.target.value })}
          />
        </Field>
        <Field id={`${id}-deposited`} label={t('agteam_deposited')}>
          <select
            id={`${id}-deposited`}
            value={filters.deposited ?? ''}
            onChange={(event) => change({ deposited: (event.target.value || undefined) as 'Y' | 'N' | undefined })}
          >
            <option value="">{t('agteam_any')}</option>
            <option value="Y">{t('agteam_deposited_yes')}</option>
            <option value="N">{t('agteam_deposited_no')}</option>
          </select>
        </Field>
        <Field id={`${id}-method`} label={t('agteam_register_method')}>
          <select
            id={`${id}-method`}
            value={filters.registerMethod ?? ''}
            onChange={(event) => change({ registerMethod: event.target.value || undefined })}
          >
            <option value="">{t('agteam_any')}</option>
            {['WEB', 'AGENT'].map((method) => (
              <option key={method} value={method}>
                {t(`agteam_reg_${method}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-login-from`} label={t('agteam_last_login_from')}>
          <input
            id={`${id}-login-from`}
            type="date"
            value={filters.lastLoginFrom ?? ''}
            onChange={(event) => change({ lastLoginFrom: event.target.value || undefined, neverLoggedIn: undefined })}
          />
        </Field>
        <Field id={`${id}-login-to`} label={t('agteam_last_login_to')}>
          <input
            id={`${id}-login-to`}
            type="date"
            value={filters.lastLoginTo ?? ''}
            onChange={(event) => change({ lastLoginTo: event.target.value || undefined, neverLoggedIn: undefined })}
          />
        </Field>
        <label className="agent-team__check">
          <input
            type="checkbox"
            checked={filters.neverLoggedIn === 'Y'}
            onChange={(event) =>
              change({
                neverLoggedIn: event.target.checked ? 'Y' : undefined,
                lastLoginFrom: undefined,
                lastLoginTo: undefined,
              })
            }
          />
          {t('agteam_never_logged_in')}
        </label>
      </form>
      <ErrorLine error={members.error} />
      <Empty shown={members.isSuccess && rows.length === 0}>{t('agteam_none')}</Empty>
      {rows.length > 0 ? (
        <TeamTable
          caption={t('agteam_members_caption')}
          columns={[
            { key: 'username', label: t('agteam_username') },
            { key: 'kind', label: t('agteam_kind') },
            { key: 'upline', label: t('agteam_direct_upline') },
            { key: 'team', label: t('agteam_team_size'), numeric: true },
            { key: 'login', label: t('agteam_last_login') },
            { key: 'balance', label: t('agteam_balance'), numeric: true },
            { key: 'status', label: t('agteam_status') },
            { key: 'actions', label: t('agteam_actions') },
          ]}
          rows={rows.map((member) => ({
            key: member.id,
            cells: {
              username: member.username,
              kind: t(member.isAgent === 0 ? 'agteam_kind_player' : 'agteam_kind_agent'),
              upline: member.directUpline,
              team: member.teamSize,
              login:
                member.lastLoginTime === null ? t('agteam_never') : formatTime(member.lastLoginTime, i18n.language),
              balance: member.balance,
              status: t(`agteam_status_${member.status}`),
              actions: <MemberActions member={member} />,
            },
          }))}
        />
      ) : null}
      <Pager page={page} size={size} total={members.data?.totalElements ?? 0} onPage={setPage} />
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="agent-form__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function MemberActions({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isWriting, setWriting] = useState(false);
  const [isSent, setSent] = useState(false);
  const toggle = useMutation({
    mutationFn: () =>
      setTeamMemberStatus({ downlineId: member.id, status: member.status === 'active' ? 'locked' : 'active' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentTeamKeys.all }),
  });
  return (
    <div className="agent-team__actions">
      <Link to={`/agentCenter?page=teamBetting&subordinateName=${encodeURIComponent(member.username)}`}>
        {t('agteam_action_bets')}
      </Link>
      <Link to={`/agentCenter/transfer?downlineId=${member.id}`}>{t('agteam_action_transfer')}</Link>
      <button
        type="button"
        onClick={() => {
          setSent(false);
          setWriting(true);
        }}
      >
        {t('agteam_action_message')}
      </button>
      {member.depth === 1 && member.status !== 'closed' ? (
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => {
            const question = member.status === 'active' ? 'agteam_confirm_lock' : 'agteam_confirm_unlock';
            if (window.confirm(t(question, { username: member.username }))) toggle.mutate();
          }}
        >
          {t(member.status === 'active' ? 'agteam_action_lock' : 'agteam_action_unlock')}
        </button>
      ) : null}
      <ErrorLine error={toggle.error} />
      {isSent ? (
        <p className="agent-form__hint" role="status">
          {t('agteam_message_sent', { username: member.username })}
        </p>
      ) : null}
      {isWriting ? (
        <Suspense fallback={null}>
          <SendMessageDialog
            username={member.username}
            onClose={() => setWriting(false)}
            onSent={() => {
              setWriting(false);
              setSent(true);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
