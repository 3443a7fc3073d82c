import {
  adminReturnSecondApprovalRequestSchema,
  secondApprovalStatuses,
  type AdminSecondApprovalPage,
  type SecondApprovalStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, ErrorNote, Field, Money, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useMe } from '../auth/api';
import { confirmSecondApproval, returnSecondApproval, secondApprovalsQuery, withdrawalKeys } from './api';
import './second-approvals.css';

type Item = AdminSecondApprovalPage['items'][number];
type Decision = { item: Item; confirm: boolean } | null;

/**
 * Four-eyes for payouts, beside the adjustments on the approvals page (`approvals.review`): a
 * withdrawal paid above the threshold waits here. Another operator than the one who asked confirms
 * it (paid then, with the reference given) or sends it back to the withdrawal desk with a reason.
 */
export function SecondApprovalsPanel() {
  const { t } = useTranslation();
  const me = useMe();
  const [status, setStatus] = useState<SecondApprovalStatus>('pending');
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const requests = useQuery(secondApprovalsQuery(status));
  const decide = useMutation({
    mutationFn: (request: NonNullable<Decision>) => {
      const withdrawalId = request.item.withdrawal.withdrawalId;
      return request.confirm
        ? confirmSecondApproval({ withdrawalId })
        : returnSecondApproval({ withdrawalId, reason: reason.trim() });
    },
    onSuccess: async (value, request) => {
      showToast(t(request.confirm ? 'wapproval_done_confirm' : 'wapproval_done_return', { id: value.withdrawalId }));
      close();
      await queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
    },
  });
  function close() {
    setDecision(null);
    setReason('');
    decide.reset();
  }
  const myName = me.data?.operator.username;
  const columns: Column<Item>[] = [
    {
      key: 'withdrawal',
      header: t('wapproval_withdrawal'),
      render: (row) => (
        <span className="cell-stack">
          <span className="mono">#{row.withdrawal.withdrawalId}</span>
          <strong>{row.withdrawal.account}</strong>
        </span>
      ),
    },
    {
      key: 'payout',
      header: t('wapproval_payout'),
      isNumeric: true,
      render: (row) => <Money amount={row.withdrawal.payoutAmount} />,
    },
    {
      key: 'bank',
      header: t('wapproval_bank'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.withdrawal.bankName || row.withdrawal.bankCode}</span>
          <span className="mono muted">{row.withdrawal.accountNumber}</span>
        </span>
      ),
    },
    {
      key: 'reference',
      header: t('wapproval_reference'),
      render: (row) => <span className="mono">{row.payoutReference}</span>,
    },
    {
      key: 'requested',
      header: t('wapproval_requested'),
      render: (row) => (
        <span className="cell-stack">
          <DateTime value={row.requestedAt} />
          <span className="muted">{row.requestedBy ?? '—'}</span>
        </span>
      ),
    },
    status === 'pending'
      ? {
          key: 'actions',
          header: t('actions'),
          render: (row) =>
            row.requestedBy === myName ? (
              <span className="muted">{t('wapproval_own')}</span>
            ) : (
              <span className="row-actions">
                <button
                  type="button"
                  className="button is-small is-primary"
                  onClick={() => setDecision({ item: row, confirm: true })}
                >
                  {t('wapproval_confirm')}
                </button>
                <button
                  type="button"
                  className="button is-small is-danger-ghost"
                  onClick={() => setDecision({ item: row, confirm: false })}
                >
                  {t('wapproval_return')}
                </button>
              </span>
            ),
        }
      : {
          key: 'decided',
          header: t('wapproval_decided'),
          render: (row) => (
            <span className="cell-stack">
              <span>{row.decidedBy ?? '—'}</span>
              {row.decisionReason ? <span className="muted">{row.decisionReason}</span> : null}
            </span>
          ),
        },
  ];
  const item = decision?.item;
  const isReasonValid = adminReturnSecondApprovalRequestSchema.shape.reason.safeParse(reason).success;
  return (
    <Panel title={t('wapproval_panel_title')}>
      <p className="muted second-approvals-note">{t('wapproval_panel_hint')}</p>
      <div className="row-actions second-approvals-tabs" role="tablist" aria-label={t('wapproval_panel_title')}>
        {secondApprovalStatuses.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            className={status === value ? 'button is-small is-primary' : 'button is-small is-ghost'}
            onClick={() => setStatus(value)}
          >
            {t(`wapproval_status_${value}`)}
            {value === 'pending' && requests.data && status === 'pending' ? ` (${requests.data.pending})` : ''}
          </button>
        ))}
      </div>
      <ErrorNote error={requests.error} />
      <DataTable
        caption={t('wapproval_panel_title')}
        columns={columns}
        rows={requests.data?.items}
        rowKey={(row) => row.id}
        isLoading={requests.isLoading}
        emptyText={t('wapproval_empty')}
      />
      <ConfirmDialog
        title={
          item
            ? t(decision?.confirm ? 'wapproval_confirm_title' : 'wapproval_return_title', {
                id: item.withdrawal.withdrawalId,
              })
            : ''
        }
        isOpen={decision !== null}
        onCancel={close}
        onConfirm={() => decision && decide.mutate(decision)}
        confirmLabel={decision?.confirm ? t('wapproval_confirm') : t('wapproval_return')}
        tone={decision?.confirm ? 'primary' : 'danger'}
        isPending={decide.isPending}
        isConfirmDisabled={decision !== null && !decision.confirm && !isReasonValid}
        error={decide.error}
      >
        {item ? (
          decision?.confirm ? (
            <p>
              {t('wapproval_confirm_intro', {
                amount: formatMoney(item.withdrawal.payoutAmount),
                member: item.withdrawal.account,
                bank: item.withdrawal.bankName || item.withdrawal.bankCode,
                account: item.withdrawal.accountNumber,
                reference: item.payoutReference,
                name: item.requestedBy ?? '—',
              })}
            </p>
          ) : (
            <Field
              label={t('wapproval_return_reason')}
              htmlFor="second-approval-reason"
              hint={t('wapproval_return_hint')}
            >
              <textarea
                id="second-approval-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
          )
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}
