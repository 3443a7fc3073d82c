import {
  adminApiPaths,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminAdjustmentBodySchema,
  adminDashboardSchema,
  adminLedgerCheckSchema,
  adminIdSchema,
  adminMemberLedgerPageSchema,
  adminMemberLedgerQuerySchema,
  adminMemberPageSchema,
  adminMemberRowSchema,
  adminMemberSearchQuerySchema,
  adminOutboxPageSchema,
  adminOutboxQuerySchema,
  changeOwnPasswordBodySchema,
  changeOwnPasswordValueSchema,
  createOperatorBodySchema,
  envelopeSchema,
  errorCodes,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorLoginValueSchema,
  operatorMeSchema,
  operatorSchema,
  operatorTotpCodeBodySchema,
  operatorTotpEnrolmentSchema,
  parseAmount,
  updateOperatorBodySchema,
  updateOperatorRoleBodySchema,
  createRoleBodySchema,
  operatorRoleSchema,
  roleListSchema,
  roleSchema,
  rolesPaths,
  updateOperatorIpAllowListBodySchema,
  updateRoleBodySchema,
  adjustmentOutcomeSchema,
  approvalThresholdSchema,
  moneyApprovalPageSchema,
  moneyApprovalQuerySchema,
  moneyApprovalSchema,
  rejectApprovalBodySchema,
  updateApprovalThresholdBodySchema,
  backofficeErrorCodes,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { checkLedger } from '../ledger/index.ts';
import { merchantTimeZone } from '../merchant/index.ts';
import { listOutbox } from '../messaging/index.ts';
import { changeOwnPassword } from './change-own-password.ts';
import { recordAudit } from './audit.ts';
import { getDashboard } from './dashboard.ts';
import { ensureFirstAdmins, logFirstAdmins } from './first-admin.ts';
import { listAudit } from './list-audit.ts';
import {
  createOperator,
  getOperator,
  listOperators,
  resetOperatorTotp,
  setOperatorRole,
  setOperatorStatus,
  type Actor,
} from './manage-operators.ts';
import { getMember, listMemberLedger, searchMembers } from './members.ts';
import { ensureOperatorMerchant } from './operator-merchant.ts';
import { confirmEnrolmentAndLogIn, logInOperator, verifyCodeAndLogIn } from './operator-login.ts';
import { revokeOperatorSession, type OperatorSession } from './operator-sessions.ts';
import { startOperatorTotpEnrolment } from './operator-totp.ts';
import { createRole, deleteRole, listRoles, setOperatorIpAllowList, updateRole } from './manage-roles.ts';
import {
  decideApproval,
  getApprovalThreshold,
  listApprovals,
  requestAdjustment,
  setApprovalThreshold,
} from './money-approvals.ts';
import { operatorMay } from './operator-roles.ts';
import { findRequestOperatorSession, requireOperator, totpRequired } from './require-operator.ts';

const tags = ['backoffice'];

/** Per IP: the account and IP failure counts do the real work; this only caps the hashing a client can ask for. */
const loginRateLimit = { max: 20, timeWindow: '1 minute' };
/** TOTP codes per token (a session also ends after 5 wrong ones). */
const totpRateLimit = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `operator-totp:${String(request.headers.authorization ?? request.ip)}`,
};

/** The page's key for one adjustment click (the same as the member API's form). */
const idempotencyKeyPattern = /^[A-Za-z0-9_:.-]{8,128}$/;

const memberParamsSchema = z.object({ memberId: adminIdSchema });
const operatorParamsSchema = z.object({ operatorId: adminIdSchema });
const roleParamsSchema = z.object({ code: operatorRoleSchema });
const approvalParamsSchema = z.object({ approvalId: adminIdSchema });

function actorOf(request: FastifyRequest): Actor {
  return {
    merchantId: request.operator.merchantId,
    operatorId: request.operator.id,
    permissions: request.operator.permissions,
    ip: request.ip,
    nowMs: request.server.now(),
  };
}

