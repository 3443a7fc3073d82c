import '../register-recovery.css';
import { apiPaths, type LoginResult, type RegisterFieldRule, type RegisterSettings } from '@lotus/contract';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startSession, useRegisterSettings } from '../../../api/member';
import { useWhitelabel } from '../../../api/whitelabel';
import { Spinner } from '../../../components/global-loader';
import { Modal } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { sealedRequest } from '../../../lib/sealed-request';
import { closeModal, openModal } from '../../../stores/modal-store';
import { requestPasswordResetEmail, setPasswordBySms } from '../api/password-recovery';
import { sendPasswordResetSms } from '../api/sms-codes';
import { describeAuthError } from '../auth-errors';
import { checkRule, describeRule } from '../register-rules';
import { CountryPicker, defaultDialingCode } from './country-picker';
import { RuleField } from './rule-field';
import { SliderChallenge } from './slider-challenge';
import { SmsCodeField } from './sms-code-field';

type Method = 'mobile' | 'email';

/** The e-mail check the server applies (messaging `normaliseEmail`), so the member hears it first. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Without a merchant rule: the digits the server accepts for a phone (6-15); any password or code, 1-255. */
const anyMobileRule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '^[0-9]+$', patternId: 3, minLength: 6, maxLength: 15 };
const anyPasswordRule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 1, maxLength: 255 };
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
  const tabId = (tab: Method) => `forgot-tab-${tab}`;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = methods[(methods.indexOf(method) + 1) % methods.length]!;
    setMethod(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <Modal title={t('forgot_title')} onClose={closeModal} size="small" className="auth-modal">
      {methods.length > 1 && (
        <div className="auth-tabs" role="tablist" aria-label={t('forgot_title')}>
          {methods.map((tab) => (
            <button
              key={tab}
              id={tabId(tab)}
              type="button"
              role="tab"
              className="auth-tabs__tab"
              aria-selected={tab === method}
              aria-controls={`${tabId(tab)}-panel`}
              tabIndex={tab === method ? 0 : -1}
              onClick={() => setMethod(tab)}
              onKeyDown={onTabKeyDown}
            >
              {t(tab === 'mobile' ? 'forgot_method_mobile' : 'forgot_method_email')}
            </button>
          ))}
        </div>
      )}
      <div id={`${tabId(method)}-panel`} role={methods.length > 1 ? 'tabpanel' : undefined}>
        {method === 'mobile' ? <ForgotByPhone /> : <ForgotByEmail />}
      </div>
      <div className="auth-form__links auth-form__links--center recovery-back">
        <button type="button" className="auth-form__link auth-form__link--strong" onClick={() => openModal({ kind: 'login' })}>
          {t('forgot_back_to_login')}
        </button>
      </div>
    </Modal>
  );
}

function ForgotByPhone() {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  if (settings.isPending) return <div className="auth-form__loading"><Spinner /></div>;
  if (settings.isError) {
    return (
      <div className="auth-form">
        <p className="auth-form__error" role="alert">{t('error_network')}</p>
        <button type="button" className="button button--primary button--medium" onClick={() => void settings.refetch()}>{t('common_retry')}</button>
      </div>
    );
  }
  return <ForgotByPhoneForm settings={settings.data} />;
}

