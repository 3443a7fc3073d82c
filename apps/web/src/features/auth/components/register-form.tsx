import {
  identityErrorCodes,
  registerRequestSchema,
  setRefusalFieldError,
  type RegisterFieldName,
  type RegisterSettings,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { startSession } from '../../../api/member';
import { paths } from '../../../config/paths';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
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
  type RegisterPlan,
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
type Step = 'form' | 'checking-affiliate' | 'slider' | 'sending';

/** An affiliate check refused by the server (not a network failure) means the code is no good. */
function isAffiliateRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode !== networkErrorCode && error.status >= 400 && error.status < 500;
}

/**
 * What the member types (every field as typed, capped as the contract's register request caps it),
 * the captcha and the terms box, under the merchant's rules: each planned field by its rule (checked
 * as the server checks it), the confirmation, the SMS code when it is asked, the captcha when shown.
 */
function registerFormSchema(t: TFunction, plan: RegisterPlan, minimumAge: number) {
  const fieldName = (name: FieldKey) => t(`register_field_${name}`);
  return z
    .object({
      fields: z.record(z.string(), registerRequestSchema.shape.username),
      captcha: z.string(),
      agree: z.boolean(),
    })
    .superRefine(({ fields: current, captcha, agree }, context) => {
      const add = (path: string[], message: string | null) => {
        if (message) context.addIssue({ code: 'custom', path, message });
      };
      for (const field of plan.fields) {
        add(
          ['fields', field.name],
          checkRule(readValue(current, field.name, field.isSecret), field.rule, fieldName(field.name), t, {
            isSecret: field.isSecret,
          }),
        );
      }
      if (plan.hasPassword) {
        add(
          ['fields', 'confirmPassword'],
          checkConfirmation(
            readValue(current, 'confirmPassword', true),
            readValue(current, 'password', true),
            fieldName('confirmPassword'),
            t,
          ),
        );
      }
      if (isSmsCodeAsked(plan, readValue(current, 'mobileNum'))) {
        add(
          ['fields', 'verificationCode'],
          checkRule(readValue(current, 'verificationCode'), plan.codeRule, fieldName('verificationCode'), t),
        );
      }
      if (plan.isCaptchaShown && !captcha.trim()) add(['captcha'], t('captcha_required'));
      if (!agree) add(['agree'], t('register_agree_required', { age: minimumAge }));
    });
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
  const form = useZodForm(
    // The plan comes from the settings, the mode and the address's affiliate: the schema changes with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    useMemo(() => registerFormSchema(t, plan, settings.minimumAge), [t, settings, mode, urlAffiliate]),
    { defaultValues: { fields: {}, captcha: '', agree: false } },
  );
  const {
    fields: values,
    captcha,
    agree: hasAgreed,
  } = form.watch() as {
    fields: RegisterValues;
    captcha: string;
    agree: boolean;
  };
  const { errors: formErrors, isSubmitted } = form.formState;
  const errors: Partial<Record<FieldKey | 'agree' | 'captcha', string>> = {
    ...Object.fromEntries(
      Object.entries(formErrors.fields ?? {}).map(([name, error]) => [name, (error as { message?: string }).message]),
    ),
    captcha: formErrors.captcha?.message,
    agree: formErrors.agree?.message,
  };
  const [dialingCode, setDialingCode] = useState(defaultDialingCode);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
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

  /** Once the form has been sent, every change checks it again (a message goes as soon as it is put right). */
  const recheck = () => {
    if (isSubmitted) void form.trigger();
  };
  const setValue = (name: FieldKey, value: string) => {
    form.setValue(`fields.${name}`, value);
    recheck();
  };
  const setCaptcha = (answer: string) => {
    form.setValue('captcha', answer);
    recheck();
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
    if (message) form.setError('fields.mobileNum', { type: 'custom', message });
    else form.clearErrors('fields.mobileNum');
    return message === null;
  };

  const sendCode = (sliderToken: string) =>
    sendRegisterSms({
      countryDialingCode: dialingCode,
      mobileNo: readValue(values, 'mobileNum'),
      username: mode === 'username' ? readValue(values, 'username') || undefined : undefined,
      sliderToken,
    });

  const onSubmit = async () => {
    if (step !== 'form') return;
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
      const fields: FieldKey[] = plan.fields.map((field) => field.name);
      if (plan.hasPassword) fields.push('confirmPassword');
      if (error instanceof ApiError && error.errorCode === identityErrorCodes.affiliateInvalid)
        setDialog(t('invitation_code_error'));
      else if (!setRefusalFieldError(error, (name, fieldError) => form.setError(`fields.${name}`, fieldError), fields))
        setFormError(describeAuthError(error, t));
      if (plan.isCaptchaShown) {
        // A new picture, an empty answer; its message only at the next try, as before.
        form.setValue('captcha', '');
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
      onSubmit={(event) => {
        if (step === 'form') setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
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
            form.setValue('agree', event.target.checked);
            recheck();
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
