import { brandDomainsSchema, type BrandDomains } from '@lotus/contract';
import { useId } from 'react';
import { useFieldArray, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '../../lib/forms';
import { saveBrandDomains } from './api';
import { SectionFrame, useBrandSave, useFieldMessage } from './section-editor';
import type { SectionProps } from './settings-forms';

const domainsFormSchema = z.object({ domains: brandDomainsSchema });

/** The host names the site answers on; one is primary (links in e-mails, the site's canonical address). */
export function DomainsForm({ merchantId, settings, onConflict }: SectionProps) {
  const { t } = useTranslation();
  const form = useZodForm(domainsFormSchema, { defaultValues: { domains: structuredClone(settings.domains) } });
  const list = useFieldArray({ control: form.control, name: 'domains' });
  const save = useBrandSave(
    merchantId,
    (domains: BrandDomains) => saveBrandDomains(merchantId, { version: settings.version, domains }),
    form as never,
    '',
    onConflict,
  );
  const fieldMessage = useFieldMessage(form.formState.errors as FieldErrors);
  const domains = form.watch('domains');
  const groupId = useId();
  const setPrimary = (index: number) =>
    form.setValue(
      'domains',
      domains.map((entry, at) => ({ ...entry, isPrimary: at === index })),
      { shouldValidate: form.formState.isSubmitted },
    );
  return (
    <SectionFrame
      title={t('brands_domains')}
      hint={t('brands_domains_hint')}
      error={save.error}
      isSaving={save.isPending}
      onSubmit={() => void form.handleSubmit((value) => save.mutate(value.domains))()}
    >
      <ul className="brand-domains">
        {list.fields.map((field, index) => {
          const problem = fieldMessage(`domains.${index}.domain`) ?? fieldMessage(`domains.${index}.isPrimary`);
          return (
            <li key={field.id} className={problem ? 'has-error' : undefined}>
              <input
                aria-label={t('brands_domain_n', { n: index + 1 })}
                aria-invalid={Boolean(problem)}
                placeholder="www.example.com"
                {...form.register(`domains.${index}.domain`)}
              />
              <label className="switch brand-toggle">
                <input
                  type="radio"
                  name={groupId}
                  checked={domains[index]?.isPrimary ?? false}
                  onChange={() => setPrimary(index)}
                />
                <span>{t('brands_primary')}</span>
              </label>
              <button
                type="button"
                className="button is-danger-ghost is-small"
                onClick={() => list.remove(index)}
                disabled={list.fields.length === 1}
              >
                {t('brands_remove_domain')}
              </button>
              {problem ? (
                <span className="field-error" role="alert">
                  {problem}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="form-actions brand-domain-add">
        <button type="button" className="button is-ghost" onClick={() => list.append({ domain: '', isPrimary: false })}>
          {t('brands_add_domain')}
        </button>
      </div>
    </SectionFrame>
  );
}
