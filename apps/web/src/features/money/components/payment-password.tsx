import type { PaymentPasswordStatus } from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useChangePaymentPassword, useSetPaymentPassword } from '../api/withdrawals';
import { checkPaymentPassword, type FieldProblem, type PaymentPasswordRule } from '../money-rules';
import { messageOf, useProblemText } from './money-ui';

type FieldName = 'password' | 'old' | 'next' | 'confirm';

/** The rule in words: "6 digits", "4 to 8 digits", "6 to 20 characters". */
export function usePinRuleText(): (rule: PaymentPasswordRule) => string {
  const { t } = useTranslation();
  return (rule) => {
    const values = { min: rule.minLength, max: rule.maxLength };
    if (rule.digitsOnly)
      return t(rule.minLength === rule.maxLength ? 'money_pin_rule_digits_exact' : 'money_pin_rule_digits', values);
    return t(rule.minLength === rule.maxLength ? 'money_pin_rule_length_exact' : 'money_pin_rule_length', values);
  };
}

/** A password-type input of this form. */
function SecretField({
  id,
  label,
  value,
  onChange,
  problem,
  hint,
  autoComplete,
  numeric,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string;
  hint?: string;
  autoComplete: string;
  numeric: boolean;
}) {
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        className="auth-field__input money-pin"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(problem)}
      />
      {hint && <p className="auth-field__hint">{hint}</p>}
      {problem && <p className="auth-field__error">{problem}</p>}
    </div>
  );
}

/**
 * The payment password (asked for withdrawals and account changes): set it once, proving the login
 * password, then change it by proving the old one. Both calls are sealed.
 */
export function PaymentPasswordForm({ status, onDone }: { status: PaymentPasswordStatus; onDone?: () => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const ruleText = usePinRuleText();
  const id = useId();
  const isSetting = !status.hasPaymentPassword;
  const [values, setValues] = useState<Record<FieldName, string>>({ password: '', old: '', next: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<FieldName, FieldProblem | null>>>({});
  const [serverProblem, setServerProblem] = useState<{ field: FieldName; text: string } | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const setPassword = useSetPaymentPassword();
  const changePassword = useChangePaymentPassword();
  const isSending = setPassword.isPending || changePassword.isPending;

  const update = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: null }));
    setServerProblem(null);
  };
  const fieldText = (field: FieldName) =>
    serverProblem?.field === field ? serverProblem.text : problemText(problems[field]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setNotice('');
    const found: Partial<Record<FieldName, FieldProblem | null>> = {
      next: checkPaymentPassword(values.next, status),
      confirm:
        values.confirm === ''
          ? { key: 'money_pin_required' }
          : values.confirm !== values.next
            ? { key: 'money_pin_confirm_mismatch' }
            : null,
    };
    if (isSetting) found.password = values.password === '' ? { key: 'money_login_password_required' } : null;
    else found.old = values.old === '' ? { key: 'money_pin_required' } : null;
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      if (isSetting)
        await setPassword.mutateAsync({
          password: values.password,
          paymentPassword: values.next,
          confirmPaymentPassword: values.confirm,
        });
      else
        await changePassword.mutateAsync({
          oldPaymentPassword: values.old,
          newPaymentPassword: values.next,
          confirmPaymentPassword: values.confirm,
        });
      setValues({ password: '', old: '', next: '', confirm: '' });
      setNotice(t(isSetting ? 'money_pin_set_done' : 'money_pin_change_done'));
      onDone?.();
    } catch (failure) {
      // A wrong password belongs under its field; anything else under the form.
      if (failure instanceof ApiError && failure.status === 400) {
        const field: FieldName =
          failure.errorCode === 'payment.password.login.invalid'
            ? 'password'
            : failure.errorCode === 'invalid.payment.pw'
              ? 'old'
              : 'next';
        setServerProblem({ field, text: failure.message });
      } else setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form money-card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t(isSetting ? 'money_pin_set_title' : 'money_pin_change_title')}
    >
      <div>
        <p className="money-section-title">{t(isSetting ? 'money_pin_set_title' : 'money_pin_change_title')}</p>
        <p className="money-note">{t(isSetting ? 'money_pin_set_intro' : 'money_pin_change_intro')}</p>
      </div>
      <div className="money-form__grid money-form__grid--three">
        {isSetting ? (
          <SecretField
            id={`${id}-password`}
            label={t('money_login_password')}
            value={values.password}
            onChange={update('password')}
            problem={fieldText('password')}
            autoComplete="current-password"
            numeric={false}
          />
        ) : (
          <SecretField
            id={`${id}-old`}
            label={t('money_pin_old')}
            value={values.old}
            onChange={update('old')}
            problem={fieldText('old')}
            autoComplete="off"
            numeric={status.digitsOnly}
          />
        )}
        <SecretField
          id={`${id}-next`}
          label={t('money_pin_new')}
          value={values.next}
          onChange={update('next')}
          problem={fieldText('next')}
          hint={ruleText(status)}
          autoComplete="new-password"
          numeric={status.digitsOnly}
        />
        <SecretField
          id={`${id}-confirm`}
          label={t('money_pin_confirm')}
          value={values.confirm}
          onChange={update('confirm')}
          problem={fieldText('confirm')}
          autoComplete="new-password"
          numeric={status.digitsOnly}
        />
      </div>
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
      <button
        type="submit"
        className="button button--primary money-form__submit"
        disabled={isSending}
        aria-busy={isSending}
      >
        {isSending ? t('money_sending') : t(isSetting ? 'money_pin_set_submit' : 'money_pin_change_submit')}
      </button>
    </form>
  );
}
