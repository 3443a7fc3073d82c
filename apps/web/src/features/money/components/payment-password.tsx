import {
  changePaymentPasswordRequestSchema,
  setPaymentPasswordRequestSchema,
  setRefusalFieldError,
  withdrawalErrorCodes,
  type PaymentPasswordStatus,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { useChangePaymentPassword, useSetPaymentPassword } from '../api/withdrawals';
import { checkPaymentPassword, type FieldProblem, type PaymentPasswordRule } from '../money-rules';
import { messageOf } from './money-ui';

type FieldName = 'password' | 'old' | 'next' | 'confirm';

/** The server's names of this form's fields (set and change requests). */
const serverFieldNames: Record<string, FieldName> = {
  password: 'password',
  oldPaymentPassword: 'old',
  paymentPassword: 'next',
  newPaymentPassword: 'next',
  confirmPaymentPassword: 'confirm',
};

/**
 * The set and change requests' fields (the contract's), under this form's names, with the merchant's
 * payment password rule and the confirmation; the login password when setting, the old PIN when changing.
 */
function paymentPasswordFormSchema(t: TFunction, status: PaymentPasswordStatus) {
  const isSetting = !status.hasPaymentPassword;
  const word = (problem: FieldProblem | null) => (problem ? t(problem.key, problem.values) : null);
  return z
    .object({
      password: setPaymentPasswordRequestSchema.shape.password,
      old: changePaymentPasswordRequestSchema.shape.oldPaymentPassword,
      next: changePaymentPasswordRequestSchema.shape.newPaymentPassword,
      confirm: changePaymentPasswordRequestSchema.shape.confirmPaymentPassword,
    })
    .superRefine((values, context) =>
      addFieldIssues(context, {
        next: word(checkPaymentPassword(values.next, status)),
        confirm:
          values.confirm === ''
            ? t('money_pin_required')
            : values.confirm !== values.next
              ? t('money_pin_confirm_mismatch')
              : null,
        password: isSetting && values.password === '' ? t('money_login_password_required') : null,
        old: !isSetting && values.old === '' ? t('money_pin_required') : null,
      }),
    );
}

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
  field,
  problem,
  hint,
  autoComplete,
  numeric,
}: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  problem: string | undefined;
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
        {...field}
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
  const ruleText = usePinRuleText();
  const id = useId();
  const isSetting = !status.hasPaymentPassword;
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(
    useMemo(() => paymentPasswordFormSchema(t, status), [t, status]),
    // As before: a field's message stays until that field changes or the next try.
    { defaultValues: { password: '', old: '', next: '', confirm: '' }, reValidateMode: 'onSubmit' },
  );
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const setPassword = useSetPaymentPassword();
  const changePassword = useChangePaymentPassword();
  const isSending = setPassword.isPending || changePassword.isPending;

  // Typing in a field clears its message and any refusal of the server, as before.
  const serverFields = (Object.keys(errors) as FieldName[]).filter((name) => errors[name]?.type === 'server');
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors([name, ...serverFields]) });

  const onSubmit = async (values: Record<FieldName, string>) => {
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
      reset();
      setNotice(t(isSetting ? 'money_pin_set_done' : 'money_pin_change_done'));
      onDone?.();
    } catch (failure) {
      // A refusal naming a field, or a wrong password (refused without a field), belongs under its
      // field; anything else under the form.
      if (setRefusalFieldError(failure, setFieldError, serverFieldNames)) return;
      if (failure instanceof ApiError && failure.status === 400) {
        const name: FieldName =
          failure.errorCode === withdrawalErrorCodes.loginPasswordInvalid
            ? 'password'
            : failure.errorCode === withdrawalErrorCodes.paymentPasswordInvalid
              ? 'old'
              : 'next';
        setFieldError(name, { type: 'server', message: failure.message });
      } else setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form money-card"
      onSubmit={(event) => {
        setError('');
        setNotice('');
        void handleSubmit(onSubmit)(event);
      }}
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
            field={field('password')}
            problem={errors.password?.message}
            autoComplete="current-password"
            numeric={false}
          />
        ) : (
          <SecretField
            id={`${id}-old`}
            label={t('money_pin_old')}
            field={field('old')}
            problem={errors.old?.message}
            autoComplete="off"
            numeric={status.digitsOnly}
          />
        )}
        <SecretField
          id={`${id}-next`}
          label={t('money_pin_new')}
          field={field('next')}
          problem={errors.next?.message}
          hint={ruleText(status)}
          autoComplete="new-password"
          numeric={status.digitsOnly}
        />
        <SecretField
          id={`${id}-confirm`}
          label={t('money_pin_confirm')}
          field={field('confirm')}
          problem={errors.confirm?.message}
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
