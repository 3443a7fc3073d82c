import '../register-recovery.css';
import {
  passwordEmailRequestSchema,
  passwordVerificationRequestSchema,
  setRefusalFieldError,
  type RegisterFieldRule,
  type RegisterSettings,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startSession } from '../../../api/member';
import { useWhitelabel } from '../../../api/whitelabel';
import { Modal } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { addFieldIssues, useControlledFields, useZodForm } from '../../../lib/forms';
import { closeModal, openModal } from '../../../stores/modal-store';
import { requestPasswordResetEmail, setPasswordBySms } from '../api/password-recovery';
import { sendPasswordResetSms } from '../api/sms-codes';
import { describeAuthError } from '../auth-errors';
import { checkRule, describeRule } from '../register-rules';
import { AuthTabs } from './auth-tabs';
import { CountryPicker, defaultDialingCode } from './country-picker';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';
import { RegisterSettingsGate } from './register-settings-gate';
import { RuleField } from './rule-field';
import { SliderChallenge } from './slider-challenge';
import { SmsCodeField } from './sms-code-field';
import { createSession } from '../api/sessions';

type Method = 'mobile' | 'email';

/** The e-mail check the server applies (messaging `normaliseEmail`), so the member hears it first. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Without a merchant rule: the digits the server accepts for a phone (6-15); any password or code, 1-255. */
const anyMobileRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[0-9]+$',
  patternId: 3,
  minLength: 6,
  maxLength: 15,
};
const anyPasswordRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 255,
};
/** spec §5: a verification code field holds at most 255 characters. */
const anyCodeRule: RegisterFieldRule = anyPasswordRule;

/** The merchant's rule for a field the recovery form must have, as required. */
export function requiredRuleOf(settings: RegisterSettings, name: 'mobileNum' | 'password'): RegisterFieldRule {
  const rule = settings.rules[name];
  if (rule?.enabled) return { ...rule, required: true };
  return name === 'mobileNum' ? anyMobileRule : anyPasswordRule;
}

/**
 * Forgot password (spec §2, §4, §5): by mobile (the default, offered when phone verification is on)
 * or by e-mail. Opened from the login modal's "forgot" link (modal kind `forgotPassword`).
 */
export function ForgotPasswordModal() {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const methods: Method[] = whitelabel?.switches.phoneVerification === false ? ['email'] : ['mobile', 'email'];
  const [method, setMethod] = useState<Method>(methods[0]!);

  return (
    <Modal title={t('forgot_title')} onClose={closeModal} size="small" className="auth-modal">
      <AuthTabs
        tabs={methods}
        selected={method}
        onSelect={setMethod}
        idPrefix="forgot-tab"
        label={t('forgot_title')}
        renderTab={(tab) => t(tab === 'mobile' ? 'forgot_method_mobile' : 'forgot_method_email')}
      >
        {method === 'mobile' ? (
          <RegisterSettingsGate>{(settings) => <ForgotByPhoneForm settings={settings} />}</RegisterSettingsGate>
        ) : (
          <ForgotByEmail />
        )}
      </AuthTabs>
      <div className="auth-form__links auth-form__links--center recovery-back">
        <button
          type="button"
          className="auth-form__link auth-form__link--strong"
          onClick={() => openModal({ kind: 'login' })}
        >
          {t('forgot_back_to_login')}
        </button>
      </div>
    </Modal>
  );
}

type Step = 'form' | 'sending' | 'slider' | 'logging-in';

interface PhoneRules {
  mobileRule: RegisterFieldRule;
  codeRule: RegisterFieldRule;
  passwordRule: RegisterFieldRule;
}

/** The contract's request by phone (every field as typed), with the merchant's rules and the confirmation. */
function forgotByPhoneFormSchema(t: TFunction, { mobileRule, codeRule, passwordRule }: PhoneRules) {
  return passwordVerificationRequestSchema
    .pick({ mobileNum: true, verificationCode: true, newPassword: true, confirmPassword: true })
    .required()
    .superRefine((values, context) =>
      addFieldIssues(context, {
        mobileNum: checkRule(values.mobileNum.trim(), mobileRule, t('register_field_mobileNum'), t),
        verificationCode: checkRule(values.verificationCode.trim(), codeRule, t('register_field_verificationCode'), t),
        ...checkNewPassword(values, passwordRule, t),
      }),
    );
}

/** The contract's request by e-mail, both required, the e-mail checked as the server checks it. */
function forgotByEmailFormSchema(t: TFunction) {
  return passwordEmailRequestSchema.superRefine((values, context) => {
    const email = values.email.trim();
    addFieldIssues(context, {
      username: values.username.trim() ? null : t('register_required', { field: t('register_field_username') }),
      email: !email
        ? t('register_required', { field: t('register_field_email') })
        : email.length > 254 || !emailPattern.test(email)
          ? t('forgot_email_invalid')
          : null,
    });
  });
}

/**
 * By phone: the number (checked before a code is asked for), the code, the new password under the
 * merchant's password rule and its confirmation, all checked before POST
 * /wps/member/password/verification. Then the slider and a login with the number and the new
 * password; the modal closes and the site goes home (spec §4).
 */
