import './push.css';
import {
  adminPushTestRequestSchema,
  pushKinds,
  setRefusalFieldError,
  type AdminPushDeliveries,
  type AdminPushOverview,
  type AdminPushTestResult,
  type PushDevice,
  type PushKind,
} from '@lotus/contract';
import { useLanguage } from '@lotus/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateTime, ErrorNote, PageHeader, Panel, Field } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { formatCount } from '../../lib/format';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useCan } from '../auth/api';
import { pushKeys, pushOverviewQuery, rotatePushKey, sendTestPush } from './api';

const kindLabelKeys: Record<PushKind, string> = {
  depositApproved: 'push_kind_deposit_approved',
  withdrawalPaid: 'push_kind_withdrawal_paid',
  promotionIssued: 'push_kind_promotion_issued',
  contractOffered: 'push_kind_contract_offered',
};

const deviceLabelKeys: Record<PushDevice, string> = {
  mobile: 'push_device_mobile',
  tablet: 'push_device_tablet',
  desktop: 'push_device_desktop',
  unknown: 'push_device_unknown',
};

/**
 * Push notifications (`push.read`): who receives them (members with push on, live and stale
 * subscriptions by device, opt-ins per kind), what was delivered over 24 hours and 7 days, and the
 * merchant's VAPID key by fingerprint. With `push.manage`: rotating the key (confirmed, audited) and a
 * test notice to one member.
 */
export function PushPage() {
  const { t } = useTranslation();
  const can = useCan();
  const overview = useQuery(pushOverviewQuery());
  const value = overview.data;
  return (
    <>
      <PageHeader title={t('push_title')} subtitle={t('push_subtitle')} />
      <ErrorNote error={overview.error} />
      {value ? (
        <>
          <ReachPanel overview={value} />
          <div className="push-columns">
            <DevicesPanel overview={value} />
            <OptInsPanel overview={value} />
          </div>
          <DeliveriesPanel overview={value} />
          <KeyPanel overview={value} canManage={can('push.manage')} />
          {can('push.manage') ? <TestPanel /> : null}
        </>
      ) : null}
    </>
  );
}

function Stat({ label, value, note, isUrgent }: { label: string; value: number; note?: string; isUrgent?: boolean }) {
  const language = useLanguage();
  return (
    <div className={isUrgent ? 'push-stat is-urgent' : 'push-stat'}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{formatCount(value, language)}</span>
      {note ? <span className="stat-note">{note}</span> : null}
    </div>
  );
}

function ReachPanel({ overview }: { overview: AdminPushOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Panel title={t('push_reach')}>
      <div className="push-stats">
        <Stat label={t('push_consented')} value={overview.consentedMembers} note={t('push_consented_note')} />
        <Stat label={t('push_reachable')} value={overview.reachableMembers} note={t('push_reachable_note')} />
        <Stat
          label={t('push_live')}
          value={overview.liveSubscriptions}
          note={t('push_stale_note', { count: formatCount(overview.staleSubscriptions, language) })}
        />
        <Stat
          label={t('push_to_resubscribe')}
          value={overview.membersToResubscribe}
          note={t('push_to_resubscribe_note')}
          isUrgent={overview.membersToResubscribe > 0}
        />
        <Stat label={t('push_queued')} value={overview.queued} note={t('push_queued_note')} />
      </div>
    </Panel>
  );
}

function DevicesPanel({ overview }: { overview: AdminPushOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: Column<AdminPushOverview['devices'][number]>[] = [
    { key: 'device', header: t('push_device'), render: (row) => t(deviceLabelKeys[row.device]) },
    {
      key: 'subscriptions',
      header: t('push_live'),
      isNumeric: true,
      render: (row) => formatCount(row.subscriptions, language),
    },
  ];
  return (
    <Panel title={t('push_devices')}>
      <DataTable
        columns={columns}
        rows={overview.devices}
        rowKey={(row) => row.device}
        emptyText={t('push_no_devices')}
        caption={t('push_devices')}
      />
    </Panel>
  );
}

function OptInsPanel({ overview }: { overview: AdminPushOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = pushKinds.map((kind) => ({ kind, members: overview.optIns[kind] }));
  const share = (members: number) =>
    overview.consentedMembers === 0 ? '—' : `${Math.round((members / overview.consentedMembers) * 100)}%`;
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'kind', header: t('push_kind'), render: (row) => t(kindLabelKeys[row.kind]) },
    { key: 'members', header: t('push_members'), isNumeric: true, render: (row) => formatCount(row.members, language) },
    { key: 'share', header: t('push_share'), isNumeric: true, render: (row) => share(row.members) },
  ];
  return (
    <Panel title={t('push_opt_ins')}>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.kind} caption={t('push_opt_ins')} />
    </Panel>
  );
}