type PhoneField = 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmPassword';
type Step = 'form' | 'sending' | 'slider' | 'logging-in';

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
  const codeRule = settings.rules.verificationCode?.enabled ? { ...settings.rules.verificationCode, required: true } : anyCodeRule;
  const [dialingCode, setDialingCode] = useState(defaultDialingCode);
  const [values, setValues] = useState<Record<PhoneField, string>>({ mobileNum: '', verificationCode: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<PhoneField, string>>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [step, setStep] = useState<Step>('form');
  const mobileNum = values.mobileNum.trim();

  const validate = (current: Record<PhoneField, string>) => {
    const next: Partial<Record<PhoneField, string>> = {};
    const mobileError = checkRule(current.mobileNum.trim(), mobileRule, t('register_field_mobileNum'), t);
    if (mobileError) next.mobileNum = mobileError;
    const codeError = checkRule(current.verificationCode.trim(), codeRule, t('register_field_verificationCode'), t);
    if (codeError) next.verificationCode = codeError;
    const passwordError = checkRule(current.newPassword, passwordRule, t('forgot_new_password'), t, { isSecret: true });
    if (passwordError) next.newPassword = passwordError;
    if (!current.confirmPassword) next.confirmPassword = t('register_required', { field: t('register_field_confirmPassword') });
    else if (current.confirmPassword !== current.newPassword) next.confirmPassword = t('register_confirm_mismatch');
    return next;
  };

  const setValue = (name: PhoneField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (hasSubmitted) setErrors(validate(next));
  };

  const canSendCode = () => {
    const message = checkRule(mobileNum, mobileRule, t('register_field_mobileNum'), t);
    setErrors((previous) => ({ ...previous, mobileNum: message ?? undefined }));
    return message === null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step !== 'form') return;
    setHasSubmitted(true);
    setFormError('');
    const next = validate(values);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
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
      setFormError(describeAuthError(error, t));
      setStep('form');
    }
  };

  const logIn = async (sliderToken: string) => {
    setStep('logging-in');
    try {
      const result = await sealedRequest<LoginResult>(apiPaths.login, { type: 'username', username: mobileNum, password: values.newPassword, sliderToken });
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
    <form className="auth-form recovery-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('forgot_method_mobile')}>
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
        prefix={<CountryPicker value={dialingCode} onChange={setDialingCode} isInvalid={Boolean(errors.mobileNum)} disabled={isDone} />}
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
      <RuleField
        id="forgot-newPassword"
        name="newPassword"
        label={t('forgot_new_password')}
        rule={passwordRule}
        value={values.newPassword}
        onChange={(value) => setValue('newPassword', value)}
        error={errors.newPassword}
        type="password"
        autoComplete="new-password"
        hasHoverHint
      />
      <RuleField
        id="forgot-confirmPassword"
        name="confirmPassword"
        label={t('register_field_confirmPassword')}
        rule={passwordRule}
        value={values.confirmPassword}
        onChange={(value) => setValue('confirmPassword', value)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        hasRuleHint={false}
      />
      {isDone && <p className="auth-form__success" role="status">{t('forgot_password_changed_slide')}</p>}
      {step === 'slider' && <SliderChallenge onSolved={(token) => void logIn(token)} />}
      {formError && <p className="auth-form__error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={step !== 'form'}>
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
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ username?: string; email?: string }>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const validate = (nextUsername: string, nextEmail: string) => {
    const next: { username?: string; email?: string } = {};
    if (!nextUsername.trim()) next.username = t('register_required', { field: t('register_field_username') });
    if (!nextEmail.trim()) next.email = t('register_required', { field: t('register_field_email') });
    else if (nextEmail.trim().length > 254 || !emailPattern.test(nextEmail.trim())) next.email = t('forgot_email_invalid');
    return next;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setHasSubmitted(true);
    setFormError('');
    const next = validate(username, email);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setIsSending(true);
    try {
      await requestPasswordResetEmail({ username: username.trim(), email: email.trim() });
      openModal({ kind: 'notice', titleKey: 'forgot_title', messageKey: 'forgot_email_sent' });
    } catch (error) {
      setFormError(describeAuthError(error, t));
      setIsSending(false);
    }
  };

  return (
    <form className="auth-form recovery-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('forgot_method_email')}>
      <p className="recovery-form__intro">{t('forgot_email_intro')}</p>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="forgot-username">
          {t('register_field_username')}
          <span className="auth-field__required" aria-hidden="true"> *</span>
        </label>
        <input
          id="forgot-username"
          className="auth-field__input"
          name="username"
          autoComplete="username"
          maxLength={255}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            if (hasSubmitted) setErrors(validate(event.target.value, email));
          }}
          aria-invalid={Boolean(errors.username)}
          aria-required
          placeholder={t('register_field_username')}
        />
        {errors.username && <p className="auth-field__error">{errors.username}</p>}
      </div>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="forgot-email">
          {t('register_field_email')}
          <span className="auth-field__required" aria-hidden="true"> *</span>
        </label>
        <input
          id="forgot-email"
          className="auth-field__input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (hasSubmitted) setErrors(validate(username, event.target.value));
          }}
          aria-invalid={Boolean(errors.email)}
          aria-required
          placeholder="name@example.com"
        />
        {errors.email && <p className="auth-field__error">{errors.email}</p>}
      </div>
      {formError && <p className="auth-form__error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'forgot_sending' : 'forgot_email_submit')}
      </button>
    </form>
  );
}