function ForgotByPhoneForm({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobileRule = requiredRuleOf(settings, 'mobileNum');
  const passwordRule = requiredRuleOf(settings, 'password');
  const codeRule = settings.rules.verificationCode?.enabled
    ? { ...settings.rules.verificationCode, required: true }
    : anyCodeRule;
  const [dialingCode, setDialingCode] = useState(defaultDialingCode);
  const form = useZodForm(
    // The rules come from the settings: the schema changes only with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    useMemo(() => forgotByPhoneFormSchema(t, { mobileRule, codeRule, passwordRule }), [t, settings]),
    { defaultValues: { mobileNum: '', verificationCode: '', newPassword: '', confirmPassword: '' } },
  );
  const { values, errors, setValue } = useControlledFields(form);
  const [formError, setFormError] = useState('');
  const [step, setStep] = useState<Step>('form');
  const mobileNum = values.mobileNum.trim();

  const canSendCode = () => {
    const message = checkRule(mobileNum, mobileRule, t('register_field_mobileNum'), t);
    if (message) form.setError('mobileNum', { type: 'custom', message });
    else form.clearErrors('mobileNum');
    return message === null;
  };

  const onSubmit = async () => {
    if (step !== 'form') return;
    setStep('sending');
    try {
      await setPasswordBySms({
        countryDialingCode: dialingCode,
        mobileNum,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
      setStep('slider');
    } catch (error) {
      const fields = ['mobileNum', 'verificationCode', 'newPassword', 'confirmPassword'] as const;
      if (!setRefusalFieldError(error, form.setError, fields)) setFormError(describeAuthError(error, t));
      setStep('form');
    }
  };

  const logIn = async (sliderToken: string) => {
    setStep('logging-in');
    try {
      const result = await createSession({
        type: 'username',
        username: mobileNum,
        password: values.newPassword,
        sliderToken,
      });
      await startSession(result);
      closeModal();
      void navigate(paths.home.getHref());
    } catch {
      // The password is changed whatever happened here; the member logs in by hand.
      openModal({ kind: 'login', messageKey: 'forgot_password_changed' });
    }
  };

  const isDone = step === 'slider' || step === 'logging-in';
  return (
    <form
      className="auth-form recovery-form"
      onSubmit={(event) => {
        if (step === 'form') setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('forgot_method_mobile')}
    >
      <RuleField
        id="forgot-mobileNum"
        name="mobileNum"
        label={t('register_field_mobileNum')}
        rule={mobileRule}
        value={values.mobileNum}
        onChange={(value) => setValue('mobileNum', value)}
        error={errors.mobileNum}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        prefix={
          <CountryPicker
            value={dialingCode}
            onChange={setDialingCode}
            isInvalid={Boolean(errors.mobileNum)}
            disabled={isDone}
          />
        }
      />
      <SmsCodeField
        id="forgot-verificationCode"
        value={values.verificationCode}
        onChange={(code) => setValue('verificationCode', code)}
        canSend={canSendCode}
        send={(sliderToken) => sendPasswordResetSms({ countryDialingCode: dialingCode, mobileNum, sliderToken })}
        error={errors.verificationCode}
        maxLength={codeRule.maxLength > 0 ? codeRule.maxLength : 255}
        hint={<p className="auth-field__hint">{describeRule(codeRule, t)}</p>}
      />
      <NewPasswordFields idPrefix="forgot" rule={passwordRule} values={values} errors={errors} onChange={setValue} />
      {isDone && (
        <p className="auth-form__success" role="status">
          {t('forgot_password_changed_slide')}
        </p>
      )}
      {step === 'slider' && <SliderChallenge onSolved={(token) => void logIn(token)} />}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--medium auth-form__submit"
        disabled={step !== 'form'}
      >
        {t(step === 'sending' || step === 'logging-in' ? 'forgot_sending' : 'forgot_submit')}
      </button>
    </form>
  );
}

/**
 * By e-mail: username and a valid e-mail, POST /wps/member/password/email (form-encoded). The
 * answer is the same whether or not they match an account, so success says "if they match, a link
 * is on its way" and closes; a failure shows its message and nothing else happens (spec §4).
 */
function ForgotByEmail() {
  const { t } = useTranslation();
  const form = useZodForm(
    useMemo(() => forgotByEmailFormSchema(t), [t]),
    { defaultValues: { username: '', email: '' } },
  );
  const { values, errors, setValue } = useControlledFields(form);
  const [formError, setFormError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const onSubmit = async () => {
    if (isSending) return;
    setIsSending(true);
    try {
      await requestPasswordResetEmail({ username: values.username.trim(), email: values.email.trim() });
      openModal({ kind: 'notice', titleKey: 'forgot_title', messageKey: 'forgot_email_sent' });
    } catch (error) {
      if (!setRefusalFieldError(error, form.setError, ['username', 'email'])) setFormError(describeAuthError(error, t));
      setIsSending(false);
    }
  };

  return (
    <form
      className="auth-form recovery-form"
      onSubmit={(event) => {
        if (!isSending) setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('forgot_method_email')}
    >
      <p className="recovery-form__intro">{t('forgot_email_intro')}</p>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="forgot-username">
          {t('register_field_username')}
          <span className="auth-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id="forgot-username"
          className="auth-field__input"
          name="username"
          autoComplete="username"
          maxLength={255}
          value={values.username}
          onChange={(event) => setValue('username', event.target.value)}
          aria-invalid={Boolean(errors.username)}
          aria-required
          placeholder={t('register_field_username')}
        />
        {errors.username && <p className="auth-field__error">{errors.username}</p>}
      </div>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="forgot-email">
          {t('register_field_email')}
          <span className="auth-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id="forgot-email"
          className="auth-field__input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          onChange={(event) => setValue('email', event.target.value)}
          aria-invalid={Boolean(errors.email)}
          aria-required
          placeholder="name@example.com"
        />
        {errors.email && <p className="auth-field__error">{errors.email}</p>}
      </div>
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'forgot_sending' : 'forgot_email_submit')}
      </button>
    </form>
  );
}
