import { mediaImageMaxBytes, mediaImageSchema, mediaPaths, type MediaImage } from '@lotus/contract';
import { apiRequest } from './api-client';

/** The types the server accepts (by content; this only narrows the file picker). */
export const acceptedImageTypes = 'image/png,image/jpeg,image/webp,image/gif';
export const maxImageMegabytes = mediaImageMaxBytes / (1024 * 1024);

/**
 * Uploads an image to the media module (`POST /admin-api/media/images`, field `file`). The server
 * decides what the file is from its bytes and refuses with a message in the operator's language.
 */
export function uploadImage(file: File): Promise<MediaImage> {
  const formData = new FormData();
  formData.append('file', file);
  return apiRequest<MediaImage>(mediaPaths.upload, {
    method: 'POST',
    formData,
    schema: import.meta.env.DEV && mediaImageSchema,
  });
}
