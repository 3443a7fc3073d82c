import {
  formatMinorUnits,
  setRefusalFieldError,
  withdrawalErrorCodes,
  withdrawRequestSchema,
  type PaymentPasswordStatus,
  type WithdrawAccountInfo,
  type Withdrawal,
  type WithdrawSettings,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { useWithdraw } from '../api/withdrawals';
import {
  checkAmount,
  checkPaymentPassword,
  formatWhole,
  minAmountOf,
  quickAmountsWithin,
  toMinor,
  type FieldProblem,
} from '../money-rules';
import { messageOf, Money } from './money-ui';

/** errorCode of a withdrawal refused for turnover still owed; its value carries `remainingTurnover`. */
const turnoverNotEnoughCode = 'withdraw_turnover_not_enough';

type FieldName = 'amount' | 'account' | 'paymentPassword';

/** The server's names of this form's fields. */
const serverFieldNames: Record<string, FieldName> = {
  amount: 'amount',
  bankAccountId: 'account',
  paymentPassword: 'paymentPassword',
};

/** The amount's bounds: the settings' range and what the main wallet holds. */
function checkWithdrawAmount(text: string, settings: WithdrawSettings) {
  return checkAmount(text, {
    minAmount: settings.minAmount,
    maxAmount: settings.maxAmount,
    leftAmount: { amount: settings.availableBalance, key: 'money_amount_balance_left' },
  });
}

/**
 * What the member types, checked against the settings and the payment password rule, then turned
 * into the contract's withdraw request (the amount as a wire decimal) and checked by it.
 */
function withdrawFormSchema(t: TFunction, settings: WithdrawSettings, pinStatus: PaymentPasswordStatus | undefined) {
  const word = (problem: FieldProblem | null) => (problem ? t(problem.key, problem.values) : null);
  return z
    .object({
      amount: z.string(),
      account: withdrawRequestSchema.shape.bankAccountId.nullable(),
      paymentPassword: withdrawRequestSchema.shape.paymentPassword,
    })
    .superRefine((values, context) => {
      const amount = checkWithdrawAmount(values.amount, settings);
      addFieldIssues(context, {
        amount: amount.ok ? null : word(amount.problem),
        account: values.account === null ? t('money_withdraw_account_required') : null,
        paymentPassword: pinStatus
          ? word(checkPaymentPassword(values.paymentPassword, pinStatus))
          : values.paymentPassword
            ? null
            : t('money_pin_required'),
      });
    })
    .transform((values) => {
      // Runs only once the checks above passed: the amount is well formed and an account chosen.
      const amount = checkWithdrawAmount(values.amount, settings);
      return {
        amount: amount.ok ? amount.wire : '',
        bankAccountId: values.account ?? 0,
        paymentPassword: values.paymentPassword,
      };
    })
    .pipe(withdrawRequestSchema);
}

function remainingTurnoverOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errorCode !== turnoverNotEnoughCode) return null;
  const value = error.value as { remainingTurnover?: unknown } | null;
  return typeof value?.remainingTurnover === 'string' ? value.remainingTurnover : null;
}

/**
 * The withdraw form: amount (min, max, what the main wallet holds), the bound account to pay to,
 * the payment password; the fee and what arrives are shown before sending. One request, one
 * Idempotency-Key; the amount is held at once and the balance moves by the balance stream.
 */
