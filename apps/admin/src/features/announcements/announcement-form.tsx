import {
  adminAnnouncementBodySchema,
  announcementAudiences,
  announcementTypeSchema,
  setRefusalFieldError,
  siteContentErrorCodes,
  type AdminAnnouncement,
  type AdminAnnouncementBody,
  type AdminAnnouncementPreview,
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
import { announcementKeys, previewAnnouncement, saveAnnouncement } from './api';
import { useMe } from '../auth/api';
import { fallbackTimeZone, fromLocalInput, toLocalInput } from '../../lib/zoned-time';

/** The form's values: times as datetime-local text in the merchant's time zone, the image as '' when none. */
interface Draft {
  type: AdminAnnouncementBody['type'];
  titleTh: string;
  titleEn: string;
  contentTh: string;
  contentEn: string;
  imageUrl: string;
  isPinned: boolean;
  isPopup: boolean;
  sort: number;
  audience: AdminAnnouncementBody['audience'];
  enabled: boolean;
  activeFrom: string;
  activeUntil: string;
}

const fields = Object.keys(adminAnnouncementBodySchema.shape) as Array<Path<Draft>>;

function toBody(draft: Draft, timeZone: string): AdminAnnouncementBody {
  return {
    ...draft,
    sort: Number(draft.sort),
    imageUrl: draft.imageUrl === '' ? null : draft.imageUrl,
    activeFrom: fromLocalInput(draft.activeFrom, timeZone),
    activeUntil: fromLocalInput(draft.activeUntil, timeZone),
  };
}

function draftOf(row: AdminAnnouncement | null, timeZone: string): Draft {
  return {
    type: row?.type ?? 'PL',
    titleTh: row?.titleTh ?? '',
    titleEn: row?.titleEn ?? '',
    contentTh: row?.contentTh ?? '',
    contentEn: row?.contentEn ?? '',
    imageUrl: row?.imageUrl ?? '',
    isPinned: row?.isPinned ?? false,
    isPopup: row?.isPopup ?? false,
    sort: row?.sort ?? 0,
    audience: row?.audience ?? 'all',
    enabled: row?.enabled ?? true,
    activeFrom: toLocalInput(row?.activeFrom ?? null, timeZone),
    activeUntil: toLocalInput(row?.activeUntil ?? null, timeZone),
  };
}

/** The draft checked as the body it becomes, with the contract's schema; each failing rule shows under its field. */
function draftSchema(t: TFunction, timeZone: string) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const checked = adminAnnouncementBodySchema.safeParse(toBody(draft, timeZone));
    if (checked.success) return;
    for (const issue of checked.error.issues)
      context.addIssue({
        code: 'custom',
        path: [String(issue.path[0] ?? 'titleEn')],
        message: t(`announcements_error_${String(issue.path[0])}`, { defaultValue: t('announcements_error_field') }),
      });
  });
}

/**
 * Creates or edits one announcement: both languages, type, audience, schedule, order, the popup and
 * pinned flags, an uploaded image, and a preview drawn from the server's sanitised text.
 */
