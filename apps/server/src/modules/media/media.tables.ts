import type { ColumnType, Generated } from 'kysely';
import type { MediaImageType, MediaVariantFormat } from '@lotus/contract';

/** Images operators upload, one row per merchant and content (migration 0038). */
export interface MediaImageTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** Lower-case hex SHA-256 of `content`: the address's name and the ETag. */
  sha256: string;
  content_type: MediaImageType;
  size_bytes: number;
  width: number;
  height: number;
  content: Buffer;
  /** The operator who first uploaded it. */
  uploaded_by: bigint | null;
  created_at: ColumnType<Date, Date, never>;
}

/** AVIF and WebP copies of an image at the widths of mediaVariantWidthsFor (migration 0079, image-variants.ts). */
export interface MediaImageVariantTable {
  media_image_id: bigint;
  width: number;
  format: MediaVariantFormat;
  height: number;
  size_bytes: number;
  content: Buffer;
  /** How long encoding took, for sizing the queue (docs/performance.md). */
  encode_ms: number;
  created_at: ColumnType<Date, Date, never>;
}

export interface MediaTables {
  media_image: MediaImageTable;
  media_image_variant: MediaImageVariantTable;
}
