import {
  operatorLoginBodySchema,
  operatorTotpCodeBodySchema,
  setRefusalFieldError,
  type OperatorLoginBody,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorNote, Field } from '../../components/bits';
import { LanguageSwitch } from '../../components/language-switch';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
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

/** The contract's login body; the username is sent trimmed, as typed otherwise. */
const passwordFormSchema = operatorLoginBodySchema.extend({
  username: z.string().trim().pipe(operatorLoginBodySchema.shape.username),
});

/** Whether a refusal was placed under a field of the form (then it is not the form's error too). */
function isRefusalOf(error: unknown, fields: readonly string[]): boolean {
  const field = (error as { field?: unknown } | null)?.field;
  return typeof field === 'string' && fields.includes(field);
}

/** A refusal's message under its field (the rules themselves show as the disabled button, as before). */
function refusalOf(error: { type?: string; message?: string } | undefined): string | undefined {
  return error?.type === 'server' ? error.message : undefined;
}

function PasswordStep({ onDone }: { onDone: (value: { token: string; stage: 'enrol' | 'verify' }) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useZodForm(passwordFormSchema, { defaultValues: { username: '', password: '' } });
  const mutation = useMutation({
    mutationFn: (body: OperatorLoginBody) => logIn(body.username, body.password),
    onSuccess: onDone,
    onError: (error) => setRefusalFieldError(error, setError, ['username', 'password']),
  });
  // Read synchronously, so the button follows each keystroke.
  const canSend = passwordFormSchema.safeParse(watch()).success;
  const field = (name: 'username' | 'password') => register(name, { onChange: () => clearErrors(name) });
  return (
    <form
      className="form"
      onSubmit={(event) =>
        void handleSubmit((body) => {
          if (!mutation.isPending) mutation.mutate(body);
        })(event)
      }
      noValidate
    >
      <h1 className="login-title">{t('login_title')}</h1>
      <Field label={t('login_username')} htmlFor="login-username" error={refusalOf(errors.username)}>
        <input id="login-username" autoComplete="username" autoFocus required {...field('username')} />
      </Field>
      <Field label={t('login_password')} htmlFor="login-password" error={refusalOf(errors.password)}>
        <input id="login-password" type="password" autoComplete="current-password" required {...field('password')} />
      </Field>
      <ErrorNote error={isRefusalOf(mutation.error, ['username', 'password']) ? null : mutation.error} />
      <button type="submit" className="button is-primary is-block" disabled={mutation.isPending || !canSend}>
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

/**
 * The authenticator code as the contract's body takes it (6 digits), typed in a controlled input that
 * keeps digits only; a refused code is emptied, and a refusal naming `code` shows under it.
 */
function useCodeForm(send: (code: string) => Promise<unknown>, onDone: () => void) {
  const { handleSubmit, watch, setValue, reset, setError, formState } = useZodForm(operatorTotpCodeBodySchema, {
    defaultValues: { code: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: { code: string }) => send(body.code),
    onSuccess: onDone,
    onError: (error) => {
      reset();
      setRefusalFieldError(error, setError, ['code']);
    },
  });
  const code = watch('code');
  return {
    code,
    setCode: (value: string) => setValue('code', value),
    codeError: refusalOf(formState.errors.code),
    formError: isRefusalOf(mutation.error, ['code']) ? null : mutation.error,
    canSend: operatorTotpCodeBodySchema.safeParse({ code }).success,
    mutation,
    submit: handleSubmit((body) => {
      if (!mutation.isPending) mutation.mutate(body);
    }),
  };
}

function CodeStep({ token, onDone, onRestart }: { token: string; onDone: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const { code, setCode, codeError, formError, canSend, mutation, submit } = useCodeForm(
    (value) => verifyCode(token, value),
    onDone,
  );
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <h1 className="login-title">{t('login_code_title')}</h1>
      <p className="muted">{t('login_code_help')}</p>
      <Field label={t('login_code')} htmlFor="login-code" error={codeError}>
        <CodeInput id="login-code" value={code} onChange={setCode} />
      </Field>
      <ErrorNote error={formError} />
      <button type="submit" className="button is-primary is-block" disabled={mutation.isPending || !canSend}>
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
  const enrolment = useQuery(enrolmentQuery(token));
  const {
    code,
    setCode,
    codeError,
    formError,
    canSend,
    mutation: confirm,
    submit,
  } = useCodeForm((value) => confirmEnrolment(token, value), onDone);
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
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
      <Field label={t('enrol_code')} htmlFor="enrol-code" error={codeError}>
        <CodeInput id="enrol-code" value={code} onChange={setCode} />
      </Field>
      <ErrorNote error={formError} />
      <button
        type="submit"
        className="button is-primary is-block"
        disabled={confirm.isPending || !canSend || !enrolment.data}
      >
        {confirm.isPending ? t('working') : t('enrol_confirm')}
      </button>
      <button type="button" className="button is-link" onClick={onRestart}>
        {isSessionGone(confirm.error) ? t('login_start_again') : t('login_back')}
      </button>
    </form>
  );
}
