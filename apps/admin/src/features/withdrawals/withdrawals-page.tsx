import {
  adminRejectWithdrawalRequestSchema,
  payoutReferenceMaxLength,
  payoutReferencePattern,
  proofImageMaxBytes,
  withdrawalPaths,
  type AdminWithdrawal,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Badge,
  DateTime,
  ErrorNote,
  Field,
  Money,
  PageHeader,
  Panel,
  type Tone,
  FilterField,
} from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { ProofImage } from '../../components/proof-image';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import { dashboardKeys } from '../dashboard/api';
import {
  approveWithdrawal,
  forceWithdrawalReceived,
  rejectWithdrawal,
  withdrawalKeys,
  withdrawalListQuery,
  withdrawalPageSize as pageSize,
} from './api';

const filterNames = ['status', 'account'] as const;
const statuses = ['pending', 'approved', 'not_received', 'received', 'rejected'] as const;
const statusTone: Record<AdminWithdrawal['status'], Tone> = {
  pending: 'warn',
  approved: 'info',
  not_received: 'bad',
  received: 'good',
  rejected: 'neutral',
};
type Decision = 'approve' | 'reject' | 'forceReceived';

/**
 * The withdrawal review queue (pending and not-received by default): pay (approve, with the bank's
 * reference of the transfer and optionally its slip), refuse (reject, the amount goes back to the
 * member), or close a paid one as received. Every action asks for confirmation first, showing who
 * is paid how much into which account.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [account, setAccount] = useState(values.account);
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);
  const withdrawals = useQuery(withdrawalListQuery(values, page));
  const columns: Column<AdminWithdrawal>[] = [
    { key: 'id', header: t('withdrawal_id'), render: (row) => <span className="mono">#{row.withdrawalId}</span> },
    { key: 'member', header: t('withdrawal_member'), render: (row) => <strong>{row.account}</strong> },
    { key: 'amount', header: t('withdrawal_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    {
      key: 'payout',
      header: t('withdrawal_payout'),
      isNumeric: true,
      render: (row) => <Money amount={row.payoutAmount} />,
    },
    {
      key: 'bank',
      header: t('withdrawal_bank'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.bankName || row.bankCode}</span>
          <span className="mono muted">{row.accountNumber}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('withdrawal_status'),
      render: (row) => <StatusCell withdrawal={row} />,
    },
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
          <input
            type="search"
            aria-label={t('withdrawal_member')}
            placeholder={t('filter_username')}
            value={account}
            maxLength={64}
            onChange={(event) => setAccount(event.target.value)}
          />
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={withdrawals.error} />
        <DataTable
          caption={t('withdrawals_title')}
          columns={columns}
          rows={withdrawals.data?.content}
          rowKey={(row) => String(row.withdrawalId)}
          isLoading={withdrawals.isLoading}
          emptyText={values.status === '' ? t('withdrawals_queue_empty') : undefined}
        />
        {withdrawals.data ? (
          <Pager page={page} pageSize={pageSize} total={withdrawals.data.totalElements} onPage={setPage} />
        ) : null}
      </Panel>
      <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} />
    </>
  );
}

/** A payout above the threshold waits for a second operator: the desk says so, and who asked. */
function isAwaitingSecond(withdrawal: AdminWithdrawal): boolean {
  return withdrawal.status === 'pending' && withdrawal.secondApproval?.status === 'pending';
}

function StatusCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const request = withdrawal.secondApproval;
  if (isAwaitingSecond(withdrawal)) {
    return (
      <span className="cell-stack">
        <Badge tone="info">{t('wapproval_awaiting')}</Badge>
        <span className="muted">{t('wapproval_asked_by', { name: request?.requestedBy ?? '—' })}</span>
      </span>
    );
  }
  const badge = <Badge tone={statusTone[withdrawal.status]}>{t(`withdrawal_status_${withdrawal.status}`)}</Badge>;
  if (withdrawal.status === 'pending' && request?.status === 'returned') {
    return (
      <span className="cell-stack">
        {badge}
        <span className="muted">{t('wapproval_returned')}</span>
      </span>
    );
  }
  return badge;
}