/**
 * The back-office API (`/admin-api/`, README.md). Every answer is `no-store`: it is about money,
 * members or operators. The merchant is resolved like the member API's (this prefix is not one the
 * app resolves), before validation, so even a bad body is answered in the merchant's language.
 */
export async function backofficeRoutes(app: AppInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/admin-api/')) await ensureOperatorMerchant(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/admin-api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // Every merchant gets an admin at start (ADMIN_USERNAME, or a random password printed once).
  app.addHook('onReady', async () => {
    logFirstAdmins(app.log, await ensureFirstAdmins(app.db, app.config, app.now()));
  });

  /* ---------- session ---------- */

  app.post(
    adminApiPaths.login,
    {
      config: { rateLimit: loginRateLimit },
      schema: { tags, body: operatorLoginBodySchema, response: { 200: envelopeSchema(operatorLoginValueSchema) } },
    },
    async (request) =>
      ok(
        await logInOperator(app.db, {
          merchantId: request.merchant.id,
          username: request.body.username,
          password: request.body.password,
          ip: request.ip,
          nowMs: app.now(),
        }),
      ),
  );

  // The session steps take a session at any stage. It is found in onRequest, like requireOperator's,
  // so a missing or dead token is answered 401 before the body is validated (not 400).
  const stepSessions = new WeakMap<FastifyRequest, OperatorSession>();
  const anySession = {
    onRequest: async (request: FastifyRequest) => {
      stepSessions.set(request, await findRequestOperatorSession(request));
    },
  };
  const sessionOfStep = (request: FastifyRequest): OperatorSession => stepSessions.get(request)!;

  app.post(
    adminApiPaths.totpEnrol,
    {
      ...anySession,
      config: { rateLimit: totpRateLimit },
      schema: { tags, response: { 200: envelopeSchema(operatorTotpEnrolmentSchema) } },
    },
    async (request) => {
      const session = sessionOfStep(request);
      return ok(
        await startOperatorTotpEnrolment(app.db, {
          operatorId: session.operatorId,
          username: session.username,
          issuer: `${request.merchant.name} back-office`,
          nowMs: app.now(),
        }),
      );
    },
  );

  app.put(
    adminApiPaths.totpEnrol,
    {
      ...anySession,
      config: { rateLimit: totpRateLimit },
      schema: {
        tags,
        body: operatorTotpCodeBodySchema,
        response: { 200: envelopeSchema(z.object({ expiresAt: z.number() })) },
      },
    },
    async (request) => {
      const session = sessionOfStep(request);
      if (session.stage === 'full') return ok({ expiresAt: session.expiresAtMs });
      return ok({
        expiresAt: await confirmEnrolmentAndLogIn(app.db, session, request.body.code, request.ip, app.now()),
      });
    },
  );

  app.post(
    adminApiPaths.totpVerify,
    {
      ...anySession,
      config: { rateLimit: totpRateLimit },
      schema: {
        tags,
        body: operatorTotpCodeBodySchema,
        response: { 200: envelopeSchema(z.object({ expiresAt: z.number() })) },
      },
    },
    async (request) => {
      const session = sessionOfStep(request);
      if (session.stage === 'full') return ok({ expiresAt: session.expiresAtMs });
      // Not enrolled yet: the code of an authenticator that does not exist cannot be checked.
      if (!session.totpEnrolled) throw totpRequired(session);
      return ok({ expiresAt: await verifyCodeAndLogIn(app.db, session, request.body.code, request.ip, app.now()) });
    },
  );

  app.post(
    adminApiPaths.logout,
    { ...anySession, schema: { tags, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      const session = sessionOfStep(request);
      const nowMs = app.now();
      await app.db.transaction().execute(async (trx) => {
        await revokeOperatorSession(trx, session.sessionId, nowMs);
        if (session.stage === 'full') {
          await recordAudit(trx, {
            merchantId: session.merchantId,
            operatorId: session.operatorId,
            action: 'session.logout',
            targetType: 'operator',
            targetId: session.operatorId,
            before: { sessionId: session.sessionId },
            after: null,
            ip: request.ip,
            nowMs,
          });
        }
      });
      return ok(null);
    },
  );

  app.get(
    adminApiPaths.me,
    { onRequest: requireOperator(null), schema: { tags, response: { 200: envelopeSchema(operatorMeSchema) } } },
    async (request) => {
      const operator = await getOperator(app.db, request.operator.merchantId, request.operator.id);
      const { merchant } = request;
      return ok({
        operator,
        permissions: [...request.operator.permissions],
        merchant: {
          code: merchant.code,
          name: merchant.name,
          currency: merchant.currency,
          currencySymbol: merchant.currencySymbol,
          timeZone: merchantTimeZone(merchant.config),
        },
        expiresAt: request.operator.sessionExpiresAtMs,
      });
    },
  );

  // Own password only: the operator is the session's, whatever the body says. Rate-limited like the
  // login (it costs two argon2id operations); wrong current passwords count in the login throttle.
  app.put(
    adminApiPaths.ownPassword,
    {
      onRequest: requireOperator(null),
      config: { rateLimit: loginRateLimit },
      schema: {
        tags,
        body: changeOwnPasswordBodySchema,
        response: { 200: envelopeSchema(changeOwnPasswordValueSchema) },
      },
    },
    async (request) =>
      ok(
        await changeOwnPassword(app.db, {
          merchantId: request.operator.merchantId,
          operatorId: request.operator.id,
          username: request.operator.username,
          sessionId: request.operator.sessionId,
          currentPassword: request.body.currentPassword,
          newPassword: request.body.newPassword,
          ip: request.ip,
          nowMs: app.now(),
        }),
      ),
  );

  app.get(
    adminApiPaths.dashboard,
    { onRequest: requireOperator(null), schema: { tags, response: { 200: envelopeSchema(adminDashboardSchema) } } },
    async (request) => ok(await getDashboard(app.db, request.operator, app.now())),
  );

  /* ---------- the books ---------- */

  app.get(
    adminApiPaths.ledgerCheck,
    {
      onRequest: requireOperator('members.adjust'),
      schema: { tags, response: { 200: envelopeSchema(adminLedgerCheckSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const report = await checkLedger(app.db, { merchantId: request.merchant.id });
      return ok({
        ok: report.ok,
        accounts: report.accounts,
        memberAccounts: report.memberAccounts,
        transfers: report.transfers,
        postings: report.postings,
        emptyPostings: report.emptyPostings,
        currencies: report.currencies.map((currency) => ({
          currency: currency.currency,
          totalMinorUnits: currency.total.toString(),
        })),
        differences: report.differences.map((difference) => ({
          accountId: difference.accountId.toString(),
          kind: difference.kind,
          memberId: difference.memberId?.toString() ?? null,
          storedMinorUnits: difference.stored.toString(),
          derivedMinorUnits: difference.derived.toString(),
        })),
      });
    },
  );

  /* ---------- members ---------- */

  app.get(
    adminApiPaths.members,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags,
        querystring: adminMemberSearchQuerySchema,
        response: { 200: envelopeSchema(adminMemberPageSchema) },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      return ok({ ...(await searchMembers(app.db, request.merchant, { q, page, pageSize })), page, pageSize });
    },
  );

  app.get(
    adminApiPaths.member,
    {
      onRequest: requireOperator('members.read'),
      schema: { tags, params: memberParamsSchema, response: { 200: envelopeSchema(adminMemberRowSchema) } },
    },
    async (request) => ok(await getMember(app.db, request.merchant, BigInt(request.params.memberId))),
  );

  app.get(
    adminApiPaths.memberLedger,
    {
      onRequest: requireOperator('members.read'),
      schema: {
        tags,
        params: memberParamsSchema,
        querystring: adminMemberLedgerQuerySchema,
        response: { 200: envelopeSchema(adminMemberLedgerPageSchema) },
      },
    },
    async (request) => {
      const memberId = BigInt(request.params.memberId);
      const { page, pageSize, kind } = request.query;
      const member = await getMember(app.db, request.merchant, memberId);
      return ok({
        member,
        ...(await listMemberLedger(app.db, request.merchant, memberId, { page, pageSize, kind })),
        page,
        pageSize,
      });
    },
  );

  app.post(
    adminApiPaths.memberAdjustments,
    {
      onRequest: requireOperator('members.adjust'),
      schema: {
        tags,
        params: memberParamsSchema,
        body: adminAdjustmentBodySchema,
        response: { 200: envelopeSchema(adjustmentOutcomeSchema) },
      },
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header.trim() : '';
      if (!idempotencyKeyPattern.test(key))
        throw new AppError(400, errorCodes.idempotencyKeyInvalid, { field: 'Idempotency-Key' });
      return ok(
        await requestAdjustment(app.db, {
          merchant: request.merchant,
          operatorId: request.operator.id,
          memberId: BigInt(request.params.memberId),
          direction: request.body.direction,
          amountMinor: parseAmount(request.body.amount)!,
          reason: request.body.reason,
          idempotencyKey: key,
          ip: request.ip,
          nowMs: app.now(),
        }),
      );
    },
  );

  /* ---------- outbox and audit ---------- */

  app.get(
    adminApiPaths.outbox,
    {
      onRequest: requireOperator('outbox.read'),
      schema: { tags, querystring: adminOutboxQuerySchema, response: { 200: envelopeSchema(adminOutboxPageSchema) } },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok({ ...(await listOutbox(app.db, request.merchant.id, request.query)), page, pageSize });
    },
  );

  app.get(
    adminApiPaths.audit,
    {
      onRequest: requireOperator('audit.read'),
      schema: { tags, querystring: adminAuditQuerySchema, response: { 200: envelopeSchema(adminAuditPageSchema) } },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok({ ...(await listAudit(app.db, request.merchant.id, request.query)), page, pageSize });
    },
  );

  /* ---------- operators ---------- */

  app.get(
    adminApiPaths.operators,
    {
      onRequest: requireOperator('operators.manage'),
      schema: { tags, response: { 200: envelopeSchema(operatorListSchema) } },
    },
    async (request) => {
      const [items, roles] = await Promise.all([
        listOperators(app.db, request.merchant.id),
        listRoles(app.db, request.merchant.id),
      ]);
      return ok({
        items,
        roles: roles.map((role) => ({
          code: role.code,
          nameTh: role.nameTh,
          nameEn: role.nameEn,
          builtin: role.builtin,
        })),
      });
    },
  );

  app.put(
    rolesPaths.operatorIpAllowList,
    {
      onRequest: requireOperator('operators.manage'),
      schema: {
        tags,
        params: operatorParamsSchema,
        body: updateOperatorIpAllowListBodySchema,
        response: { 200: envelopeSchema(operatorSchema) },
      },
    },
    async (request) =>
      ok(
        await setOperatorIpAllowList(
          app.db,
          actorOf(request),
          BigInt(request.params.operatorId),
          request.body,
          getOperator,
        ),
      ),
  );

  /* ---------- four-eyes ---------- */

  app.get(
    rolesPaths.approvals,
    {
      onRequest: requireOperator('approvals.review'),
      schema: {
        tags,
        querystring: moneyApprovalQuerySchema,
        response: { 200: envelopeSchema(moneyApprovalPageSchema) },
      },
    },
    async (request) => ok(await listApprovals(app.db, request.merchant.id, request.query.status)),
  );

  app.post(
    rolesPaths.approvalApprove,
    {
      onRequest: requireOperator('approvals.review'),
      schema: { tags, params: approvalParamsSchema, response: { 200: envelopeSchema(moneyApprovalSchema) } },
    },
    async (request) =>
      ok(
        await decideApproval(app.db, actorOf(request), request.merchant, BigInt(request.params.approvalId), {
          approve: true,
        }),
      ),
  );

  app.post(
    rolesPaths.approvalReject,
    {
      onRequest: requireOperator('approvals.review'),
      schema: {
        tags,
        params: approvalParamsSchema,
        body: rejectApprovalBodySchema,
        response: { 200: envelopeSchema(moneyApprovalSchema) },
      },
    },
    async (request) =>
      ok(
        await decideApproval(app.db, actorOf(request), request.merchant, BigInt(request.params.approvalId), {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );

  app.get(
    rolesPaths.approvalThreshold,
    {
      onRequest: requireOperator('approvals.review'),
      schema: { tags, response: { 200: envelopeSchema(approvalThresholdSchema) } },
    },
    async (request) => ok(await getApprovalThreshold(app.db, request.merchant.id)),
  );

  // Setting the threshold needs both: who manages roles and who reviews approvals (an admin has both).
  app.put(
    rolesPaths.approvalThreshold,
    {
      onRequest: requireOperator('roles.manage'),
      schema: {
        tags,
        body: updateApprovalThresholdBodySchema,
        response: { 200: envelopeSchema(approvalThresholdSchema) },
      },
    },
    async (request) => {
      if (!operatorMay(request.operator, 'approvals.review')) {
        throw new AppError(403, backofficeErrorCodes.permissionDenied, { params: { permission: 'approvals.review' } });
      }
      const { amount, version } = request.body;
      return ok(
        await setApprovalThreshold(app.db, actorOf(request), {
          amountMinor: amount === null ? null : parseAmount(amount)!,
          version,
        }),
      );
    },
  );

  /* ---------- roles ---------- */

  app.get(
    rolesPaths.roles,
    { onRequest: requireOperator('roles.manage'), schema: { tags, response: { 200: envelopeSchema(roleListSchema) } } },
    async (request) => ok({ items: await listRoles(app.db, request.merchant.id) }),
  );

  app.post(
    rolesPaths.roles,
    {
      onRequest: requireOperator('roles.manage'),
      schema: { tags, body: createRoleBodySchema, response: { 200: envelopeSchema(roleSchema) } },
    },
    async (request) => ok(await createRole(app.db, actorOf(request), request.body)),
  );

  app.put(
    rolesPaths.role,
    {
      onRequest: requireOperator('roles.manage'),
      schema: {
        tags,
        params: roleParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: envelopeSchema(roleSchema) },
      },
    },
    async (request) => ok(await updateRole(app.db, actorOf(request), request.params.code, request.body)),
  );

  app.delete(
    rolesPaths.role,
    {
      onRequest: requireOperator('roles.manage'),
      schema: { tags, params: roleParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => ok(await deleteRole(app.db, actorOf(request), request.params.code)),
  );

  app.post(
    adminApiPaths.operators,
    {
      onRequest: requireOperator('operators.manage'),
      schema: { tags, body: createOperatorBodySchema, response: { 200: envelopeSchema(operatorSchema) } },
    },
    async (request) => ok(await createOperator(app.db, actorOf(request), request.body)),
  );

  app.patch(
    adminApiPaths.operator,
    {
      onRequest: requireOperator('operators.manage'),
      schema: {
        tags,
        params: operatorParamsSchema,
        body: updateOperatorBodySchema,
        response: { 200: envelopeSchema(operatorSchema) },
      },
    },
    async (request) =>
      ok(await setOperatorStatus(app.db, actorOf(request), BigInt(request.params.operatorId), request.body.status)),
  );

  app.put(
    adminApiPaths.operatorRole,
    {
      onRequest: requireOperator('operators.manage'),
      schema: {
        tags,
        params: operatorParamsSchema,
        body: updateOperatorRoleBodySchema,
        response: { 200: envelopeSchema(operatorSchema) },
      },
    },
    async (request) =>
      ok(await setOperatorRole(app.db, actorOf(request), BigInt(request.params.operatorId), request.body.role)),
  );

  app.delete(
    adminApiPaths.operatorTotp,
    {
      onRequest: requireOperator('operators.manage'),
      schema: { tags, params: operatorParamsSchema, response: { 200: envelopeSchema(operatorSchema) } },
    },
    async (request) => ok(await resetOperatorTotp(app.db, actorOf(request), BigInt(request.params.operatorId))),
  );
}
