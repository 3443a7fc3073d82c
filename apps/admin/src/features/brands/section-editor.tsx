import {
  brandErrorCodes,
  setRefusalFieldError,
  type BrandSettings,
  type BrandSettingsUpdateBody,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { brandKeys } from './api';

export const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.errorCode === brandErrorCodes.versionConflict;

/**
 * Saving one settings form: the version the page read goes with it. On success the page shows what
 * the server stored; on a version conflict (someone saved in between) the settings are read again, the
 * form shows the current values (nothing of theirs was overwritten) and `onConflict` says so; a refusal
 * naming a field (`value.x`, `domains.0.domain`) goes under that field.
 */
export function useBrandSave<Body>(
  merchantId: number,
  send: (body: Body) => Promise<BrandSettings>,
  form: Pick<UseFormReturn<FieldValues>, 'setError'>,
  fieldPrefix: string,
  onConflict: () => void,
) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: send,
    onSuccess: (value) => {
      queryClient.setQueryData(brandKeys.of(merchantId), value);
      void queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
      showToast(t('brands_saved'));
    },
    onError: async (error) => {
      if (isVersionConflict(error)) {
        onConflict();
        await queryClient.invalidateQueries({ queryKey: brandKeys.of(merchantId) });
        return;
      }
      if (error instanceof ApiError && error.field?.startsWith(fieldPrefix)) {
        const name = error.field.slice(fieldPrefix.length);
        setRefusalFieldError(error, (field, problem) => form.setError(field, problem), { [error.field]: name });
      }
    },
  });
}

/** The save body of a section form. */
export type SectionBody<Section extends BrandSettingsUpdateBody['section']> = Extract<
  BrandSettingsUpdateBody,
  { section: Section }
>;

/** A section's frame: its panel, the server's general refusal and the save button. */
export function SectionFrame({
  title,
  hint,
  error,
  isSaving,
  onSubmit,
  children,
}: {
  title: string;
  hint?: string;
  error: unknown;
  isSaving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPlaced = error instanceof ApiError && (isVersionConflict(error) || Boolean(error.field));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Panel
        title={title}
        actions={
          <button type="submit" className="button is-primary" disabled={isSaving}>
            {isSaving ? t('working') : t('save')}
          </button>
        }
      >
        {hint ? <p className="muted brand-section-hint">{hint}</p> : null}
        <ErrorNote error={isPlaced ? null : error} />
        {children}
      </Panel>
    </form>
  );
}

/**
 * The message under a field: the server's own (already in the operator's language) or, for a rule of
 * the contract's schema checked in the browser, the page's "check this field" text with the hint.
 */
export function useFieldMessage(errors: FieldErrors) {
  const { t } = useTranslation();
  return (path: string): string | undefined => {
    const error = get(errors, path) as { type?: string; message?: string } | undefined;
    if (!error || (!error.type && !error.message)) return undefined;
    return error.type === 'server' && error.message ? error.message : t('brands_error_field');
  };
}
