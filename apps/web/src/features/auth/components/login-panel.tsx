import { apiPaths, type LoginRequest, type LoginResult } from '@lotus/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { startSession } from '../../../api/member';
import { Icon } from '../../../components/icon';
import { sealedRequest } from '../../../lib/sealed-request';
import { closeModal, openModal } from '../../../stores/modal-store';
import { describeAuthError, isCaptchaNowRequired } from '../auth-errors';
import { CaptchaField } from './captcha-field';
import { SliderChallenge } from './slider-challenge';

interface Errors {
  username?: string;
  password?: string;
  captcha?: string;
}

/**
 * Login by username (spec §4): validate, solve the slider, POST /wps/session/login sealed. Success
 * keeps the token, loads member info and closes the modal; a refusal shows the server's message,
 * and a captcha from then on when the server asks for one.
 */
export function LoginPanel({ prefill }: { prefill?: { username: string; password: string } }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(prefill?.username ?? '');
  const [password, setPassword] = useState(prefill?.password ?? '');
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [isCaptchaRequired, setIsCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  // The top bar's form already validated: go straight to the slider.
  const [step, setStep] = useState<'form' | 'slider' | 'sending'>(prefill?.username && prefill.password ? 'slider' : 'form');

  const validate = (): Errors => {
    const next: Errors = {};
    if (!username.trim()) next.username = t('login_username_required');
    if (!password) next.password = t('login_password_required');
    if (isCaptchaRequired && !captcha.trim()) next.captcha = t('captcha_required');
    return next;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    setFormError('');
    if (Object.keys(next).length === 0) setStep('slider');
  };

  const logIn = async (sliderToken: string) => {
    setStep('sending');
    const payload: LoginRequest = { username: username.trim(), password, type: 'username', sliderToken };
    if (isCaptchaRequired && captchaId) Object.assign(payload, { captcha: captcha.trim(), captchaId });
    try {
      const result = await sealedRequest<LoginResult>(apiPaths.login, { ...payload });
      await startSession(result);
      closeModal();
    } catch (error) {
      setFormError(describeAuthError(error, t));
      if (isCaptchaNowRequired(error)) {
        setIsCaptchaRequired(true);
        setCaptchaReloadKey((key) => key + 1);
      }
      setCaptcha('');
      setStep('form');
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('login_form_label')}>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="login-username">{t('login_username')}</label>
        <input
          id="login-username"
          className="auth-field__input"
          name="username"
          autoComplete="username"
          maxLength={255}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={Boolean(errors.username)}
          placeholder={t('login_username_placeholder')}
        />
        {errors.username && <p className="auth-field__error">{errors.username}</p>}
      </div>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="login-password">{t('login_password')}</label>
        <div className="auth-field__row">
          <input
            id="login-password"
            className="auth-field__input"
            name="password"
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            maxLength={255}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={Boolean(errors.password)}
            placeholder={t('login_password_placeholder')}
          />
          <button
            type="button"
            className="auth-field__icon-button"
            onClick={() => setIsPasswordVisible((isVisible) => !isVisible)}
            aria-label={t(isPasswordVisible ? 'login_hide_password' : 'login_show_password')}
            aria-pressed={isPasswordVisible}
          >
            <Icon name={isPasswordVisible ? 'eye-off' : 'eye'} size={16} />
          </button>
        </div>
        {errors.password && <p className="auth-field__error">{errors.password}</p>}
      </div>
      {isCaptchaRequired && (
        <CaptchaField value={captcha} onChange={setCaptcha} onCaptchaId={setCaptchaId} reloadKey={captchaReloadKey} error={errors.captcha} />
      )}
      {step === 'slider' && <SliderChallenge onSolved={(token) => void logIn(token)} />}
      {formError && <p className="auth-form__error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={step !== 'form'}>
        {t(step === 'sending' ? 'login_sending' : 'login_submit')}
      </button>
      <div className="auth-form__links">
        <button type="button" className="auth-form__link" onClick={() => openModal({ kind: 'notice', titleKey: 'login_forgot', messageKey: 'login_forgot_message' })}>
          {t('login_forgot')}
        </button>
        <button type="button" className="auth-form__link auth-form__link--strong" onClick={() => openModal({ kind: 'register' })}>
          {t('login_no_account')}
        </button>
      </div>
    </form>
  );
}
