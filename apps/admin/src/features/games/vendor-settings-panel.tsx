import {
  adminVendorUpdateBodySchema,
  gameCategorySchema,
  gamesAdminErrorCodes,
  setRefusalFieldError,
  type AdminVendor,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorNote, Field, Panel } from '../../components/bits';
import { ImageUpload } from '../../components/image-upload';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { gameKeys, updateVendor, vendorBodyOf } from './api';
import { checkedAs } from './checked-draft';

type Draft = Omit<z.input<typeof adminVendorUpdateBodySchema>, 'vendorId' | 'version'>;
const fields = Object.keys(adminVendorUpdateBodySchema.shape) as Array<Path<Draft>>;

/** The vendor's own settings, saved with the version read (a stale one is refused and the form kept). */
export function VendorSettingsPanel({ vendor }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => checkedAs<Draft>(t, (draft) => adminVendorUpdateBodySchema.safeParse({ ...draft, vendorId: 1, version: 1 })),
    [t],
  );
  const { vendorId: _id, version: _version, ...defaults } = vendorBodyOf(vendor);
  const form = useZodForm(schema, { defaultValues: defaults });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = form;
  const save = useMutation({
    mutationFn: (draft: Draft) =>
      updateVendor({
        ...(draft as z.output<typeof adminVendorUpdateBodySchema>),
        vendorId: vendor.vendorId,
        version: vendor.version,
      }),
    onSuccess: async () => {
      showToast(t('games_saved'));
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
    onError: async (error) => {
      setRefusalFieldError(error, setError, fields);
      if (error instanceof ApiError && error.errorCode === gamesAdminErrorCodes.versionConflict)
        await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
  const errorOf = (name: keyof Draft) => errors[name]?.message;
  const isRefusalPlaced = save.error instanceof ApiError && fields.includes(save.error.field as Path<Draft>);
  return (
    <Panel title={t('games_vendor_settings')}>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit((draft) => save.mutate(draft))(event)}>
        <div className="form-grid">
          <Field label={t('games_name_th')} htmlFor="vendor-nameTh" error={errorOf('nameTh')}>
            <input
              id="vendor-nameTh"
              maxLength={60}
              aria-invalid={Boolean(errorOf('nameTh'))}
              {...register('nameTh')}
            />
          </Field>
          <Field label={t('games_name_en')} htmlFor="vendor-nameEn" error={errorOf('nameEn')}>
            <input
              id="vendor-nameEn"
              maxLength={60}
              aria-invalid={Boolean(errorOf('nameEn'))}
              {...register('nameEn')}
            />
          </Field>
          <Field label={t('games_category')} htmlFor="vendor-category" error={errorOf('gameCategory')}>
            <select id="vendor-category" {...register('gameCategory')}>
              {gameCategorySchema.options.map((category) => (
                <option key={category} value={category}>
                  {t(`games_category_${category}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('games_sort')} htmlFor="vendor-sort" hint={t('games_sort_hint')} error={errorOf('sort')}>
            <input
              id="vendor-sort"
              type="number"
              inputMode="numeric"
              aria-invalid={Boolean(errorOf('sort'))}
              {...register('sort', { valueAsNumber: true })}
            />
          </Field>
          <Field
            label={t('games_turnover_exclusion')}
            htmlFor="vendor-exclusion"
            hint={t('games_turnover_exclusion_hint')}
            error={errorOf('turnoverExclusionPct')}
          >
            <input
              id="vendor-exclusion"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              aria-invalid={Boolean(errorOf('turnoverExclusionPct'))}
              {...register('turnoverExclusionPct', { valueAsNumber: true })}
            />
          </Field>
          <div className="games-switches">
            <label className="switch">
              <input type="checkbox" {...register('isEnabled')} />
              {t('games_enabled')}
            </label>
            <label className="switch">
              <input type="checkbox" {...register('isHot')} />
              {t('games_hot')}
            </label>
          </div>
        </div>
        <div className="form-grid">
          <Controller
            control={control}
            name="logoUrl"
            render={({ field }) => (
              <ImageUpload
                label={t('games_logo')}
                value={field.value}
                onChange={field.onChange}
                error={errorOf('logoUrl')}
              />
            )}
          />
        </div>
        {isRefusalPlaced ? null : <ErrorNote error={save.error} />}
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={save.isPending || !isDirty}>
            {t('games_save')}
          </button>
        </div>
      </form>
    </Panel>
  );
}