export function WithdrawForm({
  settings,
  info,
  pinStatus,
  onDone,
}: {
  settings: WithdrawSettings;
  info: WithdrawAccountInfo;
  pinStatus: PaymentPasswordStatus | undefined;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useZodForm(
    useMemo(() => withdrawFormSchema(t, settings, pinStatus), [t, settings, pinStatus]),
    {
      defaultValues: { amount: '', account: info.content[0]?.bankAccountId ?? null, paymentPassword: '' },
      // As before: a field's message stays until that field changes or the next try.
      reValidateMode: 'onSubmit',
    },
  );
  const amountText = watch('amount');
  const bankAccountId = watch('account');
  const [error, setError] = useState('');
  const [remainingTurnover, setRemainingTurnover] = useState<string | null>(null);
  const withdraw = useWithdraw();
  const symbol = settings.currencySymbol;
  const countLeft = Math.max(0, settings.dailyCountLimit - settings.dailyCountUsed);

  const preview = checkWithdrawAmount(amountText, settings);
  const feeMinor = toMinor(settings.feeAmount);
  const quick = quickAmountsWithin(settings.minAmount, minAmountOf(settings.maxAmount, settings.availableBalance));
  const turnoverLeft = remainingTurnover ?? (settings.turnover.isMet ? null : settings.turnover.remainingAmount);

  // Changing a field clears its message and any refusal of the server, as before.
  const serverFields = (Object.keys(errors) as FieldName[]).filter((name) => errors[name]?.type === 'server');
  const clearOnChange = (field: FieldName) => clearErrors([field, ...serverFields]);
  const setAmount = (amount: string) => {
    setValue('amount', amount);
    clearOnChange('amount');
  };

  const onSubmit = async (request: z.output<ReturnType<typeof withdrawFormSchema>>) => {
    if (withdraw.isPending) return;
    try {
      const withdrawal = await withdraw.mutateAsync(request);
      reset({ amount: '', account: bankAccountId, paymentPassword: '' });
      setRemainingTurnover(null);
      onDone(withdrawal);
    } catch (failure) {
      const turnover = remainingTurnoverOf(failure);
      if (turnover !== null) {
        setRemainingTurnover(turnover);
        return;
      }
      if (setRefusalFieldError(failure, setFieldError, serverFieldNames)) return;
      // Refusals the server sends without a field that still belong under one.
      if (
        failure instanceof ApiError &&
        failure.status === 400 &&
        (failure.errorCode === withdrawalErrorCodes.paymentPasswordInvalid ||
          failure.errorCode.startsWith('withdraw.amount') ||
          failure.errorCode === 'withdraw.balance.not.enough')
      ) {
        setFieldError(
          failure.errorCode === withdrawalErrorCodes.paymentPasswordInvalid ? 'paymentPassword' : 'amount',
          {
            type: 'server',
            message: failure.message,
          },
        );
      } else setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (withdraw.isPending) return;
        setError('');
        // No withdrawal left today: said under the form, before any field is checked (as before).
        if (countLeft === 0) {
          setError(t('money_withdraw_count_used', { limit: settings.dailyCountLimit }));
          return;
        }
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('money_withdraw_form')}
    >
      <dl className="money-stats">
        <div>
          <dt>{t('money_withdrawable')}</dt>
          <dd>
            <Money amount={settings.availableBalance} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('money_withdraw_range')}</dt>
          <dd>
            {formatAmount(settings.minAmount)} – {formatAmount(settings.maxAmount)}
          </dd>
        </div>
        <div>
          <dt>{t('money_fee')}</dt>
          <dd>{feeMinor === 0n ? t('money_fee_none') : <Money amount={settings.feeAmount} symbol={symbol} />}</dd>
        </div>
        <div>
          <dt>{t('money_withdraw_count_left')}</dt>
          <dd>{t('money_withdraw_count_value', { left: countLeft, limit: settings.dailyCountLimit })}</dd>
        </div>
      </dl>

      {turnoverLeft !== null && (
        <div className="money-callout money-callout--warning" role={remainingTurnover ? 'alert' : undefined}>
          <p className="money-callout__title">{t('money_turnover_title')}</p>
          <p>{t('money_turnover_remaining', { amount: `${symbol}${formatAmount(turnoverLeft)}` })}</p>
        </div>
      )}

      <div className="auth-field">
        <label className="auth-field__label" htmlFor={`${id}-amount`}>
          {t('money_withdraw_amount', { currency: settings.currency })}
        </label>
        <div className="money-amount-input">
          <span className="money-amount-input__symbol" aria-hidden="true">
            {symbol}
          </span>
          <input
            id={`${id}-amount`}
            className="auth-field__input money-amount-input__field"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`${formatWhole(settings.minAmount)} – ${formatWhole(settings.maxAmount)}`}
            {...register('amount', { onChange: () => clearOnChange('amount') })}
            aria-invalid={Boolean(errors.amount)}
          />
          <button
            type="button"
            className="money-amount-input__all"
            onClick={() => setAmount(minAmountOf(settings.maxAmount, settings.availableBalance))}
          >
            {t('money_withdraw_all')}
          </button>
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
        {errors.amount && <p className="auth-field__error">{errors.amount.message}</p>}
      </div>

      <fieldset className="money-fieldset">
        <legend className="auth-field__label">{t('money_withdraw_to')}</legend>
        <div className="money-accounts__choices">
          {info.content.map((account) => (
            <label
              key={account.bankAccountId}
              className="money-account money-account--choice"
              data-selected={account.bankAccountId === bankAccountId}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-account`}
                checked={account.bankAccountId === bankAccountId}
                onChange={() => {
                  setValue('account', account.bankAccountId);
                  clearOnChange('account');
                }}
              />
              <span className="money-bank-badge" data-bank={account.bankCode}>
                {account.bankCode.slice(0, 5)}
              </span>
              <span className="money-account__text">
                <span className="money-account__bank">{account.bankName}</span>
                <span className="money-account__number">
                  {account.accountNumber} · {account.accountName}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.account && <p className="auth-field__error">{errors.account.message}</p>}
      </fieldset>

      <div className="auth-field money-form__narrow">
        <label className="auth-field__label" htmlFor={`${id}-pin`}>
          {t('money_pin')}
        </label>
        <input
          id={`${id}-pin`}
          type="password"
          className="auth-field__input money-pin"
          inputMode={pinStatus?.digitsOnly === false ? undefined : 'numeric'}
          autoComplete="off"
          {...register('paymentPassword', { onChange: () => clearOnChange('paymentPassword') })}
          aria-invalid={Boolean(errors.paymentPassword)}
        />
        {errors.paymentPassword && <p className="auth-field__error">{errors.paymentPassword.message}</p>}
      </div>

      <dl className="money-summary">
        <div>
          <dt>{t('money_fee')}</dt>
          <dd>
            <Money amount={settings.feeAmount} symbol={symbol} />
          </dd>
        </div>
        <div className="money-summary__total">
          <dt>{t('money_arrives')}</dt>
          <dd>
            {preview.ok && preview.minor > feeMinor ? (
              <Money amount={formatMinorUnits(preview.minor - feeMinor)} symbol={symbol} />
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>

      <p className="money-note">{t('money_withdraw_confirm_note', { minutes: settings.confirmMinutes })}</p>
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--large money-form__submit"
        disabled={withdraw.isPending}
        aria-busy={withdraw.isPending}
      >
        {withdraw.isPending ? t('money_sending') : t('money_withdraw_submit')}
      </button>
    </form>
  );
}
