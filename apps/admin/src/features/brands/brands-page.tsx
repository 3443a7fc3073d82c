import { createBrandBodySchema, setRefusalFieldError, type BrandSummary, type CreatedBrand } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge, ErrorNote, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { brandKeys, brandsQuery, createBrand } from './api';
import { useFieldMessage } from './section-editor';
import './brands.css';

/**
 * The merchants the operator may see: their own, or every one for a platform operator
 * (`brands.platform`), who can also create one here (its first operator's password is shown once).
 */
export function BrandsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery(brandsQuery());
  const [isCreating, setCreating] = useState(false);
  const columns: Column<BrandSummary>[] = [
    { key: 'code', header: t('brands_code'), render: (row) => <span className="mono">{row.code}</span> },
    { key: 'name', header: t('brands_name'), render: (row) => <strong>{row.name}</strong> },
    { key: 'domain', header: t('brands_primary_domain'), render: (row) => row.primaryDomain ?? '—' },
    { key: 'currency', header: t('brands_currency'), render: (row) => row.currency },
    {
      key: 'language',
      header: t('brands_default_language'),
      render: (row) => t(`brands_language_${row.defaultLanguage}`),
    },
    {
      key: 'status',
      header: t('brands_status'),
      render: (row) => (
        <Badge tone={row.status === 'active' ? 'good' : 'bad'}>{t(`brands_status_${row.status}`)}</Badge>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('brands_title')}
        subtitle={t(list.data?.canCreate ? 'brands_subtitle_platform' : 'brands_subtitle')}
        actions={
          list.data?.canCreate ? (
            <button type="button" className="button is-primary" onClick={() => setCreating(true)}>
              {t('brands_create')}
            </button>
          ) : null
        }
      />
      <ErrorNote error={list.error} />
      <Panel>
        <DataTable
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => String(row.id)}
          isLoading={list.isPending}
          onRowClick={(row) => void navigate(`/brands/${row.id}`)}
          caption={t('brands_title')}
        />
      </Panel>
      {isCreating ? <CreateBrandDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

const createFields = ['code', 'name', 'domain', 'currency', 'currencySymbol', 'adminUsername'] as const;

function CreateBrandDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(createBrandBodySchema, {
    defaultValues: {
      code: '',
      name: '',
      domain: '',
      currency: 'THB',
      defaultLanguage: 'TH',
      adminUsername: 'admin',
      platformAdmin: false,
    },
  });
  const [created, setCreated] = useState<CreatedBrand | null>(null);
  const create = useMutation({
    mutationFn: createBrand,
    onSuccess: async (value) => {
      setCreated(value);
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
    onError: (error) => setRefusalFieldError(error, (name, problem) => form.setError(name, problem), createFields),
  });
  const fieldMessage = useFieldMessage(form.formState.errors);
  const ids = { language: useId(), platform: useId() };
  const refusedField = create.error instanceof ApiError ? create.error.field : undefined;
  const isPlaced = createFields.some((field) => field === refusedField);
  if (created) {
    return (
      <Dialog title={t('brands_created')} isOpen onClose={onClose}>
        <div className="brand-created">
          <p>{t('brands_created_text', { name: created.merchant.name, domain: created.merchant.primaryDomain })}</p>
          <dl className="brand-secret">
            <dt>{t('brands_admin_username')}</dt>
            <dd className="mono">{created.admin.username}</dd>
            <dt>{t('brands_admin_password')}</dt>
            <dd className="mono" data-testid="one-time-password">
              {created.admin.password}
            </dd>
          </dl>
          <p className="warn-text" role="note">
            {t('brands_password_once')}
          </p>
          <div className="form-actions">
            <button type="button" className="button is-primary" onClick={onClose}>
              {t('brands_password_noted')}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }
  const text = (name: (typeof createFields)[number], label: string, hint?: string) => (
    <div className={`field${fieldMessage(name) ? ' has-error' : ''}`}>
      <label htmlFor={`brand-create-${name}`}>{label}</label>
      <input
        id={`brand-create-${name}`}
        aria-invalid={Boolean(fieldMessage(name))}
        {...form.register(name, name === 'currencySymbol' ? { setValueAs: (value: string) => value || undefined } : {})}
      />
      {fieldMessage(name) ? (
        <span className="field-error" role="alert">
          {fieldMessage(name)}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
  return (
    <Dialog title={t('brands_create')} isOpen onClose={onClose} isWide>
      <form
        noValidate
        className="form"
        onSubmit={(event) => void form.handleSubmit((body) => create.mutate(body))(event)}
      >
        <ErrorNote error={isPlaced ? null : create.error} />
        <div className="form-grid">
          {text('code', t('brands_code'), t('brands_code_hint'))}
          {text('name', t('brands_name'))}
          {text('domain', t('brands_primary_domain'), t('brands_domain_hint'))}
          {text('currency', t('brands_currency'), t('brands_currency_hint'))}
          {text('currencySymbol', t('brands_currency_symbol'), t('brands_currency_symbol_hint'))}
          <div className="field">
            <label htmlFor={ids.language}>{t('brands_default_language')}</label>
            <select id={ids.language} {...form.register('defaultLanguage')}>
              <option value="TH">{t('brands_language_TH')}</option>
              <option value="EN">{t('brands_language_EN')}</option>
            </select>
          </div>
          {text('adminUsername', t('brands_admin_username'))}
          <label className="switch brand-toggle" htmlFor={ids.platform}>
            <input id={ids.platform} type="checkbox" {...form.register('platformAdmin')} />
            <span>{t('brands_platform_admin')}</span>
          </label>
        </div>
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={create.isPending}>
            {create.isPending ? t('working') : t('brands_create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
