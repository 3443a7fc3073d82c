import {
  reportNotReceivedRequestSchema,
  setRefusalFieldError,
  type Withdrawal,
  type WithdrawalStatus,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { z } from 'zod';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import {
  useConfirmReceived,
  usePaymentConfirmations,
  usePayoutSlip,
  useReportNotReceived,
  useWithdrawReport,
} from '../api/withdrawals';
import type { FieldProblem } from '../money-rules';
import {
  CopyButton,
  formatCountdown,
  messageOf,
  Money,
  ProofPicker,
  QueryStates,
  useNow,
  useProblemText,
  WithdrawalStatusBadge,
  type PickedProof,
} from './money-ui';

const pageSize = 10;
const remarkMaxLength = 140;
const statusFilters: { value: WithdrawalStatus | ''; key: string }[] = [
  { value: '', key: 'money_filter_all_statuses' },
  { value: 'pending', key: 'money_withdrawal_status_pending' },
  { value: 'approved', key: 'money_withdrawal_status_approved' },
  { value: 'received', key: 'money_withdrawal_status_received' },
  { value: 'not_received', key: 'money_withdrawal_status_not_received' },
  { value: 'rejected', key: 'money_withdrawal_status_rejected' },
];

const receivedByKeys = {
  member: 'money_received_by_member',
  auto: 'money_received_by_auto',
  operator: 'money_received_by_operator',
} as const;

/**
 * The report's fields: the proof (required; the picker itself checks its type and size) and the
 * contract's remark (trimmed, at most 140 characters, which the textarea already caps).
 */
function notReceivedFormSchema(t: TFunction) {
  return z
    .object({ proof: z.custom<PickedProof | null>(), remark: reportNotReceivedRequestSchema.shape.remark })
    .superRefine((values, context) =>
      addFieldIssues(context, { proof: values.proof ? null : t('money_proof_required') }),
    );
}

/** "Not received": a proof (png or jpg, at most 5 MB) and an optional remark, sent for review. */
function NotReceivedForm({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: (notice: string) => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    setValue,
    watch,
    formState: { errors },
  } = useZodForm(
    useMemo(() => notReceivedFormSchema(t), [t]),
    {
      defaultValues: { proof: null, remark: '' },
      reValidateMode: 'onSubmit',
    },
  );
  const proof = watch('proof');
  const remark = watch('remark') ?? '';
  // The picker's own refusal of a file (type, size), worded when shown.
  const [pickerProblem, setPickerProblem] = useState<FieldProblem | null>(null);
  const [error, setError] = useState('');
  const report = useReportNotReceived();

  const onSubmit = async (values: z.output<ReturnType<typeof notReceivedFormSchema>>) => {
    if (!values.proof) return;
    try {
      await report.mutateAsync({
        withdrawalId: withdrawal.withdrawalId,
        proofImage: values.proof.dataUrl,
        remark: values.remark || undefined,
      });
      onClose(t('money_not_received_sent'));
    } catch (failure) {
      if (setRefusalFieldError(failure, setFieldError, { proofImage: 'proof', remark: 'remark' })) return;
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form money-receipt__form"
      onSubmit={(event) => {
        setError('');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('money_not_received_title')}
    >
      <p className="money-note">{t('money_not_received_intro')}</p>
      <ProofPicker
        label={t('money_not_received_proof')}
        hint={t('money_proof_hint')}
        value={proof}
        onChange={(next) => {
          setValue('proof', next);
          setPickerProblem(null);
          clearErrors('proof');
        }}
        error={problemText(pickerProblem) || (errors.proof?.message ?? '')}
        onError={(problem) => {
          setPickerProblem(problem);
          if (problem) clearErrors('proof');
        }}
      />
      <div className="auth-field">
        <label className="auth-field__label" htmlFor={`${id}-remark`}>
          {t('money_remark')}
        </label>
        <textarea
          id={`${id}-remark`}
          className="auth-field__input money-textarea"
          maxLength={remarkMaxLength}
          rows={2}
          {...register('remark', { onChange: () => clearErrors('remark') })}
          aria-invalid={Boolean(errors.remark)}
        />
        <p className="auth-field__hint">{t('money_remark_count', { used: remark.length, max: remarkMaxLength })}</p>
        {errors.remark && <p className="auth-field__error">{errors.remark.message}</p>}
      </div>
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="money-form__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onClose('')}
          disabled={report.isPending}
        >
          {t('common_cancel')}
        </button>
        <button
          type="submit"
          className="button button--secondary button--small"
          disabled={report.isPending}
          aria-busy={report.isPending}
        >
          {report.isPending ? t('money_sending') : t('money_not_received_submit')}
        </button>
      </div>
    </form>
  );
}

/** The slip the operator attached to the payout, loaded when the member opens it; clicking it saves it (a data: URL cannot open in a tab). */
function PayoutSlip({ withdrawalId }: { withdrawalId: number }) {
  const { t } = useTranslation();
  const slip = usePayoutSlip(withdrawalId, true);
  if (slip.isError)
    return (
      <p className="auth-form__error" role="alert">
        {t('money_payout_slip_unavailable')}
      </p>
    );
  if (!slip.data)
    return (
      <span
        className="money-payout__slip money-payout__slip--loading"
        aria-busy="true"
        aria-label={t('money_payout_slip_loading')}
      />
    );
  return (
    <a className="money-payout__slip" href={slip.data} download={`payout-${withdrawalId}`}>
      <img src={slip.data} alt={t('money_payout_slip_alt', { id: withdrawalId })} />
    </a>
  );
}

/** What the operator's bank transfer shows: its reference (to look it up in the member's bank app) and, when attached, its slip. */
function PayoutDetails({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const id = useId();
  const [isSlipOpen, setIsSlipOpen] = useState(false);
  if (withdrawal.payoutReference === null && !withdrawal.hasPayoutSlip) return null;
  return (
    <div className="money-payout">
      {withdrawal.payoutReference !== null && (
        <p className="money-payout__reference">
          <span className="money-payout__label">{t('money_payout_reference')}</span>
          <span className="money-payout__value">{withdrawal.payoutReference}</span>
          <CopyButton value={withdrawal.payoutReference} label={t('money_payout_reference')} />
        </p>
      )}
      {withdrawal.hasPayoutSlip && (
        <>
          <button
            type="button"
            className="button button--ghost button--small money-payout__toggle"
            aria-expanded={isSlipOpen}
            aria-controls={`${id}-slip`}
            onClick={() => setIsSlipOpen(!isSlipOpen)}
          >
            {t(isSlipOpen ? 'money_payout_slip_hide' : 'money_payout_slip_show')}
          </button>
          <div id={`${id}-slip`} hidden={!isSlipOpen}>
            {isSlipOpen && <PayoutSlip withdrawalId={withdrawal.withdrawalId} />}
          </div>
        </>
      )}
    </div>
  );
}

/** One withdrawal; a paid one waiting for an answer carries "received" and "not received" (spec §4). */
function WithdrawalCard({ withdrawal, symbol, now }: { withdrawal: Withdrawal; symbol: string; now: number }) {
  const { t } = useTranslation();
  const confirm = useConfirmReceived();
  const [isReporting, setIsReporting] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const isAwaitingAnswer = withdrawal.status === 'approved';
  const secondsLeft =
    withdrawal.confirmDeadline === null ? 0 : Math.max(0, Math.ceil((withdrawal.confirmDeadline - now) / 1000));

  const onReceived = async () => {
    setError('');
    try {
      await confirm.mutateAsync(withdrawal.withdrawalId);
      setNotice(t('money_received_thanks'));
    } catch (failure) {
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <li className={`money-withdrawal${isAwaitingAnswer ? ' money-withdrawal--awaiting' : ''}`}>
      <div className="money-withdrawal__main">
        <div className="money-withdrawal__amounts">
          <Money amount={withdrawal.amount} symbol={symbol} className="money-withdrawal__amount" />
          <span className="money-withdrawal__payout">
            {t('money_withdrawal_payout', {
              payout: `${symbol}${formatAmount(withdrawal.payoutAmount)}`,
              fee: formatAmount(withdrawal.feeAmount),
            })}
          </span>
        </div>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="money-withdrawal__meta">
        <span className="money-bank-badge money-bank-badge--small" data-bank={withdrawal.bankCode}>
          {withdrawal.bankCode.slice(0, 5)}
        </span>
        {withdrawal.bankName} · {withdrawal.accountNumber} · {formatDateTime(withdrawal.createdAt)} · #
        {withdrawal.withdrawalId}
      </p>
      {withdrawal.status === 'rejected' && withdrawal.rejectReason && (
        <p className="money-note money-note--bad">{t('money_reject_reason', { reason: withdrawal.rejectReason })}</p>
      )}
      <PayoutDetails withdrawal={withdrawal} />
      {withdrawal.status === 'received' && withdrawal.receivedBy && (
        <p className="money-note">
          {t(receivedByKeys[withdrawal.receivedBy], { time: formatDateTime(withdrawal.receivedAt) })}
        </p>
      )}
      {withdrawal.status === 'not_received' && <p className="money-note">{t('money_not_received_review')}</p>}
      {isAwaitingAnswer && !isReporting && (
        <div className="money-receipt">
          <p className="money-receipt__question">
            {t('money_receipt_question')}
            {withdrawal.confirmDeadline !== null && secondsLeft > 0 && (
              <span className="money-receipt__deadline">
                {t('money_receipt_deadline', { time: formatCountdown(secondsLeft) })}
              </span>
            )}
          </p>
          <div className="money-receipt__actions">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => void onReceived()}
              disabled={confirm.isPending}
              aria-busy={confirm.isPending}
            >
              {t('money_received')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setIsReporting(true)}
              disabled={confirm.isPending}
            >
              {t('money_not_received')}
            </button>
          </div>
        </div>
      )}
      {isAwaitingAnswer && isReporting && (
        <NotReceivedForm
          withdrawal={withdrawal}
          onClose={(text) => {
            setIsReporting(false);
            setNotice(text);
          }}
        />
      )}
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="money-notice" role="status">
          {notice}
        </p>
      )}
    </li>
  );
}

/** Paid withdrawals waiting for the member's answer (MCSFE_getPaymentConfirmationList). */
export function PaymentConfirmations({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const list = usePaymentConfirmations();
  const now = useNow();
  if (!list.data || list.data.content.length === 0) return null;
  return (
    <section className="money-confirmations" aria-labelledby="money-confirmations-title">
      <p id="money-confirmations-title" className="money-section-title">
        {t('money_confirmations_title')}
      </p>
      <ul className="money-withdrawals">
        {list.data.content.map((withdrawal) => (
          <WithdrawalCard key={withdrawal.withdrawalId} withdrawal={withdrawal} symbol={symbol} now={now} />
        ))}
      </ul>
    </section>
  );
}

/** The member's withdrawals (MCSFE_getWithdrawTransactionReport), newest first, by status, paged. */
export function WithdrawalList({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const report = useWithdrawReport({ pageNo, pageSize, status: status || undefined });
  const now = useNow();

  return (
    <div className="money-list">
      <div className="money-filters">
        <label className="money-filter" htmlFor={`${id}-status`}>
          <span className="money-filter__label">{t('money_filter_status')}</span>
          <select
            id={`${id}-status`}
            className="auth-field__input money-filter__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as WithdrawalStatus | '');
              setPageNo(1);
            }}
          >
            {statusFilters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {t(filter.key)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryStates query={report} empty={t('money_withdrawals_empty')}>
        {(data) => (
          <>
            <ul className="money-withdrawals" aria-label={t('money_tab_withdrawals')} aria-busy={report.isFetching}>
              {data.content.map((withdrawal) => (
                <WithdrawalCard key={withdrawal.withdrawalId} withdrawal={withdrawal} symbol={symbol} now={now} />
              ))}
            </ul>
            <Pagination currentPage={pageNo} pageCount={data.totalPages} onPageChange={setPageNo} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
