import {
  agentCentrePagesConfigSchema,
  agentMailPaths,
  agentSendMailRequestSchema,
  agentSendMailResultSchema,
  agentCentrePagesPath,
  agentTeamPaths,
  envelopeSchema,
  teamBetListSchema,
  teamBetsQuerySchema,
  teamMemberListSchema,
  teamMembersQuerySchema,
  teamMemberStatusRequestSchema,
  teamMemberStatusSchema,
  teamOverviewQuerySchema,
  teamOverviewSchema,
  teamPnlQuerySchema,
  teamPnlSchema,
  teamTransactionListSchema,
  teamTransactionsQuerySchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { requireAgent, requireAgentPage } from '../agent-guard.ts';
import { sendTeamMail } from './send-team-mail.ts';
import { setDownlineStatus } from './set-downline-status.ts';
import { listTeamBets } from './team-bets.ts';
import { listTeamMembers } from './team-members.ts';
import { teamOverview } from './team-overview.ts';
import { teamPnl } from './team-pnl.ts';
import { teamCallerOf } from './team-scope.ts';
import { listTeamTransactions } from './team-transactions.ts';

/** Answers about a team are the agent's alone: never stored by a browser cache or a proxy. */
const noStore = 'no-store';

/** The agent centre's team pages (README "Team pages"), each behind its merchant page switch. */
export async function agentTeamRoutes(app: AppInstance): Promise<void> {
  const callerOf = (request: FastifyRequest) => teamCallerOf(request.merchant, request.member.id, app.now());

  // The menu: which pages the merchant shows (the site hides the others; the server refuses their calls).
  app.get(
    agentCentrePagesPath,
    {
      onRequest: requireAgent,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(agentCentrePagesConfigSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(request.merchant.config.agentCentrePages);
    },
  );

  app.get(
    agentTeamPaths.overview,
    {
      onRequest: requireAgentPage('AGEINFO3'),
      schema: {
        tags: ['agents'],
        querystring: teamOverviewQuerySchema,
        response: { 200: envelopeSchema(teamOverviewSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await teamOverview(app.db, callerOf(request), request.query));
    },
  );

  app.get(
    agentTeamPaths.members,
    {
      onRequest: requireAgentPage('DOWNMAN'),
      schema: {
        tags: ['agents'],
        querystring: teamMembersQuerySchema,
        response: { 200: envelopeSchema(teamMemberListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listTeamMembers(app.db, callerOf(request), request.query));
    },
  );

  app.post(
    agentTeamPaths.memberStatus,
    {
      onRequest: requireAgentPage('DOWNMAN'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        body: teamMemberStatusRequestSchema,
        response: { 200: envelopeSchema(teamMemberStatusSchema) },
      },
    },
    async (request) => ok(await setDownlineStatus(app.db, callerOf(request), request.body)),
  );

  // Team management's "send message" (modules/inbox writes it): a person's sends, not a mailing loop.
  app.post(
    agentMailPaths.send,
    {
      onRequest: requireAgentPage('DOWNMAN'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        body: agentSendMailRequestSchema,
        response: { 200: envelopeSchema(agentSendMailResultSchema) },
      },
    },
    async (request) => ok(await sendTeamMail(app.db, callerOf(request), request.body)),
  );

  app.get(
    agentTeamPaths.bets,
    {
      onRequest: requireAgentPage('TEAMBETTING3'),
      schema: {
        tags: ['agents'],
        querystring: teamBetsQuerySchema,
        response: { 200: envelopeSchema(teamBetListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listTeamBets(app.db, callerOf(request), request.query, request.language));
    },
  );

  app.get(
    agentTeamPaths.pnl,
    {
      onRequest: requireAgentPage('AGETEAMPNL3'),
      schema: { tags: ['agents'], querystring: teamPnlQuerySchema, response: { 200: envelopeSchema(teamPnlSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await teamPnl(app.db, callerOf(request), request.query));
    },
  );

  app.get(
    agentTeamPaths.transactions,
    {
      onRequest: requireAgentPage('AGEDOWNTRANS3'),
      schema: {
        tags: ['agents'],
        querystring: teamTransactionsQuerySchema,
        response: { 200: envelopeSchema(teamTransactionListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listTeamTransactions(app.db, callerOf(request), request.query));
    },
  );
}
