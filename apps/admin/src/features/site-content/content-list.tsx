import { setRefusalFieldError, siteContentErrorCodes } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, ErrorNote, Field, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { ImageUpload } from '../../components/image-upload';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { GamePicker } from './game-picker';
import { contentListQuery, deleteContent, saveContent, siteContentKeys, type ContentEndpoint } from './api';

/** Every content row has these; the rest is the kind's own. */
export interface ContentRow {
  id: number;
  version: number;
  sort: number;
  enabled: boolean;
}

/** One input of a kind's form. Values of the draft are what the inputs hold; `toBody` makes the request. */
export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'textarea' | 'number' | 'switch'; hint?: string; isWide?: boolean }
  | { name: string; label: string; kind: 'select'; options: Array<{ value: string; label: string }>; hint?: string }
  | { name: string; label: string; kind: 'image'; isOptional?: boolean; hint?: string }
  /** Games of the merchant picked by vendor and name; the value is their ids one a line, in order. */
  | { name: string; label: string; kind: 'games'; hint?: string };

export interface ContentKindView<Row extends ContentRow, Draft extends FieldValues> {
  /** Catalogue key prefix of the kind's texts: `<prefix>_title`, `_add`, `_edit`, `_new`, `_saved`, `_deleted`, `_delete_confirm`, `_empty`. */
  textKey: string;
  endpoint: ContentEndpoint;
  columns: (t: TFunction) => Array<Column<Row>>;
  fields: (t: TFunction) => FieldSpec[];
  draftOf: (row: Row | null) => Draft;
  toBody: (draft: Draft) => object;
  /** The request schema: the form checks the body with it, the server's own rules. */
  bodySchema: z.ZodType;
  /** The name the delete confirmation shows. */
  nameOf: (row: Row) => string;
  /** Shown beside the form while editing (a preview of what the site shows). */
  preview?: (draft: Draft) => ReactNode;
}

/**
 * A kind of site content as a panel: its rows in the site's order (with on/off), Add, and per row
 * Edit (a dialog with the kind's form) and Delete (confirmed). Saves send the version read; a 409
 * says someone else changed the row and reloads the list, nothing of theirs is overwritten.
 */
export function ContentList<Row extends ContentRow, Draft extends FieldValues>({
  view,
}: {
  view: ContentKindView<Row, Draft>;
}) {
  const { t } = useTranslation();
  const list = useQuery(contentListQuery<Row>(view.endpoint));
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useMutation({
    mutationFn: (row: Row) => deleteContent(view.endpoint, row),
    onSuccess: async () => {
      showToast(t(`${view.textKey}_deleted`));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: siteContentKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: siteContentKeys.all }),
  });
  const columns: Array<Column<Row>> = [
    { key: 'sort', header: t('site_content_sort'), render: (row) => row.sort, isNumeric: true },
    ...view.columns(t),
    {
      key: 'enabled',
      header: t('site_content_state'),
      render: (row) =>
        row.enabled ? (
          <Badge tone="good">{t('site_content_on')}</Badge>
        ) : (
          <Badge tone="neutral">{t('site_content_off')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('site_content_actions'),
      render: (row) => (
        <span className="row-actions">
          <button
            type="button"
            className="button is-ghost is-small"
            aria-label={`${t('site_content_edit')} ${view.nameOf(row)}`}
            onClick={() => setEditing({ row })}
          >
            {t('site_content_edit')}
          </button>
          <button
            type="button"
            className="button is-ghost is-small is-danger"
            aria-label={`${t('site_content_delete')} ${view.nameOf(row)}`}
            onClick={() => {
              remove.reset();
              setDeleting(row);
            }}
          >
            {t('site_content_delete')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <Panel
      title={t(`${view.textKey}_title`)}
      actions={
        <button type="button" className="button is-primary is-small" onClick={() => setEditing({ row: null })}>
          + {t(`${view.textKey}_add`)}
        </button>
      }
    >
      <ErrorNote error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => String(row.id)}
        isLoading={list.isPending}
        emptyText={t(`${view.textKey}_empty`)}
        caption={t(`${view.textKey}_title`)}
      />
      {editing ? <ContentDialog view={view} row={editing.row} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        title={t(`${view.textKey}_delete_confirm`, { name: deleting ? view.nameOf(deleting) : '' })}
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        confirmLabel={t('site_content_delete')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        <p>{t('site_content_delete_hint')}</p>
      </ConfirmDialog>
    </Panel>
  );
}

/** The draft checked as the body it becomes; each failed rule shows under its field. */
function draftSchema<Draft extends FieldValues>(
  t: TFunction,
  view: ContentKindView<ContentRow, Draft>,
  names: string[],
) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const checked = view.bodySchema.safeParse(view.toBody(draft));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0] ?? '');
      context.addIssue({
        code: 'custom',
        path: [names.includes(name) ? name : 'root'],
        message: t('site_content_error_field'),
      });
    }
  });
}

