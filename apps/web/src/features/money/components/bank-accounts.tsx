import {
  bindBankAccountRequestSchema,
  setRefusalFieldError,
  type Bank,
  type BankAccount,
  type PaymentPasswordStatus,
  type WithdrawAccountInfo,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { useLanguage } from '@lotus/client';
import { useBanks } from '../api/deposits';
import { useBindBankAccount, useRemoveBankAccount, useUpdateBankAccount } from '../api/withdrawals';
import {
  checkAccountNumber,
  checkPaymentPassword,
  isSameName,
  normaliseAccountNumber,
  type FieldProblem,
} from '../money-rules';
import { ErrorBlock, LoadingBlock, messageOf } from './money-ui';

type Mode =
  | { kind: 'idle' }
  | { kind: 'bind' }
  | { kind: 'change'; account: BankAccount }
  | { kind: 'remove'; account: BankAccount };
type FieldName = 'bankCode' | 'accountNumber' | 'accountName' | 'paymentPassword';

/** Which field a refusal of the server belongs under, for refusals that name none. */
const fieldOfError: Record<string, FieldName> = {
  'bank.account.name.mismatch': 'accountName',
  'bank.account.bound': 'accountNumber',
  'invalid.payment.pw': 'paymentPassword',
  'not.exists.payment.password': 'paymentPassword',
};

interface AccountFormRules {
  isRemoving: boolean;
  needsPin: boolean;
  payeeName: string | null;
  pinStatus: PaymentPasswordStatus | undefined;
}

/**
 * The contract's bind request (every field as typed) with the browser's checks: bank chosen, the
 * number's digits, the name the member's payee name; the payment password under its rule when asked.
 */
function accountFormSchema(t: TFunction, { isRemoving, needsPin, payeeName, pinStatus }: AccountFormRules) {
  const word = (problem: FieldProblem | null) => (problem ? t(problem.key, problem.values) : null);
  return bindBankAccountRequestSchema.required().superRefine((values, context) => {
    const name = values.accountName.trim();
    addFieldIssues(context, {
      ...(isRemoving
        ? {}
        : {
            bankCode: values.bankCode ? null : t('money_bank_required'),
            accountNumber: word(checkAccountNumber(values.accountNumber)),
            accountName:
              name === ''
                ? t('money_account_name_required')
                : payeeName && !isSameName(name, payeeName)
                  ? t('money_account_name_mismatch', { name: payeeName })
                  : null,
          }),
      paymentPassword: !needsPin
        ? null
        : pinStatus
          ? word(checkPaymentPassword(values.paymentPassword, pinStatus))
          : values.paymentPassword
            ? null
            : t('money_pin_required'),
    });
  });
}

function BankBadge({ code }: { code: string }) {
  return (
    <span className="money-bank-badge" data-bank={code}>
      {code.slice(0, 5)}
    </span>
  );
}

/**
 * Binding, changing and removing: bank from the bank list, number, and the name, which must be the
 * member's payee name (shown; the first binding sets it). Changing or removing needs the payment
 * password, and so does binding once the member has one (a member without one yet binds without it).
 * Every call is sealed; binding carries an Idempotency-Key.
 */
function AccountForm({
  mode,
  info,
  banks,
  pinStatus,
  onClose,
}: {
  mode: Exclude<Mode, { kind: 'idle' }>;
  info: WithdrawAccountInfo;
  banks: Bank[];
  pinStatus: PaymentPasswordStatus | undefined;
  onClose: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const current = mode.kind === 'bind' ? null : mode.account;
  const [error, setError] = useState('');
  const bind = useBindBankAccount();
  const change = useUpdateBankAccount();
  const remove = useRemoveBankAccount();
  const isSending = bind.isPending || change.isPending || remove.isPending;
  const hasPin = info.hasPaymentPassword || pinStatus?.hasPaymentPassword === true;
  const needsPin = mode.kind !== 'bind' || hasPin;
  const isRemoving = mode.kind === 'remove';
  const payeeName = info.payeeName ?? null;
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useZodForm(
    useMemo(
      () => accountFormSchema(t, { isRemoving, needsPin, payeeName, pinStatus }),
      [t, isRemoving, needsPin, payeeName, pinStatus],
    ),
    {
      defaultValues: {
        bankCode: current?.bankCode ?? '',
        accountNumber: '',
        accountName: info.payeeName ?? '',
        paymentPassword: '',
      },
      // As before: a field's message stays until that field changes or the next try.
      reValidateMode: 'onSubmit',
    },
  );
  // Changing a field clears its message and any refusal of the server, as before.
  const serverFields = (Object.keys(errors) as FieldName[]).filter((name) => errors[name]?.type === 'server');
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors([name, ...serverFields]) });

  const onSubmit = async (values: Record<FieldName, string>) => {
    const account = {
      bankCode: values.bankCode,
      accountNumber: normaliseAccountNumber(values.accountNumber),
      accountName: values.accountName.trim(),
    };
    try {
      if (mode.kind === 'bind')
        await bind.mutateAsync(needsPin ? { ...account, paymentPassword: values.paymentPassword } : account);
      else if (mode.kind === 'change')
        await change.mutateAsync({
          ...account,
          bankAccountId: mode.account.bankAccountId,
          paymentPassword: values.paymentPassword,
        });
      else
        await remove.mutateAsync({
          bankAccountId: mode.account.bankAccountId,
          paymentPassword: values.paymentPassword,
        });
      onClose(
        t(
          mode.kind === 'bind'
            ? 'money_account_bound'
            : mode.kind === 'change'
              ? 'money_account_changed'
              : 'money_account_removed',
        ),
      );
    } catch (failure) {
      if (setRefusalFieldError(failure, setFieldError, ['bankCode', 'accountNumber', 'accountName', 'paymentPassword']))
        return;
      const name = failure instanceof ApiError ? fieldOfError[failure.errorCode] : undefined;
      if (name && failure instanceof ApiError) setFieldError(name, { type: 'server', message: failure.message });
      else setError(messageOf(failure, t('error_network')));
    }
  };

  const titleKey = {
    bind: 'money_account_bind_title',
    change: 'money_account_change_title',
    remove: 'money_account_remove_title',
  }[mode.kind];
  return (
    <form
      className="money-form money-card money-card--form"
      onSubmit={(event) => {
        setError('');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t(titleKey)}
    >
      <p className="money-section-title">{t(titleKey)}</p>
      {current && (
        <p className="money-note">
          {current.bankName} · {current.accountNumber}
        </p>
      )}
      {!isRemoving && (
        <div className="money-form__grid">
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-bank`}>
              {t('money_bank')}
            </label>
            <select
              id={`${id}-bank`}
              className="auth-field__input"
              {...field('bankCode')}
              aria-invalid={Boolean(errors.bankCode)}
            >
              <option value="">{t('money_bank_choose')}</option>
              {banks.map((bank) => (
                <option key={bank.bankCode} value={bank.bankCode}>
                  {language === 'EN' ? bank.nameEn : bank.nameTh}
                </option>
              ))}
            </select>
            {errors.bankCode && <p className="auth-field__error">{errors.bankCode.message}</p>}
          </div>
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-number`}>
              {t('money_account_number')}
            </label>
            <input
              id={`${id}-number`}
              className="auth-field__input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              {...field('accountNumber')}
              aria-invalid={Boolean(errors.accountNumber)}
            />
            {errors.accountNumber && <p className="auth-field__error">{errors.accountNumber.message}</p>}
          </div>
          <div className="auth-field money-form__wide">
            <label className="auth-field__label" htmlFor={`${id}-name`}>
              {t('money_account_name')}
            </label>
            <input
              id={`${id}-name`}
              className="auth-field__input"
              readOnly={Boolean(info.payeeName)}
              {...field('accountName')}
              aria-invalid={Boolean(errors.accountName)}
              aria-describedby={`${id}-name-hint`}
            />
            <p className="auth-field__hint" id={`${id}-name-hint`}>
              {info.payeeName ? t('money_account_name_fixed', { name: info.payeeName }) : t('money_account_name_first')}
            </p>
            {errors.accountName && <p className="auth-field__error">{errors.accountName.message}</p>}
          </div>
        </div>
      )}
      {needsPin && (
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
            {...field('paymentPassword')}
            aria-invalid={Boolean(errors.paymentPassword)}
            aria-describedby={mode.kind === 'bind' ? `${id}-pin-hint` : undefined}
          />
          {mode.kind === 'bind' && (
            <p className="auth-field__hint" id={`${id}-pin-hint`}>
              {t('money_account_bind_pin_hint')}
            </p>
          )}
          {errors.paymentPassword && <p className="auth-field__error">{errors.paymentPassword.message}</p>}
        </div>
      )}
      {isRemoving && <p className="money-note money-note--bad">{t('money_account_remove_warning')}</p>}
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="money-form__actions">
        <button type="button" className="button button--ghost" onClick={() => onClose('')} disabled={isSending}>
          {t('common_cancel')}
        </button>
        <button
          type="submit"
          className={`button ${isRemoving ? 'button--secondary' : 'button--primary'}`}
          disabled={isSending}
          aria-busy={isSending}
        >
          {isSending
            ? t('money_sending')
            : t(
                isRemoving
                  ? 'money_account_remove'
                  : mode.kind === 'change'
                    ? 'money_account_save'
                    : 'money_account_bind',
              )}
        </button>
      </div>
    </form>
  );
}

