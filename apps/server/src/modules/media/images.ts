import { createHash } from 'node:crypto';
import {
  mediaImageMaxBytes,
  mediaImageMaxPixels,
  mediaImageMaxSide,
  type MediaImage,
  type MediaImageType,
  type MediaVariantFormat,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { inspectImage } from './inspect-image.ts';

/** What the refusal messages name: the field and the limits. */
const refusalParams = {
  field: 'file',
  maxMegabytes: mediaImageMaxBytes / (1024 * 1024),
  maxPixels: mediaImageMaxPixels.toLocaleString('en-US'),
  maxSide: mediaImageMaxSide,
};

const extensionOf: Record<MediaImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The public address of an image: it names the content, so it never changes and can be cached for a
 * year, and it carries the intrinsic size, so the site can set width and height (nothing shifts) and
 * knows which variants exist (mediaVariantWidthsOf) from the stored string alone.
 */
export function imageUrl(
  merchantId: number,
  image: { sha256: string; contentType: MediaImageType; width: number; height: number },
): string {
  return `/media/${merchantId}/${image.sha256}-${image.width}x${image.height}.${extensionOf[image.contentType]}`;
}

/** What a file name under `/media/{merchantId}/` asks for: the original, or one of its variants. */
export type ImageFileName =
  | { kind: 'original'; sha256: string; extension: string; width: number | null; height: number | null }
  | { kind: 'variant'; sha256: string; width: number; format: MediaVariantFormat };

/**
 * `{sha256}-{w}x{h}.{ext}` (or `{sha256}.{ext}`, as answered before the size was part of the address)
 * for the original, `{sha256}-{w}.{avif|webp}` for a variant; null when it is neither.
 */
export function parseImageFileName(fileName: string): ImageFileName | null {
  const original = /^([0-9a-f]{64})(?:-([1-9]\d{0,4})x([1-9]\d{0,4}))?\.(png|jpg|webp|gif)$/.exec(fileName);
  if (original) {
    const [, sha256, width, height, extension] = original;
    return {
      kind: 'original',
      sha256: sha256!,
      extension: extension!,
      width: width ? Number(width) : null,
      height: height ? Number(height) : null,
    };
  }
  const variant = /^([0-9a-f]{64})-([1-9]\d{0,4})\.(avif|webp)$/.exec(fileName);
  if (variant) {
    const [, sha256, width, format] = variant;
    return { kind: 'variant', sha256: sha256!, width: Number(width), format: format as MediaVariantFormat };
  }
  return null;
}

/**
 * Stores an operator's upload after inspectImage accepted its bytes (a refusal is a 400 naming the
 * field `file`, and nothing is stored). The same bytes again in the same merchant are the same image:
 * the first row is answered, and no second copy is kept. The upload is audited in its transaction.
 */
export async function storeImage(
  db: Kysely<Database>,
  input: { bytes: Buffer; audit: Omit<AuditEntry, 'action' | 'targetType' | 'targetId' | 'before' | 'after'> },
): Promise<MediaImage> {
  const image = inspectImage(input.bytes);
  if (typeof image === 'string') throw new AppError(400, image, { field: 'file', params: refusalParams });
  const { merchantId, operatorId, nowMs } = input.audit;
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('media_image')
      .values({
        merchant_id: merchantId,
        sha256,
        content_type: image.contentType,
        size_bytes: input.bytes.length,
        width: image.width,
        height: image.height,
        content: input.bytes,
        uploaded_by: operatorId,
        created_at: new Date(nowMs),
      })
      .onConflict((conflict) => conflict.columns(['merchant_id', 'sha256']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      inserted?.id ??
      (
        await trx
          .selectFrom('media_image')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('sha256', '=', sha256)
          .executeTakeFirstOrThrow()
      ).id;
    const answer: MediaImage = {
      id: Number(id),
      url: imageUrl(merchantId, { sha256, ...image }),
      contentType: image.contentType,
      sizeBytes: input.bytes.length,
      width: image.width,
      height: image.height,
      sha256,
    };
    const { id: _id, ...described } = answer;
    await recordAudit(trx, {
      ...input.audit,
      action: 'media.upload',
      targetType: 'media_image',
      targetId: id,
      before: null,
      after: { ...described, isNew: inserted !== undefined },
    });
    return answer;
  });
}

export interface StoredImage {
  contentType: MediaImageType;
  sha256: string;
  content: Buffer;
}

/**
 * The image of an address; null when the merchant has no image with that content and type, or the
 * address states a size the image does not have (each image has one address with its size).
 */
export async function findImage(
  db: Kysely<Database>,
  merchantId: number,
  name: Extract<ImageFileName, { kind: 'original' }>,
): Promise<StoredImage | null> {
  const row = await db
    .selectFrom('media_image')
    .select(['content_type', 'sha256', 'content', 'width', 'height'])
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', name.sha256)
    .executeTakeFirst();
  if (!row || extensionOf[row.content_type] !== name.extension) return null;
  if (name.width !== null && (name.width !== row.width || name.height !== row.height)) return null;
  return { contentType: row.content_type, sha256: row.sha256, content: row.content };
}
