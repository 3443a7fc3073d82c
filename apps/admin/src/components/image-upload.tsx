import { mediaVariantWidthsOf, parseMediaImageUrl } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { acceptedImageTypes, maxImageMegabytes, uploadImage } from '../lib/media';
import './image-upload.css';

/**
 * An image field: shows the current image, uploads a chosen file to the media module and hands the
 * address it is served at to `onChange` (store that string). The server checks the file by its bytes
 * (type, size, dimensions) and its refusal is shown under the field in the operator's language.
 *
 *   <Controller control={form.control} name="imageUrl" render={({ field, fieldState }) => (
 *     <ImageUpload label={imageLabel} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
 *   )} />
 */
export function ImageUpload({
  label,
  value,
  onChange,
  error,
  isOptional,
  previewAlt,
}: {
  label: string;
  /** The image's address ('' or null: none yet). */
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** The form's own message for this field (a required image missing). */
  error?: string | undefined;
  /** Offer to remove the image (onChange('')). */
  isOptional?: boolean;
  previewAlt?: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (image) => onChange(image.url),
  });
  const uploadError =
    upload.error instanceof ApiError && upload.error.errorCode !== 'network.error'
      ? upload.error.message
      : upload.error
        ? t('media_upload_failed')
        : undefined;
  const shownError = uploadError ?? error;
  // The sizes the server makes of an upload for the member site (modules/media "Variants"), read from its address.
  const address = value ? parseMediaImageUrl(value) : null;
  const sizes =
    address?.width && address.height
      ? address.extension === 'gif'
        ? t('media_sizes_gif', { width: address.width, height: address.height })
        : t('media_sizes_made', {
            width: address.width,
            height: address.height,
            widths: mediaVariantWidthsOf(address).join(', '),
          })
      : null;

  function choose(file: File | undefined) {
    if (!file) return;
    upload.mutate(file);
    // The same file may be chosen again after a refusal.
    if (input.current) input.current.value = '';
  }

  return (
    <div className={shownError ? 'field image-upload has-error' : 'field image-upload'}>
      <label htmlFor={inputId}>{label}</label>
      <div className="image-upload-body">
        <div className="image-upload-preview">
          {value ? <img src={value} alt={previewAlt ?? label} /> : <span className="muted">{t('media_no_image')}</span>}
        </div>
        <div className="image-upload-actions">
          <input
            ref={input}
            id={inputId}
            className="image-upload-input"
            type="file"
            accept={acceptedImageTypes}
            aria-describedby={hintId}
            aria-invalid={shownError ? true : undefined}
            disabled={upload.isPending}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
          />
          {upload.isPending ? (
            <span className="muted" role="status">
              {t('media_uploading')}
            </span>
          ) : null}
          {sizes ? <span className="muted image-upload-sizes">{sizes}</span> : null}
          {isOptional && value ? (
            <button type="button" className="button is-ghost" onClick={() => onChange('')}>
              {t('media_remove')}
            </button>
          ) : null}
        </div>
      </div>
      {shownError ? (
        <span className="field-error" role="alert">
          {shownError}
        </span>
      ) : null}
      <span id={hintId} className="field-hint">
        {t('media_hint', { megabytes: maxImageMegabytes })}
      </span>
    </div>
  );
}