/** The member's bound bank accounts (numbers masked), with bind, change and remove. */
export function BankAccounts({
  info,
  pinStatus,
  onNeedPin,
}: {
  info: WithdrawAccountInfo;
  pinStatus: PaymentPasswordStatus | undefined;
  onNeedPin: () => void;
}) {
  const { t } = useTranslation();
  const banks = useBanks();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState('');
  const canBind = info.content.length < info.maxAccounts;
  const open = (next: Mode) => {
    setNotice('');
    setMode(next);
  };

  return (
    <div className="money-accounts">
      {info.content.length === 0 && mode.kind === 'idle' && <p className="money-note">{t('money_accounts_none')}</p>}
      <ul className="money-accounts__list">
        {info.content.map((account) => (
          <li
            key={account.bankAccountId}
            className="money-account"
            data-active={
              mode.kind !== 'idle' && mode.kind !== 'bind' && mode.account.bankAccountId === account.bankAccountId
            }
          >
            <BankBadge code={account.bankCode} />
            <div className="money-account__text">
              <p className="money-account__bank">{account.bankName}</p>
              <p className="money-account__number">{account.accountNumber}</p>
              <p className="money-account__name">
                {account.accountName} · {t('money_account_since', { date: formatDate(account.createdAt) })}
              </p>
            </div>
            <div className="money-account__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() =>
                  pinStatus?.hasPaymentPassword === false ? onNeedPin() : open({ kind: 'change', account })
                }
                aria-label={t('money_account_change_label', { number: account.accountNumber })}
              >
                {t('money_account_change')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() =>
                  pinStatus?.hasPaymentPassword === false ? onNeedPin() : open({ kind: 'remove', account })
                }
                aria-label={t('money_account_remove_label', { number: account.accountNumber })}
              >
                {t('money_account_remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {notice && (
        <p className="money-notice" role="status">
          {notice}
        </p>
      )}
      {mode.kind === 'idle' ? (
        canBind ? (
          <button type="button" className="money-add" onClick={() => open({ kind: 'bind' })}>
            <span aria-hidden="true">+</span>{' '}
            {t('money_account_add', { bound: info.content.length, max: info.maxAccounts })}
          </button>
        ) : (
          <p className="money-note">{t('money_account_limit', { max: info.maxAccounts })}</p>
        )
      ) : mode.kind !== 'remove' && banks.isPending ? (
        <LoadingBlock />
      ) : mode.kind !== 'remove' && banks.isError ? (
        <ErrorBlock error={banks.error} onRetry={() => void banks.refetch()} />
      ) : (
        <AccountForm
          key={mode.kind === 'bind' ? 'bind' : `${mode.kind}-${mode.account.bankAccountId}`}
          mode={mode}
          info={info}
          banks={banks.data ?? []}
          pinStatus={pinStatus}
          onClose={(text) => {
            setMode({ kind: 'idle' });
            setNotice(text);
          }}
        />
      )}
    </div>
  );
}
