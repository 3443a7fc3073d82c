import { type CodeSent, type SendLoginSmsRequest, type SmsLoginRequest } from '@lotus/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

interface Errors {
  mobileNum?: string;
  verificationCode?: string;
  captcha?: string;
}

/**
 * Login by mobile number and SMS code (spec §2, §4; switch `smsCodeLogin`): the code comes from
 * POST /wps/verification/sms/noLogin after a slider (the send button counts down 60 s x
 * expiredMinutes; a refusal opens the warning dialog), and the login itself needs no slider.
 */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const [dialingCode, setDialingCode] = useState('66');
  const [mobileNum, setMobileNum] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const captcha = useLoginCaptcha();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [isSending, setIsSending] = useState(false);

  // spec §5: "mobileNum required and valid", checked before a code is asked for too.
  const checkMobile = (): string | undefined => {
    const digits = normalizeMobileNumber(mobileNum);
    if (!digits) return t('login_mobile_required');
    if (!mobileNumberPattern.test(digits)) return t('login_mobile_invalid');
    return undefined;
  };

  const canSend = (): boolean => {
    const mobileError = checkMobile();
    setErrors((previous) => ({ ...previous, mobileNum: mobileError }));
    return mobileError === undefined;
  };

  const sendCode = (sliderToken: string): Promise<CodeSent> => {
    const body: SendLoginSmsRequest = {
      countryDialingCode: dialingCode,
      mobileNum: normalizeMobileNumber(mobileNum),
      sliderToken,
    };
    return sendLoginSms(body);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const next: Errors = {};
    const mobileError = checkMobile();
    if (mobileError) next.mobileNum = mobileError;
    if (!verificationCode.trim()) next.verificationCode = t('login_code_required');
    if (captcha.isMissing) next.captcha = t('captcha_required');
    setErrors(next);
    setFormError('');
    if (Object.keys(next).length > 0) return;

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
      setFormError(describeAuthError(error, t));
      captcha.afterRefusal(error);
      setIsSending(false);
    }
  };

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void onSubmit(event)}
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
            name="mobileNum"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={32}
            value={mobileNum}
            onChange={(event) => setMobileNum(event.target.value)}
            aria-invalid={Boolean(errors.mobileNum)}
            placeholder={t('login_mobile_placeholder')}
          />
        </div>
        {errors.mobileNum && <p className="auth-field__error">{errors.mobileNum}</p>}
      </div>
      <SmsCodeField
        id="login-sms-code"
        value={verificationCode}
        onChange={setVerificationCode}
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
