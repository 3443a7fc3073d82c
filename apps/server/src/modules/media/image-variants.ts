import {
  mediaImageMaxPixels,
  mediaVariantFormats,
  mediaVariantWidthsFor,
  type MediaImage,
  type MediaVariantFormat,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/schema.ts';

/*
 * Variants of uploaded images: AVIF and WebP copies at the widths of mediaVariantWidthsFor, served at
 * `/media/{merchantId}/{sha256}-{width}.{avif|webp}` and kept in `media_image_variant` (migration 0079).
 *
 * When: on the first request for one, and right after an upload (the warm-up, not awaited by the
 * upload's answer). Encoding AVIF costs up to half a second a variant; inside the upload request
 * eight of them would make the operator wait seconds for every image, and a pg-boss job would add
 * a polling delay and a queue for work that one instance can do at once. Deriving on request keeps
 * the address always valid (an image uploaded before this existed, a warm-up cut short by a
 * restart) and the warm-up makes the first visitor's request a plain read.
 *
 * Once: the `(media_image_id, width, format)` key allows one row; in one process concurrent requests
 * share one promise, and across instances the deriving transaction takes an advisory lock on the key
 * and looks again before encoding, so a second instance waits and reads the first one's row.
 *
 * Bounded: each instance encodes one variant at a time (a queue) with one libvips thread, so image
 * work takes at most one of the machine's cores and the API keeps the other; decoding is limited to
 * the upload limit's pixels (an image bomb cannot get past inspectImage, and not past here either).
 */

// One libvips worker thread per image, and no cache of decoded images between requests (memory).
sharp.concurrency(1);
sharp.cache(false);

/** AVIF at effort 3: a 1600-wide banner in ~0.5 s on one core; effort 4 is 12% smaller and 4x slower. */
const encoders: Record<MediaVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
};

export interface StoredVariant {
  sha256: string;
  format: MediaVariantFormat;
  width: number;
  content: Buffer;
}

interface SourceImage {
  id: bigint;
  sha256: string;
  contentType: MediaImage['contentType'];
  width: number;
}

let encodeCount = 0;
/** How many variants this process has encoded (tests: each is encoded once). */
export function variantEncodeCount(): number {
  return encodeCount;
}

/** Resizes (never up) and encodes one variant; runs on libuv's pool, off the event loop. */
export async function encodeVariant(
  original: Buffer,
  width: number,
  format: MediaVariantFormat,
): Promise<{ content: Buffer; width: number; height: number }> {
  const image = sharp(original, { limitInputPixels: mediaImageMaxPixels, animated: false })
    // A phone's JPEG says its orientation in EXIF; browsers draw it turned, so the copy is turned too.
    .rotate()
    .resize({ width, withoutEnlargement: true });
  const { data, info } = await encoders[format](image).toBuffer({ resolveWithObject: true });
  encodeCount += 1;
  return { content: data, width: info.width, height: info.height };
}

/** Runs tasks one after another; tasks queued after close() are dropped (answer null). */
function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  return {
    run<T>(task: () => Promise<T>): Promise<T | null> {
      const result = tail.then(() => (isClosed ? null : task()));
      tail = result.catch(() => undefined);
      return result;
    },
    /** Lets the running task finish (it holds a database connection) and drops the rest. */
    async close(): Promise<void> {
      isClosed = true;
      await tail;
    },
  };
}

export interface ImageVariants {
  /** The variant of an address, derived now if it is not stored yet; null: no such image or variant (404). */
  find(merchantId: number, sha256: string, width: number, format: MediaVariantFormat): Promise<StoredVariant | null>;
  /** Derives every variant of a new upload in the background (errors are logged, never thrown). */
  warm(merchantId: number, image: MediaImage): void;
  close(): Promise<void>;
}

/** One per API instance (modules/media's routes): its own queue of encodes. */
export function createImageVariants(db: Kysely<Database>, logger: Pick<Logger, 'warn'>): ImageVariants {
  const queue = createSerialQueue();
  const inFlight = new Map<string, Promise<StoredVariant | null>>();

  const readStored = async (merchantId: number, sha256: string, width: number, format: MediaVariantFormat) =>
    db
      .selectFrom('media_image_variant as v')
      .innerJoin('media_image as i', 'i.id', 'v.media_image_id')
      .select('v.content')
      .where('i.merchant_id', '=', merchantId)
      .where('i.sha256', '=', sha256)
      .where('v.width', '=', width)
      .where('v.format', '=', format)
      .executeTakeFirst();

  const derive = (source: SourceImage, width: number, format: MediaVariantFormat) =>
    db.transaction().execute(async (trx) => {
      // Another instance deriving the same variant holds this until it commits; then the row is there.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`media_image_variant:${source.id}:${width}:${format}`}, 0))`.execute(
        trx,
      );
      const stored = await trx
        .selectFrom('media_image_variant')
        .select('content')
        .where('media_image_id', '=', source.id)
        .where('width', '=', width)
        .where('format', '=', format)
        .executeTakeFirst();
      if (stored) return stored.content;
      const original = await trx
        .selectFrom('media_image')
        .select('content')
        .where('id', '=', source.id)
        .executeTakeFirstOrThrow();
      const startedAt = performance.now();
      // inspectImage checked the structure, not every pixel: bytes libvips cannot decode (which a
      // browser could not draw either) have no variants: 404, never a 500.
      const encoded = await encodeVariant(original.content, width, format).catch((error: unknown) => {
        logger.warn({ err: error, mediaImageId: String(source.id), width, format }, 'media variant not derivable');
        return null;
      });
      if (!encoded) return null;
      await trx
        .insertInto('media_image_variant')
        .values({
          media_image_id: source.id,
          width,
          format,
          height: encoded.height,
          size_bytes: encoded.content.length,
          content: encoded.content,
          encode_ms: Math.round(performance.now() - startedAt),
          created_at: new Date(),
        })
        .execute();
      return encoded.content;
    });

  const find: ImageVariants['find'] = async (merchantId, sha256, width, format) => {
    const stored = await readStored(merchantId, sha256, width, format);
    if (stored) return { sha256, width, format, content: stored.content };
    const source = await db
      .selectFrom('media_image')
      .select(['id', 'sha256', 'content_type as contentType', 'width'])
      .where('merchant_id', '=', merchantId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    // Only the widths the address convention promises exist; GIFs (animations) have none.
    if (!source || source.contentType === 'image/gif' || !mediaVariantWidthsFor(source.width).includes(width))
      return null;
    const key = `${source.id}:${width}:${format}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = queue
        .run(() => derive(source, width, format))
        .then((content) => (content ? { sha256, width, format, content } : null))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    find,
    warm(merchantId, image) {
      if (image.contentType === 'image/gif') return;
      for (const width of mediaVariantWidthsFor(image.width))
        for (const format of mediaVariantFormats)
          find(merchantId, image.sha256, width, format).catch((error: unknown) =>
            logger.warn({ err: error, sha256: image.sha256, width, format }, 'media variant warm-up failed'),
          );
    },
    close: () => queue.close(),
  };
}
