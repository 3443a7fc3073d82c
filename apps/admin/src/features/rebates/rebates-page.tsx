import {
  adminRebateSettingsRequestSchema,
  rebateErrorCodes,
  rebateModes,
  rebateProductTypes,
  setRefusalFieldError,
  type AdminRebateSettings,
  type AdminRebateSettingsRequest,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, DateTime, ErrorNote, Field, PageHeader, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import './rebates.css';
import { rebateKeys, rebateSettingsQuery, saveRebateSettings } from './api';

const rateShape = adminRebateSettingsRequestSchema.shape;

/**
 * The form's values: one percent per product type (empty: no rebate for it), the daily cap empty for
 * none; the bounds are the contract's, worded in the operator's language.
 */
function formSchema(t: TFunction) {
  const percent = z.union([z.literal(''), z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, t('rebates_percent_rule'))]);
  return z.object({
    mode: rateShape.mode,
    rates: z.object(
      Object.fromEntries(rebateProductTypes.map((product) => [product, percent])) as Record<
        (typeof rebateProductTypes)[number],
        typeof percent
      >,
    ),
    minPayout: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, t('rebates_amount_rule')),
    dailyCap: z.union([z.literal(''), z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, t('rebates_amount_rule'))]),
    turnoverMultiplier: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, t('rebates_multiplier_rule')),
  });
}
type FormValues = z.output<ReturnType<typeof formSchema>>;

function toForm(settings: AdminRebateSettings): FormValues {
  return {
    mode: settings.mode,
    rates: Object.fromEntries(
      rebateProductTypes.map((product) => {
        const percent = settings.rates.find((rate) => rate.productType === product)?.percent ?? '0';
        return [product, percent === '0' ? '' : percent];
      }),
    ) as FormValues['rates'],
    minPayout: settings.minPayout,
    dailyCap: settings.dailyCap ?? '',
    turnoverMultiplier: settings.turnoverMultiplier,
  };
}

function toRequest(values: FormValues, version: number): AdminRebateSettingsRequest {
  return {
    mode: values.mode,
    rates: rebateProductTypes
      .filter((product) => values.rates[product] !== '' && Number(values.rates[product]) > 0)
      .map((product) => ({ productType: product, percent: values.rates[product] })),
    minPayout: values.minPayout,
    dailyCap: values.dailyCap === '' || Number(values.dailyCap) === 0 ? null : values.dailyCap,
    turnoverMultiplier: values.turnoverMultiplier,
    version,
  };
}

/**
 * Rebates (`brands.manage`): how the brand pays members a percent of their valid bets, per product
 * type: automatically each night (credited the next morning) or claimed by the member in the member
 * centre, never both; the minimum payout, a cap per member and day, and the turnover the rebate must
 * be played before it is cash. Saved with the version read; every save is in the audit log.
 */
export function RebatesPage() {
  const { t } = useTranslation();
  const settings = useQuery(rebateSettingsQuery());
  return (
    <>
      <PageHeader title={t('rebates_title')} subtitle={t('rebates_subtitle')} />
      <ErrorNote error={settings.error} />
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </>
  );
}

function SettingsForm({ settings }: { settings: AdminRebateSettings }) {
  const { t } = useTranslation();
  const schema = useMemo(() => formSchema(t), [t]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useZodForm(schema, { defaultValues: toForm(settings) });
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const save = useMutation({
    mutationFn: saveRebateSettings,
    onSuccess: async () => {
      showToast(t('rebates_saved'));
      await queryClient.invalidateQueries({ queryKey: rebateKeys.all });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.errorCode === rebateErrorCodes.settingsStale) {
        showToast(t('rebates_stale'));
        await queryClient.invalidateQueries({ queryKey: rebateKeys.all });
        return;
      }
      setRefusalFieldError(error, setError, {
        minPayout: 'minPayout',
        dailyCap: 'dailyCap',
        turnoverMultiplier: 'turnoverMultiplier',
      });
    },
  });
  return (
    <form
      className="rebates-form"
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(toRequest(values, settings.version)))}
    >
      <Panel
        title={t('rebates_mode_title')}
        actions={
          <span className="cell-stack">
            <Badge tone={settings.enabled ? 'good' : 'neutral'}>
              {settings.enabled ? t('rebates_enabled') : t('rebates_not_set')}
            </Badge>
            {settings.updatedAt ? (
              <span className="muted">
                {t('rebates_updated')} <DateTime value={settings.updatedAt} />
              </span>
            ) : null}
          </span>
        }
      >
        <fieldset className="rebates-modes">
          <legend className="visually-hidden">{t('rebates_mode_title')}</legend>
          {rebateModes.map((mode) => (
            <label key={mode} className="rebates-mode">
              <input type="radio" value={mode} {...register('mode')} />
              <span>
                <strong>{t(`rebates_mode_${mode}`)}</strong>
                <span className="muted">{t(`rebates_mode_${mode}_hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </Panel>
      <Panel title={t('rebates_rates_title')}>
        <p className="muted">{t('rebates_rates_hint')}</p>
        <div className="rebates-rates">
          {rebateProductTypes.map((product) => (
            <Field
              key={product}
              label={t(`rebates_product_${product}`)}
              htmlFor={`rebate-rate-${product}`}
              error={errors.rates?.[product]?.message}
            >
              <span className="rebates-percent">
                <input
                  id={`rebate-rate-${product}`}
                  inputMode="decimal"
                  placeholder="0"
                  {...register(`rates.${product}`)}
                />
                <span aria-hidden="true">%</span>
              </span>
            </Field>
          ))}
        </div>
      </Panel>
      <Panel title={t('rebates_rules_title')}>
        <div className="rebates-rules">
          <Field
            label={t('rebates_min_payout')}
            hint={t('rebates_min_payout_hint')}
            htmlFor="rebate-min"
            error={errors.minPayout?.message}
          >
            <input id="rebate-min" inputMode="decimal" {...register('minPayout')} />
          </Field>
          <Field
            label={t('rebates_daily_cap')}
            hint={t('rebates_daily_cap_hint')}
            htmlFor="rebate-cap"
            error={errors.dailyCap?.message}
          >
            <input id="rebate-cap" inputMode="decimal" {...register('dailyCap')} />
          </Field>
          <Field
            label={t('rebates_multiplier')}
            hint={t('rebates_multiplier_hint')}
            htmlFor="rebate-multiplier"
            error={errors.turnoverMultiplier?.message}
          >
            <input id="rebate-multiplier" inputMode="decimal" {...register('turnoverMultiplier')} />
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={save.isPending || !isDirty}>
            {t('rebates_save')}
          </button>
        </div>
      </Panel>
    </form>
  );
}
