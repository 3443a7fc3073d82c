import { withdrawalPaths, type AdminWithdrawal, type AdminWithdrawalList } from '@lotus/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, Money, PageHeader, Panel, type Tone, FilterField } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { ProofImage } from '../../components/proof-image';
import { showToast } from '../../components/toast';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';

const pageSize = 20;
const filterNames = ['status', 'account'] as const;
const statuses = ['pending', 'approved', 'not_received', 'received', 'rejected'] as const;
const statusTone: Record<AdminWithdrawal['status'], Tone> = { pending: 'warn', approved: 'info', not_received: 'bad', received: 'good', rejected: 'neutral' };
type Decision = 'approve' | 'reject' | 'forceReceived';

/**
 * The withdrawal review queue (pending and not-received by default): pay (approve), refuse (reject,
 * the amount goes back to the member), or close a paid one as received.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [account, setAccount] = useState(values.account);
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);
  const withdrawals = useQuery({
    queryKey: ['withdrawals', values, page],
    queryFn: ({ signal }) => apiRequest<AdminWithdrawalList>(withdrawalPaths.adminList, { signal, query: { status: values.status, account: values.account, pageNo: page, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
  const columns: Column<AdminWithdrawal>[] = [
    { key: 'id', header: t('withdrawal_id'), render: (row) => <span className="mono">#{row.withdrawalId}</span> },
    { key: 'member', header: t('withdrawal_member'), render: (row) => <strong>{row.account}</strong> },
    { key: 'amount', header: t('withdrawal_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    { key: 'payout', header: t('withdrawal_payout'), isNumeric: true, render: (row) => <Money amount={row.payoutAmount} /> },
    { key: 'bank', header: t('withdrawal_bank'), render: (row) => <span className="cell-stack"><span>{row.bankName || row.bankCode}</span><span className="mono muted">{row.accountNumber}</span></span> },
    { key: 'status', header: t('withdrawal_status'), render: (row) => <Badge tone={statusTone[row.status]}>{t(`withdrawal_status_${row.status}`)}</Badge> },
    { key: 'created', header: t('withdrawal_created'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'open',
      header: t('actions'),
      render: (row) => (
        <button type="button" className="button is-small is-ghost" onClick={() => setSelected(row)}>
          {['pending', 'approved', 'not_received'].includes(row.status) ? t('review') : t('details')}
        </button>
      ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ account: account.trim() });
  };
  return (
    <>
      <PageHeader title={t('withdrawals_title')} subtitle={t('withdrawals_subtitle')} />
      <Panel>
        <form className="filter-bar" onSubmit={submit}>
          <FilterField label={t('withdrawal_status')}>
            {(id) => (
              <select id={id} value={values.status} onChange={(event) => setFilters({ status: event.target.value })}>
                <option value="">{t('withdrawal_queue')}</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {t(`withdrawal_status_${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <input type="search" aria-label={t('withdrawal_member')} placeholder={t('filter_username')} value={account} maxLength={64} onChange={(event) => setAccount(event.target.value)} />
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={withdrawals.error} />
        <DataTable caption={t('withdrawals_title')} columns={columns} rows={withdrawals.data?.content} rowKey={(row) => String(row.withdrawalId)} isLoading={withdrawals.isLoading} emptyText={values.status === '' ? t('withdrawals_queue_empty') : undefined} />
        {withdrawals.data ? <Pager page={page} pageSize={pageSize} total={withdrawals.data.totalElements} onPage={setPage} /> : null}
      </Panel>
      <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function WithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'reject' | 'forceReceived'>('view');
  const [text, setText] = useState('');
  const close = () => {
    setMode('view');
    setText('');
    review.reset();
    onClose();
  };
  const review = useMutation({
    mutationFn: (decision: Decision) => {
      const withdrawalId = withdrawal!.withdrawalId;
      if (decision === 'approve') return apiRequest<AdminWithdrawal>(withdrawalPaths.adminApprove, { method: 'POST', body: { withdrawalId } });
      if (decision === 'reject') return apiRequest<AdminWithdrawal>(withdrawalPaths.adminReject, { method: 'POST', body: { withdrawalId, reason: text.trim() } });
      return apiRequest<AdminWithdrawal>(withdrawalPaths.adminForceReceived, { method: 'POST', body: { withdrawalId, ...(text.trim() ? { remark: text.trim() } : {}) } });
    },
    onSuccess: async (value, decision) => {
      showToast(t(`withdrawal_done_${decision}`, { id: value.withdrawalId }));
      await queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      close();
    },
  });
  const status = withdrawal?.status;
  const canDecide = status === 'pending';
  const canForce = status === 'approved' || status === 'not_received';
  return (
    <Dialog title={withdrawal ? t('withdrawal_dialog_title', { id: withdrawal.withdrawalId }) : ''} isOpen={withdrawal !== null} onClose={close} isWide>
      {withdrawal ? (
        <div className={withdrawal.hasProof ? 'detail-layout' : 'detail-layout is-single'}>
          <dl className="detail-list">
            <div><dt>{t('withdrawal_member')}</dt><dd><strong>{withdrawal.account}</strong> <span className="muted">#{withdrawal.memberId}</span></dd></div>
            <div><dt>{t('withdrawal_status')}</dt><dd><Badge tone={statusTone[withdrawal.status]}>{t(`withdrawal_status_${withdrawal.status}`)}</Badge></dd></div>
            <div><dt>{t('withdrawal_amount')}</dt><dd><Money amount={withdrawal.amount} /></dd></div>
            <div><dt>{t('withdrawal_fee')}</dt><dd><Money amount={withdrawal.feeAmount} /></dd></div>
            <div><dt>{t('withdrawal_payout')}</dt><dd><strong><Money amount={withdrawal.payoutAmount} /></strong></dd></div>
            <div><dt>{t('withdrawal_bank')}</dt><dd>{withdrawal.bankName || withdrawal.bankCode}<br /><span className="mono">{withdrawal.accountNumber}</span><br /><span className="muted">{withdrawal.accountName}</span></dd></div>
            <div><dt>{t('withdrawal_created')}</dt><dd><DateTime value={withdrawal.createdAt} /></dd></div>
            {withdrawal.reviewedAt ? <div><dt>{t('reviewed_by')}</dt><dd>{withdrawal.reviewedBy ?? '—'} · <DateTime value={withdrawal.reviewedAt} /></dd></div> : null}
            {withdrawal.confirmDeadline ? <div><dt>{t('withdrawal_deadline')}</dt><dd><DateTime value={withdrawal.confirmDeadline} /></dd></div> : null}
            {withdrawal.rejectReason ? <div><dt>{t('reject_reason')}</dt><dd>{withdrawal.rejectReason}</dd></div> : null}
            {withdrawal.notReceivedAt ? <div><dt>{t('withdrawal_not_received_at')}</dt><dd><DateTime value={withdrawal.notReceivedAt} />{withdrawal.notReceivedRemark ? <><br />“{withdrawal.notReceivedRemark}”</> : null}</dd></div> : null}
            {withdrawal.receivedAt ? <div><dt>{t('withdrawal_received_at')}</dt><dd><DateTime value={withdrawal.receivedAt} /> {withdrawal.receivedBy ? <span className="muted">({t(`received_by_${withdrawal.receivedBy}`)})</span> : null}</dd></div> : null}
          </dl>
          {withdrawal.hasProof ? (
            <div className="detail-side">
              <ProofImage path={withdrawalPaths.adminProof} query={{ withdrawalId: withdrawal.withdrawalId }} alt={t('withdrawal_proof_alt', { id: withdrawal.withdrawalId })} />
            </div>
          ) : null}
          {canDecide || canForce ? (
            <div className="detail-actions">
              {mode === 'view' ? (
                <>
                  <ErrorNote error={review.error} />
                  <div className="form-actions">
                    {canDecide ? (
                      <>
                        <button type="button" className="button is-danger-ghost" onClick={() => setMode('reject')} disabled={review.isPending}>
                          {t('reject')}
                        </button>
                        <button type="button" className="button is-primary" onClick={() => review.mutate('approve')} disabled={review.isPending}>
                          {review.isPending ? t('working') : t('withdrawal_approve')}
                        </button>
                      </>
                    ) : (
                      <button type="button" className="button is-primary" onClick={() => setMode('forceReceived')}>
                        {t('withdrawal_force_received')}
                      </button>
                    )}
                  </div>
                </>
              ) : (
                <form
                  className="form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (mode === 'forceReceived' || text.trim().length >= 1) review.mutate(mode);
                  }}
                >
                  <Field label={mode === 'reject' ? t('reject_reason') : t('remark_optional')} htmlFor="withdrawal-text" hint={mode === 'reject' ? t('withdrawal_reject_hint') : t('withdrawal_force_hint')}>
                    <textarea id="withdrawal-text" rows={3} maxLength={500} value={text} autoFocus onChange={(event) => setText(event.target.value)} />
                  </Field>
                  <ErrorNote error={review.error} />
                  <div className="form-actions">
                    <button type="button" className="button is-ghost" onClick={() => setMode('view')}>
                      {t('back')}
                    </button>
                    <button type="submit" className={mode === 'reject' ? 'button is-danger' : 'button is-primary'} disabled={(mode === 'reject' && text.trim().length < 1) || review.isPending}>
                      {review.isPending ? t('working') : mode === 'reject' ? t('reject_confirm') : t('withdrawal_force_received')}
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
