import {
  createDepositRequestSchema,
  formatMinorUnits,
  setRefusalFieldError,
  type CreateDepositRequest,
  type Deposit,
  type DepositBankTarget,
  type DepositMethod,
  type DepositMethodCode,
  type DepositSettings,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatAmount } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { useLanguage } from '@lotus/client';
import { useCreateDeposit, useUploadDepositProof } from '../api/deposits';
import {
  checkAmount,
  depositFeeMinor,
  formatWhole,
  minAmountOf,
  quickAmountsWithin,
  toMinor,
  type FieldProblem,
} from '../money-rules';
import { CopyButton, messageOf, ProofPicker, type PickedProof } from './money-ui';

const methodNameKeys: Record<DepositMethodCode, string> = {
  BANK: 'money_method_BANK',
  PROMPTPAY: 'money_method_PROMPTPAY',
  DEMOPAY: 'money_method_DEMOPAY',
};
const methodNoteKeys: Record<DepositMethodCode, string> = {
  BANK: 'money_method_BANK_note',
  PROMPTPAY: 'money_method_PROMPTPAY_note',
  DEMOPAY: 'money_method_DEMOPAY_note',
};

export const methodNameKey = (code: DepositMethodCode): string => methodNameKeys[code];

/** The amount against the channel's limits and what is left today. */
function checkDepositAmount(text: string, method: DepositMethod) {
  return checkAmount(text, {
    minAmount: method.minAmount,
    maxAmount: method.maxAmount,
    leftAmount: { amount: method.dailyAmountLeft, key: 'money_amount_daily_left' },
  });
}

/**
 * What the member fills in for one channel: the amount (its limits, more than the fee), and for BANK
 * the transfer reference under the contract's rule and the slip.
 */
function depositFormSchema(t: TFunction, method: DepositMethod) {
  const word = (problem: FieldProblem) => t(problem.key, problem.values);
  const referenceSchema = createDepositRequestSchema.shape.transferReference.unwrap();
  return z
    .object({
      amount: z.string(),
      transferReference: z.string(),
      proof: z.custom<PickedProof | null>(),
    })
    .superRefine((values, context) => {
      const amount = checkDepositAmount(values.amount, method);
      const feeMinor = amount.ok ? depositFeeMinor(amount.minor, method.feeFixed, method.feePercent) : null;
      addFieldIssues(context, {
        amount: !amount.ok
          ? word(amount.problem)
          : feeMinor !== null && feeMinor >= amount.minor
            ? t('money_amount_below_fee', { fee: formatAmount(formatMinorUnits(feeMinor)) })
            : null,
      });
      if (method.kind !== 'bank') return;
      addFieldIssues(context, {
        transferReference: referenceSchema.safeParse(values.transferReference).success
          ? null
          : t(values.transferReference.trim() === '' ? 'money_reference_required' : 'money_reference_long'),
        proof: values.proof ? null : t('money_proof_required'),
      });
    });
}

/** The pay page of a gateway opens in a popup the size of a phone screen. */
const payWindowFeatures = 'width=480,height=760';

function MethodIcon({ kind }: { kind: DepositMethod['kind'] }) {
  const paths: Record<DepositMethod['kind'], string> = {
    bank: 'M12 2 2 7v2h20V7L12 2zm-7 9v7h2v-7H5zm4 0v7h2v-7H9zm4 0v7h2v-7h-2zm4 0v7h2v-7h-2zM2 20v2h20v-2H2z',
    qr: 'M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm8-2h2v2h-2v-2zm2 2h2v2h-2v-2zm2-2h4v2h-4v-2zm2 4h2v4h-4v-2h2v-2zm-6 0h2v2h2v2h-4v-4z',
    gateway:
      'M2 6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6zm2 0v2h16V6H4zm0 5v7h16v-7H4zm2 3h6v2H6v-2z',
  };
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path fill="currentColor" d={paths[kind]} />
    </svg>
  );
}

/** "No fee", "Fee 10.00", "Fee 1.50%" or "Fee 10.00 + 1.50%". */
function useFeeText(): (method: Pick<DepositMethod, 'feeFixed' | 'feePercent'>) => string {
  const { t } = useTranslation();
  return ({ feeFixed, feePercent }) => {
    const hasFixed = toMinor(feeFixed) > 0n;
    const hasPercent = toMinor(feePercent) > 0n;
    if (!hasFixed && !hasPercent) return t('money_fee_none');
    const parts = [hasFixed ? formatAmount(feeFixed) : '', hasPercent ? `${formatAmount(feePercent)}%` : ''].filter(
      Boolean,
    );
    return t('money_fee_value', { fee: parts.join(' + ') });
  };
}

interface DepositFormProps {
  settings: DepositSettings;
  methods: DepositMethod[];
  onCreated: (deposit: Deposit, payment: { isPopupBlocked: boolean }) => void;
}

/**
 * The deposit form of depositv2: the channel, the amount (checked against the channel's limits and
 * what is left today before anything is sent), and for BANK the account to pay into, the member's
 * transfer reference and the slip. Creating is one action with one Idempotency-Key.
 */
