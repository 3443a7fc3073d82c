import {
  askDepositQuestionRequestSchema,
  depositQuestionMaxCount,
  depositQuestionMaxLength,
  setRefusalFieldError,
  type Deposit,
  type DepositMethodCode,
} from '@lotus/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLanguage } from '@lotus/client';
import { z } from 'zod';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import {
  depositKeys,
  useAskDepositQuestion,
  useAttachDepositProof,
  useConfirmDepositPaid,
  useDeposit,
  useUploadDepositProof,
} from '../api/deposits';
import type { FieldProblem } from '../money-rules';
import { methodNameKey } from './deposit-form';
import {
  CopyButton,
  depositStageOf,
  DepositStatusBadge,
  ErrorBlock,
  formatCountdown,
  LoadingBlock,
  messageOf,
  Money,
  ProofPicker,
  useNow,
  useProblemText,
  type PickedProof,
} from './money-ui';

/** How often a pending deposit is asked again: a gateway settles within seconds, people take longer. */
const pollMsByMethod: Record<DepositMethodCode, number> = { DEMOPAY: 2000, PROMPTPAY: 5000, BANK: 15_000 };

/** A gateway's refusal reason, as the server reports it. */
const gatewayFailedReason = 'gateway.failed';

function PromptPayQr({ deposit, symbol }: { deposit: Deposit; symbol: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const secondsLeft = Math.max(0, Math.ceil((deposit.expiresAt - now) / 1000));
  if (!deposit.promptPay) return null;
  return (
    <div className="money-qr">
      <div className="money-qr__frame">
        <img
          className="money-qr__image"
          src={deposit.promptPay.qrCode}
          alt={t('money_qr_alt')}
          width={220}
          height={220}
        />
      </div>
      <div className="money-qr__details">
        <p className="money-qr__amount">
          <Money amount={deposit.amount} symbol={symbol} />
        </p>
        <p className="money-qr__to">
          {t('money_qr_pay_to', { name: deposit.promptPay.accountName, target: deposit.promptPay.target })}
        </p>
        <p
          className={`money-countdown${secondsLeft <= 60 ? ' money-countdown--urgent' : ''}`}
          role="timer"
          aria-live="off"
        >
          {secondsLeft > 0 ? t('money_qr_expires_in', { time: formatCountdown(secondsLeft) }) : t('money_qr_expired')}
        </p>
        <ol className="money-steps">
          <li>{t('money_qr_step_open')}</li>
          <li>{t('money_qr_step_scan')}</li>
          <li>{t('money_qr_step_paid')}</li>
        </ol>
      </div>
    </div>
  );
}

/**
 * A slip for a deposit that has none: picked and checked like at create, then uploaded and attached
 * in one action. The upload is not repeated for the same file when attaching fails.
 */
function AttachSlip({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const upload = useUploadDepositProof();
  const attach = useAttachDepositProof();
  const [proof, setProof] = useState<PickedProof | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; proofId: number } | null>(null);
  const [error, setError] = useState('');
  const isSending = upload.isPending || attach.isPending;

  const onSend = async () => {
    setError('');
    if (!proof) {
      setProblem({ key: 'money_proof_required' });
      return;
    }
    try {
      const proofId = uploaded?.file === proof.file ? uploaded.proofId : (await upload.mutateAsync(proof.file)).proofId;
      setUploaded({ file: proof.file, proofId });
      await attach.mutateAsync({ depositId: deposit.depositId, proofId });
      setProof(null);
    } catch (failure) {
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <div className="money-slip">
      <ProofPicker
        label={t('money_slip_attach_label')}
        hint={t('money_proof_hint')}
        value={proof}
        onChange={(next) => {
          setProof(next);
          setProblem(null);
        }}
        error={problemText(problem)}
        onError={setProblem}
      />
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void onSend()}
        disabled={isSending}
        aria-busy={isSending}
      >
        {isSending ? t('money_sending') : t('money_slip_attach')}
      </button>
    </div>
  );
}

/** "I have paid" on a PROMPTPAY deposit, or a slip: either way it then waits for review and no longer expires. */
function PaidActions({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const confirm = useConfirmDepositPaid();
  const [isSlipOpen, setIsSlipOpen] = useState(false);
  return (
    <div className="money-paid">
      <p className="money-note">{t('money_paid_hint')}</p>
      {confirm.isError && (
        <p className="auth-form__error" role="alert">
          {messageOf(confirm.error, t('error_network'))}
        </p>
      )}
      <div className="money-paid__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => confirm.mutate({ depositId: deposit.depositId })}
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
        >
          {confirm.isPending ? t('money_sending') : t('money_paid_confirm')}
        </button>
        {!isSlipOpen && (
          <button type="button" className="button button--ghost" onClick={() => setIsSlipOpen(true)}>
            {t('money_slip_add')}
          </button>
        )}
      </div>
      {isSlipOpen && <AttachSlip deposit={deposit} />}
    </div>
  );
}

/** The question as the contract's request checks it (trimmed, not empty, at most 500 characters). */
function questionFormSchema(t: TFunction) {
  return z.object({ message: z.string() }).superRefine((values, context) =>
    addFieldIssues(context, {
      message: askDepositQuestionRequestSchema.shape.message.safeParse(values.message).success
        ? null
        : t('money_question_required'),
    }),
  );
}

/**
 * The member's questions about the deposit with the operators' answers, and a form for a new one:
 * open at once on an expired deposit (asking is then what the member came for), behind a button otherwise.
 */
function DepositQuestions({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const id = useId();
  const ask = useAskDepositQuestion();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    watch,
    formState: { errors },
  } = useZodForm(
    useMemo(() => questionFormSchema(t), [t]),
    // As before: the message stays until the question changes or the next try.
    { defaultValues: { message: '' }, reValidateMode: 'onSubmit' },
  );
  const message = watch('message');
  const problem = errors.message?.message;
  const [isFormOpen, setIsFormOpen] = useState(deposit.status === 'expired');
  const isOpen = deposit.questions.some((question) => question.answer === null);
  const isFull = deposit.questions.length >= depositQuestionMaxCount;

  const onSubmit = async (values: { message: string }) => {
    try {
      await ask.mutateAsync({ depositId: deposit.depositId, message: values.message.trim() });
      reset();
    } catch (failure) {
      // The form has one field: a refusal naming it, or any other, is shown under it as before.
      if (!setRefusalFieldError(failure, setError, ['message']))
        setError('message', { type: 'server', message: messageOf(failure, t('error_network')) });
    }
  };

  if (deposit.questions.length === 0 && !isFormOpen) {
    return (
      <div className="money-questions">
        <button
          type="button"
          className="button button--ghost button--small money-questions__open"
          onClick={() => setIsFormOpen(true)}
        >
          {t('money_question_label')}
        </button>
      </div>
    );
  }

  return (
    <section className="money-questions" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="money-section-title">
        {t('money_questions_title')}
      </h5>
      {deposit.questions.length > 0 && (
        <ol className="money-questions__list">
          {deposit.questions.map((question) => (
            <li key={question.questionId} className="money-question">
              <p className="money-question__text">{question.message}</p>
              <p className="money-question__meta">
                {t('money_question_asked_at', { time: formatDateTime(question.askedAt) })}
              </p>
              {question.answer === null ? (
                <p className="money-question__waiting">{t('money_question_waiting')}</p>
              ) : (
                <div className="money-question__answer">
                  <p className="money-question__label">{t('money_question_answer')}</p>
                  <p className="money-question__text">{question.answer}</p>
                  {question.answeredAt !== null && (
                    <p className="money-question__meta">{formatDateTime(question.answeredAt)}</p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {isFull ? (
        <p className="money-note">{t('money_question_full')}</p>
      ) : isOpen ? null : !isFormOpen ? (
        <button
          type="button"
          className="button button--ghost button--small money-questions__open"
          onClick={() => setIsFormOpen(true)}
        >
          {t('money_question_label')}
        </button>
      ) : (
        <form className="money-questions__form" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
          <label className="auth-field__label" htmlFor={`${id}-message`}>
            {t('money_question_label')}
          </label>
          <textarea
            id={`${id}-message`}
            className="auth-field__input money-textarea"
            rows={3}
            maxLength={depositQuestionMaxLength}
            placeholder={t('money_question_placeholder')}
            {...register('message', { onChange: () => clearErrors('message') })}
            aria-invalid={Boolean(problem)}
            aria-describedby={`${id}-count`}
          />
          <p className="auth-field__hint" id={`${id}-count`}>
            {t('money_remark_count', { used: message.length, max: depositQuestionMaxLength })}
          </p>
          {problem && (
            <p className="auth-field__error" role="alert">
              {problem}
            </p>
          )}
          <button
            type="submit"
            className="button button--ghost button--small"
            disabled={ask.isPending}
            aria-busy={ask.isPending}
          >
            {ask.isPending ? t('money_sending') : t('money_question_send')}
          </button>
        </form>
      )}
    </section>
  );
}

const headlineKeys = {
  awaiting_payment: {
    BANK: 'money_deposit_result_review',
    PROMPTPAY: 'money_deposit_result_scan',
    DEMOPAY: 'money_deposit_result_pay',
  },
  in_review: {
    BANK: 'money_deposit_result_review',
    PROMPTPAY: 'money_deposit_result_waiting',
    DEMOPAY: 'money_deposit_result_pay',
  },
} as const;

/**
 * A deposit, from when it is made until it is settled (and again from the history): the QR to pay
 * with "I have paid" or a slip (PROMPTPAY), the pay page (DEMOPAY, with a link when the browser
 * blocked the window), "waiting for review" once the member said it is paid (it no longer expires),
 * the amounts (asked; credited only once approved), and the member's questions about it. The
 * deposit is asked again while pending; the wallet balance updates by itself through the balance stream.
 */
export function DepositResult({
  depositId,
  method,
  isPopupBlocked,
  symbol,
  onAgain,
}: {
  depositId: number;
  method: DepositMethodCode;
  isPopupBlocked: boolean;
  symbol: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useDeposit(depositId, pollMsByMethod[method]);
  const deposit = query.data;
  const status = deposit?.status;
  // Settled: the lists and what the limits count change with it.
  useEffect(() => {
    if (status !== undefined && status !== 'pending')
      void queryClient.invalidateQueries({
        queryKey: depositKeys.all,
        predicate: (cached) => cached.queryKey[1] !== 'detail',
      });
  }, [status, queryClient]);
  if (query.isError && !deposit) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  if (!deposit) return <LoadingBlock />;

  const stage = depositStageOf(deposit);
  const isPending = deposit.status === 'pending';
  const isManual = method !== 'DEMOPAY';
  const headline =
    stage === 'awaiting_payment' || stage === 'in_review'
      ? headlineKeys[stage][method]
      : {
          approved: 'money_deposit_result_approved',
          rejected:
            deposit.rejectReason === gatewayFailedReason
              ? 'money_deposit_result_failed'
              : 'money_deposit_result_rejected',
          expired: 'money_deposit_result_expired',
        }[stage];

  return (
    <section className={`money-result money-result--${deposit.status}`} aria-labelledby="deposit-result-title">
      <header className="money-result__head">
        <span className="money-result__icon" aria-hidden="true">
          {deposit.status === 'approved' ? '✓' : deposit.status === 'pending' ? '…' : '!'}
        </span>
        <div>
          <h4 id="deposit-result-title" className="money-result__title" aria-live="polite">
            {t(headline, { amount: `${symbol}${formatAmount(deposit.creditAmount)}` })}
          </h4>
          <p className="money-result__sub">
            {t(methodNameKey(deposit.methodCode))} · #{deposit.depositId} · {formatDateTime(deposit.createdAt)}
          </p>
        </div>
        <DepositStatusBadge deposit={deposit} />
      </header>

      {stage === 'awaiting_payment' && method === 'PROMPTPAY' && <PromptPayQr deposit={deposit} symbol={symbol} />}
      {stage === 'awaiting_payment' && method === 'PROMPTPAY' && <PaidActions deposit={deposit} />}

      {isPending && method === 'DEMOPAY' && deposit.payUrl && (
        <div className="money-gateway">
          <span className="money-gateway__pulse" aria-hidden="true" />
          <p>{isPopupBlocked ? t('money_gateway_blocked') : t('money_gateway_waiting')}</p>
          <a className="button button--primary" href={deposit.payUrl} target="_blank" rel="noopener noreferrer">
            {t('money_gateway_open')}
          </a>
        </div>
      )}

      {stage === 'in_review' && method === 'BANK' && deposit.bank && (
        <p className="money-note">
          {t('money_bank_in_review', {
            bank: language === 'EN' ? deposit.bank.target.bankNameEn : deposit.bank.target.bankNameTh,
            reference: deposit.bank.transferReference,
          })}
        </p>
      )}
      {stage === 'in_review' && <p className="money-note money-note--info">{t('money_review_no_expiry')}</p>}

      {deposit.status === 'expired' && isManual && <p className="money-note">{t('money_expired_help')}</p>}
      {deposit.status === 'expired' && isManual && deposit.proofId === null && <AttachSlip deposit={deposit} />}

      {deposit.status === 'rejected' && deposit.rejectReason && deposit.rejectReason !== gatewayFailedReason && (
        <p className="money-note money-note--bad">{t('money_reject_reason', { reason: deposit.rejectReason })}</p>
      )}

      <dl className="money-summary">
        <div>
          <dt>{t('money_amount_asked')}</dt>
          <dd>
            <Money amount={deposit.amount} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('money_fee')}</dt>
          <dd>
            <Money amount={deposit.feeAmount} symbol={symbol} />
          </dd>
        </div>
        {deposit.status === 'approved' ? (
          <div className="money-summary__total">
            <dt>{t('money_credited')}</dt>
            <dd>
              <Money amount={deposit.creditAmount} symbol={symbol} />
            </dd>
          </div>
        ) : null}
        {deposit.proofId !== null && method === 'PROMPTPAY' ? (
          <div>
            <dt>{t('money_slip')}</dt>
            <dd>{t('money_slip_attached')}</dd>
          </div>
        ) : null}
      </dl>

      {stage === 'awaiting_payment' && method === 'PROMPTPAY' && deposit.promptPay && (
        <p className="money-result__payload">
          <span>{t('money_qr_payload_hint')}</span>
          <CopyButton value={deposit.promptPay.payload} label={t('money_qr_payload')} />
        </p>
      )}

      <DepositQuestions deposit={deposit} />

      <div className="money-result__actions">
        <button type="button" className={`button ${isPending ? 'button--ghost' : 'button--primary'}`} onClick={onAgain}>
          {t('money_deposit_again')}
        </button>
      </div>
    </section>
  );
}
