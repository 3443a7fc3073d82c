import {
  envelopeSchema,
  launchErrorCodes,
  launchPaths,
  parseAmount,
  walletReturnResultSchema,
  walletTransferRequestSchema,
  walletTransferResultSchema,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import { findConnectedVendors, type ConnectedVendor } from '../games/index.ts';
import { transfer, type TransferContext } from './transfer-service.ts';

const tags = ['wallet'];

/**
 * GCS_walletTransfer and GCS_walletReturn (README.md). Real accounts only; each takes an
 * Idempotency-Key, so a retried click replays the first answer instead of moving money again.
 */
export async function transferWalletRoutes(app: AppInstance): Promise<void> {
  const contextFor = (request: FastifyRequest, reply: FastifyReply, vendor: ConnectedVendor): TransferContext => {
    reply.header('Cache-Control', 'no-store');
    return {
      db: app.db,
      merchantId: request.merchant.id,
      currency: request.merchant.currency,
      memberId: request.member.id,
      nowMs: app.now(),
      client: app.transferVendorClient(vendor.integration!),
      integration: vendor.integration!,
    };
  };
  const transferVendors = async (request: FastifyRequest, vassalages?: string[]) =>
    (await findConnectedVendors(app.db, app.config, request.merchant.id, vassalages, app.now())).filter(
      (vendor) => vendor.walletMode === 'transfer' && vendor.integration !== null,
    );

  app.post(
    launchPaths.walletTransfer,
    {
      onRequest: requireRealMember,
      config: { idempotent: true },
      schema: {
        tags,
        body: walletTransferRequestSchema,
        response: { 200: envelopeSchema(walletTransferResultSchema) },
      },
    },
    async (request, reply) => {
      const { vassalage, direction, all, amount } = request.body;
      const [vendor] = await transferVendors(request, [vassalage]);
      if (!vendor)
        throw new AppError(404, launchErrorCodes.transferVendorUnknown, {
          field: 'vassalage',
          params: { field: 'vassalage' },
        });
      return ok(
        await transfer(
          contextFor(request, reply, vendor),
          vendor.vassalage,
          direction,
          all ? 'all' : parseAmount(amount!)!,
          request.idempotencyKey,
        ),
      );
    },
  );

  app.post(
    launchPaths.walletReturn,
    {
      onRequest: requireRealMember,
      config: { idempotent: true },
      schema: { tags, response: { 200: envelopeSchema(walletReturnResultSchema) } },
    },
    async (request, reply) => {
      // Every transfer vendor the member has a player at: the others never held the member's money.
      const players = await app.db
        .selectFrom('vendor_player')
        .select('integration_code')
        .where('member_id', '=', request.member.id)
        .execute();
      const codes = new Set(players.map((player) => player.integration_code));
      const vendors = (await transferVendors(request)).filter((vendor) => codes.has(vendor.integration!.code));
      const transfers = [];
      for (const vendor of vendors) {
        try {
          transfers.push(
            await transfer(contextFor(request, reply, vendor), vendor.vassalage, 'OUT', 'all', request.idempotencyKey),
          );
        } catch (error) {
          // An empty wallet has nothing to return; a vendor that cannot answer keeps its money for the next try.
          if (
            error instanceof AppError &&
            (error.errorCode === launchErrorCodes.transferBalanceNotEnough ||
              error.errorCode === launchErrorCodes.vendorUnavailable)
          )
            continue;
          throw error;
        }
      }
      return ok({ transfers });
    },
  );
}
