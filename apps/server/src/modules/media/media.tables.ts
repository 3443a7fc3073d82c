import type { ColumnType, Generated } from 'kysely';
import type { MediaImageType } from '@lotus/contract';

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

export interface MediaTables {
  media_image: MediaImageTable;
}
