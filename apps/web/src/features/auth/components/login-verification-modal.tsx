import '../login.css';
import {
  identityErrorCodes,
  loginVerificationRequestSchema,
  setRefusalFieldError,
  type LoginVerificationCodeRequest,
  type LoginVerificationRequest,
  type LoginVerifyMethod,
  type LoginVerifyRequiredValue,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { createVerifiedSession } from '../api/sessions';
import { sendLoginVerificationCode } from '../api/sms-codes';
import { closeModal, openModal, type LoginAttempt } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { completeLogin } from '../complete-login';
import { useCountdown } from '../use-countdown';
import { secondsPerExpiredMinute } from './sms-code-field';
import { WarningDialog } from './warning-dialog';

const methodLabelKeys: Record<LoginVerifyMethod, string> = {
  mobile: 'login_verify_method_mobile',
  email: 'login_verify_method_email',
  bankName: 'login_verify_method_bankName',
  totp: 'login_verify_method_totp',
};

/** Authenticator codes are 6 digits (RFC 6238 as every authenticator app shows them). */
const totpCodePattern = /^[0-9]{6}$/;

/** What the member typed for a method: the name as typed (trimmed), a code without its spaces. */
const answerOf = (method: LoginVerifyMethod, typed: string) =>
  method === 'bankName' ? typed.trim() : typed.replace(/\s/g, '');

/**
 * One answer per method (kept when the member switches and back), as the contract's request takes
 * them (`verificationCode`, `payeeName`); only the chosen method's answer is checked.
 */
function loginVerificationFormSchema(t: TFunction, method: LoginVerifyMethod) {
  const code = loginVerificationRequestSchema.shape.verificationCode.unwrap();
  return z
    .object({
      mobile: code,
      email: code,
      totp: code,
      bankName: loginVerificationRequestSchema.shape.payeeName.unwrap(),
    })
    .superRefine((values, context) => {
      const value = answerOf(method, values[method]);
      addFieldIssues(context, {
        [method]: !value
          ? t(method === 'bankName' ? 'login_verify_bank_name_required' : 'login_code_required')
          : method === 'totp' && !totpCodePattern.test(value)
            ? t('login_verify_totp_invalid')
            : null,
      });
    });
}

/**
 * spec §4: a login from an IP, country or device the account has not used answered
 * `login_verify_required`; the member proves it is them by one of the offered methods, and POST
 * /wps/session/login/verification (sealed) finishes the very same login.
 */
export function LoginVerificationModal({
  challenge,
  attempt,
}: {
  challenge: LoginVerifyRequiredValue;
  attempt: LoginAttempt;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('login_verify_title')} onClose={closeModal} size="small" className="auth-modal">
      <LoginVerificationForm challenge={challenge} attempt={attempt} />
    </Modal>
  );
}

