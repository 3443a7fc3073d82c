import {
  setRefusalFieldError,
  totpCodeRequestSchema,
  type TotpCodeRequest,
  type TotpEnrolment,
  type TotpStatus,
} from '@lotus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../api/member';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { confirmTotpChange, startTotpEnrolment, totpKeys, totpStatusQuery } from '../api/two-factor';

/** Authenticator apps show 6 digits (RFC 6238 defaults, which the server uses). */
const totpCodePattern = /^[0-9]{6}$/;

type Mode = 'idle' | 'enrolling' | 'disabling';

/** The contract's request, its code being the app's 6 digits (spaces the member typed aside). */
function totpCodeFormSchema(t: TFunction) {
  return totpCodeRequestSchema.superRefine((values, context) =>
    addFieldIssues(context, {
      verificationCode: totpCodePattern.test(values.verificationCode.replace(/\s/g, ''))
        ? null
        : t('two_factor_code_invalid'),
    }),
  );
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errorCode !== networkErrorCode && !error.errorCode.startsWith('http.')
    ? error.message
    : fallback;
}

/**
 * Two-factor login by an authenticator app (GET/POST/PUT/DELETE /wps/v2/member/securityConfig/totp):
 * "Turn on" starts an enrolment (QR code and the secret to type), confirmed by a first code;
 * "Turn off" needs a current code, so a stolen session alone cannot remove it.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const status = useQuery(totpStatusQuery(token));
  const [mode, setMode] = useState<Mode>('idle');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    reset: resetCode,
    formState: { errors },
  } = useZodForm(
    useMemo(() => totpCodeFormSchema(t), [t]),
    // As before: the code's message stays until the next try.
    { defaultValues: { verificationCode: '' }, reValidateMode: 'onSubmit' },
  );
  const codeError = errors.verificationCode?.message;
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const codeInputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerCodeInput, ...codeField } = register('verificationCode');

  // The code field is where the member goes next; focusing it also brings it into view.
  useEffect(() => {
    if (mode !== 'idle') codeInputRef.current?.focus();
  }, [mode]);

  const reset = () => {
    setMode('idle');
    setEnrolment(null);
    resetCode();
    setError('');
  };

  const startEnrolment = async () => {
    setIsBusy(true);
    setError('');
    setNotice('');
    try {
      setEnrolment(await startTotpEnrolment());
      resetCode();
      setMode('enrolling');
    } catch (failure) {
      setError(messageOf(failure, t('error_network')));
    } finally {
      setIsBusy(false);
    }
  };

  const onSubmitCode = async (values: TotpCodeRequest) => {
    setIsBusy(true);
    setError('');
    const body: TotpCodeRequest = { verificationCode: values.verificationCode.replace(/\s/g, '') };
    try {
      await confirmTotpChange(mode === 'enrolling' ? 'enable' : 'disable', body);
      const isNowEnabled = mode === 'enrolling';
      queryClient.setQueryData<TotpStatus>(totpKeys.of(token), { enabled: isNowEnabled });
      void queryClient.invalidateQueries({ queryKey: totpKeys.of(token) });
      reset();
      setNotice(t(isNowEnabled ? 'two_factor_turned_on' : 'two_factor_turned_off'));
    } catch (failure) {
      // A refusal naming the code, or a wrong code (refused without a field), belongs under the field;
      // anything else under the section.
      if (setRefusalFieldError(failure, setFieldError, ['verificationCode'])) return;
      if (failure instanceof ApiError && failure.status === 400)
        setFieldError('verificationCode', { type: 'server', message: failure.message });
      else setError(messageOf(failure, t('error_network')));
    } finally {
      setIsBusy(false);
    }
  };

  const isEnabled = status.data?.enabled === true;
  return (
    <section className="security-item security-item--two-factor" aria-labelledby="two-factor-title">
      <span className="security-item__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M7 1h10a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2zm0 4v14h10V5H7zm5 2 4 1.6V11c0 2.4-1.7 4.6-4 5.2-2.3-.6-4-2.8-4-5.2V8.6L12 7z"
          />
        </svg>
      </span>
      <div className="security-item__text">
        <p id="two-factor-title" className="security-item__title">
          {t('two_factor_title')}
          {status.isSuccess && (
            <span className={`security-status security-status--${isEnabled ? 'on' : 'off'}`}>
              {t(isEnabled ? 'two_factor_status_on' : 'two_factor_status_off')}
            </span>
          )}
        </p>
        <p className="security-item__description">{t('two_factor_description')}</p>
      </div>
      {mode === 'idle' && status.isSuccess && (
        <button
          type="button"
          className={`button button--small ${isEnabled ? 'button--ghost' : 'button--primary'}`}
          onClick={() => (isEnabled ? setMode('disabling') : void startEnrolment())}
          disabled={isBusy}
        >
          {t(isEnabled ? 'two_factor_turn_off' : 'two_factor_turn_on')}
        </button>
      )}
      {status.isError && (
        <button type="button" className="button button--ghost button--small" onClick={() => void status.refetch()}>
          {t('common_retry')}
        </button>
      )}

      {mode !== 'idle' && (
        <form
          className="two-factor-form"
          onSubmit={(event) => void handleSubmit(onSubmitCode)(event)}
          noValidate
          aria-label={t(mode === 'enrolling' ? 'two_factor_turn_on' : 'two_factor_turn_off')}
        >
          {mode === 'enrolling' && enrolment && (
            <div className="two-factor-form__enrol">
              <img
                className="two-factor-form__qr"
                src={enrolment.qrCode}
                alt={t('two_factor_qr_alt')}
                width={168}
                height={168}
              />
              <ol className="two-factor-form__steps">
                <li>{t('two_factor_step_app')}</li>
                <li>
                  {t('two_factor_step_scan')}
                  <code className="two-factor-form__secret" aria-label={t('two_factor_secret')}>
                    {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
                  </code>
                </li>
                <li>{t('two_factor_step_code')}</li>
              </ol>
            </div>
          )}
          {mode === 'disabling' && <p className="security-item__description">{t('two_factor_disable_intro')}</p>}
          <div className="auth-field two-factor-form__code">
            <label className="auth-field__label" htmlFor="two-factor-code">
              {t('two_factor_code')}
            </label>
            <input
              ref={(input) => {
                registerCodeInput(input);
                codeInputRef.current = input;
              }}
              id="two-factor-code"
              className="auth-field__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...codeField}
              aria-invalid={Boolean(codeError)}
              placeholder="000000"
            />
            {codeError && <p className="auth-field__error">{codeError}</p>}
          </div>
          <div className="two-factor-form__actions">
            <button type="button" className="button button--ghost button--small" onClick={reset} disabled={isBusy}>
              {t('common_cancel')}
            </button>
            <button type="submit" className="button button--primary button--small" disabled={isBusy}>
              {t(mode === 'enrolling' ? 'two_factor_confirm_on' : 'two_factor_confirm_off')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="auth-form__error two-factor-form__message" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="security-item__notice two-factor-form__message" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
