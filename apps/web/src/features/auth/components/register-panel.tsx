import { apiPaths, type LoginResult, type RegisterFieldName, type RegisterFieldRule, type RegisterSettings } from '@lotus/contract';
import { useState, type FormEvent, type HTMLInputTypeAttribute } from 'react';
import { useTranslation } from 'react-i18next';
import { startSession, useCountries, useRegisterSettings } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';
import { sealedRequest } from '../../../lib/sealed-request';
import { closeModal, openModal } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { checkRule, describeRule } from '../register-rules';
import { CaptchaField } from './captcha-field';
import { SliderChallenge } from './slider-challenge';

interface FieldSpec {
  name: RegisterFieldName;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  isSecret?: boolean;
}

/**
 * The username tab's fields in the order they are shown. Username and password are always asked;
 * the others only when the merchant's rule enables them (spec §5). The SMS code belongs to mobile
 * registration, which is not here yet; the captcha is drawn separately.
 */
const fieldSpecs: readonly FieldSpec[] = [
  { name: 'username', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'new-password', isSecret: true },
  { name: 'payeeName', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'mobileNum', type: 'tel', autoComplete: 'tel-national' },
  { name: 'birthday', type: 'date', autoComplete: 'bday' },
  { name: 'nickname', autoComplete: 'nickname' },
  { name: 'idNumber' },
  { name: 'qqNum' },
  { name: 'line' },
  { name: 'whatsapp' },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'zalo' },
  { name: 'telegram' },
  { name: 'recommenderId' },
  { name: 'paymentPassword', type: 'password', autoComplete: 'off', isSecret: true },
  { name: 'affiliateCode' },
  { name: 'referralCode' },
];

/** Username and password are required on the username tab even if a rule says otherwise. */
const alwaysShown = new Set<RegisterFieldName>(['username', 'password']);
const fallbackRule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 1, maxLength: 255 };

type Values = Partial<Record<RegisterFieldName | 'confirmPassword', string>>;
type Errors = Partial<Record<RegisterFieldName | 'confirmPassword' | 'agree' | 'captcha', string>>;

function ruleOf(settings: RegisterSettings, name: RegisterFieldName): RegisterFieldRule | null {
  const rule = settings.rules[name];
  if (alwaysShown.has(name)) return rule?.enabled ? { ...rule, required: true } : fallbackRule;
  return rule?.enabled ? rule : null;
}

export function RegisterPanel() {
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
  if (!settings.data.usernameRegistration) return <p className="auth-form__error">{t('register_username_closed')}</p>;
  return <RegisterForm settings={settings.data} />;
}