/** A slip picked for upload: PNG or JPEG, at most 5 MB (the server checks the bytes again). */
interface PickedSlip {
  name: string;
  dataUrl: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The optional payout slip: a file input, then a preview that can be removed. */
function SlipField({
  value,
  onChange,
  error,
  onError,
}: {
  value: PickedSlip | null;
  onChange: (slip: PickedSlip | null) => void;
  error: string | undefined;
  onError: (text: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return onError(t('withdrawal_slip_type'));
    if (file.size > proofImageMaxBytes) return onError(t('withdrawal_slip_size'));
    try {
      onChange({ name: file.name, dataUrl: await readAsDataUrl(file) });
      onError(undefined);
    } catch {
      onError(t('withdrawal_slip_unreadable'));
    }
  };
  return (
    <Field label={t('withdrawal_slip_optional')} htmlFor={id} hint={t('withdrawal_slip_hint')} error={error}>
      {value ? (
        <div className="slip-pick">
          <img src={value.dataUrl} alt={t('withdrawal_slip_preview')} />
          <span className="slip-pick-name muted">{value.name}</span>
          <button type="button" className="button is-small is-ghost" onClick={() => onChange(null)}>
            {t('withdrawal_slip_remove')}
          </button>
        </div>
      ) : null}
      {/* The browser's own file button speaks the browser's language and ignores the theme: a label of ours opens it. */}
      <input
        ref={inputRef}
        id={id}
        className="visually-hidden file-input"
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={Boolean(error)}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <label htmlFor={id} className="button is-small is-ghost file-pick" aria-hidden="true">
        {value ? t('withdrawal_slip_replace') : t('withdrawal_slip_choose')}
      </label>
    </Field>
  );
}

/** Who is paid how much into which account: what every confirmation shows first. */
function PayoutSummary({ withdrawal, decision }: { withdrawal: AdminWithdrawal; decision: Decision }) {
  const { t } = useTranslation();
  const hasFee = withdrawal.feeAmount !== '0.00';
  return (
    <dl className="detail-list confirm-summary">
      <div>
        <dt>{t('withdrawal_member')}</dt>
        <dd>
          <strong>{withdrawal.account}</strong> <span className="muted">#{withdrawal.memberId}</span>
        </dd>
      </div>
      {decision === 'approve' ? (
        <>
          {hasFee ? (
            <div>
              <dt>{t('withdrawal_amount')}</dt>
              <dd>
                <Money amount={withdrawal.amount} />{' '}
                <span className="muted">
                  ({t('withdrawal_fee')} <Money amount={withdrawal.feeAmount} />)
                </span>
              </dd>
            </div>
          ) : null}
          <div className="confirm-summary-total">
            <dt>{t('withdrawal_payout')}</dt>
            <dd>
              <Money amount={withdrawal.payoutAmount} />
            </dd>
          </div>
        </>
      ) : decision === 'reject' ? (
        <div className="confirm-summary-total">
          <dt>{t('withdrawal_returned')}</dt>
          <dd>
            <Money amount={withdrawal.amount} />
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t('withdrawal_payout')}</dt>
          <dd>
            <Money amount={withdrawal.payoutAmount} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t('withdrawal_bank')}</dt>
        <dd>
          {withdrawal.bankName || withdrawal.bankCode}
          <br />
          <span className="muted">{withdrawal.accountName}</span>
          <br />
          <span className="mono confirm-summary-number">{withdrawal.accountNumber}</span>
        </dd>
      </div>
      {decision === 'forceReceived' && withdrawal.payoutReference ? (
        <div>
          <dt>{t('withdrawal_payout_reference')}</dt>
          <dd className="mono">{withdrawal.payoutReference}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function WithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [reference, setReference] = useState('');
  const [slip, setSlip] = useState<PickedSlip | null>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<{
    reference?: string | undefined;
    slip?: string | undefined;
    text?: string | undefined;
  }>({});
  const review = useMutation({
    mutationFn: (decision: Decision) => {
      const withdrawalId = withdrawal!.withdrawalId;
      if (decision === 'approve') {
        return approveWithdrawal({
          withdrawalId,
          payoutReference: reference.trim(),
          ...(slip ? { payoutSlip: slip.dataUrl } : {}),
        });
      }
      if (decision === 'reject') return rejectWithdrawal({ withdrawalId, reason: text.trim() });
      return forceWithdrawalReceived({ withdrawalId, ...(text.trim() ? { remark: text.trim() } : {}) });
    },
    onSuccess: async (value, decision) => {
      showToast(
        decision === 'approve' && isAwaitingSecond(value)
          ? t('wapproval_done_asked', { id: value.withdrawalId })
          : t(`withdrawal_done_${decision}`, { id: value.withdrawalId, reference: value.payoutReference ?? '' }),
      );
      await queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      close();
    },
  });
  const resetForm = () => {
    setReference('');
    setSlip(null);
    setText('');
    setProblems({});
    review.reset();
  };
  function close() {
    setConfirming(null);
    resetForm();
    onClose();
  }
  const open = (decision: Decision) => {
    resetForm();
    setConfirming(decision);
  };
  const confirm = () => {
    if (confirming === 'approve') {
      const trimmed = reference.trim();
      const problem =
        trimmed === ''
          ? t('withdrawal_reference_required')
          : trimmed.length > payoutReferenceMaxLength || !payoutReferencePattern.test(trimmed)
            ? t('withdrawal_reference_invalid', { max: payoutReferenceMaxLength })
            : undefined;
      setProblems((current) => ({ ...current, reference: problem }));
      if (problem) return;
    }
    // The contract's rule for the reason the member reads (trimmed, 1 to 500 characters).
    if (confirming === 'reject' && !adminRejectWithdrawalRequestSchema.shape.reason.safeParse(text).success) {
      setProblems({ text: t('withdrawal_reject_reason_required') });
      return;
    }
    if (confirming) review.mutate(confirming);
  };
  // A refusal naming one of the fields shows under it; anything else above the buttons.
  const fieldError = review.error instanceof ApiError ? review.error.field : undefined;
  const errorFor = (field: string, own: string | undefined) =>
    own ?? (fieldError === field ? (review.error as ApiError).message : undefined);
  const generalError =
    fieldError === 'payoutReference' || fieldError === 'payoutSlip' || fieldError === 'reason' ? null : review.error;

  const status = withdrawal?.status;
  const isWaiting = withdrawal !== null && isAwaitingSecond(withdrawal);
  // The approvals page is for `approvals.review`; the desk alone (`withdrawals.review`) gets no dead link.
  const mayReviewApprovals = useMe().data?.permissions.includes('approvals.review') ?? false;
  const canDecide = status === 'pending' && !isWaiting;
  const request = withdrawal?.secondApproval ?? null;
  const canForce = status === 'approved' || status === 'not_received';
  const hasSide = Boolean(withdrawal?.hasProof || withdrawal?.hasPayoutSlip);
  const confirmTitle =
    withdrawal && confirming ? t(`withdrawal_confirm_${confirming}_title`, { id: withdrawal.withdrawalId }) : '';
  return (
    <>
      <Dialog
        title={withdrawal ? t('withdrawal_dialog_title', { id: withdrawal.withdrawalId }) : ''}
        isOpen={withdrawal !== null}
        onClose={close}
        isWide
      >
        {withdrawal ? (
          <div className={hasSide ? 'detail-layout' : 'detail-layout is-single'}>
            <dl className="detail-list">
              <div>
                <dt>{t('withdrawal_member')}</dt>
                <dd>
                  <strong>{withdrawal.account}</strong> <span className="muted">#{withdrawal.memberId}</span>
                </dd>
              </div>
              <div>
                <dt>{t('withdrawal_status')}</dt>
                <dd>
                  <StatusCell withdrawal={withdrawal} />
                </dd>
              </div>
              {request ? (
                <div>
                  <dt>{t('wapproval_detail')}</dt>
                  <dd>
                    {request.status === 'pending'
                      ? t('wapproval_detail_pending', {
                          name: request.requestedBy ?? '—',
                          reference: request.payoutReference,
                        })
                      : request.status === 'confirmed'
                        ? t('wapproval_detail_confirmed', { name: request.decidedBy ?? '—' })
                        : t('wapproval_returned_by', {
                            name: request.decidedBy ?? '—',
                            reason: request.decisionReason ?? '',
                          })}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('withdrawal_amount')}</dt>
                <dd>
                  <Money amount={withdrawal.amount} />
                </dd>
              </div>
              <div>
                <dt>{t('withdrawal_fee')}</dt>
                <dd>
                  <Money amount={withdrawal.feeAmount} />
                </dd>
              </div>
              <div>
                <dt>{t('withdrawal_payout')}</dt>
                <dd>
                  <strong>
                    <Money amount={withdrawal.payoutAmount} />
                  </strong>
                </dd>
              </div>
              <div>
                <dt>{t('withdrawal_bank')}</dt>
                <dd>
                  {withdrawal.bankName || withdrawal.bankCode}
                  <br />
                  <span className="mono">{withdrawal.accountNumber}</span>
                  <br />
                  <span className="muted">{withdrawal.accountName}</span>
                </dd>
              </div>
              <div>
                <dt>{t('withdrawal_created')}</dt>
                <dd>
                  <DateTime value={withdrawal.createdAt} />
                </dd>
              </div>
              {withdrawal.reviewedAt ? (
                <div>
                  <dt>{t('reviewed_by')}</dt>
                  <dd>
                    {withdrawal.reviewedBy ?? '—'} · <DateTime value={withdrawal.reviewedAt} />
                  </dd>
                </div>
              ) : null}
              {withdrawal.payoutReference ? (
                <div>
                  <dt>{t('withdrawal_payout_reference')}</dt>
                  <dd className="mono">{withdrawal.payoutReference}</dd>
                </div>
              ) : null}
              {withdrawal.confirmDeadline ? (
                <div>
                  <dt>{t('withdrawal_deadline')}</dt>
                  <dd>
                    <DateTime value={withdrawal.confirmDeadline} />
                  </dd>
                </div>
              ) : null}
              {withdrawal.rejectReason ? (
                <div>
                  <dt>{t('reject_reason')}</dt>
                  <dd>{withdrawal.rejectReason}</dd>
                </div>
              ) : null}
              {withdrawal.notReceivedAt ? (
                <div>
                  <dt>{t('withdrawal_not_received_at')}</dt>
                  <dd>
                    <DateTime value={withdrawal.notReceivedAt} />
                    {withdrawal.notReceivedRemark ? (
                      <>
                        <br />“{withdrawal.notReceivedRemark}”
                      </>
                    ) : null}
                  </dd>
                </div>
              ) : null}
              {withdrawal.receivedAt ? (
                <div>
                  <dt>{t('withdrawal_received_at')}</dt>
                  <dd>
                    <DateTime value={withdrawal.receivedAt} />{' '}
                    {withdrawal.receivedBy ? (
                      <span className="muted">({t(`received_by_${withdrawal.receivedBy}`)})</span>
                    ) : null}
                  </dd>
                </div>
              ) : null}
            </dl>
            {hasSide ? (
              <div className="detail-side detail-images">
                {withdrawal.hasPayoutSlip ? (
                  <section aria-label={t('withdrawal_payout_slip')}>
                    <h3 className="detail-side-title">{t('withdrawal_payout_slip')}</h3>
                    <ProofImage
                      path={withdrawalPaths.adminPayoutSlip}
                      query={{ withdrawalId: withdrawal.withdrawalId }}
                      alt={t('withdrawal_payout_slip_alt', { id: withdrawal.withdrawalId })}
                    />
                  </section>
                ) : null}
                {withdrawal.hasProof ? (
                  <section aria-label={t('withdrawal_proof_title')}>
                    <h3 className="detail-side-title">{t('withdrawal_proof_title')}</h3>
                    <ProofImage
                      path={withdrawalPaths.adminProof}
                      query={{ withdrawalId: withdrawal.withdrawalId }}
                      alt={t('withdrawal_proof_alt', { id: withdrawal.withdrawalId })}
                    />
                  </section>
                ) : null}
              </div>
            ) : null}
            {isWaiting ? (
              <div className="detail-actions">
                <p className="muted">{t('wapproval_waiting_note')}</p>
                {mayReviewApprovals ? (
                  <div className="form-actions">
                    <Link to="/approvals" className="button is-ghost">
                      {t('wapproval_open_approvals')}
                    </Link>
                  </div>
                ) : null}
              </div>
            ) : null}
            {canDecide || canForce ? (
              <div className="detail-actions">
                <div className="form-actions">
                  {canDecide ? (
                    <>
                      <button type="button" className="button is-danger-ghost" onClick={() => open('reject')}>
                        {t('reject')}
                      </button>
                      <button type="button" className="button is-primary" onClick={() => open('approve')}>
                        {t('withdrawal_approve')}
                      </button>
                    </>
                  ) : (
                    <button type="button" className="button is-primary" onClick={() => open('forceReceived')}>
                      {t('withdrawal_force_received')}
                    </button>
                  )}
                </div>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      {withdrawal ? (
        <ConfirmDialog
          title={confirmTitle}
          isOpen={confirming !== null}
          onCancel={() => {
            setConfirming(null);
            resetForm();
          }}
          onConfirm={confirm}
          confirmLabel={
            confirming === 'approve'
              ? t('withdrawal_confirm_approve', { amount: formatMoney(withdrawal.payoutAmount) })
              : confirming === 'reject'
                ? t('withdrawal_confirm_reject', { amount: formatMoney(withdrawal.amount) })
                : t('withdrawal_force_received')
          }
          tone={confirming === 'reject' ? 'danger' : 'primary'}
          isPending={review.isPending}
          error={generalError}
        >
          {confirming ? <p className="confirm-intro">{t(`withdrawal_confirm_${confirming}_intro`)}</p> : null}
          {confirming ? <PayoutSummary withdrawal={withdrawal} decision={confirming} /> : null}
          {confirming === 'approve' ? (
            <>
              <Field
                label={t('withdrawal_payout_reference')}
                htmlFor="withdrawal-reference"
                hint={t('withdrawal_reference_hint', { max: payoutReferenceMaxLength })}
                error={errorFor('payoutReference', problems.reference)}
              >
                <input
                  id="withdrawal-reference"
                  value={reference}
                  maxLength={payoutReferenceMaxLength + 8}
                  autoComplete="off"
                  spellCheck={false}
                  autoFocus
                  required
                  aria-invalid={Boolean(errorFor('payoutReference', problems.reference))}
                  onChange={(event) => {
                    setReference(event.target.value);
                    setProblems((current) => ({ ...current, reference: undefined }));
                  }}
                />
              </Field>
              <SlipField
                value={slip}
                onChange={setSlip}
                error={errorFor('payoutSlip', problems.slip)}
                onError={(problem) => setProblems((current) => ({ ...current, slip: problem }))}
              />
            </>
          ) : confirming ? (
            <Field
              label={confirming === 'reject' ? t('reject_reason') : t('remark_optional')}
              htmlFor="withdrawal-text"
              hint={confirming === 'reject' ? t('withdrawal_reject_hint') : t('withdrawal_force_hint')}
              error={errorFor('reason', problems.text)}
            >
              <textarea
                id="withdrawal-text"
                rows={3}
                maxLength={500}
                value={text}
                autoFocus
                required={confirming === 'reject'}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblems((current) => ({ ...current, text: undefined }));
                }}
              />
            </Field>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