function ContentDialog<Row extends ContentRow, Draft extends FieldValues>({
  view,
  row,
  onClose,
}: {
  view: ContentKindView<Row, Draft>;
  row: Row | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => view.fields(t), [view, t]);
  const names = fields.map((field) => field.name);
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors },
  } = useZodForm(
    useMemo(
      () => draftSchema(t, view as unknown as ContentKindView<ContentRow, Draft>, names),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- names follow fields
      [t, view],
    ),
    { defaultValues: view.draftOf(row) as never },
  );
  const save = useMutation({
    mutationFn: (body: object) => saveContent<Row>(view.endpoint, body, row),
    onSuccess: async () => {
      showToast(t(`${view.textKey}_saved`));
      await queryClient.invalidateQueries({ queryKey: siteContentKeys.all });
      onClose();
    },
    onError: async (error) => {
      setRefusalFieldError(error, (name, problem) => setError(name as Path<Draft>, problem), names);
      if (error instanceof ApiError && error.errorCode === siteContentErrorCodes.versionConflict)
        await queryClient.invalidateQueries({ queryKey: siteContentKeys.all });
    },
  });
  const isConflict = save.error instanceof ApiError && save.error.errorCode === siteContentErrorCodes.versionConflict;
  const isRefusalPlaced = save.error instanceof ApiError && names.includes(save.error.field ?? '');
  const errorOf = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const idOf = (name: string) => `content-${view.textKey}-${name}`;
  const draft = watch() as Draft;

  const input = (field: FieldSpec) => {
    const id = idOf(field.name);
    const name = field.name as Path<Draft>;
    const invalid = Boolean(errorOf(field.name));
    switch (field.kind) {
      case 'switch':
        return (
          <label key={field.name} className="switch">
            <input type="checkbox" {...register(name)} />
            <span>{field.label}</span>
          </label>
        );
      case 'image':
      case 'games':
        // Inputs whose value is not a native input's: controlled, given the field's value and error.
        return (
          <Controller
            key={field.name}
            control={control}
            name={name}
            render={({ field: controlled }) => {
              const shared = {
                label: field.label,
                value: controlled.value as string,
                onChange: controlled.onChange,
                error: errorOf(field.name),
              };
              return field.kind === 'image' ? (
                <ImageUpload {...shared} isOptional={field.isOptional} />
              ) : (
                <GamePicker {...shared} hint={field.hint} />
              );
            }}
          />
        );
      default:
        return (
          <Field key={field.name} label={field.label} htmlFor={id} hint={field.hint} error={errorOf(field.name)}>
            {field.kind === 'select' ? (
              <select id={id} aria-invalid={invalid} {...register(name)}>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'textarea' ? (
              <textarea id={id} rows={8} aria-invalid={invalid} {...register(name)} />
            ) : field.kind === 'number' ? (
              <input id={id} type="number" aria-invalid={invalid} {...register(name, { valueAsNumber: true })} />
            ) : (
              <input id={id} aria-invalid={invalid} autoComplete="off" {...register(name)} />
            )}
          </Field>
        );
    }
  };
  const isWide = (field: FieldSpec) =>
    field.kind === 'textarea' || field.kind === 'image' || field.kind === 'switch' || field.kind === 'games';

  return (
    <Dialog title={t(row ? `${view.textKey}_edit` : `${view.textKey}_new`)} isOpen onClose={onClose} isWide>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((value) => save.mutate(view.toBody(value as Draft)))(event)}
      >
        <div className="form-grid">{fields.filter((field) => !isWide(field)).map(input)}</div>
        {fields.filter(isWide).map(input)}
        {errorOf('root') ? (
          <p className="error-note" role="alert">
            {errorOf('root')}
          </p>
        ) : null}
        {view.preview ? (
          <section className="content-preview" aria-label={t('site_content_preview')}>
            <h3>{t('site_content_preview')}</h3>
            {view.preview(draft)}
          </section>
        ) : null}
        {isConflict ? (
          <p className="error-note" role="alert">
            {(save.error as ApiError).message}
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
