import {
  setRefusalFieldError,
  smsLoginRequestSchema,
  type CodeSent,
  type SendLoginSmsRequest,
  type SmsLoginRequest,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { createSession } from '../api/sessions';
import { sendLoginSms } from '../api/sms-codes';
import type { LoginAttempt } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { completeLogin, openLoginVerificationIfAsked } from '../complete-login';
import { useLoginCaptcha } from '../use-login-captcha';
import { CaptchaField } from './captcha-field';
import { CountryPicker } from './country-picker';
import { SmsCodeField } from './sms-code-field';

/** The national number as the server reads it: digits, spaces and dashes ignored (messaging contract). */
export const normalizeMobileNumber = (typed: string): string => typed.replace(/[\s-]/g, '');
const mobileNumberPattern = /^[0-9]{6,15}$/;

/** spec §5: "mobileNum required and valid" (checked before a code is asked for too); the message or null. */
function checkMobile(typed: string, t: TFunction): string | null {
  const digits = normalizeMobileNumber(typed);
  if (!digits) return t('login_mobile_required');
  if (!mobileNumberPattern.test(digits)) return t('login_mobile_invalid');
  return null;
}

/** The contract's SMS login fields as typed: the number, the code, and the captcha's answer when asked. */
function smsLoginFormSchema(t: TFunction, isCaptchaMissing: boolean) {
  return smsLoginRequestSchema
    .pick({ mobileNum: true, verificationCode: true })
    .required()
    .superRefine((values, context) =>
      addFieldIssues(context, {
        mobileNum: checkMobile(values.mobileNum, t),
        verificationCode: values.verificationCode.trim() ? null : t('login_code_required'),
        captcha: isCaptchaMissing ? t('captcha_required') : null,
      }),
    );
}

/**
 * Login by mobile number and SMS code (spec §2, §4; switch `smsCodeLogin`): the code comes from
 * POST /wps/verification/sms/noLogin after a slider (the send button counts down 60 s x
 * expiredMinutes; a refusal opens the warning dialog), and the login itself needs no slider.
 */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const [dialingCode, setDialingCode] = useState('66');
  const captcha = useLoginCaptcha();
  const form = useZodForm(
    useMemo(() => smsLoginFormSchema(t, captcha.isMissing), [t, captcha.isMissing]),
    // As before: the messages stay until the next try.
    { defaultValues: { mobileNum: '', verificationCode: '' }, reValidateMode: 'onSubmit' },
  );
  const { mobileNum, verificationCode } = form.watch();
  const formErrors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const errors = {
    mobileNum: formErrors.mobileNum?.message,
    verificationCode: formErrors.verificationCode?.message,
    captcha: formErrors.captcha?.message,
  };
  const [formError, setFormError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const canSend = (): boolean => {
    const mobileError = checkMobile(mobileNum, t);
    if (mobileError) form.setError('mobileNum', { type: 'custom', message: mobileError });
    else form.clearErrors('mobileNum');
    return mobileError === null;
  };

  const sendCode = (sliderToken: string): Promise<CodeSent> => {
    const body: SendLoginSmsRequest = {
      countryDialingCode: dialingCode,
      mobileNum: normalizeMobileNumber(mobileNum),
      sliderToken,
    };
    return sendLoginSms(body);
  };

  const onSubmit = async () => {
    if (isSending) return;
    setIsSending(true);
    const mobile = normalizeMobileNumber(mobileNum);
    const payload: SmsLoginRequest = {
      type: 'sms',
      countryDialingCode: dialingCode,
      mobileNum: mobile,
      verificationCode: verificationCode.trim(),
    };
    Object.assign(payload, captcha.requestFields);
    // A member may log in by mobile number as a username too, so the number names the account later.
    const attempt: LoginAttempt = { type: 'sms', username: mobile, isRemembered: false };
    try {
      const result = await createSession(payload);
      await completeLogin(result, attempt);
    } catch (error) {
      if (openLoginVerificationIfAsked(error, attempt)) return;
      if (!setRefusalFieldError(error, form.setError, ['mobileNum', 'verificationCode']))
        setFormError(describeAuthError(error, t));
      captcha.afterRefusal(error);
      setIsSending(false);
    }
  };

  return (
    <form
      className="auth-form"
      onSubmit={(event) => {
        if (!isSending) setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('login_sms_form_label')}
    >
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="login-mobile">
          {t('login_mobile')}
        </label>
        <div className="auth-field__row">
          <CountryPicker value={dialingCode} onChange={setDialingCode} isInvalid={Boolean(errors.mobileNum)} />
          <input
            id="login-mobile"
            className="auth-field__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={32}
            {...form.register('mobileNum')}
            aria-invalid={Boolean(errors.mobileNum)}
            placeholder={t('login_mobile_placeholder')}
          />
        </div>
        {errors.mobileNum && <p className="auth-field__error">{errors.mobileNum}</p>}
      </div>
      <SmsCodeField
        id="login-sms-code"
        value={verificationCode}
        onChange={(code) => form.setValue('verificationCode', code)}
        canSend={canSend}
        send={sendCode}
        label={t('login_sms_code')}
        error={errors.verificationCode}
        isRequired={false}
      />
      {captcha.isRequired && <CaptchaField {...captcha.fieldProps} error={errors.captcha} />}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'login_sending' : 'login_submit')}
      </button>
    </form>
  );
}
