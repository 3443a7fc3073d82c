import { demoPayRequestSchema, depositErrorCodes, depositPaths, type DemoPayResult } from '@lotus/contract';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { findMerchant } from '../../merchant/index.ts';
import type { DemoPayGateway } from './demopay-gateway.ts';
import { createPayPage } from './pay-page.ts';
import { readSiteFontFaces } from './pay-page-font.ts';

const paramsSchema = z.object({ paymentId: z.string().max(64) });
const tags = ['demopay'];

/**
 * The demo gateway's pay page, outside `/wps` (it is the gateway's site, not our API). GET shows it;
 * POST is what its buttons do: a form post answers the page again, a JSON post (`{"result":
 * "success"}`, what scripts send) answers the JSON envelope. Registered only where DEMOPAY is allowed.
 */
export async function demoPayRoutes(app: AppInstance, gateway: DemoPayGateway): Promise<void> {
  const { contentSecurityPolicy, renderPayPage, renderMissingPage } = createPayPage(
    readSiteFontFaces(app.config.WEB_DIST_DIR),
  );
  const merchantName = async (merchantId: number) => (await findMerchant(app.db, { id: merchantId }))?.name ?? '';

  app.get(depositPaths.demoPayPage, { schema: { tags, params: paramsSchema } }, async (request, reply) => {
    reply
      .header('Content-Security-Policy', contentSecurityPolicy)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8');
    const payment = await gateway.find(request.params.paymentId);
    if (!payment) return reply.code(404).send(renderMissingPage());
    return renderPayPage(payment, await merchantName(payment.merchant_id));
  });

  app.post(
    depositPaths.demoPayPage,
    // No response schema: a form post is answered with the HTML page, a JSON post with demoPayResultSchema's envelope.
    { schema: { tags, params: paramsSchema, body: demoPayRequestSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const outcome = await gateway.pay(request.params.paymentId, request.body.result);
      if (isForm) {
        reply.header('Content-Security-Policy', contentSecurityPolicy).type('text/html; charset=utf-8');
        if (outcome.kind === 'unknown') return reply.code(404).send(renderMissingPage());
        const notice = outcome.kind === 'closed' ? 'รายการนี้ดำเนินการเสร็จแล้ว / This payment is already finished.' : null;
        return reply
          .code(outcome.kind === 'closed' ? 409 : 200)
          .send(renderPayPage(outcome.payment, await merchantName(outcome.payment.merchant_id), notice));
      }
      if (outcome.kind === 'unknown') throw new AppError(404, depositErrorCodes.demoPaymentUnknown);
      if (outcome.kind === 'closed')
        throw new AppError(409, depositErrorCodes.demoPaymentClosed, { value: { status: outcome.payment.status } });
      const result: DemoPayResult = {
        paymentId: outcome.payment.id,
        status: outcome.payment.status,
        callbackDelivered: outcome.callbackDelivered,
      };
      return ok(result);
    },
  );
}