function RegisterForm({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation();
  const fields = fieldSpecs.flatMap((spec) => {
    const rule = ruleOf(settings, spec.name);
    return rule ? [{ ...spec, rule }] : [];
  });
  const hasMobile = fields.some((field) => field.name === 'mobileNum');
  const captchaRule = settings.rules.captcha;
  const isCaptchaShown = captchaRule?.enabled === true && captchaRule.required;
  const countries = useCountries(hasMobile);
  const [values, setValues] = useState<Values>({});
  const [dialingCode, setDialingCode] = useState('66');
  const [hasAgreed, setHasAgreed] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [step, setStep] = useState<'form' | 'slider' | 'sending'>('form');

  const label = (name: RegisterFieldName | 'confirmPassword') => t(`register_field_${name}`);
  const valueOf = (name: RegisterFieldName | 'confirmPassword', isSecret = false) => {
    const raw = values[name] ?? '';
    return isSecret ? raw : raw.trim();
  };

  const validate = (current: Values, agreed: boolean, captchaAnswer: string): Errors => {
    const next: Errors = {};
    const read = (name: RegisterFieldName | 'confirmPassword', isSecret = false) => (isSecret ? (current[name] ?? '') : (current[name] ?? '').trim());
    for (const field of fields) {
      const message = checkRule(read(field.name, field.isSecret), field.rule, label(field.name), t, { isSecret: field.isSecret });
      if (message) next[field.name] = message;
    }
    const confirm = read('confirmPassword', true);
    if (!confirm) next.confirmPassword = t('register_required', { field: label('confirmPassword') });
    else if (confirm !== read('password', true)) next.confirmPassword = t('register_confirm_mismatch');
    if (isCaptchaShown && !captchaAnswer.trim()) next.captcha = t('captcha_required');
    if (!agreed) next.agree = t('register_agree_required', { age: settings.minimumAge });
    return next;
  };

  const setValue = (name: RegisterFieldName | 'confirmPassword', value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (hasSubmitted) setErrors(validate(next, hasAgreed, captcha));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasSubmitted(true);
    setFormError('');
    const next = validate(values, hasAgreed, captcha);
    setErrors(next);
    if (Object.keys(next).length === 0) setStep('slider');
  };

  const register = async (sliderToken: string) => {
    setStep('sending');
    const payload: Record<string, unknown> = {
      username: valueOf('username'),
      password: valueOf('password', true),
      confirmPassword: valueOf('confirmPassword', true),
      sliderToken,
      registerMethod: 'WEB',
      registerUrl: window.location.href.slice(0, 2048),
      domain: window.location.hostname,
    };
    for (const field of fields) {
      const value = valueOf(field.name, field.isSecret);
      if (value && !(field.name in payload)) payload[field.name] = value;
    }
    if (payload.mobileNum) payload.countryDialingCode = dialingCode;
    if (isCaptchaShown && captchaId) Object.assign(payload, { captcha: captcha.trim(), captchaId });
    try {
      const result = await sealedRequest<LoginResult>(apiPaths.register, payload, { method: 'PUT' });
      await startSession(result);
      closeModal();
    } catch (error) {
      setFormError(describeAuthError(error, t));
      if (isCaptchaShown) {
        setCaptcha('');
        setCaptchaReloadKey((key) => key + 1);
      }
      setStep('form');
    }
  };

  const renderField = (field: (typeof fields)[number]) => {
    const id = `register-${field.name}`;
    const error = errors[field.name];
    const hintId = `${id}-hint`;
    const input = (
      <input
        id={id}
        className="auth-field__input"
        name={field.name}
        type={field.type ?? 'text'}
        autoComplete={field.autoComplete ?? 'off'}
        maxLength={field.rule.maxLength > 0 ? field.rule.maxLength : 255}
        value={values[field.name] ?? ''}
        onChange={(event) => setValue(field.name, event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={hintId}
        aria-required={field.rule.required}
        placeholder={label(field.name)}
      />
    );
    return (
      <div className="auth-field" key={field.name}>
        <label className="auth-field__label" htmlFor={id}>
          {label(field.name)}
          {field.rule.required && <span className="auth-field__required" aria-hidden="true"> *</span>}
        </label>
        {field.name === 'mobileNum' ? (
          <div className="auth-field__row">
            <select className="auth-field__select" value={dialingCode} onChange={(event) => setDialingCode(event.target.value)} aria-label={t('register_dialing_code')}>
              {(countries.data ?? [{ countryCode: 'TH', countryDialingCode: '66', name: 'Thailand', flag: '🇹🇭' }]).map((country) => (
                <option key={`${country.countryCode}-${country.countryDialingCode}`} value={country.countryDialingCode.replace(/^\+/, '')}>
                  {`${country.countryCode} +${country.countryDialingCode.replace(/^\+/, '')}`}
                </option>
              ))}
            </select>
            {input}
          </div>
        ) : (
          input
        )}
        {error ? <p className="auth-field__error">{error}</p> : <p id={hintId} className="auth-field__hint">{describeRule(field.rule, t)}</p>}
      </div>
    );
  };

  const confirmError = errors.confirmPassword;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('register_title')}>
      <div className="auth-form__grid">
        {fields.slice(0, 2).map(renderField)}
        <div className="auth-field">
          <label className="auth-field__label" htmlFor="register-confirmPassword">
            {label('confirmPassword')}
            <span className="auth-field__required" aria-hidden="true"> *</span>
          </label>
          <input
            id="register-confirmPassword"
            className="auth-field__input"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={255}
            value={values.confirmPassword ?? ''}
            onChange={(event) => setValue('confirmPassword', event.target.value)}
            aria-invalid={Boolean(confirmError)}
            aria-required
            placeholder={label('confirmPassword')}
          />
          {confirmError && <p className="auth-field__error">{confirmError}</p>}
        </div>
        {fields.slice(2).map(renderField)}
      </div>
      {isCaptchaShown && <CaptchaField value={captcha} onChange={setCaptcha} onCaptchaId={setCaptchaId} reloadKey={captchaReloadKey} error={errors.captcha} />}
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
        <span>{t('register_agree', { age: settings.minimumAge })}</span>
      </label>
      {errors.agree && <p className="auth-field__error">{errors.agree}</p>}
      {step === 'slider' && <SliderChallenge onSolved={(token) => void register(token)} />}
      {formError && <p className="auth-form__error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={step !== 'form'}>
        {t(step === 'sending' ? 'register_sending' : 'register_submit')}
      </button>
      <div className="auth-form__links auth-form__links--center">
        <button type="button" className="auth-form__link auth-form__link--strong" onClick={() => openModal({ kind: 'login' })}>
          {t('register_have_account')}
        </button>
      </div>
    </form>
  );
}
