import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorNote, Field } from '../../components/bits';
import { LanguageSwitch } from '../../components/language-switch';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { confirmEnrolment, enrolmentQuery, logIn, useToken, verifyCode } from './api';

type Step = { name: 'password' } | { name: 'enrol'; token: string } | { name: 'verify'; token: string };

/**
 * Password, then the authenticator: the first login sets one up (scan, then type a code), later
 * logins type its code. The password-stage token stays in memory only; the stored token is the one
 * that passed TOTP.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const [step, setStep] = useState<Step>({ name: 'password' });

  const finish = (fullToken: string) => {
    queryClient.clear();
    session.setToken(fullToken);
    void navigate('/', { replace: true });
  };

  if (token && step.name === 'password') return <Navigate to="/" replace />;
  const restart = () => setStep({ name: 'password' });

  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>
          <div>
            <p className="brand-name">{t('brand_name')}</p>
            <p className="brand-sub">{t('login_subtitle')}</p>
          </div>
          <LanguageSwitch />
        </div>
        <ol className="login-steps" aria-label={t('login_steps')}>
          <li className={step.name === 'password' ? 'is-current' : 'is-done'}>{t('login_step_password')}</li>
          <li className={step.name === 'password' ? '' : 'is-current'}>
            {step.name === 'enrol' ? t('login_step_enrol') : t('login_step_code')}
          </li>
        </ol>
        {step.name === 'password' ? (
          <PasswordStep
            onDone={(value) =>
              setStep(
                value.stage === 'enrol'
                  ? { name: 'enrol', token: value.token }
                  : { name: 'verify', token: value.token },
              )
            }
          />
        ) : step.name === 'enrol' ? (
          <EnrolStep token={step.token} onDone={() => finish(step.token)} onRestart={restart} />
        ) : (
          <CodeStep token={step.token} onDone={() => finish(step.token)} onRestart={restart} />
        )}
      </div>
      <p className="login-footnote">{t('login_footnote')}</p>
    </main>
  );
}

function PasswordStep({ onDone }: { onDone: (value: { token: string; stage: 'enrol' | 'verify' }) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({ mutationFn: () => logIn(username.trim(), password), onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && password) mutation.mutate();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <h1 className="login-title">{t('login_title')}</h1>
      <Field label={t('login_username')} htmlFor="login-username">
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Field>
      <Field label={t('login_password')} htmlFor="login-password">
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <ErrorNote error={mutation.error} />
      <button
        type="submit"
        className="button is-primary is-block"
        disabled={mutation.isPending || !username.trim() || !password}
      >
        {mutation.isPending ? t('working') : t('login_continue')}
      </button>
    </form>
  );
}

function CodeInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      id={id}
      className="code-input"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/** After a wrong code the session may have ended (5 wrong codes): then the password is asked again. */
function isSessionGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 429);
}

function CodeStep({ token, onDone, onRestart }: { token: string; onDone: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: () => verifyCode(token, code),
    onSuccess: onDone,
    onError: () => setCode(''),
  });
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6) mutation.mutate();
      }}
    >
      <h1 className="login-title">{t('login_code_title')}</h1>
      <p className="muted">{t('login_code_help')}</p>
      <Field label={t('login_code')} htmlFor="login-code">
        <CodeInput id="login-code" value={code} onChange={setCode} />
      </Field>
      <ErrorNote error={mutation.error} />
      <button type="submit" className="button is-primary is-block" disabled={mutation.isPending || code.length !== 6}>
        {mutation.isPending ? t('working') : t('login_verify')}
      </button>
      <button type="button" className="button is-link" onClick={onRestart}>
        {isSessionGone(mutation.error) ? t('login_start_again') : t('login_back')}
      </button>
    </form>
  );
}

function EnrolStep({ token, onDone, onRestart }: { token: string; onDone: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const enrolment = useQuery(enrolmentQuery(token));
  const confirm = useMutation({
    mutationFn: () => confirmEnrolment(token, code),
    onSuccess: onDone,
    onError: () => setCode(''),
  });
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6) confirm.mutate();
      }}
    >
      <h1 className="login-title">{t('enrol_title')}</h1>
      <p className="muted">{t('enrol_help')}</p>
      <div className="enrol-box">
        {enrolment.data ? (
          <>
            <img className="enrol-qr" src={enrolment.data.qrCode} alt={t('enrol_qr_alt')} width={180} height={180} />
            <div className="enrol-secret">
              <span className="field-hint">{t('enrol_secret')}</span>
              <code data-testid="totp-secret">{enrolment.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </div>
          </>
        ) : (
          <span className="skeleton enrol-qr" />
        )}
      </div>
      <ErrorNote error={enrolment.error} />
      <Field label={t('enrol_code')} htmlFor="enrol-code">
        <CodeInput id="enrol-code" value={code} onChange={setCode} />
      </Field>
      <ErrorNote error={confirm.error} />
      <button
        type="submit"
        className="button is-primary is-block"
        disabled={confirm.isPending || code.length !== 6 || !enrolment.data}
      >
        {confirm.isPending ? t('working') : t('enrol_confirm')}
      </button>
      <button type="button" className="button is-link" onClick={onRestart}>
        {isSessionGone(confirm.error) ? t('login_start_again') : t('login_back')}
      </button>
    </form>
  );
}
