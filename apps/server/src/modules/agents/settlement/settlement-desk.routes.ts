import {
  adjustSettlementBodySchema,
  adminAgentDebtorPageSchema,
  adminAgentDebtorQuerySchema,
  adminAgentTransferPageSchema,
  adminAgentTransferQuerySchema,
  adminIdSchema,
  adminSettlementQuerySchema,
  adminTopContractPageSchema,
  adminTopContractQuerySchema,
  envelopeSchema,
  rejectSettlementBodySchema,
  rerunResultSchema,
  rerunSettlementBodySchema,
  settlementDeskPaths,
  settlementDetailSchema,
  settlementPageSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { requireOperator } from '../../backoffice/index.ts';
import { listDebtorsForDesk } from './desk-debtors.ts';
import { listAgentTransfersForDesk, listTopContracts } from './desk-lists.ts';
import { adjustSettlement, approveSettlement, rejectSettlement } from './settlement-actions.ts';
import { getSettlement, listSettlements } from './settlement-desk.ts';
import { rerunSettlementPeriod } from './settlement-rerun.ts';

const settlementParams = z.object({ settlementId: adminIdSchema });
const detail = { 200: envelopeSchema(settlementDetailSchema) };

/**
 * The back-office's agent programme (README "Statements desk"): statements (`agents.settle`: reading
 * them is part of paying them), the merchant's own contracts (`members.read`, as the member's contract
 * list), the agents' transfers and the debtors of the carried debt (`members.read`, read-only).
 */
export async function settlementDeskRoutes(app: AppInstance): Promise<void> {
  app.get(
    settlementDeskPaths.settlements,
    {
      onRequest: requireOperator('agents.settle'),
      schema: {
        tags: ['backoffice'],
        querystring: adminSettlementQuerySchema,
        response: { 200: envelopeSchema(settlementPageSchema) },
      },
    },
    async (request) => ok(await listSettlements(app.db, request.operator.merchantId, request.query)),
  );

  app.post(
    settlementDeskPaths.rerun,
    {
      onRequest: requireOperator('agents.settle'),
      schema: {
        tags: ['backoffice'],
        body: rerunSettlementBodySchema,
        response: { 200: envelopeSchema(rerunResultSchema) },
      },
    },
    async (request) => ok(await rerunSettlementPeriod(app.db, request, request.body)),
  );

  app.get(
    settlementDeskPaths.settlement,
    {
      onRequest: requireOperator('agents.settle'),
      schema: { tags: ['backoffice'], params: settlementParams, response: detail },
    },
    async (request) =>
      ok(await getSettlement(app.db, request.operator.merchantId, BigInt(request.params.settlementId))),
  );

  app.post(
    settlementDeskPaths.approve,
    {
      onRequest: requireOperator('agents.settle'),
      schema: { tags: ['backoffice'], params: settlementParams, response: detail },
    },
    async (request) => ok(await approveSettlement(app.db, request, BigInt(request.params.settlementId))),
  );

  app.post(
    settlementDeskPaths.reject,
    {
      onRequest: requireOperator('agents.settle'),
      schema: { tags: ['backoffice'], params: settlementParams, body: rejectSettlementBodySchema, response: detail },
    },
    async (request) =>
      ok(await rejectSettlement(app.db, request, BigInt(request.params.settlementId), request.body.reason)),
  );

  app.post(
    settlementDeskPaths.adjust,
    {
      onRequest: requireOperator('agents.settle'),
      schema: { tags: ['backoffice'], params: settlementParams, body: adjustSettlementBodySchema, response: detail },
    },
    async (request) => ok(await adjustSettlement(app.db, request, BigInt(request.params.settlementId), request.body)),
  );

  app.get(
    settlementDeskPaths.topContracts,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags: ['backoffice'],
        querystring: adminTopContractQuerySchema,
        response: { 200: envelopeSchema(adminTopContractPageSchema) },
      },
    },
    async (request) => ok(await listTopContracts(app.db, request.operator.merchantId, request.query)),
  );

  app.get(
    settlementDeskPaths.transfers,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags: ['backoffice'],
        querystring: adminAgentTransferQuerySchema,
        response: { 200: envelopeSchema(adminAgentTransferPageSchema) },
      },
    },
    async (request) => ok(await listAgentTransfersForDesk(app.db, request.operator.merchantId, request.query)),
  );

  app.get(
    settlementDeskPaths.debtors,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags: ['backoffice'],
        querystring: adminAgentDebtorQuerySchema,
        response: { 200: envelopeSchema(adminAgentDebtorPageSchema) },
      },
    },
    async (request) => ok(await listDebtorsForDesk(app.db, request.operator.merchantId, request.query)),
  );
}
