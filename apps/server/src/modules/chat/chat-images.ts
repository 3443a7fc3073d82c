import { randomBytes } from 'node:crypto';
import { chatPaths, mediaErrorCodes, mediaImageMaxBytes, mediaImageMaxPixels, type ChatImage } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { inspectImage } from '../media/index.ts';

const refusalParams = {
  field: 'file',
  maxMegabytes: mediaImageMaxBytes / (1024 * 1024),
  maxPixels: mediaImageMaxPixels.toLocaleString('en-US'),
};

/** The multipart `file` of an upload route (registered with @fastify/multipart), refusals naming `file`. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new AppError(400, mediaErrorCodes.fileMissing, { field: 'file' });
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(400, mediaErrorCodes.tooLarge, { field: 'file', params: refusalParams });
    throw new AppError(400, mediaErrorCodes.fileMissing, { field: 'file', params: refusalParams });
  }
}

/**
 * Keeps an image sent in a conversation, after the media module's checks (type by its bytes, size,
 * pixels, whole file; SVG refused). Chat images are private to the conversation: kept here, served
 * only at an address of 128 random bits, never among the merchant's public media.
 */
export async function storeChatImage(
  db: Kysely<Database>,
  input: {
    merchantId: number;
    conversationId: bigint;
    bytes: Buffer;
    nowMs: number;
    /** An operator's upload is audited with it; a member's or visitor's is not an operator action. */
    audit?: Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;
  },
): Promise<ChatImage> {
  const image = inspectImage(input.bytes);
  if (typeof image === 'string') throw new AppError(400, image, { field: 'file', params: refusalParams });
  const urlKey = randomBytes(16).toString('hex');
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('chat_image')
      .values({
        merchant_id: input.merchantId,
        conversation_id: input.conversationId,
        url_key: urlKey,
        content_type: image.contentType,
        size_bytes: input.bytes.length,
        width: image.width,
        height: image.height,
        content: input.bytes,
        created_at: new Date(input.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.audit)
      await recordAudit(trx, {
        ...input.audit,
        action: 'chat.image.upload',
        targetType: 'chat_conversation',
        targetId: input.conversationId,
        before: null,
        after: { imageId: String(id), contentType: image.contentType, sizeBytes: input.bytes.length },
      });
    return { imageId: String(id), imageUrl: chatPaths.image.replace(':imageKey', urlKey) };
  });
}

export async function findChatImage(
  db: Kysely<Database>,
  merchantId: number,
  urlKey: string,
): Promise<{ contentType: string; content: Buffer } | undefined> {
  if (!/^[0-9a-f]{32}$/.test(urlKey)) return undefined;
  const row = await db
    .selectFrom('chat_image')
    .select(['content_type', 'content'])
    .where('merchant_id', '=', merchantId)
    .where('url_key', '=', urlKey)
    .executeTakeFirst();
  return row && { contentType: row.content_type, content: row.content };
}
