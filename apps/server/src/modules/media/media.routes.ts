import multipart from '@fastify/multipart';
import {
  backofficeErrorCodes,
  envelopeSchema,
  mediaErrorCodes,
  mediaImageMaxBytes,
  mediaImageSchema,
  mediaPaths,
  type OperatorPermission,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, operatorMay, requireOperator } from '../backoffice/index.ts';
import { createImageVariants } from './image-variants.ts';
import { findImage, parseImageFileName, storeImage } from './images.ts';

const tags = ['media'];

/** Who may upload: anyone who edits something that shows an image (content, brands, games, promotions). */
export const mediaUploadPermissions: readonly [OperatorPermission, ...OperatorPermission[]] = [
  'content.manage',
  'brands.manage',
  'games.manage',
  'promotions.manage',
];

/**
 * requireOperator's checks (token, authenticator step), then any one of `permissions` (403 otherwise),
 * asked of the operator's role row as read on this call (custom roles included). The route table
 * sees the first permission, which every built-in role that may upload has (the authorization matrix).
 */
function requireAnyPermission(permissions: readonly [OperatorPermission, ...OperatorPermission[]]) {
  const operatorGuard = requireOperator(null);
  const guard = async function anyPermissionGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await operatorGuard(request, reply);
    if (!permissions.some((permission) => operatorMay(request.operator, permission)))
      throw new AppError(403, backofficeErrorCodes.permissionDenied, {
        params: { permission: permissions.join(' | ') },
      });
  };
  return Object.assign(guard, { permission: permissions[0] });
}

/**
 * Served images are only ever images: nothing in them may run, load or be framed, and the browser
 * must not guess another type. The address names the content, so it is cached for a year.
 */
const imageHeaders = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function mediaRoutes(app: AppInstance): Promise<void> {
  const variants = createImageVariants(app.db, app.log);
  // A derivation in progress holds a database connection: it ends before the pool closes.
  app.addHook('onClose', () => variants.close());

  app.get(mediaPaths.image, { schema: { hide: true } }, async (request, reply) => {
    const { merchantId, fileName } = request.params as { merchantId: string; fileName: string };
    const name = /^\d{1,9}$/.test(merchantId) ? parseImageFileName(fileName) : null;
    let served: { etag: string; contentType: string; content: Buffer } | null = null;
    if (name?.kind === 'original') {
      const image = await findImage(app.db, Number(merchantId), name);
      if (image) served = { etag: `"${image.sha256}"`, contentType: image.contentType, content: image.content };
    } else if (name?.kind === 'variant') {
      const variant = await variants.find(Number(merchantId), name.sha256, name.width, name.format);
      if (variant)
        served = {
          etag: `"${variant.sha256}-${variant.width}.${variant.format}"`,
          contentType: `image/${variant.format}`,
          content: variant.content,
        };
    }
    if (!served) throw new AppError(404, mediaErrorCodes.notFound);
    reply.headers(imageHeaders).header('ETag', served.etag);
    if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
    return reply.type(served.contentType).send(served.content);
  });

  // Multipart only in this scope, with the upload's own size limit (one byte over is refused as too large).
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: mediaImageMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
    });
    scope.post(
      mediaPaths.upload,
      {
        onRequest: requireAnyPermission(mediaUploadPermissions),
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(mediaImageSchema) } },
      },
      async (request) => {
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'file')
            throw new AppError(400, mediaErrorCodes.fileMissing, { field: 'file' });
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(400, mediaErrorCodes.tooLarge, {
              field: 'file',
              params: { field: 'file', maxMegabytes: mediaImageMaxBytes / (1024 * 1024) },
            });
          // Not multipart at all, or a broken one: nothing usable arrived.
          throw new AppError(400, mediaErrorCodes.fileMissing, { field: 'file', params: { field: 'file' } });
        }
        const image = await storeImage(app.db, { bytes, audit: auditContext(request) });
        // The AVIF and WebP sizes are made after the answer, so the operator does not wait for them.
        variants.warm(request.operator.merchantId, image);
        return ok(image);
      },
    );
  });
}
