import type { Bank, BankAccount, PaymentPasswordStatus, WithdrawAccountInfo } from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
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
import { ErrorBlock, LoadingBlock, messageOf, useProblemText } from './money-ui';

type Mode =
  | { kind: 'idle' }
  | { kind: 'bind' }
  | { kind: 'change'; account: BankAccount }
  | { kind: 'remove'; account: BankAccount };
type FieldName = 'bankCode' | 'accountNumber' | 'accountName' | 'paymentPassword';

/** Which field a refusal of the server belongs under. */
const fieldOfError: Record<string, FieldName> = {
  'bank.account.name.mismatch': 'accountName',
  'bank.account.bound': 'accountNumber',
  'invalid.payment.pw': 'paymentPassword',
  'not.exists.payment.password': 'paymentPassword',
};

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
  const problemText = useProblemText();
  const id = useId();
  const current = mode.kind === 'bind' ? null : mode.account;
  const [values, setValues] = useState<Record<FieldName, string>>({
    bankCode: current?.bankCode ?? '',
    accountNumber: '',
    accountName: info.payeeName ?? '',
    paymentPassword: '',
  });
  const [problems, setProblems] = useState<Partial<Record<FieldName, FieldProblem | null>>>({});
  const [serverProblem, setServerProblem] = useState<{ field: FieldName; text: string } | null>(null);
  const [error, setError] = useState('');
  const bind = useBindBankAccount();
  const change = useUpdateBankAccount();
  const remove = useRemoveBankAccount();
  const isSending = bind.isPending || change.isPending || remove.isPending;
  const hasPin = info.hasPaymentPassword || pinStatus?.hasPaymentPassword === true;
  const needsPin = mode.kind !== 'bind' || hasPin;
  const isRemoving = mode.kind === 'remove';

  const update = (field: FieldName) => (value: string) => {
    setValues((currentValues) => ({ ...currentValues, [field]: value }));
    setProblems((currentProblems) => ({ ...currentProblems, [field]: null }));
    setServerProblem(null);
  };
  const fieldText = (field: FieldName) =>
    serverProblem?.field === field ? serverProblem.text : problemText(problems[field]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const found: Partial<Record<FieldName, FieldProblem | null>> = {};
    if (!isRemoving) {
      found.bankCode = values.bankCode ? null : { key: 'money_bank_required' };
      found.accountNumber = checkAccountNumber(values.accountNumber);
      const name = values.accountName.trim();
      found.accountName =
        name === ''
          ? { key: 'money_account_name_required' }
          : info.payeeName && !isSameName(name, info.payeeName)
            ? { key: 'money_account_name_mismatch', values: { name: info.payeeName } }
            : null;
    }
    if (needsPin)
      found.paymentPassword = pinStatus
        ? checkPaymentPassword(values.paymentPassword, pinStatus)
        : values.paymentPassword
          ? null
          : { key: 'money_pin_required' };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
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
      const field = failure instanceof ApiError ? fieldOfError[failure.errorCode] : undefined;
      if (field && failure instanceof ApiError) setServerProblem({ field, text: failure.message });
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
      onSubmit={(event) => void onSubmit(event)}
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
              value={values.bankCode}
              onChange={(event) => update('bankCode')(event.target.value)}
              aria-invalid={Boolean(fieldText('bankCode'))}
            >
              <option value="">{t('money_bank_choose')}</option>
              {banks.map((bank) => (
                <option key={bank.bankCode} value={bank.bankCode}>
                  {language === 'EN' ? bank.nameEn : bank.nameTh}
                </option>
              ))}
            </select>
            {fieldText('bankCode') && <p className="auth-field__error">{fieldText('bankCode')}</p>}
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
              value={values.accountNumber}
              onChange={(event) => update('accountNumber')(event.target.value)}
              aria-invalid={Boolean(fieldText('accountNumber'))}
            />
            {fieldText('accountNumber') && <p className="auth-field__error">{fieldText('accountNumber')}</p>}
          </div>
          <div className="auth-field money-form__wide">
            <label className="auth-field__label" htmlFor={`${id}-name`}>
              {t('money_account_name')}
            </label>
            <input
              id={`${id}-name`}
              className="auth-field__input"
              value={values.accountName}
              readOnly={Boolean(info.payeeName)}
              onChange={(event) => update('accountName')(event.target.value)}
              aria-invalid={Boolean(fieldText('accountName'))}
              aria-describedby={`${id}-name-hint`}
            />
            <p className="auth-field__hint" id={`${id}-name-hint`}>
              {info.payeeName ? t('money_account_name_fixed', { name: info.payeeName }) : t('money_account_name_first')}
            </p>
            {fieldText('accountName') && <p className="auth-field__error">{fieldText('accountName')}</p>}
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
            value={values.paymentPassword}
            onChange={(event) => update('paymentPassword')(event.target.value)}
            aria-invalid={Boolean(fieldText('paymentPassword'))}
            aria-describedby={mode.kind === 'bind' ? `${id}-pin-hint` : undefined}
          />
          {mode.kind === 'bind' && (
            <p className="auth-field__hint" id={`${id}-pin-hint`}>
              {t('money_account_bind_pin_hint')}
            </p>
          )}
          {fieldText('paymentPassword') && <p className="auth-field__error">{fieldText('paymentPassword')}</p>}
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
