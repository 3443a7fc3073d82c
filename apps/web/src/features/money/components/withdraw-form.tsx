import {
  formatMinorUnits,
  type PaymentPasswordStatus,
  type WithdrawAccountInfo,
  type Withdrawal,
  type WithdrawSettings,
} from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
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
import { messageOf, Money, useProblemText } from './money-ui';

/** errorCode of a withdrawal refused for turnover still owed; its value carries `remainingTurnover`. */
const turnoverNotEnoughCode = 'withdraw_turnover_not_enough';

type FieldName = 'amount' | 'account' | 'paymentPassword';

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
  const problemText = useProblemText();
  const id = useId();
  const [amountText, setAmountText] = useState('');
  const [bankAccountId, setBankAccountId] = useState<number | null>(info.content[0]?.bankAccountId ?? null);
  const [paymentPassword, setPaymentPassword] = useState('');
  const [problems, setProblems] = useState<Partial<Record<FieldName, FieldProblem | null>>>({});
  const [serverProblem, setServerProblem] = useState<{ field: FieldName; text: string } | null>(null);
  const [error, setError] = useState('');
  const [remainingTurnover, setRemainingTurnover] = useState<string | null>(null);
  const withdraw = useWithdraw();
  const symbol = settings.currencySymbol;
  const countLeft = Math.max(0, settings.dailyCountLimit - settings.dailyCountUsed);

  const check = (text: string) =>
    checkAmount(text, {
      minAmount: settings.minAmount,
      maxAmount: settings.maxAmount,
      leftAmount: { amount: settings.availableBalance, key: 'money_amount_balance_left' },
    });
  const preview = check(amountText);
  const feeMinor = toMinor(settings.feeAmount);
  const quick = quickAmountsWithin(settings.minAmount, minAmountOf(settings.maxAmount, settings.availableBalance));
  const turnoverLeft = remainingTurnover ?? (settings.turnover.isMet ? null : settings.turnover.remainingAmount);

  const update = (field: FieldName, setter: (value: string) => void) => (value: string) => {
    setter(value);
    setProblems((current) => ({ ...current, [field]: null }));
    setServerProblem(null);
  };
  const fieldText = (field: FieldName) =>
    serverProblem?.field === field ? serverProblem.text : problemText(problems[field]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    setError('');
    if (countLeft === 0) {
      setError(t('money_withdraw_count_used', { limit: settings.dailyCountLimit }));
      return;
    }
    const amount = check(amountText);
    const found: Partial<Record<FieldName, FieldProblem | null>> = {
      amount: amount.ok ? null : amount.problem,
      account: bankAccountId === null ? { key: 'money_withdraw_account_required' } : null,
      paymentPassword: pinStatus
        ? checkPaymentPassword(paymentPassword, pinStatus)
        : paymentPassword
          ? null
          : { key: 'money_pin_required' },
    };
    setProblems(found);
    if (!amount.ok || bankAccountId === null || Object.values(found).some(Boolean)) return;
    try {
      const withdrawal = await withdraw.mutateAsync({ amount: amount.wire, bankAccountId, paymentPassword });
      setAmountText('');
      setPaymentPassword('');
      setRemainingTurnover(null);
      onDone(withdrawal);
    } catch (failure) {
      const turnover = remainingTurnoverOf(failure);
      if (turnover !== null) {
        setRemainingTurnover(turnover);
        return;
      }
      if (
        failure instanceof ApiError &&
        failure.status === 400 &&
        (failure.errorCode === 'invalid.payment.pw' ||
          failure.errorCode.startsWith('withdraw.amount') ||
          failure.errorCode === 'withdraw.balance.not.enough')
      ) {
        setServerProblem({
          field: failure.errorCode === 'invalid.payment.pw' ? 'paymentPassword' : 'amount',
          text: failure.message,
        });
      } else setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form"
      onSubmit={(event) => void onSubmit(event)}
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
            value={amountText}
            onChange={(event) => update('amount', setAmountText)(event.target.value)}
            aria-invalid={Boolean(fieldText('amount'))}
          />
          <button
            type="button"
            className="money-amount-input__all"
            onClick={() => update('amount', setAmountText)(minAmountOf(settings.maxAmount, settings.availableBalance))}
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
                onClick={() => update('amount', setAmountText)(amount)}
              >
                {formatWhole(amount)}
              </button>
            ))}
          </div>
        )}
        {fieldText('amount') && <p className="auth-field__error">{fieldText('amount')}</p>}
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
                onChange={() => update('account', () => setBankAccountId(account.bankAccountId))('')}
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
        {fieldText('account') && <p className="auth-field__error">{fieldText('account')}</p>}
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
          value={paymentPassword}
          onChange={(event) => update('paymentPassword', setPaymentPassword)(event.target.value)}
          aria-invalid={Boolean(fieldText('paymentPassword'))}
        />
        {fieldText('paymentPassword') && <p className="auth-field__error">{fieldText('paymentPassword')}</p>}
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
