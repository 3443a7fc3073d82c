import {
  adminRejectDepositBodySchema,
  depositPaths,
  depositQuestionMaxLength,
  type AdminDeposit,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { ProofImage } from '../../components/proof-image';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { dayStartMs, formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useLanguage } from '@lotus/client';
import { useSearchState } from '../../lib/use-search-state';
import { dashboardKeys } from '../dashboard/api';
import {
  answerDepositQuestion,
  approveDeposit,
  depositDetailKey,
  depositDetailQuery,
  depositKeys,
  depositListQuery,
  rejectDeposit,
} from './api';

const pageSize = 20;
const dayMs = 24 * 3_600_000;
const filterNames = ['status', 'methodCode', 'username', 'from', 'to', 'flag'] as const;
const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;
const methods = ['BANK', 'PROMPTPAY', 'DEMOPAY'] as const;
const flags = ['overdue', 'question'] as const;
/** A rejection's reason as the contract accepts it (trimmed, 3 to 200 characters). */
const isRejectReasonAccepted = (reason: string) => adminRejectDepositBodySchema.shape.reason.safeParse(reason).success;

const depositStatusTone: Record<AdminDeposit['status'], Tone> = {
  pending: 'warn',
  approved: 'good',
  rejected: 'bad',
  expired: 'neutral',
};

/** A pending deposit's member said it is paid (a slip, "I have paid"): it waits for an operator and never expires. */
const isPaidPending = (deposit: AdminDeposit) => deposit.status === 'pending' && deposit.paidAt !== null;

function DepositStatus({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useTranslation();
  if (isPaidPending(deposit)) return <Badge tone="info">{t('deposit_status_paid')}</Badge>;
  return <Badge tone={depositStatusTone[deposit.status]}>{t(`deposit_status_${deposit.status}`)}</Badge>;
}

/** Overdue (said paid, past the channel's minutes) and an open question of the member, as badges. */
function DepositFlags({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useTranslation();
  if (!deposit.isOverdue && deposit.openQuestionCount === 0) return null;
  return (
    <span className="badge-row">
      {deposit.isOverdue ? <Badge tone="bad">{t('deposit_flag_overdue')}</Badge> : null}
      {deposit.openQuestionCount > 0 ? <Badge tone="info">{t('deposit_flag_question')}</Badge> : null}
    </span>
  );
}

/**
 * The deposit review queue: bank transfers (with their slip) and PromptPay payments wait for an
 * operator. Deposits their member says are paid never expire: past the merchant's minutes they are
 * flagged overdue (and can be filtered), as are deposits with a member's question waiting.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  // The queue is what an operator opens this page for: pending unless another status was chosen.
  const status = values.status === '' ? 'pending' : values.status === 'all' ? undefined : values.status;
  const flag = (flags as readonly string[]).includes(values.flag) ? (values.flag as (typeof flags)[number]) : undefined;
  const [username, setUsername] = useState(values.username);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const from = dayStartMs(values.from);
  const to = dayStartMs(values.to);
  const deposits = useQuery(
    depositListQuery(values, page, {
      status,
      flag,
      methodCode: values.methodCode,
      username: values.username,
      from: from ?? undefined,
      to: to === null ? undefined : to + dayMs,
      page,
      pageSize,
    }),
  );
  const selected = deposits.data?.items.find((row) => row.depositId === selectedId) ?? null;
  const columns: Column<AdminDeposit>[] = [
    { key: 'id', header: t('deposit_id'), render: (row) => <span className="mono">#{row.depositId}</span> },
    {
      key: 'member',
      header: t('deposit_member'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{row.username}</strong>
          {row.isFirstDeposit ? <Badge tone="info">{t('deposit_first')}</Badge> : null}
        </span>
      ),
    },
    { key: 'method', header: t('deposit_method'), render: (row) => t(`method_${row.methodCode}`) },
    { key: 'amount', header: t('deposit_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    {
      key: 'credit',
      header: t('deposit_credit'),
      isNumeric: true,
      render: (row) => <Money amount={row.creditAmount} />,
    },
    {
      key: 'status',
      header: t('deposit_status'),
      render: (row) => (
        <span className="cell-stack">
          <DepositStatus deposit={row} />
          <DepositFlags deposit={row} />
        </span>
      ),
    },
    { key: 'created', header: t('deposit_created'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'open',
      header: t('actions'),
      render: (row) => (
        <button type="button" className="button is-small is-ghost" onClick={() => setSelectedId(row.depositId)}>
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
              <select
                id={id}
                value={values.status || 'pending'}
                onChange={(event) => setFilters({ status: event.target.value === 'pending' ? '' : event.target.value })}
              >
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {t(`deposit_status_${value}`)}
                  </option>
                ))}
                <option value="all">{t('filter_all')}</option>
              </select>
            )}
          </FilterField>
          <FilterField label={t('deposit_flag')}>
            {(id) => (
              <select id={id} value={flag ?? ''} onChange={(event) => setFilters({ flag: event.target.value })}>
                <option value="">{t('filter_all')}</option>
                {flags.map((value) => (
                  <option key={value} value={value}>
                    {t(`deposit_flag_${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('deposit_method')}>
            {(id) => (
              <select
                id={id}
                value={values.methodCode}
                onChange={(event) => setFilters({ methodCode: event.target.value })}
              >
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
              <input
                id={id}
                type="date"
                value={values.from}
                onChange={(event) => setFilters({ from: event.target.value })}
              />
            )}
          </FilterField>
          <FilterField label={t('filter_to')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={values.to}
                onChange={(event) => setFilters({ to: event.target.value })}
              />
            )}
          </FilterField>
          <input
            type="search"
            aria-label={t('deposit_member')}
            placeholder={t('filter_username')}
            value={username}
            maxLength={64}
            onChange={(event) => setUsername(event.target.value)}
          />
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={deposits.error} />
        <DataTable
          caption={t('deposits_title')}
          columns={columns}
          rows={deposits.data?.items}
          rowKey={(row) => String(row.depositId)}
          isLoading={deposits.isLoading}
          emptyText={status === 'pending' && !flag ? t('deposits_queue_empty') : undefined}
        />
        {deposits.data ? <Pager page={page} pageSize={pageSize} total={deposits.data.total} onPage={setPage} /> : null}
      </Panel>
      <DepositDialog depositId={selectedId} fallback={selected} onClose={() => setSelectedId(null)} />
    </>
  );
}

/** Where the member paid: the operator's bank account (BANK) or the PromptPay target (PROMPTPAY). */
function PaidInto({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (deposit.bank) {
    return (
      <>
        {deposit.bank.target.bankCode} ·{' '}
        {language === 'EN' ? deposit.bank.target.bankNameEn : deposit.bank.target.bankNameTh}
        <br />
        <span className="muted">{deposit.bank.target.accountName}</span>
        <br />
        <span className="mono confirm-summary-number">{deposit.bank.target.accountNumber}</span>
      </>
    );
  }
  if (deposit.promptPay) {
    return (
      <>
        {t('method_PROMPTPAY')} <span className="mono">{deposit.promptPay.target}</span>
        <br />
        <span className="muted">{deposit.promptPay.accountName}</span>
      </>
    );
  }
  return <>{t(`method_${deposit.methodCode}`)}</>;
}

/** What the operator confirms: who is credited how much, for money paid where. */
function ReviewSummary({ deposit, decision }: { deposit: AdminDeposit; decision: 'approve' | 'reject' }) {
  const { t } = useTranslation();
  return (
    <dl className="detail-list confirm-summary">
      <div>
        <dt>{t('deposit_member')}</dt>
        <dd>
          <strong>{deposit.username}</strong> <span className="muted">#{deposit.memberId}</span>
        </dd>
      </div>
      <div>
        <dt>{t('deposit_amount')}</dt>
        <dd>
          <Money amount={deposit.amount} currency={deposit.currency} />
          {deposit.feeAmount !== '0.00' ? (
            <>
              {' '}
              <span className="muted">
                ({t('deposit_fee')} <Money amount={deposit.feeAmount} />)
              </span>
            </>
          ) : null}
        </dd>
      </div>
      {decision === 'approve' ? (
        <div className="confirm-summary-total">
          <dt>{t('deposit_credit')}</dt>
          <dd>
            <Money amount={deposit.creditAmount} currency={deposit.currency} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('deposit_bank_target')}</dt>
        <dd>
          <PaidInto deposit={deposit} />
        </dd>
      </div>
      {deposit.bank ? (
        <div>
          <dt>{t('deposit_reference')}</dt>
          <dd className="mono">{deposit.bank.transferReference}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The member's questions about a deposit; the open one takes an answer (audited on the server). */
function DepositQuestions({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState('');
  const open = deposit.questions.find((question) => question.answer === null);
  const send = useMutation({
    mutationFn: (text: string) => answerDepositQuestion({ questionId: open!.questionId, answer: text }),
    onSuccess: async (value) => {
      queryClient.setQueryData(depositDetailKey(value.depositId), value);
      setAnswer('');
      showToast(t('deposit_answered_toast', { id: value.depositId }));
      await queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
  });
  if (deposit.questions.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = answer.trim();
    if (text === '') {
      setProblem(t('deposit_answer_required'));
      return;
    }
    setProblem('');
    send.mutate(text);
  };
  return (
    <section className="deposit-questions" aria-label={t('deposit_questions')}>
      <h3 className="detail-side-title">{t('deposit_questions')}</h3>
      <ol className="deposit-questions-list">
        {deposit.questions.map((question) => (
          <li key={question.questionId}>
            <p className="deposit-question-text">{question.message}</p>
            <p className="muted deposit-question-meta">
              <DateTime value={question.askedAt} />
            </p>
            {question.answer !== null ? (
              <div className="deposit-question-answer">
                <p className="deposit-question-text">{question.answer}</p>
                <p className="muted deposit-question-meta">
                  <DateTime value={question.answeredAt} />
                </p>
              </div>
            ) : (
              <Badge tone="info">{t('deposit_flag_question')}</Badge>
            )}
          </li>
        ))}
      </ol>
      {open ? (
        <form className="form" onSubmit={submit} noValidate>
          <Field
            label={t('deposit_answer_label')}
            htmlFor="deposit-answer"
            hint={t('deposit_answer_hint')}
            error={
              problem ||
              (send.error instanceof ApiError && send.error.field === 'answer' ? send.error.message : undefined)
            }
          >
            <textarea
              id="deposit-answer"
              rows={3}
              maxLength={depositQuestionMaxLength}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
          </Field>
          {send.error instanceof ApiError && send.error.field === 'answer' ? null : <ErrorNote error={send.error} />}
          <div className="form-actions">
            <button type="submit" className="button is-ghost" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? t('working') : t('deposit_answer_send')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/**
 * One deposit: its details, the slip, the member's questions, and for a pending BANK or PROMPTPAY
 * deposit Approve and Reject, each confirmed in a second dialog that shows the member, the amount
 * and where it was paid (Reject takes its reason there). The deposit is read fresh when opened.
 */
function DepositDialog({
  depositId,
  fallback,
  onClose,
}: {
  depositId: number | null;
  fallback: AdminDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState('');
  const [remark, setRemark] = useState('');
  const detail = useQuery({
    ...depositDetailQuery(depositId),
    ...(fallback ? { placeholderData: fallback } : {}),
  });
  const deposit = depositId === null ? null : (detail.data ?? null);
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? approveDeposit({ depositId: deposit!.depositId, ...(remark.trim() ? { remark: remark.trim() } : {}) })
        : rejectDeposit({ depositId: deposit!.depositId, reason: reason.trim() }),
    onSuccess: async (value) => {
      showToast(
        t(value.status === 'approved' ? 'deposit_approved_toast' : 'deposit_rejected_toast', { id: value.depositId }),
      );
      await queryClient.invalidateQueries({ queryKey: depositKeys.all });
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      close();
    },
  });
  const resetForm = () => {
    setReason('');
    setReasonProblem('');
    setRemark('');
    review.reset();
  };
  function close() {
    setConfirming(null);
    resetForm();
    onClose();
  }
  const confirm = () => {
    if (confirming === 'reject' && !isRejectReasonAccepted(reason)) {
      setReasonProblem(t('reject_reason_hint'));
      return;
    }
    if (confirming) review.mutate(confirming);
  };
  const fieldError = review.error instanceof ApiError ? review.error.field : undefined;
  const isReviewable = deposit?.status === 'pending' && deposit.methodCode !== 'DEMOPAY';
  const hasProof = deposit !== null && deposit.proofId !== null;
  return (
    <>
      <Dialog
        title={deposit ? t('deposit_dialog_title', { id: deposit.depositId }) : ''}
        isOpen={deposit !== null}
        onClose={close}
        isWide
      >
        {deposit ? (
          <div className="detail-layout">
            <dl className="detail-list">
              <div>
                <dt>{t('deposit_member')}</dt>
                <dd>
                  <strong>{deposit.username}</strong> <span className="muted">#{deposit.memberId}</span>
                </dd>
              </div>
              <div>
                <dt>{t('deposit_status')}</dt>
                <dd>
                  <span className="badge-row">
                    <DepositStatus deposit={deposit} />
                    <DepositFlags deposit={deposit} />
                  </span>
                </dd>
              </div>
              <div>
                <dt>{t('deposit_method')}</dt>
                <dd>{t(`method_${deposit.methodCode}`)}</dd>
              </div>
              <div>
                <dt>{t('deposit_amount')}</dt>
                <dd>
                  <Money amount={deposit.amount} currency={deposit.currency} />
                </dd>
              </div>
              <div>
                <dt>{t('deposit_fee')}</dt>
                <dd>
                  <Money amount={deposit.feeAmount} />
                </dd>
              </div>
              <div>
                <dt>{t('deposit_credit')}</dt>
                <dd>
                  <Money amount={deposit.creditAmount} currency={deposit.currency} />
                </dd>
              </div>
              <div>
                <dt>{t('deposit_created')}</dt>
                <dd>
                  <DateTime value={deposit.createdAt} />
                </dd>
              </div>
              {deposit.paidAt !== null ? (
                <div>
                  <dt>{t('deposit_paid_at')}</dt>
                  <dd>
                    <DateTime value={deposit.paidAt} />
                  </dd>
                </div>
              ) : null}
              {deposit.status !== 'pending' ? (
                <div>
                  <dt>{t('deposit_settled')}</dt>
                  <dd>
                    <DateTime value={deposit.settledAt} />
                  </dd>
                </div>
              ) : deposit.paidAt === null ? (
                <div>
                  <dt>{t('deposit_expires')}</dt>
                  <dd>
                    <DateTime value={deposit.expiresAt} />
                  </dd>
                </div>
              ) : (
                <div>
                  <dt>{t('deposit_overdue_from')}</dt>
                  <dd>
                    <DateTime value={deposit.expiresAt} />
                  </dd>
                </div>
              )}
              {deposit.bank || deposit.promptPay ? (
                <div>
                  <dt>{t('deposit_bank_target')}</dt>
                  <dd>
                    <PaidInto deposit={deposit} />
                  </dd>
                </div>
              ) : null}
              {deposit.bank ? (
                <div>
                  <dt>{t('deposit_reference')}</dt>
                  <dd className="mono">{deposit.bank.transferReference}</dd>
                </div>
              ) : null}
              {deposit.gatewayPaymentId ? (
                <div>
                  <dt>{t('deposit_gateway_id')}</dt>
                  <dd className="mono">{deposit.gatewayPaymentId}</dd>
                </div>
              ) : null}
              {deposit.reviewedBy ? (
                <div>
                  <dt>{t('reviewed_by')}</dt>
                  <dd>{deposit.reviewedBy}</dd>
                </div>
              ) : null}
              {deposit.rejectReason ? (
                <div>
                  <dt>{t('reject_reason')}</dt>
                  <dd>{deposit.rejectReason}</dd>
                </div>
              ) : null}
              {deposit.reviewRemark ? (
                <div>
                  <dt>{t('remark')}</dt>
                  <dd>{deposit.reviewRemark}</dd>
                </div>
              ) : null}
            </dl>
            <div className="detail-side detail-images">
              {hasProof ? (
                <ProofImage
                  path={depositPaths.adminProof}
                  query={{ depositId: deposit.depositId }}
                  alt={t('deposit_proof_alt', { id: deposit.depositId })}
                />
              ) : (
                <p className="muted proof-none">
                  {deposit.methodCode === 'PROMPTPAY' ? t('deposit_promptpay_check') : t('deposit_no_proof')}
                </p>
              )}
              <DepositQuestions deposit={deposit} />
            </div>
            {isReviewable ? (
              <div className="detail-actions">
                <div className="form-actions">
                  <button
                    type="button"
                    className="button is-danger-ghost"
                    onClick={() => {
                      resetForm();
                      setConfirming('reject');
                    }}
                  >
                    {t('reject')}
                  </button>
                  <button
                    type="button"
                    className="button is-primary"
                    onClick={() => {
                      resetForm();
                      setConfirming('approve');
                    }}
                  >
                    {t('deposit_approve', { amount: formatMoney(deposit.creditAmount) })}
                  </button>
                </div>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      {deposit && isReviewable ? (
        <ConfirmDialog
          title={confirming ? t(`deposit_confirm_${confirming}_title`, { id: deposit.depositId }) : ''}
          isOpen={confirming !== null}
          onCancel={() => {
            setConfirming(null);
            resetForm();
          }}
          onConfirm={confirm}
          confirmLabel={
            confirming === 'reject'
              ? t('reject_confirm')
              : t('deposit_confirm_approve', { amount: formatMoney(deposit.creditAmount) })
          }
          tone={confirming === 'reject' ? 'danger' : 'primary'}
          isPending={review.isPending}
          error={fieldError === 'reason' || fieldError === 'remark' ? null : review.error}
        >
          {confirming ? <p className="confirm-intro">{t(`deposit_confirm_${confirming}_intro`)}</p> : null}
          {confirming ? <ReviewSummary deposit={deposit} decision={confirming} /> : null}
          {confirming === 'approve' ? (
            <Field
              label={t('remark_optional')}
              htmlFor="deposit-remark"
              error={fieldError === 'remark' ? (review.error as ApiError).message : undefined}
            >
              <input
                id="deposit-remark"
                value={remark}
                maxLength={200}
                onChange={(event) => setRemark(event.target.value)}
              />
            </Field>
          ) : null}
          {confirming === 'reject' ? (
            <Field
              label={t('reject_reason')}
              htmlFor="deposit-reason"
              hint={t('reject_reason_hint')}
              error={reasonProblem || (fieldError === 'reason' ? (review.error as ApiError).message : undefined)}
            >
              <textarea
                id="deposit-reason"
                rows={3}
                maxLength={200}
                value={reason}
                autoFocus
                required
                aria-invalid={Boolean(reasonProblem)}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonProblem('');
                }}
              />
            </Field>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
