import './social.css';
import type { SocialCallbackResult } from '@lotus/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { startSession, useRegisterSettings } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { openModal, type LoginAttempt } from '../../../stores/modal-store';
import { finishSocialFlow, registerSocialMember } from '../api/social-login';
import { completeLogin, openLoginVerificationIfAsked } from '../complete-login';
import { clearSocialFlow, findSocialFlow, socialProviderNames } from './social-flow';

type RegisterOffer = Extract<SocialCallbackResult, { outcome: 'register' }>;

type CallbackState =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'register'; offer: RegisterOffer }
  | { kind: 'linked'; provider: string };

const socialAttempt: LoginAttempt = { type: 'social', username: '', isRemembered: false };

/**
 * /social/callback: where LINE, Google and Facebook send the browser back. Spends this tab's flow
 * with the provider's answer, then logs in, offers registration (no account has this identity) or,
 * for a link started in the member centre, says it is linked. The verification a login may still
 * need (two-factor, new IP) opens its usual modal.
 */
export function SocialCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [flow] = useState(() => findSocialFlow());
  const [state, setState] = useState<CallbackState>(() =>
    flow ? { kind: 'working' } : { kind: 'failed', message: t('social_callback_no_flow') },
  );
  const hasRun = useRef(false);

  useEffect(() => {
    // Once: the flow is spent by the first call (React's development double effect would spend it twice).
    if (!flow || hasRun.current) return;
    hasRun.current = true;
    clearSocialFlow();
    const query = (name: string) => searchParams.get(name) ?? undefined;
    const request = {
      flowToken: flow.flowToken,
      ...(query('code') ? { code: query('code') } : {}),
      ...(query('state') ? { state: query('state') } : {}),
      ...(query('iss') ? { iss: query('iss') } : {}),
      ...(query('error') ? { error: query('error') } : {}),
    };
    finishSocialFlow(request)
      .then(async (result) => {
        if (result.outcome === 'loggedIn') {
          await completeLogin(result.login, socialAttempt);
          void navigate(paths.home.getHref(), { replace: true });
        } else if (result.outcome === 'register') {
          setState({ kind: 'register', offer: result });
        } else {
          setState({ kind: 'linked', provider: socialProviderNames[result.provider] });
        }
      })
      .catch((error: unknown) => {
        if (openLoginVerificationIfAsked(error, socialAttempt)) {
          void navigate(paths.home.getHref(), { replace: true });
          return;
        }
        setState({
          kind: 'failed',
          message: error instanceof ApiError && error.message ? error.message : t('error_network'),
        });
      });
  }, [flow, navigate, searchParams, t]);

  return (
    <div className="page social-callback">
      {state.kind === 'working' && (
        <div className="social-callback__working" role="status">
          <Spinner />
          <p>{t('social_callback_working')}</p>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="social-callback__panel">
          <h1>{t('social_callback_failed_title')}</h1>
          <p role="alert">{state.message}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              void navigate(paths.home.getHref(), { replace: true });
              openModal({ kind: 'login' });
            }}
          >
            {t('social_callback_retry')}
          </button>
        </div>
      )}
      {state.kind === 'linked' && (
        <div className="social-callback__panel">
          <h1>{t('social_linked', { provider: state.provider })}</h1>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              void navigate(paths.home.getHref(), { replace: true });
              openModal({ kind: 'memberCentre', page: 'securityCenter' });
            }}
          >
            {t('social_linked_open')}
          </button>
        </div>
      )}
      {state.kind === 'register' && <SocialRegisterForm offer={state.offer} />}
    </div>
  );
}

type FieldErrors = Partial<Record<'username' | 'birthday' | 'affiliateCode' | 'acceptTerms' | 'form', string>>;

/** The few fields a registration through a provider still asks (server README "Registration"). */
function SocialRegisterForm({ offer }: { offer: RegisterOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useRegisterSettings();
  const provider = socialProviderNames[offer.provider];
  const [username, setUsername] = useState(offer.suggestedUsername);
  const [birthday, setBirthday] = useState('');
  const [affiliateCode, setAffiliateCode] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSending, setSending] = useState(false);
  const minimumAge = settings.data?.minimumAge ?? 18;
  const isBirthdayAsked = Boolean(settings.data?.rules.birthday?.enabled);
  const [before = '', terms = '', after = ''] = t('register_agree', { age: minimumAge }).split(/<\/?terms>/);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (username.trim() === '') found.username = t('social_register_username_required');
    if (!acceptTerms) found.acceptTerms = t('register_agree_required', { age: minimumAge });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const result = await registerSocialMember({
        registrationToken: offer.registrationToken,
        username: username.trim(),
        acceptTerms,
        ...(isBirthdayAsked && birthday ? { birthday } : {}),
        ...(affiliateCode.trim() ? { affiliateCode: affiliateCode.trim() } : {}),
      });
      await startSession(result);
      void navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError) {
        const field = error.field as keyof FieldErrors | undefined;
        setErrors(
          field && ['username', 'birthday', 'affiliateCode', 'acceptTerms'].includes(field)
            ? { [field]: error.message }
            : { form: error.message },
        );
      } else setErrors({ form: t('error_network') });
    }
  };

  const errorOf = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p className="auth-field__error" id={`social-${field}-error`} role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="social-callback__panel social-register" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1>{t('social_register_title', { provider })}</h1>
      <p>{t('social_register_intro', { provider, name: offer.displayName ?? provider })}</p>
      <label className="auth-field">
        <span className="auth-field__label">{t('social_register_username')}</span>
        <input
          className="auth-field__input"
          value={username}
          autoComplete="username"
          aria-invalid={Boolean(errors.username)}
          onChange={(event) => setUsername(event.target.value)}
        />
        {errorOf('username')}
      </label>
      {isBirthdayAsked && (
        <label className="auth-field">
          <span className="auth-field__label">{t('social_register_birthday')}</span>
          <input
            className="auth-field__input"
            type="date"
            value={birthday}
            autoComplete="bday"
            aria-invalid={Boolean(errors.birthday)}
            onChange={(event) => setBirthday(event.target.value)}
          />
          {errorOf('birthday')}
        </label>
      )}
      <label className="auth-field">
        <span className="auth-field__label">{t('social_register_affiliate')}</span>
        <input
          className="auth-field__input"
          value={affiliateCode}
          aria-invalid={Boolean(errors.affiliateCode)}
          onChange={(event) => setAffiliateCode(event.target.value)}
        />
        {errorOf('affiliateCode')}
      </label>
      <label className="social-register__agree">
        <input type="checkbox" checked={acceptTerms} onChange={(event) => setAcceptTerms(event.target.checked)} />
        <span>
          {before}
          <a href={paths.terms.getHref()} target="_blank" rel="noreferrer">
            {terms}
          </a>
          {after}
        </span>
      </label>
      {errorOf('acceptTerms')}
      {errorOf('form')}
      <button type="submit" className="button button--primary" disabled={isSending}>
        {t('social_register_submit')}
      </button>
    </form>
  );
}
