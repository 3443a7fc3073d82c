import '../login.css';
import {
  identityErrorCodes,
  passwordLoginRequestSchema,
  setRefusalFieldError,
  type LoginRequest,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../api/whitelabel';
import { Icon } from '../../../components/icon';
import { ApiError } from '../../../lib/api-client';
import { loadChunk } from '../../../lib/chunk-loader';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { openModal, type LoginAttempt } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { completeLogin, openLoginVerificationIfAsked } from '../complete-login';
import {
  clearRememberedLogin,
  findRememberedLogin,
  forgetRememberedLogin,
  isRememberedUsername,
  type RememberedLogin,
} from '../remember-login';
import { useLoginCaptcha } from '../use-login-captcha';
import { AuthTabs } from './auth-tabs';
import { CaptchaField } from './captcha-field';
import { FreePlayButton } from './free-play-button';
import { SliderChallenge } from './slider-challenge';
import { SmsLoginForm } from './sms-login-form';
import { createSession } from '../api/sessions';

// Only merchants with a social switch on load the buttons' code (spec §2: they need firebase switches).
const SocialLoginButtons = lazy(() =>
  loadChunk(() => import('./social-login-buttons')).then((module) => ({ default: module.SocialLoginButtons })),
);

type LoginTab = 'username' | 'sms';

/**
 * The login modal's body (spec §2): the username and SMS tabs (SMS only with `smsCodeLogin`), the
 * forgot-password and register links, then the social buttons and the free trial when the merchant
 * switched them on.
 */
export function LoginPanel({ prefill }: { prefill?: { username: string; password: string } }) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const switches = whitelabel?.switches;
  const tabs: LoginTab[] = switches?.smsCodeLogin ? ['username', 'sms'] : ['username'];
  const [chosenTab, setChosenTab] = useState<LoginTab>('username');
  const tab = tabs.includes(chosenTab) ? chosenTab : 'username';
  const firebase = switches?.firebase;
  const hasSocial = Boolean(firebase && (firebase.facebook || firebase.line || firebase.google));
  const hasFreePlay = switches?.freePlay === true;

  return (
    <div className="login-panel">
      <AuthTabs
        tabs={tabs}
        selected={tab}
        onSelect={setChosenTab}
        idPrefix="login-tab"
        label={t('login_title')}
        listClassName="login-tabs"
        tabClassName="login-tabs__tab"
        renderTab={(option) => (
          <>
            <Icon name={option === 'sms' ? 'phone' : 'user'} size={16} />
            {t(option === 'sms' ? 'login_tab_sms' : 'login_tab_username')}
          </>
        )}
      >
        {tab === 'sms' ? <SmsLoginForm /> : <UsernameLoginForm prefill={prefill} />}
      </AuthTabs>
      <div className="auth-form__links">
        <button type="button" className="auth-form__link" onClick={() => openModal({ kind: 'forgotPassword' })}>
          {t('login_forgot')}
        </button>
        <button
          type="button"
          className="auth-form__link auth-form__link--strong"
          onClick={() => openModal({ kind: 'register' })}
        >
          {t('login_no_account')}
        </button>
      </div>
      {(hasSocial || hasFreePlay) && (
        <div className="login-panel__more">
          <p className="login-panel__divider">
            <span>{t('login_or')}</span>
          </p>
          {hasSocial && firebase && (
            <Suspense fallback={<div className="social-login social-login--loading" />}>
              <SocialLoginButtons providers={firebase} />
            </Suspense>
          )}
          {hasFreePlay && <FreePlayButton />}
        </div>
      )}
    </div>
  );
}

/**
 * The contract's username and password of a login (a remembered login needs no password), and the
 * captcha's answer when one is asked.
 */
function usernameLoginFormSchema(t: TFunction, remembered: RememberedLogin | null, isCaptchaMissing: boolean) {
  const { username, password } = passwordLoginRequestSchema.shape;
  return z.object({ username: z.string(), password: z.string() }).superRefine((values, context) => {
    const usesRememberToken = isRememberedUsername(remembered, values.username) && values.password === '';
    addFieldIssues(context, {
      username: username.safeParse(values.username).success ? null : t('login_username_required'),
      password: usesRememberToken || password.safeParse(values.password).success ? null : t('login_password_required'),
      captcha: isCaptchaMissing ? t('captcha_required') : null,
    });
  });
}

/**
 * Login by username (spec §4): validate, solve the slider, POST /wps/session/login sealed. "Remember
 * me" keeps a one-day remember token (never the password): with one for the username shown, an
 * empty password logs in with the token instead. A refusal shows the server's message, and a
 * captcha from then on when the server asks for one.
 */
