import type { CreateDownlineRequest, DownlineCreated } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { createDownline } from './api';

/**
 * registerCenter (spec §2 agent centre, PUT /wps/agent/downline): the agent opens an account directly
 * under itself, a member or an agent of its own kind. The account changes its password at first login.
 */
export function RegisterDownlinePage() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({ isAgent: '0', username: '', password: '', payeeName: '', mobileNum: '' });
  const [created, setCreated] = useState<DownlineCreated | null>(null);
  const mutation = useMutation({
    mutationFn: (request: CreateDownlineRequest) => createDownline(request),
    onSuccess: (value) => {
      setCreated(value);
      setForm((previous) => ({ ...previous, username: '', password: '', payeeName: '', mobileNum: '' }));
    },
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    mutation.mutate({
      username: form.username.trim(),
      password: form.password,
      isAgent: form.isAgent === '0' ? 0 : 1,
      ...(form.payeeName.trim() ? { payeeName: form.payeeName.trim() } : {}),
      ...(form.mobileNum.trim() ? { mobileNum: form.mobileNum.trim(), countryDialingCode: '66' } : {}),
    });
  };
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form className="agent-form" onSubmit={submit} noValidate>
      <p className="agent-form__hint">{t('agents_register_hint')}</p>
      <fieldset className="agent-form__choice">
        <legend>{t('agents_register_type')}</legend>
        {(['0', '1'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="isAgent"
              value={value}
              checked={form.isAgent === value}
              onChange={set('isAgent')}
            />
            {t(value === '0' ? 'agents_register_type_member' : 'agents_register_type_agent')}
          </label>
        ))}
      </fieldset>
      {(
        [
          ['username', 'agents_register_username', 'text', 'off'],
          ['password', 'agents_register_password', 'password', 'new-password'],
          ['payeeName', 'agents_register_payee', 'text', 'off'],
          ['mobileNum', 'agents_register_mobile', 'tel', 'off'],
        ] as const
      ).map(([key, label, type, autoComplete]) => (
        <div key={key} className="agent-form__field">
          <label htmlFor={`${id}-${key}`}>{t(label)}</label>
          <input
            id={`${id}-${key}`}
            name={key}
            type={type}
            autoComplete={autoComplete}
            value={form[key]}
            onChange={set(key)}
            aria-invalid={fieldError(key) !== undefined}
            required={key === 'username' || key === 'password'}
          />
          {fieldError(key) ? <p className="agent-form__error">{fieldError(key)}</p> : null}
        </div>
      ))}
      {error && !error.field ? <p className="agent-form__error">{error.message}</p> : null}
      {created ? (
        <p className="agent-form__done" role="status">
          {t('agents_register_done', { account: created.account })}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {t('agents_register_submit')}
      </button>
    </form>
  );
}