function DeliveriesPanel({ overview }: { overview: AdminPushOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = [
    { key: 'day', label: t('push_last_day'), counts: overview.lastDay },
    { key: 'week', label: t('push_last_week'), counts: overview.lastWeek },
  ];
  const count = (pick: keyof AdminPushDeliveries) => (row: (typeof rows)[number]) =>
    formatCount(row.counts[pick], language);
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'window', header: t('push_window'), render: (row) => row.label },
    { key: 'sent', header: t('push_sent'), isNumeric: true, render: count('sent') },
    { key: 'failed', header: t('push_failed'), isNumeric: true, render: count('failed') },
    { key: 'removed', header: t('push_removed'), isNumeric: true, render: count('removed') },
  ];
  return (
    <Panel title={t('push_deliveries')}>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.key} caption={t('push_deliveries')} />
      <p className="muted push-note">{t('push_deliveries_note')}</p>
    </Panel>
  );
}

function KeyPanel({ overview, canManage }: { overview: AdminPushOverview; canManage: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isConfirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotatePushKey(overview.key?.fingerprint ?? null),
    onSuccess: (answer) => {
      queryClient.setQueryData(pushKeys.all, answer.overview);
      setConfirming(false);
      showToast(t('push_rotated', { count: formatCount(answer.staleSubscriptions, language) }));
    },
    // A refusal (another operator rotated first) shows the new key: the page reads it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
  const willNeedToComeBack = overview.reachableMembers + overview.membersToResubscribe;
  return (
    <Panel
      title={t('push_key')}
      actions={
        canManage ? (
          <button
            type="button"
            className="button is-danger"
            onClick={() => {
              rotate.reset();
              setConfirming(true);
            }}
          >
            {t('push_rotate')}
          </button>
        ) : null
      }
    >
      <dl className="detail-list push-key">
        <div>
          <dt>{t('push_fingerprint')}</dt>
          <dd>
            {overview.key ? <code>{overview.key.fingerprint}</code> : <span className="muted">{t('push_no_key')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('push_key_created')}</dt>
          <dd>
            <DateTime value={overview.key?.createdAtMs ?? null} />
          </dd>
        </div>
      </dl>
      <p className="muted push-note">{t('push_key_note')}</p>
      <ConfirmDialog
        title={t('push_rotate_title')}
        isOpen={isConfirming}
        confirmLabel={t('push_rotate')}
        tone="danger"
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirming(false)}
        isPending={rotate.isPending}
        error={rotate.error}
      >
        <p>
          {t('push_rotate_message', {
            subscriptions: formatCount(overview.liveSubscriptions, language),
            members: formatCount(willNeedToComeBack, language),
          })}
        </p>
        <p className="muted">{t('push_rotate_when')}</p>
      </ConfirmDialog>
    </Panel>
  );
}

const testFormSchema = z.object({ memberId: z.string() });

function TestPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [result, setResult] = useState<(AdminPushTestResult & { memberId: string }) | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  // The contract's rule, its message in the operator's language.
  const schema = useMemo(
    () =>
      testFormSchema.superRefine((draft, context) => {
        if (!adminPushTestRequestSchema.safeParse(draft).success)
          context.addIssue({ code: 'custom', path: ['memberId'], message: t('push_member_id_invalid') });
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { memberId: '' } });
  const send = useMutation({
    mutationFn: (draft: { memberId: string }) => sendTestPush({ memberId: draft.memberId.trim() }),
    onMutate: () => {
      setFormError(null);
      setResult(null);
    },
    onSuccess: (answer, draft) => {
      setResult({ ...answer, memberId: draft.memberId.trim() });
      void queryClient.invalidateQueries({ queryKey: pushKeys.all });
    },
    onError: (error) => {
      if (!setRefusalFieldError(error, form.setError, ['memberId'])) setFormError(error);
    },
  });
  return (
    <Panel title={t('push_test')}>
      <p className="muted push-note">{t('push_test_note')}</p>
      <form className="form-grid push-test-form" onSubmit={form.handleSubmit((draft) => send.mutate(draft))} noValidate>
        <Field label={t('push_member_id')} htmlFor="push-test-member" error={form.formState.errors.memberId?.message}>
          <input id="push-test-member" inputMode="numeric" autoComplete="off" {...form.register('memberId')} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={send.isPending}>
            {t('push_test_send')}
          </button>
        </div>
      </form>
      <ErrorNote error={formError} />
      {result ? (
        <p className="push-result" role="status">
          {t('push_test_result', {
            memberId: result.memberId,
            sent: formatCount(result.sent, language),
            subscriptions: formatCount(result.subscriptions, language),
            failed: formatCount(result.failed, language),
            removed: formatCount(result.removed, language),
          })}
        </p>
      ) : null}
    </Panel>
  );
}
