import { sql, type Kysely } from 'kysely';

/**
 * Images operators upload (modules/media): logos, banners, announcement art, game thumbnails.
 *
 * - Kept in PostgreSQL as bytea (at most 2 MB each, checked before insert), not under DATA_DIR:
 *   every API instance serves them, and they are backed up with the rows that name them.
 * - One row per merchant and content: the same bytes uploaded twice are one image with one address
 *   (`/media/{merchant_id}/{sha256}.{ext}`), so the address can be cached for a year.
 * - `uploaded_by` is the operator who first uploaded it (kept when the operator is gone: no FK).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media_image (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 2097152),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      content bytea NOT NULL,
      uploaded_by bigint,
      created_at timestamptz NOT NULL,
      CONSTRAINT media_image_size_check CHECK (octet_length(content) = size_bytes),
      CONSTRAINT media_image_content_key UNIQUE (merchant_id, sha256)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE media_image`.execute(db);
}
