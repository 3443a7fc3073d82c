import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorNote, PageHeader } from '../../components/bits';
import { Icon, type IconName } from '../../components/icons';
import { formatCount } from '../../lib/format';
import { useLanguage } from '@lotus/client';
import { useCan, useMe } from '../auth/api';
import { dashboardQuery, pendingDepositsCountQuery, withdrawalsCountQuery } from './api';

/** Work waiting (deposit and withdrawal queues) and the last 24 hours, each for a role that may see it. */
export function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe();
  const dashboard = useQuery(dashboardQuery());
  const deposits = useQuery({ ...pendingDepositsCountQuery(), enabled: can('deposits.review') });
  const withdrawals = useQuery({ ...withdrawalsCountQuery(), enabled: can('withdrawals.review') });
  const value = dashboard.data;
  return (
    <>
      <PageHeader
        title={t('dashboard_title')}
        subtitle={t('dashboard_greeting', { name: me.data?.operator.username ?? '' })}
      />
      <ErrorNote error={dashboard.error} />
      <div className="stat-grid">
        {can('deposits.review') ? (
          <StatCard
            to="/deposits?status=pending"
            icon="deposit"
            label={t('dashboard_pending_deposits')}
            value={deposits.data?.total}
            isUrgent
            error={deposits.error}
          />
        ) : null}
        {can('withdrawals.review') ? (
          <StatCard
            to="/withdrawals"
            icon="withdrawal"
            label={t('dashboard_pending_withdrawals')}
            value={withdrawals.data?.totalElements}
            isUrgent
            error={withdrawals.error}
          />
        ) : null}
        {value?.members !== null && value?.members !== undefined ? (
          <StatCard
            to="/members"
            icon="members"
            label={t('dashboard_members')}
            value={value.members}
            note={t('dashboard_new_today', { count: formatCountSafe(value.membersToday) })}
          />
        ) : null}
        {value?.outboxToday !== null && value?.outboxToday !== undefined ? (
          <StatCard
            to="/outbox"
            icon="outbox"
            label={t('dashboard_outbox')}
            value={value.outboxToday}
            note={t('dashboard_failed', { count: formatCountSafe(value.outboxFailedToday) })}
          />
        ) : null}
        {value?.auditToday !== null && value?.auditToday !== undefined ? (
          <StatCard to="/audit" icon="audit" label={t('dashboard_audit')} value={value.auditToday} />
        ) : null}
      </div>
    </>
  );
}

function formatCountSafe(value: number | null): string {
  return String(value ?? 0);
}

function StatCard({
  to,
  icon,
  label,
  value,
  note,
  isUrgent,
  error,
}: {
  to: string;
  icon: IconName;
  label: string;
  value: number | undefined;
  note?: string;
  isUrgent?: boolean;
  error?: unknown;
}) {
  const language = useLanguage();
  const { t } = useTranslation();
  const hasWork = isUrgent && (value ?? 0) > 0;
  return (
    <Link to={to} className={hasWork ? 'stat-card is-urgent' : 'stat-card'}>
      <span className="stat-icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="stat-label">{label}</span>
      <span className="stat-value">
        {error ? '—' : value === undefined ? <span className="skeleton stat-skeleton" /> : formatCount(value, language)}
      </span>
      <span className="stat-note">
        {error
          ? t('dashboard_unavailable')
          : (note ??
            (isUrgent ? (hasWork ? t('dashboard_review_now') : t('dashboard_all_clear')) : t('dashboard_last_day')))}
      </span>
    </Link>
  );
}