function UsernameLoginForm({ prefill }: { prefill?: { username: string; password: string } }) {
  const { t } = useTranslation();
  const [remembered, setRemembered] = useState<RememberedLogin | null>(() => findRememberedLogin());
  const [initialUsername] = useState(() => prefill?.username ?? remembered?.username ?? '');
  // Ticked when a remembered login is shown; the top bar's form for someone else starts unticked.
  const [isRememberTicked, setIsRememberTicked] = useState(
    () => remembered !== null && (!prefill || isRememberedUsername(remembered, prefill.username)),
  );
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const captcha = useLoginCaptcha();
  const [formError, setFormError] = useState('');
  // The top bar's form already validated: go straight to the slider.
  const [step, setStep] = useState<'form' | 'slider' | 'sending'>(
    prefill?.username && prefill.password ? 'slider' : 'form',
  );

  const rememberedIfTicked = isRememberTicked ? remembered : null;
  const form = useZodForm(
    useMemo(
      () => usernameLoginFormSchema(t, rememberedIfTicked, captcha.isMissing),
      [t, rememberedIfTicked, captcha.isMissing],
    ),
    {
      defaultValues: { username: initialUsername, password: prefill?.password ?? '' },
      // As before: the messages stay until the next try.
      reValidateMode: 'onSubmit',
    },
  );
  const { username, password } = form.watch();
  const rememberedForUsername = isRememberTicked && isRememberedUsername(remembered, username) ? remembered : null;
  const usesRememberToken = rememberedForUsername !== null && password === '';
  const errors = {
    username: form.formState.errors.username?.message,
    password: form.formState.errors.password?.message,
    captcha: (form.formState.errors as Record<string, { message?: string } | undefined>).captcha?.message,
  };

  const onSubmit = () => setStep('slider');

  const onRememberChange = (isTicked: boolean) => {
    setIsRememberTicked(isTicked);
    // Unticking ends the remembered login on the server and here (spec: never kept against the member's choice).
    if (!isTicked && remembered) {
      setRemembered(null);
      void forgetRememberedLogin();
    }
  };

  const logIn = async (sliderToken: string) => {
    setStep('sending');
    const trimmedUsername = username.trim();
    let payload: LoginRequest;
    let attempt: LoginAttempt;
    if (usesRememberToken) {
      payload = {
        type: 'remember',
        username: rememberedForUsername.username,
        rememberToken: rememberedForUsername.rememberToken,
        sliderToken,
        remember: true,
      };
      attempt = { type: 'remember', username: rememberedForUsername.username, isRemembered: true };
    } else {
      payload = { type: 'username', username: trimmedUsername, password, sliderToken, remember: isRememberTicked };
      attempt = {
        type: 'username',
        username: trimmedUsername,
        typedPassword: password,
        isRemembered: isRememberTicked,
      };
    }
    Object.assign(payload, captcha.requestFields);
    try {
      const result = await createSession(payload);
      await completeLogin(result, attempt);
    } catch (error) {
      if (openLoginVerificationIfAsked(error, attempt)) return;
      if (error instanceof ApiError && error.errorCode === identityErrorCodes.rememberInvalid) {
        // Expired or revoked elsewhere: forget it here and ask for the password.
        clearRememberedLogin();
        setRemembered(null);
        form.setError('password', { type: 'server', message: error.message });
      } else if (!setRefusalFieldError(error, form.setError, ['username', 'password'])) {
        setFormError(describeAuthError(error, t));
      }
      captcha.afterRefusal(error);
      setStep('form');
    }
  };

  return (
    <form
      className="auth-form"
      onSubmit={(event) => {
        setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('login_form_label')}
    >
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="login-username">
          {t('login_username')}
        </label>
        <input
          id="login-username"
          className="auth-field__input"
          autoComplete="username"
          maxLength={255}
          {...form.register('username')}
          aria-invalid={Boolean(errors.username)}
          placeholder={t('login_username_placeholder')}
        />
        {errors.username && <p className="auth-field__error">{errors.username}</p>}
      </div>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor="login-password">
          {t('login_password')}
        </label>
        <div className="auth-field__row">
          <input
            id="login-password"
            className={`auth-field__input${rememberedForUsername ? ' auth-field__input--remembered' : ''}`}
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            maxLength={255}
            {...form.register('password')}
            aria-invalid={Boolean(errors.password)}
            placeholder={t(rememberedForUsername ? 'login_password_remembered' : 'login_password_placeholder')}
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
      {captcha.isRequired && <CaptchaField {...captcha.fieldProps} error={errors.captcha} />}
      <label className="auth-check login-remember">
        <input
          type="checkbox"
          name="remember"
          checked={isRememberTicked}
          onChange={(event) => onRememberChange(event.target.checked)}
        />
        <span>{t('login_remember')}</span>
      </label>
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
        {t(step === 'sending' ? 'login_sending' : 'login_submit')}
      </button>
    </form>
  );
}
