import { sql, type Kysely } from 'kysely';

/**
 * Smaller copies of uploaded images in AVIF and WebP (modules/media/image-variants.ts), served at
 * `/media/{merchant_id}/{sha256}-{width}.{avif|webp}` so the site can offer `srcset` sizes.
 *
 * - Derived from `media_image.content` once per image, width and format, on the first request
 *   (or by the warm-up after an upload); the primary key makes a second copy impossible, and the
 *   deriving transaction holds an advisory lock so two instances never encode the same one twice.
 * - Kept in PostgreSQL beside the original for the same reasons (every instance serves them, backups
 *   hold them); each is smaller than its original's 2 MB limit, never wider than the original.
 * - Deleted with their image (ON DELETE CASCADE), which can always derive them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media_image_variant (
      media_image_id bigint NOT NULL REFERENCES media_image (id) ON DELETE CASCADE,
      width integer NOT NULL CHECK (width BETWEEN 1 AND 8192),
      format text NOT NULL CHECK (format IN ('avif', 'webp')),
      height integer NOT NULL CHECK (height > 0),
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      content bytea NOT NULL,
      encode_ms integer NOT NULL CHECK (encode_ms >= 0),
      created_at timestamptz NOT NULL,
      CONSTRAINT media_image_variant_size_check CHECK (octet_length(content) = size_bytes),
      PRIMARY KEY (media_image_id, width, format)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE media_image_variant`.execute(db);
}
