import { depositPaths, type AdminDeposit, type AdminDepositPage } from '@lotus/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, Money, PageHeader, Panel, type Tone, FilterField } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { ProofImage } from '../../components/proof-image';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { apiRequest } from '../../lib/api-client';
import { dayStartMs, formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';

const pageSize = 20;
const dayMs = 24 * 3_600_000;
const filterNames = ['status', 'methodCode', 'username', 'from', 'to'] as const;
const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;
const methods = ['BANK', 'PROMPTPAY', 'DEMOPAY'] as const;

export const depositStatusTone: Record<AdminDeposit['status'], Tone> = { pending: 'warn', approved: 'good', rejected: 'bad', expired: 'neutral' };

/** The deposit review queue: bank transfers (with their proof) and PromptPay payments wait for an operator. */
export function DepositsPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  // The queue is what an operator opens this page for: pending unless another status was chosen.
  const status = values.status === '' ? 'pending' : values.status === 'all' ? undefined : values.status;
  const [username, setUsername] = useState(values.username);
  const [selected, setSelected] = useState<AdminDeposit | null>(null);
  const from = dayStartMs(values.from);
  const to = dayStartMs(values.to);
  const deposits = useQuery({
    queryKey: ['deposits', values, page],
    queryFn: ({ signal }) =>
      apiRequest<AdminDepositPage>(depositPaths.adminList, {
        signal,
        query: { status, methodCode: values.methodCode, username: values.username, from: from ?? undefined, to: to === null ? undefined : to + dayMs, page, pageSize },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
  const columns: Column<AdminDeposit>[] = [
    { key: 'id', header: t('deposit_id'), render: (row) => <span className="mono">#{row.depositId}</span> },
    { key: 'member', header: t('deposit_member'), render: (row) => <span className="cell-stack"><strong>{row.username}</strong>{row.isFirstDeposit ? <Badge tone="info">{t('deposit_first')}</Badge> : null}</span> },
    { key: 'method', header: t('deposit_method'), render: (row) => t(`method_${row.methodCode}`) },
    { key: 'amount', header: t('deposit_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    { key: 'credit', header: t('deposit_credit'), isNumeric: true, render: (row) => <Money amount={row.creditAmount} /> },
    { key: 'status', header: t('deposit_status'), render: (row) => <Badge tone={depositStatusTone[row.status]}>{t(`deposit_status_${row.status}`)}</Badge> },
    { key: 'created', header: t('deposit_created'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'open',
      header: t('actions'),
      render: (row) => (
        <button type="button" className="button is-small is-ghost" onClick={() => setSelected(row)}>
          {row.status === 'pending' && row.methodCode !== 'DEMOPAY' ? t('review') : t('details')}
        </button>
      ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ username: username.trim() });
  };
  return (
    <>
      <PageHeader title={t('deposits_title')} subtitle={t('deposits_subtitle')} />
      <Panel>
        <form className="filter-bar" onSubmit={submit}>
          <FilterField label={t('deposit_status')}>
            {(id) => (
              <select id={id} value={values.status || 'pending'} onChange={(event) => setFilters({ status: event.target.value === 'pending' ? '' : event.target.value })}>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {t(`deposit_status_${value}`)}
                  </option>
                ))}
                <option value="all">{t('filter_all')}</option>
              </select>
            )}
          </FilterField>
          <FilterField label={t('deposit_method')}>
            {(id) => (
              <select id={id} value={values.methodCode} onChange={(event) => setFilters({ methodCode: event.target.value })}>
                <option value="">{t('filter_all')}</option>
                {methods.map((value) => (
                  <option key={value} value={value}>
                    {t(`method_${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('filter_from')}>
            {(id) => (
              <input id={id} type="date" value={values.from} onChange={(event) => setFilters({ from: event.target.value })} />
            )}
          </FilterField>
          <FilterField label={t('filter_to')}>
            {(id) => (
              <input id={id} type="date" value={values.to} onChange={(event) => setFilters({ to: event.target.value })} />
            )}
          </FilterField>
          <input type="search" aria-label={t('deposit_member')} placeholder={t('filter_username')} value={username} maxLength={64} onChange={(event) => setUsername(event.target.value)} />
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={deposits.error} />
        <DataTable caption={t('deposits_title')} columns={columns} rows={deposits.data?.items} rowKey={(row) => String(row.depositId)} isLoading={deposits.isLoading} emptyText={status === 'pending' ? t('deposits_queue_empty') : undefined} />
        {deposits.data ? <Pager page={page} pageSize={pageSize} total={deposits.data.total} onPage={setPage} /> : null}
      </Panel>
      <DepositDialog deposit={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function DepositDialog({ deposit, onClose }: { deposit: AdminDeposit | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'reject'>('view');
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const close = () => {
    setMode('view');
    setReason('');
    setRemark('');
    review.reset();
    onClose();
  };
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? apiRequest<AdminDeposit>(depositPaths.adminApprove, { method: 'POST', body: { depositId: deposit!.depositId, ...(remark.trim() ? { remark: remark.trim() } : {}) } })
        : apiRequest<AdminDeposit>(depositPaths.adminReject, { method: 'POST', body: { depositId: deposit!.depositId, reason: reason.trim() } }),
    onSuccess: async (value) => {
      showToast(t(value.status === 'approved' ? 'deposit_approved_toast' : 'deposit_rejected_toast', { id: value.depositId }));
      await queryClient.invalidateQueries({ queryKey: ['deposits'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      close();
    },
  });
  const isReviewable = deposit?.status === 'pending' && deposit.methodCode !== 'DEMOPAY';
  return (
    <Dialog title={deposit ? t('deposit_dialog_title', { id: deposit.depositId }) : ''} isOpen={deposit !== null} onClose={close} isWide>
      {deposit ? (
        <div className="detail-layout">
          <dl className="detail-list">
            <div><dt>{t('deposit_member')}</dt><dd><strong>{deposit.username}</strong> <span className="muted">#{deposit.memberId}</span></dd></div>
            <div><dt>{t('deposit_status')}</dt><dd><Badge tone={depositStatusTone[deposit.status]}>{t(`deposit_status_${deposit.status}`)}</Badge></dd></div>
            <div><dt>{t('deposit_method')}</dt><dd>{t(`method_${deposit.methodCode}`)}</dd></div>
            <div><dt>{t('deposit_amount')}</dt><dd><Money amount={deposit.amount} currency={deposit.currency} /></dd></div>
            <div><dt>{t('deposit_fee')}</dt><dd><Money amount={deposit.feeAmount} /></dd></div>
            <div><dt>{t('deposit_credit')}</dt><dd><Money amount={deposit.creditAmount} currency={deposit.currency} /></dd></div>
            <div><dt>{t('deposit_created')}</dt><dd><DateTime value={deposit.createdAt} /></dd></div>
            {deposit.status === 'pending' ? <div><dt>{t('deposit_expires')}</dt><dd><DateTime value={deposit.expiresAt} /></dd></div> : <div><dt>{t('deposit_settled')}</dt><dd><DateTime value={deposit.settledAt} /></dd></div>}
            {deposit.bank ? (
              <>
                <div><dt>{t('deposit_bank_target')}</dt><dd>{deposit.bank.target.bankCode} · <span className="mono">{deposit.bank.target.accountNumber}</span><br /><span className="muted">{deposit.bank.target.accountName}</span></dd></div>
                <div><dt>{t('deposit_reference')}</dt><dd className="mono">{deposit.bank.transferReference}</dd></div>
              </>
            ) : null}
            {deposit.gatewayPaymentId ? <div><dt>{t('deposit_gateway_id')}</dt><dd className="mono">{deposit.gatewayPaymentId}</dd></div> : null}
            {deposit.reviewedBy ? <div><dt>{t('reviewed_by')}</dt><dd>{deposit.reviewedBy}</dd></div> : null}
            {deposit.rejectReason ? <div><dt>{t('reject_reason')}</dt><dd>{deposit.rejectReason}</dd></div> : null}
            {deposit.reviewRemark ? <div><dt>{t('remark')}</dt><dd>{deposit.reviewRemark}</dd></div> : null}
          </dl>
          <div className="detail-side">
            {deposit.bank ? (
              <ProofImage path={depositPaths.adminProof} query={{ depositId: deposit.depositId }} alt={t('deposit_proof_alt', { id: deposit.depositId })} />
            ) : (
              <p className="muted proof-none">{deposit.methodCode === 'PROMPTPAY' ? t('deposit_promptpay_check') : t('deposit_no_proof')}</p>
            )}
          </div>
          {isReviewable ? (
            <div className="detail-actions">
              {mode === 'view' ? (
                <>
                  <Field label={t('remark_optional')} htmlFor="deposit-remark">
                    <input id="deposit-remark" value={remark} maxLength={200} onChange={(event) => setRemark(event.target.value)} />
                  </Field>
                  <ErrorNote error={review.error} />
                  <div className="form-actions">
                    <button type="button" className="button is-danger-ghost" onClick={() => setMode('reject')} disabled={review.isPending}>
                      {t('reject')}
                    </button>
                    <button type="button" className="button is-primary" onClick={() => review.mutate('approve')} disabled={review.isPending}>
                      {review.isPending ? t('working') : t('deposit_approve', { amount: formatMoney(deposit.creditAmount) })}
                    </button>
                  </div>
                </>
              ) : (
                <form
                  className="form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (reason.trim().length >= 3) review.mutate('reject');
                  }}
                >
                  <Field label={t('reject_reason')} htmlFor="deposit-reason" hint={t('reject_reason_hint')}>
                    <textarea id="deposit-reason" rows={3} maxLength={200} value={reason} autoFocus onChange={(event) => setReason(event.target.value)} />
                  </Field>
                  <ErrorNote error={review.error} />
                  <div className="form-actions">
                    <button type="button" className="button is-ghost" onClick={() => setMode('view')}>
                      {t('back')}
                    </button>
                    <button type="submit" className="button is-danger" disabled={reason.trim().length < 3 || review.isPending}>
                      {review.isPending ? t('working') : t('reject_confirm')}
                    </button>
                  </div>
                </form>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
