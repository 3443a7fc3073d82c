import type { MoneyApproval } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, ErrorNote, Field, Money, PageHeader, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useMe } from '../auth/api';
import { SecondApprovalsPanel } from '../withdrawals/second-approvals-panel';
import { approvalKeys, approvalsQuery, decideApproval, setThreshold, thresholdQuery } from './api';
import './roles.css';

const statuses: MoneyApproval['status'][] = ['pending', 'approved', 'rejected'];
type Decision = { approval: MoneyApproval; approve: boolean } | null;

/**
 * Four-eyes (`approvals.review`): adjustments above the merchant's threshold wait here; another
 * operator than the requester approves (posted then) or rejects with a reason. The threshold on top;
 * withdrawals paid above it wait in the panel below (features/withdrawals/second-approvals-panel).
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [status, setStatus] = useState<MoneyApproval['status']>('pending');
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const approvals = useQuery(approvalsQuery(status));
  const decide = useMutation({
    mutationFn: (request: NonNullable<Decision>) =>
      decideApproval(request.approval.id, request.approve ? { approve: true } : { approve: false, reason }),
    onSuccess: async () => {
      showToast(t('roles_approvals_done'));
      setDecision(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const myName = me.data?.operator.username;
  const columns: Column<MoneyApproval>[] = [
    {
      key: 'requestedAt',
      header: t('roles_approvals_requested'),
      render: (row) => (
        <span className="cell-stack">
          <DateTime value={row.requestedAt} />
          <span className="muted">{row.requestedBy ?? '—'}</span>
        </span>
      ),
    },
    { key: 'member', header: t('roles_approvals_member'), render: (row) => row.memberUsername ?? row.memberId },
    {
      key: 'amount',
      header: t('roles_approvals_amount'),
      render: (row) => (
        <span className="cell-stack">
          <Money amount={row.direction === 'debit' ? `-${row.amount}` : row.amount} isSigned />
          <span className="muted">{t(`roles_direction_${row.direction}`)}</span>
        </span>
      ),
    },
    { key: 'reason', header: t('roles_approvals_reason'), render: (row) => row.decisionReason ?? row.reason },
    status === 'pending'
      ? {
          key: 'actions',
          header: t('actions'),
          render: (row) =>
            row.requestedBy === myName ? (
              <span className="muted">{t('roles_approvals_own')}</span>
            ) : (
              <span className="row-actions">
                <button
                  type="button"
                  className="button is-small is-primary"
                  onClick={() => setDecision({ approval: row, approve: true })}
                >
                  {t('roles_approvals_approve')}
                </button>
                <button
                  type="button"
                  className="button is-small is-danger-ghost"
                  onClick={() => setDecision({ approval: row, approve: false })}
                >
                  {t('roles_approvals_reject')}
                </button>
              </span>
            ),
        }
      : { key: 'decided', header: t('roles_approvals_decided'), render: (row) => row.decidedBy ?? '—' },
  ];
  return (
    <>
      <PageHeader title={t('roles_approvals_title')} subtitle={t('roles_approvals_subtitle')} />
      <ThresholdPanel />
      <Panel>
        <div className="row-actions" role="tablist">
          {statuses.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={status === value}
              className={status === value ? 'button is-small is-primary' : 'button is-small is-ghost'}
              onClick={() => setStatus(value)}
            >
              {t(`roles_approvals_${value}`)}
              {value === 'pending' && approvals.data && status === 'pending' ? ` (${approvals.data.pending})` : ''}
            </button>
          ))}
        </div>
        <ErrorNote error={approvals.error} />
        <DataTable
          caption={t('roles_approvals_title')}
          columns={columns}
          rows={approvals.data?.items}
          rowKey={(row) => row.id}
          isLoading={approvals.isLoading}
          emptyText={t('roles_approvals_empty')}
        />
      </Panel>
      <SecondApprovalsPanel />
      <ConfirmDialog
        title={decision?.approve ? t('roles_approvals_approve') : t('roles_approvals_reject')}
        isOpen={decision !== null}
        onCancel={() => {
          setDecision(null);
          decide.reset();
        }}
        onConfirm={() => decision && decide.mutate(decision)}
        confirmLabel={decision?.approve ? t('roles_approvals_approve') : t('roles_approvals_reject')}
        tone={decision?.approve ? 'primary' : 'danger'}
        isPending={decide.isPending}
        isConfirmDisabled={decision !== null && !decision.approve && reason.trim().length < 3}
        error={decide.error}
      >
        {decision ? (
          decision.approve ? (
            <p>
              {t('roles_approvals_approve_confirm', {
                direction: t(`roles_direction_${decision.approval.direction}`),
                amount: decision.approval.amount,
                member: decision.approval.memberUsername ?? decision.approval.memberId,
              })}
            </p>
          ) : (
            <Field label={t('roles_approvals_reject_reason')} htmlFor="approval-reject-reason">
              <input
                id="approval-reject-reason"
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
          )
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The merchant's threshold; saving needs `roles.manage` and `approvals.review` (the server says so if not). */
function ThresholdPanel() {
  const { t } = useTranslation();
  const threshold = useQuery(thresholdQuery());
  const [amount, setAmount] = useState<string | null>(null);
  const shown = amount ?? threshold.data?.amount ?? '';
  const save = useMutation({
    mutationFn: () => setThreshold(shown.trim() === '' ? null : shown.trim(), threshold.data?.version ?? 0),
    onSuccess: async () => {
      showToast(t('roles_threshold_saved'));
      setAmount(null);
      await queryClient.invalidateQueries({ queryKey: approvalKeys.of('threshold') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Panel title={t('roles_threshold_title')}>
      <form className="approval-threshold" onSubmit={submit} noValidate>
        <Field label={t('roles_threshold_amount')} htmlFor="approval-threshold" hint={t('roles_threshold_hint')}>
          <input
            id="approval-threshold"
            inputMode="decimal"
            placeholder={t('roles_threshold_off')}
            value={shown}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <button type="submit" className="button is-primary" disabled={save.isPending || threshold.isLoading}>
          {save.isPending ? t('working') : t('roles_threshold_save')}
        </button>
      </form>
      <ErrorNote error={save.error ?? threshold.error} />
    </Panel>
  );
}
