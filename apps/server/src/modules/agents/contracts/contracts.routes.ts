import {
  adminContractListQuerySchema,
  adminEndContractRequestSchema,
  agentContractAdminPaths,
  agentContractPaths,
  agentContractSchema,
  consolidatedContractsSchema,
  consolidatedFundsPath,
  downlineContractsSchema,
  envelopeSchema,
  offerContractRequestSchema,
  processDailySalaryRequestSchema,
  processDividendRequestSchema,
  processHourSalaryRequestSchema,
  processRealTimeSalaryRequestSchema,
  terminateContractRequestSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { requireOperator } from '../../backoffice/index.ts';
import { requireRealMember } from '../../identity/index.ts';
import { requireAgent } from '../agent-guard.ts';
import { answerContract, askToTerminate, offerContract, type ContractCaller } from './contract-flow.ts';
import { consolidatedFunds } from './consolidated-funds.ts';
import { listDownlineContracts } from './downline-contracts.ts';
import { endContract, listMemberContracts, offerMerchantContract } from './merchant-contracts.ts';

/** Per IP: offers and answers are a person's clicks. */
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const noStore = 'no-store';

/**
 * Contracts (README "Contracts"): the upline's offer, change and termination request and its view of a
 * downline's contracts (agents only), the holder's four answers in the original's shapes and the
 * consolidated read (any real member: a member without contracts reads empty maps).
 */
export async function agentContractRoutes(app: AppInstance): Promise<void> {
  const callerOf = (request: FastifyRequest): ContractCaller => ({
    merchant: request.merchant,
    memberId: request.member.id,
    nowMs: app.now(),
  });
  const answered = envelopeSchema(agentContractSchema);

  app.get(
    consolidatedFundsPath,
    {
      onRequest: requireRealMember,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(consolidatedContractsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await consolidatedFunds(app.db, request.merchant, request.member.id));
    },
  );

  app.post(
    agentContractPaths.offer,
    {
      onRequest: requireAgent,
      config: writeLimit,
      schema: { tags: ['agents'], body: offerContractRequestSchema, response: { 200: answered } },
    },
    async (request) => ok(await offerContract(app.db, callerOf(request), request.body)),
  );

  app.post(
    agentContractPaths.terminate,
    {
      onRequest: requireAgent,
      config: writeLimit,
      schema: { tags: ['agents'], body: terminateContractRequestSchema, response: { 200: answered } },
    },
    async (request) => ok(await askToTerminate(app.db, callerOf(request), BigInt(request.body.contractId))),
  );

  app.get(
    agentContractPaths.downlineContracts,
    {
      onRequest: requireAgent,
      schema: {
        tags: ['agents'],
        querystring: z.object({ downlineId: z.string().regex(/^[1-9]\d{0,18}$/) }),
        response: { 200: envelopeSchema(downlineContractsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listDownlineContracts(app.db, callerOf(request), BigInt(request.query.downlineId)));
    },
  );

  app.post(
    agentContractPaths.processDividend,
    {
      onRequest: requireRealMember,
      config: writeLimit,
      schema: { tags: ['agents'], body: processDividendRequestSchema, response: { 200: answered } },
    },
    async (request) => {
      const { productType, computationPeriod, status } = request.body;
      const target = { by: 'key' as const, kind: 'dividend' as const, productType, period: computationPeriod };
      return ok(await answerContract(app.db, callerOf(request), target, status));
    },
  );

  app.post(
    agentContractPaths.processDailySalary,
    {
      onRequest: requireRealMember,
      config: writeLimit,
      schema: { tags: ['agents'], body: processDailySalaryRequestSchema, response: { 200: answered } },
    },
    async (request) => {
      // The original's daily salary call answers the manual-claim kind's offers too (one popup for both).
      const target = {
        by: 'id' as const,
        contractId: BigInt(request.body.id),
        kind: ['daily_salary', 'mr_daily_salary'] as const,
      };
      return ok(await answerContract(app.db, callerOf(request), target, request.body.status));
    },
  );

  app.post(
    agentContractPaths.processHourSalary,
    {
      onRequest: requireRealMember,
      config: writeLimit,
      schema: { tags: ['agents'], body: processHourSalaryRequestSchema, response: { 200: answered } },
    },
    async (request) => {
      const { contractId, productType, status } = request.body;
      const target = {
        by: 'id' as const,
        contractId: BigInt(contractId),
        kind: ['hourly_salary'] as const,
        productType,
      };
      return ok(await answerContract(app.db, callerOf(request), target, status));
    },
  );

  app.post(
    agentContractPaths.processRealTimeSalary,
    {
      onRequest: requireRealMember,
      config: writeLimit,
      schema: { tags: ['agents'], body: processRealTimeSalaryRequestSchema, response: { 200: answered } },
    },
    async (request) => {
      const target = {
        by: 'id' as const,
        contractId: BigInt(request.body.contractId),
        kind: ['realtime_salary'] as const,
      };
      return ok(await answerContract(app.db, callerOf(request), target, request.body.status));
    },
  );

  // Operators: the merchant's own contracts with its top agents, and ending any contract of the brand.
  app.get(
    agentContractAdminPaths.list,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags: ['backoffice'],
        querystring: adminContractListQuerySchema,
        response: { 200: envelopeSchema(downlineContractsSchema) },
      },
    },
    async (request) =>
      ok(await listMemberContracts(app.db, request.operator.merchantId, BigInt(request.query.memberId))),
  );

  app.post(
    agentContractAdminPaths.offer,
    {
      onRequest: requireOperator('agents.manage'),
      schema: { tags: ['backoffice'], body: offerContractRequestSchema, response: { 200: answered } },
    },
    async (request) => ok(await offerMerchantContract(app.db, request, request.body)),
  );

  app.post(
    agentContractAdminPaths.end,
    {
      onRequest: requireOperator('agents.manage'),
      schema: { tags: ['backoffice'], body: adminEndContractRequestSchema, response: { 200: answered } },
    },
    async (request) => ok(await endContract(app.db, request, BigInt(request.body.contractId))),
  );
}