function LoginVerificationForm({ challenge, attempt }: { challenge: LoginVerifyRequiredValue; attempt: LoginAttempt }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<LoginVerifyMethod>(challenge.methods[0]!);
  const {
    handleSubmit,
    setValue,
    watch,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useZodForm(
    useMemo(() => loginVerificationFormSchema(t, method), [t, method]),
    // As before: a message stays until the next try or another method.
    { defaultValues: { mobile: '', email: '', totp: '', bankName: '' }, reValidateMode: 'onSubmit' },
  );
  // Drawn as controlled inputs: each keeps the request's field name (verificationCode, payeeName).
  const answer = watch(method);
  const setAnswer = (typed: string) => setValue(method, typed);
  const fieldError = errors[method]?.message ?? '';
  const [formError, setFormError] = useState('');
  const [isExpired, setIsExpired] = useState(false);
  const [isSending, setIsSending] = useState(false);

  const chooseMethod = (next: LoginVerifyMethod) => {
    setMethod(next);
    clearErrors();
    setFormError('');
  };

  const onExpired = () => setIsExpired(true);

  const onSubmit = async (values: Record<LoginVerifyMethod, string>) => {
    if (isSending) return;
    const value = answerOf(method, values[method]);
    setIsSending(true);
    const request: LoginVerificationRequest = {
      verifyToken: challenge.verifyToken,
      method,
      ...(method === 'bankName' ? { payeeName: value } : { verificationCode: value }),
    };
    try {
      const result = await createVerifiedSession(request);
      await completeLogin(result, attempt);
    } catch (failure) {
      setIsSending(false);
      if (failure instanceof ApiError && failure.errorCode === identityErrorCodes.loginVerifyExpired) onExpired();
      // A refusal naming the answer, or a wrong answer (name, code), belongs under its field; anything
      // else under the form.
      else if (setRefusalFieldError(failure, setFieldError, { verificationCode: method, payeeName: method })) return;
      else if (failure instanceof ApiError && failure.status === 400)
        setFieldError(method, { type: 'server', message: describeAuthError(failure, t) });
      else setFormError(describeAuthError(failure, t));
    }
  };

  if (isExpired) {
    return (
      <div className="auth-form login-verify">
        <p className="auth-form__error" role="alert">
          {t('login_verify_expired')}
        </p>
        <button
          type="button"
          className="button button--primary button--medium auth-form__submit"
          onClick={() => openModal({ kind: 'login' })}
        >
          {t('login_verify_again')}
        </button>
      </div>
    );
  }

  const inputId = `login-verify-${method}`;
  return (
    <form
      className="auth-form login-verify"
      onSubmit={(event) => {
        setFormError('');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('login_verify_title')}
    >
      <div className="login-verify__intro">
        <span className="login-verify__shield" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            <path
              fill="currentColor"
              d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3z"
            />
          </svg>
        </span>
        <p>{t('login_verify_intro')}</p>
      </div>
      {challenge.methods.length > 1 && (
        <fieldset className="login-verify__methods">
          <legend className="auth-field__label">{t('login_verify_choose')}</legend>
          {challenge.methods.map((option) => (
            <label key={option} className="login-verify__method" data-checked={option === method}>
              <input
                type="radio"
                name="verify-method"
                value={option}
                checked={option === method}
                onChange={() => chooseMethod(option)}
              />
              <span>{t(methodLabelKeys[option])}</span>
            </label>
          ))}
        </fieldset>
      )}
      {method === 'mobile' || method === 'email' ? (
        <CodeByMessage
          key={method}
          inputId={inputId}
          method={method}
          destination={method === 'mobile' ? challenge.mobile : challenge.email}
          verifyToken={challenge.verifyToken}
          value={answer}
          onChange={setAnswer}
          error={fieldError}
          onExpired={onExpired}
        />
      ) : (
        <div className="auth-field">
          <label className="auth-field__label" htmlFor={inputId}>
            {t(method === 'bankName' ? 'login_verify_bank_name' : 'login_verify_totp')}
          </label>
          <input
            key={method}
            id={inputId}
            className="auth-field__input"
            autoComplete={method === 'bankName' ? 'name' : 'one-time-code'}
            inputMode={method === 'totp' ? 'numeric' : undefined}
            maxLength={method === 'totp' ? 6 : 255}
            name={method === 'bankName' ? 'payeeName' : 'verificationCode'}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            aria-invalid={Boolean(fieldError)}
            placeholder={t(
              method === 'bankName' ? 'login_verify_bank_name_placeholder' : 'login_verify_totp_placeholder',
            )}
          />
          {fieldError ? (
            <p className="auth-field__error">{fieldError}</p>
          ) : (
            <p className="auth-field__hint">
              {t(method === 'bankName' ? 'login_verify_bank_name_hint' : 'login_verify_totp_hint')}
            </p>
          )}
        </div>
      )}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'login_sending' : 'login_verify_submit')}
      </button>
    </form>
  );
}

interface CodeByMessageProps {
  inputId: string;
  method: 'mobile' | 'email';
  /** Masked, e.g. `+66 81****678`; null when the account has none. */
  destination: string | null;
  verifyToken: string;
  value: string;
  onChange: (code: string) => void;
  error: string;
  onExpired: () => void;
}

/** The code field of the mobile and e-mail methods, with "send code" and its countdown (spec §4, §9). */
function CodeByMessage({
  inputId,
  method,
  destination,
  verifyToken,
  value,
  onChange,
  error,
  onExpired,
}: CodeByMessageProps) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [isSendingCode, setIsSendingCode] = useState(false);
  const [hasSent, setHasSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const sendCode = async () => {
    if (isSendingCode || secondsLeft > 0) return;
    setIsSendingCode(true);
    try {
      const body: LoginVerificationCodeRequest = { verifyToken, method };
      const sent = await sendLoginVerificationCode(body);
      setHasSent(true);
      start(secondsPerExpiredMinute * sent.expiredMinutes);
    } catch (sendError) {
      if (sendError instanceof ApiError && sendError.errorCode === identityErrorCodes.loginVerifyExpired) onExpired();
      // spec §8: a failed code request is a warning dialog with the server's message.
      else setFailure(describeAuthError(sendError, t));
    } finally {
      setIsSendingCode(false);
    }
  };

  const buttonText =
    secondsLeft > 0
      ? t('sms_code_resend_in', { seconds: secondsLeft })
      : isSendingCode
        ? t('sms_code_sending')
        : t(hasSent ? 'sms_code_send_again' : 'sms_code_send');

  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={inputId}>
        {t(method === 'mobile' ? 'login_verify_sms_code' : 'login_verify_email_code')}
      </label>
      {destination && <p className="login-verify__destination">{t('login_verify_code_goes_to', { destination })}</p>}
      <div className="auth-field__row">
        <input
          id={inputId}
          className="auth-field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={255}
          name="verificationCode"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          placeholder={t('login_verify_code_placeholder')}
        />
        <button
          type="button"
          className="sms-code-field__send"
          onClick={() => void sendCode()}
          disabled={isSendingCode || secondsLeft > 0}
          aria-live="polite"
        >
          {buttonText}
        </button>
      </div>
      {error ? (
        <p className="auth-field__error">{error}</p>
      ) : (
        hasSent && (
          <p className="auth-field__hint sms-code-field__sent">
            {t(method === 'mobile' ? 'login_verify_code_sent_mobile' : 'login_verify_code_sent_email')}
          </p>
        )
      )}
      {failure !== null && <WarningDialog message={failure} onClose={() => setFailure(null)} />}
    </div>
  );
}
