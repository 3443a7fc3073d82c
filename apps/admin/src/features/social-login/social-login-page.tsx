import {
  adminSocialProviderBodySchema,
  setRefusalFieldError,
  type AdminSocialProvider,
  type AdminSocialProviders,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, DateTime, ErrorNote, Field, PageHeader, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { checkedAs } from '../games/checked-draft';
import { deleteSocialProvider, saveSocialProvider, socialLoginKeys, socialProvidersQuery } from './api';

const providerNames = { line: 'LINE', google: 'Google', facebook: 'Facebook' } as const;

interface ClientDraft {
  clientId: string;
  clientSecret: string;
}

/**
 * Social login (`brands.manage`): per provider the brand's client id and secret (sealed on the
 * server; only its last 4 characters come back), the redirect URIs to register at the provider, and
 * whether the brand's switch is on (Brands → switches). Each save and removal is audited.
 */
export function SocialLoginPage() {
  const { t } = useTranslation();
  const providers = useQuery(socialProvidersQuery());
  return (
    <>
      <PageHeader title={t('social_login_title')} subtitle={t('social_login_subtitle')} />
      <ErrorNote error={providers.error} />
      {providers.data?.providers.map((provider) => (
        <ProviderPanel key={provider.provider} provider={provider} />
      ))}
    </>
  );
}

function ProviderPanel({ provider }: { provider: AdminSocialProvider }) {
  const { t } = useTranslation();
  const [isRemoving, setRemoving] = useState(false);
  // A refusal naming a field shows under it; any other under the form.
  const [formError, setFormError] = useState<unknown>(null);
  const name = providerNames[provider.provider];
  const schema = useMemo(
    () =>
      checkedAs<ClientDraft>(t, (draft) =>
        adminSocialProviderBodySchema.safeParse({ clientId: draft.clientId, clientSecret: draft.clientSecret }),
      ),
    [t],
  );
  const form = useZodForm(schema, { values: { clientId: provider.clientId ?? '', clientSecret: '' } });
  const onSaved = (answer: AdminSocialProviders) => queryClient.setQueryData(socialLoginKeys.all, answer);
  const save = useMutation({
    mutationFn: (draft: ClientDraft) =>
      saveSocialProvider(provider.provider, {
        clientId: draft.clientId,
        ...(draft.clientSecret.trim() ? { clientSecret: draft.clientSecret } : {}),
      }),
    onSuccess: (answer) => {
      onSaved(answer);
      form.reset({ clientId: form.getValues('clientId'), clientSecret: '' });
      showToast(t('social_login_saved', { provider: name }));
    },
    onMutate: () => setFormError(null),
    onError: (error) => {
      if (!setRefusalFieldError(error, form.setError, ['clientId', 'clientSecret'] as Array<Path<ClientDraft>>))
        setFormError(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSocialProvider(provider.provider),
    onSuccess: (answer) => {
      onSaved(answer);
      setRemoving(false);
      showToast(t('social_login_removed', { provider: name }));
    },
  });
  const idFor = (field: string) => `social-${provider.provider}-${field}`;
  return (
    <Panel
      title={name}
      actions={
        <Badge tone={provider.isSwitchedOn ? 'good' : 'neutral'}>
          {t(provider.isSwitchedOn ? 'social_login_switch_on' : 'social_login_switch_off')}
        </Badge>
      }
    >
      <p className="muted">
        {t('social_login_switch_note')} <Link to="/brands">{t('social_login_brands_link')}</Link>
      </p>
      <form className="form-grid" onSubmit={form.handleSubmit((draft) => save.mutate(draft))} noValidate>
        <Field
          label={t('social_login_client_id')}
          htmlFor={idFor('client-id')}
          error={form.formState.errors.clientId?.message}
        >
          <input id={idFor('client-id')} autoComplete="off" {...form.register('clientId')} />
        </Field>
        <Field
          label={t('social_login_client_secret')}
          htmlFor={idFor('client-secret')}
          hint={
            provider.secretHint
              ? t('social_login_secret_kept', { hint: provider.secretHint })
              : t('social_login_secret_required')
          }
          error={form.formState.errors.clientSecret?.message}
        >
          <input
            id={idFor('client-secret')}
            type="password"
            autoComplete="new-password"
            {...form.register('clientSecret')}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {t('social_login_save')}
          </button>
          {provider.clientId !== null && (
            <button type="button" className="button is-danger" onClick={() => setRemoving(true)}>
              {t('social_login_remove')}
            </button>
          )}
        </div>
        <ErrorNote error={formError} />
      </form>
      {provider.updatedAt !== null && (
        <p className="muted">
          {t('social_login_updated')} <DateTime value={provider.updatedAt} />
        </p>
      )}
      <p>{t('social_login_redirect_uris')}</p>
      <ul>
        {provider.redirectUris.map((uri) => (
          <li key={uri}>
            <code>{uri}</code>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title={t('social_login_remove_title', { provider: name })}
        isOpen={isRemoving}
        confirmLabel={t('social_login_remove')}
        tone="danger"
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
        isPending={remove.isPending}
        error={remove.error}
      >
        <p>{t('social_login_remove_message', { provider: name })}</p>
      </ConfirmDialog>
    </Panel>
  );
}
