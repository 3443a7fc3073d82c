import {
  adminBannerBodySchema,
  bannerGroups,
  setRefusalFieldError,
  siteContentErrorCodes,
  type AdminBanner,
  type AdminBannerBody,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorNote, Field } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { ImageUpload } from '../../components/image-upload';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { announcementKeys, saveBanner } from './api';

/** The form's values: optional texts as '' when empty. */
type Draft = Omit<AdminBannerBody, 'subtitleTh' | 'subtitleEn' | 'buttonLabelTh' | 'buttonLabelEn' | 'linkUrl'> & {
  subtitleTh: string;
  subtitleEn: string;
  buttonLabelTh: string;
  buttonLabelEn: string;
  linkUrl: string;
};

const fields = Object.keys(adminBannerBodySchema.shape) as Array<Path<Draft>>;
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function toBody(draft: Draft): AdminBannerBody {
  return {
    ...draft,
    sort: Number(draft.sort),
    subtitleTh: orNull(draft.subtitleTh),
    subtitleEn: orNull(draft.subtitleEn),
    buttonLabelTh: orNull(draft.buttonLabelTh),
    buttonLabelEn: orNull(draft.buttonLabelEn),
    linkUrl: orNull(draft.linkUrl),
  };
}

function draftOf(row: AdminBanner | null): Draft {
  return {
    groupName: (row?.groupName as Draft['groupName'] | undefined) ?? 'home',
    titleTh: row?.titleTh ?? '',
    titleEn: row?.titleEn ?? '',
    subtitleTh: row?.subtitleTh ?? '',
    subtitleEn: row?.subtitleEn ?? '',
    buttonLabelTh: row?.buttonLabelTh ?? '',
    buttonLabelEn: row?.buttonLabelEn ?? '',
    imageUrl: row?.imageUrl ?? '',
    linkUrl: row?.linkUrl ?? '',
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  };
}

function draftSchema(t: TFunction) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const checked = adminBannerBodySchema.safeParse(toBody(draft));
    if (checked.success) return;
    for (const issue of checked.error.issues)
      context.addIssue({
        code: 'custom',
        path: [String(issue.path[0] ?? 'titleEn')],
        message: t(`announcements_error_${String(issue.path[0])}`, { defaultValue: t('announcements_error_field') }),
      });
  });
}

/** Creates or edits one banner: its group, art, headline, subtitle, button and link, order and switch. */
export function BannerDialog({
  row,
  isOpen,
  onClose,
}: {
  row: AdminBanner | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useZodForm(
    useMemo(() => draftSchema(t), [t]),
    { defaultValues: draftOf(row) },
  );
  const save = useMutation({
    mutationFn: (body: AdminBannerBody) => saveBanner(body, row),
    onSuccess: async () => {
      showToast(t(row ? 'announcements_banner_saved' : 'announcements_banner_created'));
      await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
      onClose();
    },
    onError: async (error) => {
      setRefusalFieldError(error, setError, fields);
      if (error instanceof ApiError && error.errorCode === siteContentErrorCodes.versionConflict)
        await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
  const conflict =
    save.error instanceof ApiError && save.error.errorCode === siteContentErrorCodes.versionConflict
      ? save.error
      : null;
  const isRefusalPlaced = save.error instanceof ApiError && fields.includes(save.error.field as Path<Draft>);
  const errorOf = (name: keyof Draft) => errors[name]?.message;
  const text = (name: keyof Draft & `${string}${'Th' | 'En'}`, label: string, maxLength: number) => (
    <Field label={label} htmlFor={`banner-${name}`} error={errorOf(name)}>
      <input id={`banner-${name}`} maxLength={maxLength} aria-invalid={Boolean(errorOf(name))} {...register(name)} />
    </Field>
  );
  return (
    <Dialog
      title={t(row ? 'announcements_banner_edit' : 'announcements_banner_new')}
      isOpen={isOpen}
      onClose={onClose}
      isWide
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((draft) => save.mutate(toBody(draft)))(event)}
      >
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageUpload
              label={t('announcements_banner_image')}
              value={field.value}
              onChange={field.onChange}
              error={errorOf('imageUrl')}
            />
          )}
        />
        <div className="form-grid">
          <Field label={t('announcements_banner_group')} htmlFor="banner-group">
            <select id="banner-group" {...register('groupName')}>
              {bannerGroups.map((group) => (
                <option key={group} value={group}>
                  {t(`announcements_banner_group_${group}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('announcements_sort')} htmlFor="banner-sort" error={errorOf('sort')}>
            <input id="banner-sort" type="number" min={0} max={9999} {...register('sort', { valueAsNumber: true })} />
          </Field>
          {text('titleTh', t('announcements_banner_headline_th'), 200)}
          {text('titleEn', t('announcements_banner_headline_en'), 200)}
          {text('subtitleTh', t('announcements_banner_subtitle_th'), 120)}
          {text('subtitleEn', t('announcements_banner_subtitle_en'), 120)}
          {text('buttonLabelTh', t('announcements_banner_button_th'), 120)}
          {text('buttonLabelEn', t('announcements_banner_button_en'), 120)}
        </div>
        <Field
          label={t('announcements_banner_link')}
          htmlFor="banner-link"
          hint={t('announcements_banner_link_hint')}
          error={errorOf('linkUrl')}
        >
          <input id="banner-link" maxLength={500} aria-invalid={Boolean(errorOf('linkUrl'))} {...register('linkUrl')} />
        </Field>
        <label className="switch">
          <input type="checkbox" {...register('enabled')} />
          <span>{t('announcements_enabled')}</span>
        </label>
        {conflict ? (
          <p className="error-note" role="alert">
            {conflict.message} {t('announcements_conflict_hint')}
          </p>
        ) : isRefusalPlaced ? null : (
          <ErrorNote error={save.error} />
        )}
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {save.isPending ? t('working') : t('save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
