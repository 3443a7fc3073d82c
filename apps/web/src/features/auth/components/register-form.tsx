import { identityErrorCodes, type RegisterFieldName, type RegisterSettings } from '@lotus/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { startSession } from '../../../api/member';
import { paths } from '../../../config/paths';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { closeModal, openModal } from '../../../stores/modal-store';
import { checkAffiliateCode, type UrlAffiliate } from '../api/affiliate';
import { sendRegisterSms } from '../api/sms-codes';
import { describeAuthError } from '../auth-errors';
import {
  buildRegisterPayload,
  isSmsCodeAsked,
  planRegisterForm,
  readValue,
  type PlannedField,
  type RegisterMode,
  type RegisterValues,
} from '../register-fields';
import { checkConfirmation, checkRule, describeRule } from '../register-rules';
import { CaptchaField } from './captcha-field';
import { CountryPicker, defaultDialingCode } from './country-picker';
import { RuleField } from './rule-field';
import { SliderChallenge } from './slider-challenge';
import { SmsCodeField } from './sms-code-field';
import { WarningDialog } from './warning-dialog';
import { createMember } from '../api/sessions';

type FieldKey = RegisterFieldName | 'confirmPassword';
type Errors = Partial<Record<FieldKey | 'agree' | 'captcha', string>>;
type Step = 'form' | 'checking-affiliate' | 'slider' | 'sending';

/** An affiliate check refused by the server (not a network failure) means the code is no good. */
function isAffiliateRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode !== networkErrorCode && error.status >= 400 && error.status < 500;
}

interface RegisterFormProps {
  settings: RegisterSettings;
  mode: RegisterMode;
  urlAffiliate: UrlAffiliate;
}

/**
 * The register form of one tab (spec §4 "Register", §5): every field under its merchant rule,
 * the SMS code when the switch asks for it, terms and age. Submitting checks everything in the
 * browser, then a typed affiliate code with the server (a refusal is the dialog
 * `invitation_code_error` and stops), then the slider, then the sealed register call; success keeps
 * the session, loads member info and closes the modal.
 */
