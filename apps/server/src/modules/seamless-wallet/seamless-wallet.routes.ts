import {
  envelopeSchema,
  errorEnvelopeSchema,
  vendorWalletAnswerSchema,
  vendorWalletCalls,
  vendorSignatureHeader,
} from '@lotus/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { handleVendorCall, VendorWalletError } from './seamless-wallet.service.ts';
import { vendorSecretKeyOf } from './secret-sealing.ts';
import { sealClearVendorSecrets } from './vendor-credentials.ts';

const tags = ['vendor-api'];

/**
 * The seamless wallet protocol (README.md): POST /vendor-api/{vendorCode}/{balance|bet|win|rollback}.
 * In its own scope, JSON bodies are kept as the raw string: the signature covers the exact bytes, so
 * the body is parsed only after the signature is checked.
 */
export async function seamlessWalletRoutes(app: AppInstance): Promise<void> {
  if (app.config.NODE_ENV === 'production' && app.config.HOUSE_VENDOR_SECRET === undefined) {
    app.log.error('HOUSE_VENDOR_SECRET is not set: every house vendor call is refused (INVALID_SIGNATURE)');
  }
  const sealingKey = vendorSecretKeyOf(app.config);
  // Clear secrets written before migration 0048 are sealed once the app is ready (README "Credentials").
  app.addHook('onReady', async () => {
    const sealed = await sealClearVendorSecrets(app.db, sealingKey, app.now());
    if (sealed > 0) app.log.info({ sealed }, 'vendor secrets sealed from vendor_credential.secret');
  });
  await app.register(async (scope: AppInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    for (const call of vendorWalletCalls) {
      scope.post(
        `/vendor-api/:vendorCode/${call}`,
        {
          schema: {
            tags,
            params: z.object({ vendorCode: z.string().regex(/^[A-Z0-9_]{1,32}$/) }),
            response: { 200: envelopeSchema(vendorWalletAnswerSchema), '4XX': errorEnvelopeSchema },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          const signature = request.headers[vendorSignatureHeader];
          try {
            return ok(
              await handleVendorCall(app.db, {
                vendorCode: request.params.vendorCode,
                call,
                rawBody: typeof request.body === 'string' ? request.body : '',
                signature: typeof signature === 'string' ? signature : undefined,
                houseSecret: app.config.HOUSE_VENDOR_SECRET,
                sealingKey,
                nowMs: app.now(),
              }),
            );
          } catch (error) {
            if (!(error instanceof VendorWalletError)) throw error;
            throw new AppError(error.statusCode, error.errorCode, {
              messageKey: `vendor_wallet.${error.errorCode}`,
              ...(error.value ? { value: error.value } : {}),
            });
          }
        },
      );
    }
  });
}