export function DepositForm({ settings, methods, onCreated }: DepositFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const feeText = useFeeText();
  const id = useId();
  const [methodCode, setMethodCode] = useState<DepositMethodCode>(methods[0]!.methodCode);
  const method = methods.find((candidate) => candidate.methodCode === methodCode) ?? methods[0]!;
  const {
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    clearErrors,
    watch,
    formState: { errors },
  } = useZodForm(
    useMemo(() => depositFormSchema(t, method), [t, method]),
    // As before: a field's message stays until that field changes or the next try.
    { defaultValues: { amount: '', transferReference: '', proof: null }, reValidateMode: 'onSubmit' },
  );
  const [amountText, proof] = watch(['amount', 'proof']);
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  /** The slip already uploaded for the picked file: a retry does not upload it again. */
  const [uploaded, setUploaded] = useState<{ file: File; proofId: number } | null>(null);
  const [formError, setFormError] = useState('');
  const upload = useUploadDepositProof();
  const create = useCreateDeposit();
  const isSending = upload.isPending || create.isPending;
  /** Set at once on submit: a double click arrives before `isSending` is drawn. */
  const isSubmittingRef = useRef(false);

  const target: DepositBankTarget | undefined =
    method.bankAccounts.find((account) => account.bankAccountId === bankAccountId) ?? method.bankAccounts[0];
  const leftToday = method.dailyAmountLeft;
  const effectiveMax = minAmountOf(method.maxAmount, leftToday);
  const quick = quickAmountsWithin(method.minAmount, effectiveMax);
  const preview = checkDepositAmount(amountText, method);
  const feeMinor = preview.ok ? depositFeeMinor(preview.minor, method.feeFixed, method.feePercent) : null;
  const isCountUsedUp = method.dailyCountLeft <= 0;

  const chooseMethod = (code: DepositMethodCode) => {
    setMethodCode(code);
    clearErrors('amount');
    setFormError('');
  };
  const setAmount = (amount: string) => {
    setValue('amount', amount);
    clearErrors('amount');
  };

  const onSubmit = async (values: { amount: string; transferReference: string; proof: PickedProof | null }) => {
    if (isSubmittingRef.current) return;
    const amount = checkDepositAmount(values.amount, method);
    if (!amount.ok) return;
    const request: CreateDepositRequest = { methodCode: method.methodCode, amount: amount.wire };
    if (method.kind === 'bank') {
      if (!target) return;
      request.bankAccountId = target.bankAccountId;
      request.transferReference = values.transferReference.trim();
    }

    // A gateway's page opens in a window made now, while the click still counts as the member's
    // gesture; browsers block a window opened after the call returns.
    const payWindow = method.kind === 'gateway' ? window.open('', 'lotus-pay', payWindowFeatures) : null;
    isSubmittingRef.current = true;
    try {
      if (method.kind === 'bank' && proof) {
        const proofId =
          uploaded?.file === proof.file ? uploaded.proofId : (await upload.mutateAsync(proof.file)).proofId;
        setUploaded({ file: proof.file, proofId });
        request.proofId = proofId;
      }
      const deposit = await create.mutateAsync(request);
      if (payWindow && deposit.payUrl) payWindow.location.href = deposit.payUrl;
      else payWindow?.close();
      onCreated(deposit, { isPopupBlocked: method.kind === 'gateway' && !payWindow });
    } catch (error) {
      payWindow?.close();
      if (!setRefusalFieldError(error, setFieldError, ['amount', 'transferReference']))
        setFormError(messageOf(error, t('error_network')));
    } finally {
      isSubmittingRef.current = false;
    }
  };

  const bankName = (account: DepositBankTarget) => (language === 'EN' ? account.bankNameEn : account.bankNameTh);

  return (
    <form
      className="money-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (isSubmittingRef.current) return;
        setFormError('');
        // No deposit left today on this channel: said under the form, before any field is checked (as before).
        if (isCountUsedUp) {
          setFormError(t('money_daily_count_used', { limit: method.dailyCountLimit }));
          return;
        }
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('money_deposit_form')}
    >
      <fieldset className="money-methods">
        <legend className="money-section-title">{t('money_deposit_choose_method')}</legend>
        <div className="money-methods__list">
          {methods.map((candidate) => (
            <label
              key={candidate.methodCode}
              className="money-method"
              data-selected={candidate.methodCode === method.methodCode}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-method`}
                value={candidate.methodCode}
                checked={candidate.methodCode === method.methodCode}
                onChange={() => chooseMethod(candidate.methodCode)}
              />
              <span className="money-method__icon">
                <MethodIcon kind={candidate.kind} />
              </span>
              <span className="money-method__text">
                <span className="money-method__name">{t(methodNameKeys[candidate.methodCode])}</span>
                <span className="money-method__range">
                  {formatAmount(candidate.minAmount)} – {formatAmount(candidate.maxAmount)}
                </span>
                <span className="money-method__fee">{feeText(candidate)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <p className="money-note">{t(methodNoteKeys[method.methodCode])}</p>

      <div className="auth-field">
        <label className="auth-field__label" htmlFor={`${id}-amount`}>
          {t('money_deposit_amount', { currency: settings.currency })}
        </label>
        <div className="money-amount-input">
          <span className="money-amount-input__symbol" aria-hidden="true">
            {settings.currencySymbol}
          </span>
          <input
            id={`${id}-amount`}
            className="auth-field__input money-amount-input__field"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`${formatWhole(method.minAmount)} – ${formatWhole(effectiveMax)}`}
            {...register('amount', { onChange: () => clearErrors('amount') })}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={`${id}-amount-hint`}
          />
        </div>
        {quick.length > 0 && (
          <div className="money-quick" role="group" aria-label={t('money_quick_amounts')}>
            {quick.map((amount) => (
              <button
                key={amount}
                type="button"
                className="money-chip"
                aria-pressed={preview.ok && preview.minor === BigInt(amount) * 100n}
                onClick={() => setAmount(amount)}
              >
                {formatWhole(amount)}
              </button>
            ))}
          </div>
        )}
        <p className="auth-field__hint" id={`${id}-amount-hint`}>
          {t('money_deposit_limits_hint', {
            min: formatAmount(method.minAmount),
            max: formatAmount(method.maxAmount),
            left: formatAmount(leftToday),
            deposits: method.dailyCountLeft,
          })}
        </p>
        {errors.amount && <p className="auth-field__error">{errors.amount.message}</p>}
      </div>

      <dl className="money-summary">
        <div>
          <dt>{t('money_fee')}</dt>
          <dd>
            {feeMinor === null
              ? feeText(method)
              : `${settings.currencySymbol}${formatAmount(formatMinorUnits(feeMinor))}`}
          </dd>
        </div>
        <div className="money-summary__total">
          <dt>{t('money_you_receive')}</dt>
          <dd>
            {preview.ok && feeMinor !== null && feeMinor < preview.minor
              ? `${settings.currencySymbol}${formatAmount(formatMinorUnits(preview.minor - feeMinor))}`
              : '—'}
          </dd>
        </div>
      </dl>

      {method.kind === 'bank' && (
        <div className="money-bank">
          <p className="money-section-title">{t('money_bank_pay_to')}</p>
          {method.bankAccounts.length > 1 && (
            <div className="money-bank__choices" role="radiogroup" aria-label={t('money_bank_pay_to')}>
              {method.bankAccounts.map((account) => (
                <label
                  key={account.bankAccountId}
                  className="money-chip money-chip--radio"
                  data-selected={account.bankAccountId === target?.bankAccountId}
                >
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${id}-target`}
                    checked={account.bankAccountId === target?.bankAccountId}
                    onChange={() => setBankAccountId(account.bankAccountId)}
                  />
                  {bankName(account)}
                </label>
              ))}
            </div>
          )}
          {target && (
            <dl className="money-bank__card">
              <div>
                <dt>{t('money_bank_name')}</dt>
                <dd>
                  <span className="money-bank__code">{target.bankCode}</span> {bankName(target)}
                </dd>
              </div>
              <div>
                <dt>{t('money_bank_account_name')}</dt>
                <dd>
                  {target.accountName}
                  <CopyButton value={target.accountName} label={t('money_bank_account_name')} />
                </dd>
              </div>
              <div>
                <dt>{t('money_bank_account_number')}</dt>
                <dd>
                  <span className="money-bank__number">{target.accountNumber}</span>
                  <CopyButton value={target.accountNumber} label={t('money_bank_account_number')} />
                </dd>
              </div>
            </dl>
          )}
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-reference`}>
              {t('money_reference')}
            </label>
            <input
              id={`${id}-reference`}
              className="auth-field__input"
              maxLength={64}
              {...register('transferReference', { onChange: () => clearErrors('transferReference') })}
              aria-invalid={Boolean(errors.transferReference)}
              placeholder={t('money_reference_placeholder')}
            />
            <p className="auth-field__hint">{t('money_reference_hint')}</p>
            {errors.transferReference && <p className="auth-field__error">{errors.transferReference.message}</p>}
          </div>
          <ProofPicker
            label={t('money_proof')}
            hint={t('money_proof_hint')}
            value={proof}
            onChange={(next) => {
              setValue('proof', next);
              clearErrors('proof');
            }}
            error={errors.proof?.message ?? ''}
            onError={(problem) =>
              problem
                ? setFieldError('proof', { type: 'custom', message: t(problem.key, problem.values) })
                : clearErrors('proof')
            }
          />
        </div>
      )}

      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--large money-form__submit"
        disabled={isSending}
        aria-busy={isSending}
      >
        {isSending
          ? t('money_sending')
          : t(
              method.kind === 'gateway'
                ? 'money_deposit_pay_now'
                : method.kind === 'qr'
                  ? 'money_deposit_get_qr'
                  : 'money_deposit_submit',
            )}
      </button>
    </form>
  );
}
