import { promotionPictureMaxBytes, promotionPicturesMax } from '@lotus/contract';

export { promotionPicturesMax };

/**
 * A picture for an application, checked as the server's media check does (modules/media README):
 * not empty, at most 2 MB, and by its first bytes a PNG, JPEG, GIF or WebP (an SVG or a renamed file
 * is refused). Answers the locale key of the refusal, or null.
 */
export async function checkRewardPicture(file: File): Promise<string | null> {
  if (file.size === 0) return 'promotions_picture_type';
  if (file.size > promotionPictureMaxBytes) return 'promotions_picture_size';
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  const isPng = starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const isJpeg = starts(0xff, 0xd8, 0xff);
  const isGif = starts(0x47, 0x49, 0x46, 0x38);
  const isWebp = starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42;
  return isPng || isJpeg || isGif || isWebp ? null : 'promotions_picture_type';
}