export function RegisterForm({ settings, mode, urlAffiliate }: RegisterFormProps) {
  const { t } = useTranslation();
  const plan = planRegisterForm(settings, mode, urlAffiliate);
  const [values, setValues] = useState<RegisterValues>({});
  const [dialingCode, setDialingCode] = useState(defaultDialingCode);
  const [hasAgreed, setHasAgreed] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [dialog, setDialog] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('form');
  const idOf = (name: FieldKey) => `register-${mode}-${name}`;
  /** The field's name in messages ("Please enter Mobile number"). */
  const fieldName = (name: FieldKey) => t(`register_field_${name}`);
  /** On the mobile tab the number's label also says it is the username. */
  const label = (name: FieldKey) =>
    mode === 'mobile' && name === 'mobileNum' ? t('register_mobile_username') : fieldName(name);
  const isCodeAsked = isSmsCodeAsked(plan, readValue(values, 'mobileNum'));
  // The sentence marks its link as <terms>…</terms>, so each language places it where it reads right.
  // (Split here rather than with react-i18next's Trans, which would put its parser on the home page.)
  const [before = '', terms = '', after = ''] = t('register_agree', { age: settings.minimumAge }).split(/<\/?terms>/);
  const agreeText = { before, terms, after };

  const validate = (current: RegisterValues, agreed: boolean, captchaAnswer: string): Errors => {
    const next: Errors = {};
    for (const field of plan.fields) {
      const message = checkRule(readValue(current, field.name, field.isSecret), field.rule, fieldName(field.name), t, {
        isSecret: field.isSecret,
      });
      if (message) next[field.name] = message;
    }
    if (plan.hasPassword) {
      const message = checkConfirmation(
        readValue(current, 'confirmPassword', true),
        readValue(current, 'password', true),
        fieldName('confirmPassword'),
        t,
      );
      if (message) next.confirmPassword = message;
    }
    if (isSmsCodeAsked(plan, readValue(current, 'mobileNum'))) {
      const message = checkRule(
        readValue(current, 'verificationCode'),
        plan.codeRule,
        fieldName('verificationCode'),
        t,
      );
      if (message) next.verificationCode = message;
    }
    if (plan.isCaptchaShown && !captchaAnswer.trim()) next.captcha = t('captcha_required');
    if (!agreed) next.agree = t('register_agree_required', { age: settings.minimumAge });
    return next;
  };

  const setValue = (name: FieldKey, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (hasSubmitted) setErrors(validate(next, hasAgreed, captcha));
  };

  /** spec §5: the number is checked before a code is asked for it. */
  const canSendCode = (): boolean => {
    const mobileField = plan.fields.find((field) => field.name === 'mobileNum');
    if (!mobileField) return false;
    const message = checkRule(
      readValue(values, 'mobileNum'),
      { ...mobileField.rule, required: true },
      fieldName('mobileNum'),
      t,
    );
    setErrors((previous) => ({ ...previous, mobileNum: message ?? undefined }));
    return message === null;
  };

  const sendCode = (sliderToken: string) =>
    sendRegisterSms({
      countryDialingCode: dialingCode,
      mobileNo: readValue(values, 'mobileNum'),
      username: mode === 'username' ? readValue(values, 'username') || undefined : undefined,
      sliderToken,
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step !== 'form') return;
    setHasSubmitted(true);
    setFormError('');
    const next = validate(values, hasAgreed, captcha);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const typedAffiliateCode = plan.fields.some((field) => field.name === 'affiliateCode')
      ? readValue(values, 'affiliateCode')
      : '';
    if (typedAffiliateCode) {
      setStep('checking-affiliate');
      try {
        await checkAffiliateCode(typedAffiliateCode);
      } catch (error) {
        setDialog(isAffiliateRefusal(error) ? t('invitation_code_error') : describeAuthError(error, t));
        setStep('form');
        return;
      }
    }
    setStep('slider');
  };

  const register = async (sliderToken: string) => {
    setStep('sending');
    const payload = buildRegisterPayload(plan, values, {
      dialingCode,
      sliderToken,
      urlAffiliate,
      captcha: captchaId ? { answer: captcha, captchaId } : undefined,
      registerUrl: window.location.href,
      domain: window.location.hostname,
    });
    try {
      const result = await createMember(mode, payload);
      await startSession(result);
      closeModal();
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === identityErrorCodes.affiliateInvalid)
        setDialog(t('invitation_code_error'));
      else setFormError(describeAuthError(error, t));
      if (plan.isCaptchaShown) {
        setCaptcha('');
        setCaptchaReloadKey((key) => key + 1);
      }
      setStep('form');
    }
  };

  const renderSmsCode = () => (
    <SmsCodeField
      key="verificationCode"
      id={idOf('verificationCode')}
      value={values.verificationCode ?? ''}
      onChange={(code) => setValue('verificationCode', code)}
      canSend={canSendCode}
      send={sendCode}
      error={errors.verificationCode}
      maxLength={plan.codeRule.maxLength > 0 ? plan.codeRule.maxLength : 255}
      hint={<p className="auth-field__hint">{describeRule(plan.codeRule, t)}</p>}
    />
  );

  const renderField = (field: PlannedField) => {
    const common = {
      id: idOf(field.name),
      name: field.name,
      label: label(field.name),
      placeholder: fieldName(field.name),
      rule: field.rule,
      value: values[field.name] ?? '',
      onChange: (value: string) => setValue(field.name, value),
      error: errors[field.name],
      type: field.type,
      autoComplete: field.autoComplete,
      inputMode: field.inputMode,
    };
    if (field.name === 'mobileNum') {
      return [
        <RuleField
          key={field.name}
          {...common}
          prefix={<CountryPicker value={dialingCode} onChange={setDialingCode} isInvalid={Boolean(errors.mobileNum)} />}
        />,
        ...(isCodeAsked ? [renderSmsCode()] : []),
      ];
    }
    if (field.name === 'password') {
      return [
        <RuleField key={field.name} {...common} hasHoverHint />,
        <RuleField
          key="confirmPassword"
          id={idOf('confirmPassword')}
          name="confirmPassword"
          label={label('confirmPassword')}
          rule={{ ...field.rule, required: true }}
          value={values.confirmPassword ?? ''}
          onChange={(value) => setValue('confirmPassword', value)}
          error={errors.confirmPassword}
          type="password"
          autoComplete="new-password"
          hasRuleHint={false}
          isRequired
        />,
      ];
    }
    return [<RuleField key={field.name} {...common} hasHoverHint={field.name === 'username'} />];
  };

  return (
    <form
      className="auth-form register-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('register_title')}
    >
      {urlAffiliate.status === 'valid' && (
        <p className="register-form__affiliate" role="status">
          {t('register_affiliate_applied', { code: urlAffiliate.code })}
        </p>
      )}
      <div className="auth-form__grid">{plan.fields.flatMap(renderField)}</div>
      {plan.isCaptchaShown && (
        <CaptchaField
          value={captcha}
          onChange={setCaptcha}
          onCaptchaId={setCaptchaId}
          reloadKey={captchaReloadKey}
          error={errors.captcha}
        />
      )}
      <label className="auth-check">
        <input
          type="checkbox"
          name="agree"
          checked={hasAgreed}
          onChange={(event) => {
            setHasAgreed(event.target.checked);
            if (hasSubmitted) setErrors(validate(values, event.target.checked, captcha));
          }}
        />
        <span>
          {agreeText.before}
          {/* The terms open in a new tab: the form keeps what was typed. */}
          <a className="auth-check__link" href={paths.terms.getHref()} target="_blank" rel="noopener noreferrer">
            {agreeText.terms}
          </a>
          {agreeText.after}
        </span>
      </label>
      {errors.agree && <p className="auth-field__error">{errors.agree}</p>}
      {step === 'slider' && <SliderChallenge onSolved={(token) => void register(token)} />}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--medium auth-form__submit"
        disabled={step !== 'form' || urlAffiliate.status === 'checking'}
      >
        {t(step === 'sending' ? 'register_sending' : 'register_submit')}
      </button>
      <div className="auth-form__links auth-form__links--center">
        <button
          type="button"
          className="auth-form__link auth-form__link--strong"
          onClick={() => openModal({ kind: 'login' })}
        >
          {t('register_have_account')}
        </button>
      </div>
      {dialog !== null && <WarningDialog message={dialog} onClose={() => setDialog(null)} />}
    </form>
  );
}
