import {
  agentIncomeQuerySchema,
  agentIncomeSchema,
  agentMoneyPaths,
  agentStatementDetailQuerySchema,
  agentStatementListSchema,
  agentStatementQuerySchema,
  agentStatementSchema,
  agentsErrorCodes,
  envelopeSchema,
  statementPageCodes,
  subordinateListSchema,
  subordinateQuerySchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { merchantTimeZone } from '../../merchant/index.ts';
import { requireAgent, requireAgentPage } from '../agent-guard.ts';
import { incomeOf } from './income.ts';
import { findStatement, listStatements, type StatementCaller } from './statements.ts';
import { listSubordinates } from './subordinates.ts';

/** Answers about an agent's money are its own: never stored by a browser cache or a proxy. */
const noStore = 'no-store';

/** The agent centre's statements, income and downline picker (README "Statements and income"). */
export async function agentStatementRoutes(app: AppInstance): Promise<void> {
  const callerOf = (request: FastifyRequest): StatementCaller => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
  });

  app.get(
    agentMoneyPaths.statements,
    {
      onRequest: requireAgent,
      schema: {
        tags: ['agents'],
        querystring: agentStatementQuerySchema,
        response: { 200: envelopeSchema(agentStatementListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      // The kind's page switch: known only once the query is parsed.
      if (!request.merchant.config.agentCentrePages[statementPageCodes[request.query.kind]])
        throw new AppError(403, agentsErrorCodes.pageOff);
      return ok(await listStatements(app.db, callerOf(request), request.query));
    },
  );

  app.get(
    agentMoneyPaths.statement,
    {
      onRequest: requireAgent,
      schema: {
        tags: ['agents'],
        querystring: agentStatementDetailQuerySchema,
        response: { 200: envelopeSchema(agentStatementSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await findStatement(app.db, callerOf(request), BigInt(request.query.id)));
    },
  );

  app.get(
    agentMoneyPaths.income,
    {
      onRequest: requireAgentPage('AGEREV3'),
      schema: {
        tags: ['agents'],
        querystring: agentIncomeQuerySchema,
        response: { 200: envelopeSchema(agentIncomeSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const caller = { ...callerOf(request), timezone: merchantTimeZone(request.merchant.config) };
      return ok(await incomeOf(app.db, caller, request.query));
    },
  );

  app.get(
    agentMoneyPaths.subordinates,
    {
      onRequest: requireAgent,
      schema: {
        tags: ['agents'],
        querystring: subordinateQuerySchema,
        response: { 200: envelopeSchema(subordinateListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listSubordinates(app.db, callerOf(request), request.query));
    },
  );
}