export function AnnouncementDialog({
  row,
  isOpen,
  onClose,
}: {
  /** null: a new announcement. */
  row: AdminAnnouncement | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The schedule is written in the merchant's time zone (me), whatever the operator's browser says.
  const timeZone = useMe().data?.merchant.timeZone ?? fallbackTimeZone;
  const form = useZodForm(
    useMemo(() => draftSchema(t, timeZone), [t, timeZone]),
    { defaultValues: draftOf(row, timeZone) },
  );
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    formState: { errors },
  } = form;
  const save = useMutation({
    mutationFn: (body: AdminAnnouncementBody) => saveAnnouncement(body, row),
    onSuccess: async () => {
      showToast(t(row ? 'announcements_saved' : 'announcements_created'));
      await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
      onClose();
    },
    onError: async (error) => {
      setRefusalFieldError(error, setError, fields);
      // Someone saved it meanwhile: the list shows their version; this form keeps the operator's text.
      if (error instanceof ApiError && error.errorCode === siteContentErrorCodes.versionConflict)
        await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
  const preview = useMutation({ mutationFn: previewAnnouncement });
  const conflict =
    save.error instanceof ApiError && save.error.errorCode === siteContentErrorCodes.versionConflict
      ? save.error
      : null;
  const isRefusalPlaced = save.error instanceof ApiError && fields.includes(save.error.field as Path<Draft>);
  const errorOf = (name: keyof Draft) => errors[name]?.message;

  const text = (name: 'titleTh' | 'titleEn', label: string) => (
    <Field label={label} htmlFor={`announcement-${name}`} error={errorOf(name)}>
      <input id={`announcement-${name}`} maxLength={200} aria-invalid={Boolean(errorOf(name))} {...register(name)} />
    </Field>
  );
  const richText = (name: 'contentTh' | 'contentEn', label: string) => (
    <Field label={label} htmlFor={`announcement-${name}`} hint={t('announcements_content_hint')} error={errorOf(name)}>
      <textarea id={`announcement-${name}`} rows={5} aria-invalid={Boolean(errorOf(name))} {...register(name)} />
    </Field>
  );

  return (
    <Dialog title={t(row ? 'announcements_edit' : 'announcements_new')} isOpen={isOpen} onClose={onClose} isWide>
      <form
        className="form announcement-form"
        noValidate
        onSubmit={(event) => void handleSubmit((draft) => save.mutate(toBody(draft, timeZone)))(event)}
      >
        <div className="form-grid">
          <Field label={t('announcements_type')} htmlFor="announcement-type" hint={t('announcements_type_hint')}>
            <select id="announcement-type" {...register('type')}>
              {announcementTypeSchema.options.map((type) => (
                <option key={type} value={type}>
                  {t(`announcements_type_${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('announcements_audience')}
            htmlFor="announcement-audience"
            hint={t('announcements_audience_hint')}
          >
            <select id="announcement-audience" {...register('audience')}>
              {announcementAudiences.map((audience) => (
                <option key={audience} value={audience}>
                  {t(`announcements_audience_${audience}`)}
                </option>
              ))}
            </select>
          </Field>
          {text('titleTh', t('announcements_title_th'))}
          {text('titleEn', t('announcements_title_en'))}
        </div>
        {richText('contentTh', t('announcements_content_th'))}
        {richText('contentEn', t('announcements_content_en'))}
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageUpload
              label={t('announcements_image')}
              value={field.value}
              onChange={field.onChange}
              error={errorOf('imageUrl')}
              isOptional
            />
          )}
        />
        <div className="form-grid">
          <Field
            label={t('announcements_active_from')}
            htmlFor="announcement-from"
            hint={t('announcements_active_hint', { timeZone })}
            error={errorOf('activeFrom')}
          >
            <input id="announcement-from" type="datetime-local" {...register('activeFrom')} />
          </Field>
          <Field label={t('announcements_active_until')} htmlFor="announcement-until" error={errorOf('activeUntil')}>
            <input id="announcement-until" type="datetime-local" {...register('activeUntil')} />
          </Field>
          <Field label={t('announcements_sort')} htmlFor="announcement-sort" error={errorOf('sort')}>
            <input
              id="announcement-sort"
              type="number"
              min={0}
              max={9999}
              {...register('sort', { valueAsNumber: true })}
            />
          </Field>
        </div>
        <div className="announcement-switches">
          <label className="switch">
            <input type="checkbox" {...register('enabled')} />
            <span>{t('announcements_enabled')}</span>
          </label>
          <label className="switch">
            <input type="checkbox" {...register('isPinned')} />
            <span>{t('announcements_pinned')}</span>
          </label>
          <label className="switch">
            <input type="checkbox" {...register('isPopup')} />
            <span>{t('announcements_popup')}</span>
          </label>
        </div>
        {conflict ? (
          <p className="error-note" role="alert">
            {conflict.message} {t('announcements_conflict_hint')}
          </p>
        ) : isRefusalPlaced ? null : (
          <ErrorNote error={save.error} />
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button is-ghost"
            disabled={preview.isPending}
            onClick={() => preview.mutate(toBody(getValues(), timeZone))}
          >
            {t('announcements_preview')}
          </button>
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {save.isPending ? t('working') : t('save')}
          </button>
        </div>
        <ErrorNote error={preview.error} />
        {preview.data ? <AnnouncementPreview preview={preview.data} /> : null}
      </form>
    </Dialog>
  );
}

/**
 * The announcement as the site draws it in its notice modal: the art, the title, the text. The HTML
 * is what the server's sanitiser kept (no script, handlers or javascript: links), exactly what a save stores.
 */
function AnnouncementPreview({ preview }: { preview: AdminAnnouncementPreview }) {
  const { t } = useTranslation();
  return (
    <section className="announcement-preview" aria-label={t('announcements_preview')}>
      {(['th', 'en'] as const).map((language) => (
        <article key={language} className="announcement-preview-card" lang={language}>
          <span className="muted">{t(`announcements_preview_${language}`)}</span>
          {preview.imageUrl ? <img src={preview.imageUrl} alt="" /> : null}
          <h3>{preview[language].title}</h3>
          {/* Sanitised by the server (sanitize-html), as the site's own SafeHtml draws it. */}
          <div className="announcement-preview-text" dangerouslySetInnerHTML={{ __html: preview[language].content }} />
        </article>
      ))}
    </section>
  );
}
