import { createECDH, randomBytes } from 'node:crypto';
import {
  adminPushPaths,
  pushPaths,
  adminApiPaths,
  adminInboxPaths,
  adminPromotionPaths,
  promotionPaths,
  agentContractAdminPaths,
  agentLinkAdminPaths,
  agentMovePaths,
  agentTeamErrorCodes,
  agentTeamPaths,
  agentTransferPaths,
  settlementDeskPaths,
  rolesPaths,
  announcementPaths,
  brandPaths,
  mediaPaths,
  memberDeskPaths,
  siteContentPaths,
  gamesAdminPaths,
  gamesCredentialsPaths,
  backofficeErrorCodes,
  depositErrorCodes,
  depositPaths,
  errorCodes,
  feedbackPaths,
  adminRebatePaths,
  adminLotteryPaths,
  adminLotteryDayChangePaths,
  adminLotteryResultPaths,
  adminBonusPaths,
  chatPaths,
  siteAccessPaths,
  gamePaths,
  lotteryOrderPaths,
  socialLoginPaths,
  lotteryYeekeePaths,
  lotteryPaths,
  identityErrorCodes,
  apiPaths,
  parseAmount,
  roleHasPermission,
  rolePermissions,
  withdrawalErrorCodes,
  withdrawalPaths,
  type OperatorPermission,
  type OperatorRole,
  trialMemberType,
} from '@lotus/contract';
import type { AdminVendorDetail, AdminVendorList } from '@lotus/contract';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  insertTestOperator,
  insertTestRole,
  type TestOperator,
  createOperatorSession,
} from '../modules/backoffice/backoffice.testing.ts';
import { depositKit, pngBytes, type DepositKit } from '../modules/deposit/deposit.testing.ts';
import { multipartFile, pngImage } from '../modules/media/media.testing.ts';
import { promotionRow } from '../modules/promotions/promotions.testing.ts';
import { listDownlines, listUplineChain } from '../modules/agents/index.ts';
import { hashPassword, hashToken, type AgentType } from '../modules/identity/index.ts';
import { freshMobileNum } from '../modules/identity/testing.ts';
import { memberBalance, postTransfers } from '../modules/ledger/index.ts';
import { addWageredTurnover } from '../modules/withdrawal/index.ts';
import { createApiClient, freshIp, type ApiClient } from '../testing/api-client.ts';
import { insertTestMember, insertTestSession } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  concreteUrl,
  databaseFingerprint,
  endpointsOf,
  lateGuardPhases,
  memberGuardOf,
  operatorPermissionOf,
  requestSchemaOf,
  type Endpoint,
} from './authorization-matrix.testing.ts';

/**
 * Issue 6, "Access": who may make which call, proved over HTTP through the whole app on a real
 * database. The calls are not listed by hand: they are read from the app's route table (every route
 * as registered, with its hooks), so a call added tomorrow is in the matrix the day it lands.
 *
 * 1. Every call guarded by requireMember / requireRealMember refuses each kind of bad token (and a
 *    trial account where real money or the member centre is concerned), and changes nothing.
 * 2. Ids a member sends reach only the member's own records.
 * 3. Agents open accounts only under themselves.
 * 4. Back-office calls check their permission per action and every change writes an audit row.
 */

const loginPassword = 'secret123';
const paymentPassword = '246810';
const clock = { nowMs: Date.now() };

// A refusal case walks every route of its table (about 250 back-office routes) between two database
// fingerprints (expectAllRefused). The slowest cases, the role sweeps, took up to 22 s at load 10 on
// the 2-core machine (2026-11-27); CI's 30 s would be close. The limit only catches a hang.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let api: ApiClient;
let deposits: DepositKit;
const routeTable: RouteOptions[] = [];
let endpoints: Endpoint[];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs, onRoute: (route) => routeTable.push(route) });
  api = await createApiClient(t.app, () => clock.nowMs);
  deposits = depositKit(t);
  endpoints = endpointsOf(routeTable);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/* ---------------------------------------------------------------------------------------------- *
 * Fixtures: members, sessions and operators straight in the tables (their creation is tested
 * elsewhere); every call under test goes through HTTP.
 * ---------------------------------------------------------------------------------------------- */

interface Member {
  id: bigint;
  username: string;
  token: string;
  bankAccountId: number;
}

let sequence = 0;
let passwordHashes: Promise<[string, string]> | null = null;

/** A session row of the member with the given times (the token to send). */
async function sessionOf(
  memberId: bigint,
  times: { createdAtMs?: number; lastSeenAtMs?: number; expiresAtMs?: number; passwordChangeRequired?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insertInto('member_session')
    .values({
      merchant_id: t.demoMerchantId,
      member_id: memberId,
      token_hash: hashToken(token),
      created_at: new Date(times.createdAtMs ?? clock.nowMs),
      last_seen_at: new Date(times.lastSeenAtMs ?? clock.nowMs),
      expires_at: new Date(times.expiresAtMs ?? clock.nowMs + 3_600_000),
      ip: '127.0.0.1',
      country: 'TH',
      device: 'web',
      login_device_id: null,
      password_change_required: times.passwordChangeRequired ?? false,
    })
    .execute();
  return token;
}

/** An ISSUED promotion's fields for the editor's calls. */
function promotionBody() {
  return {
    kind: 'ISSUED',
    category: 'special',
    nameTh: 'ทดสอบ',
    nameEn: 'Matrix',
    descriptionTh: '',
    descriptionEn: '',
    pictureUrl: null,
    enabled: true,
    startsAt: null,
    endsAt: null,
    audience: 'all',
    productTypes: null,
    bonusType: 'fixed',
    bonusPercent: null,
    bonusAmount: '10',
    bonusCap: null,
    minDeposit: null,
    depositCount: null,
    requiresJoin: false,
    autoClaim: false,
    maxClaimsPerMember: null,
    maxClaimsTotal: null,
    budget: null,
    turnoverMultiplier: 0,
    turnoverProductTypes: null,
    claimExpiryHours: null,
    bonusExpiryDays: null,
    blocksOthers: false,
    imageRequired: false,
    remarkRequired: false,
    abuse: {},
    registerRequiredFields: [],
    loginRule: null,
    saviorRule: null,
    sort: 0,
  };
}

/** An ISSUED promotion of the demo brand (version 1) with a member's application waiting, straight in the tables. */
async function matrixPromotion(actor: TestOperator): Promise<{ promotionId: string; claimId: string }> {
  const body = promotionBody();
  const promotion = await t.db
    .insertInto('promotion')
    .values(
      promotionRow({
        merchant_id: t.demoMerchantId,
        kind: 'ISSUED',
        category: body.category,
        name: body.nameEn,
        created_by: actor.id,
        at: new Date(clock.nowMs),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const claim = await t.db
    .insertInto('promotion_claim')
    .values({
      merchant_id: t.demoMerchantId,
      promotion_id: promotion.id,
      member_id: (await newMember()).id,
      status: 'applying',
      amount: null,
      deposit_id: null,
      deposit_amount: null,
      turnover_required: null,
      remarks: null,
      picture_ids: [],
      review_remark: null,
      reviewed_by_operator_id: null,
      reviewed_by_username: null,
      grant_id: null,
      period_key: null,
      bonus_id: null,
      created_at: new Date(clock.nowMs),
      issued_at: null,
      claimed_at: null,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { promotionId: String(promotion.id), claimId: String(claim.id) };
}

/**
 * A member with a live session, a payee name, the payment password, one bound bank account and
 * `balance` in the main wallet (deposited and played through, so it can be withdrawn).
 */
async function newMember(options: { isAgent?: AgentType; balance?: string } = {}): Promise<Member> {
  const username = `authz${randomBytes(3).toString('hex').replace(/[0-9]/g, 'q')}${++sequence}`;
  passwordHashes ??= Promise.all([hashPassword(loginPassword), hashPassword(paymentPassword)]);
  const [loginHash, paymentHash] = await passwordHashes;
  const id = await insertTestMember(t.db, t.demoMerchantId, username, new Date(clock.nowMs), {
    is_agent: options.isAgent ?? 0,
    payee_name: 'Somchai Jaidee',
    password_hash: loginHash,
    payment_password_hash: paymentHash,
  });
  const account = await t.db
    .insertInto('member_bank_account')
    .values({
      merchant_id: t.demoMerchantId,
      member_id: id,
      bank_code: 'KBANK',
      account_number: `1${String(sequence).padStart(4, '0')}${randomBytes(3).readUIntBE(0, 3).toString().padStart(5, '0')}`,
      account_name: 'Somchai Jaidee',
      created_at: new Date(clock.nowMs),
      updated_at: new Date(clock.nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.balance) {
    const amount = parseAmount(options.balance)!;
    await postTransfers(t.db, {
      merchantId: t.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'authz-test', key: `fund-${id}` },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId: id },
          amount,
          kind: 'deposit',
          reference: `deposit:authz-${id}`,
        },
      ],
      nowMs: clock.nowMs,
    });
    await addWageredTurnover(t.db, {
      merchantId: t.demoMerchantId,
      memberId: id,
      amountMinor: amount,
      nowMs: clock.nowMs,
    });
  }
  return { id, username, token: await sessionOf(id), bankAccountId: Number(account.id) };
}

/** A credit waiting for a second operator: requested by a new finance operator, so anyone else may decide it. */
async function pendingApproval(): Promise<string> {
  const [requester, member] = await Promise.all([newOperator('finance'), newMember()]);
  const row = await t.db
    .insertInto('money_approval')
    .values({
      merchant_id: t.demoMerchantId,
      kind: 'adjustment',
      member_id: member.id,
      direction: 'credit',
      currency: 'THB',
      amount: 150_000n,
      reason: 'VIP goodwill',
      request_key: `matrix-approval-${++sequence}`,
      requested_by: requester.id,
      requested_at: new Date(clock.nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

function newOperator(
  role: OperatorRole,
  options: { stage?: 'password' | 'full'; nowMs?: number } = {},
): Promise<TestOperator> {
  return insertTestOperator(t.db, {
    merchantId: t.demoMerchantId,
    role,
    nowMs: options.nowMs ?? clock.nowMs,
    ...(options.stage ? { stage: options.stage } : {}),
  });
}

interface Call {
  method: string;
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

function send({ method, url, token, body, headers = {} }: Call): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      ...(token === undefined ? {} : { Authorization: token }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
    remoteAddress: freshIp(),
  });
}

/** A sealed call as the site makes it (the calls marked "encrypted"). */
function sendSealed(
  method: 'PUT' | 'POST',
  url: string,
  payload: Record<string, unknown>,
  token: string,
  headers: Record<string, string> = {},
) {
  const sealed = api.seal(payload);
  return send({ method, url, token, body: sealed.body, headers: { Encryption: sealed.encryptionHeader, ...headers } });
}

/** What a money call refused by its handler still writes: the Idempotency-Key layer's copy of the answer. */
const requestJournal = ['idempotent_request'] as const;

const idempotencyKey = () => `authz-${randomBytes(10).toString('hex')}`;

/* ---------------------------------------------------------------------------------------------- *
 * The one assertion helper: a call's answer against the expected refusal, and the database
 * against its state before the call. Returns what is wrong (null: nothing), so a table of cases
 * can report every failing route at once.
 * ---------------------------------------------------------------------------------------------- */

interface Expected {
  status: number;
  errorCode: string;
  /**
   * Tables the call may write although refused. Only `idempotent_request`, for calls refused by
   * their handler: the Idempotency-Key layer keeps the refusal to replay it, which is no change of state.
   */
  journal?: readonly string[];
  /** The envelope's value; null unless said (a refusal carries no data). */
  value?: unknown;
}

/** What is wrong with the answer to a call that must be refused, or null when it is the refusal expected. */
async function answerProblem(label: string, call: Call, expected: Expected): Promise<string | null> {
  const response = await send(call);
  let body: { success?: unknown; value?: unknown; errorCode?: unknown } = {};
  try {
    body = response.json();
  } catch {
    return `${label}: answered ${response.statusCode} without a JSON envelope: ${response.body.slice(0, 200)}`;
  }
  const valueIsRight = JSON.stringify(body.value ?? null) === JSON.stringify(expected.value ?? null);
  if (
    response.statusCode !== expected.status ||
    body.errorCode !== expected.errorCode ||
    body.success !== false ||
    !valueIsRight
  ) {
    return `${label}: expected ${expected.status} ${expected.errorCode}, got ${response.statusCode} ${response.body.slice(0, 300)}`;
  }
  return null;
}

/** The fingerprint keys whose values differ. */
const changedKeys = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((key) => before[key] !== after[key]);

/** One call: its answer, and the database the same before and after it. */
async function refusalProblem(label: string, call: Call, expected: Expected): Promise<string | null> {
  const before = await databaseFingerprint(t.db, expected.journal);
  const problem = await answerProblem(label, call, expected);
  if (problem) return problem;
  const changed = changedKeys(before, await databaseFingerprint(t.db, expected.journal));
  return changed.length > 0 ? `${label}: refused, but changed ${changed.join(', ')}` : null;
}

/**
 * Every call answered with its refusal, and none of them changed the database. A fingerprint of
 * every table costs far more than a refused call, so the calls that may write the same journal
 * tables are fingerprinted together, once before and once after them; only when a group changed
 * something are its calls sent again one by one, each between two fingerprints, to name the culprit.
 */
async function expectAllRefused(cases: Array<{ label: string; call: Call; expected: Expected }>): Promise<void> {
  const problems: string[] = [];
  const groups = new Map<string, typeof cases>();
  for (const one of cases) {
    const key = JSON.stringify([...(one.expected.journal ?? [])].sort());
    groups.set(key, [...(groups.get(key) ?? []), one]);
  }
  for (const group of groups.values()) {
    const journal = group[0]!.expected.journal;
    const before = await databaseFingerprint(t.db, journal);
    for (const { label, call, expected } of group) {
      const problem = await answerProblem(label, call, expected);
      if (problem) problems.push(problem);
    }
    const changed = changedKeys(before, await databaseFingerprint(t.db, journal));
    if (changed.length === 0) continue;
    problems.push(`${group.length} refused calls together changed ${changed.join(', ')}`);
    for (const { label, call, expected } of group) {
      const problem = await refusalProblem(label, call, expected);
      if (problem) problems.push(problem);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

/** A request for the endpoint: a body for methods that take one, an Idempotency-Key for money calls. */
function callOf(endpoint: Endpoint, token: string | undefined, input: { body?: unknown; query?: string } = {}): Call {
  const takesBody = endpoint.method !== 'GET';
  return {
    method: endpoint.method,
    url: concreteUrl(endpoint, input.query),
    ...(token === undefined ? {} : { token }),
    ...(takesBody ? { body: input.body ?? {} } : {}),
    // So that a refusal is the guard's, not the idempotency layer's.
    headers: { 'Idempotency-Key': idempotencyKey() },
  };
}

/** Input no schema of this app accepts: a JSON array for bodies, and out-of-range or ill-typed query values. */
const invalidBody = '[1,2,3]';
const invalidQuery = 'pageNo=-1&pageSize=0&depositId=x&proofId=x&withdrawalId=x&startTime=-5&vassalage=%00';

/* ---------------------------------------------------------------------------------------------- *
 * 1. Calls that need a member token.
 * ---------------------------------------------------------------------------------------------- */

describe('calls that need a member token', () => {
  const memberEndpoints = () => endpoints.filter((endpoint) => memberGuardOf(endpoint) !== null);
  const tokenInvalid = { status: 401, errorCode: errorCodes.tokenInvalid };

  it('are read from the route table: the list is complete enough to trust', () => {
    const labels = memberEndpoints().map((endpoint) => endpoint.label);
    expect(labels.length).toBeGreaterThan(30);
    for (const known of [
      `GET ${apiPaths.memberInfo}`,
      `GET ${apiPaths.walletBalance}`,
      `DELETE ${apiPaths.logout}`,
      `POST ${depositPaths.create}`,
      `POST ${withdrawalPaths.withdraw}`,
      `POST ${gamePaths.addFavoriteGame}`,
      `PUT ${apiPaths.agentDownline}`,
    ]) {
      expect(labels, `${known} should need a member token`).toContain(known);
    }
    // Money and the member centre are a real member's: trial accounts are refused there.
    const realOnly = memberEndpoints()
      .filter((endpoint) => memberGuardOf(endpoint) === 'realMember')
      .map((endpoint) => endpoint.label);
    for (const known of [
      `POST ${depositPaths.create}`,
      `POST ${withdrawalPaths.withdraw}`,
      `POST ${withdrawalPaths.confirmReceived}`,
      `POST ${apiPaths.passwordChange}`,
    ]) {
      expect(realOnly, `${known} should refuse trial accounts`).toContain(known);
    }
    // Every call that moves money under an Idempotency-Key moves real money: none may be open to trial accounts.
    const moneyCalls = endpoints.filter(
      (endpoint) => endpoint.route.config?.idempotent === true && endpoint.url.startsWith('/wps/'),
    );
    expect(moneyCalls.length).toBeGreaterThan(2);
    for (const endpoint of moneyCalls)
      expect(memberGuardOf(endpoint), `${endpoint.label} moves money`).toBe('realMember');
  });

  it("are every member-API call but the visitor's ones (spec §6): a new call without a guard fails here", () => {
    // Spec §6 "No token": login, registration and its codes, menus, announcements, captcha, forgot
    // password, free play, help centre, feedback, domain routing, hot games; plus what the site reads
    // before login (status, settings, public key, countries, rank list, affiliate check) and forgetting a
    // remember token (it carries the token itself).
    const visitorCalls = [
      `GET ${apiPaths.gameMenus}`,
      `GET ${apiPaths.agentAffiliate}`,
      `GET ${apiPaths.captcha}`,
      `GET ${apiPaths.sliderChallenge}`,
      `GET ${gamePaths.rankList}`,
      `GET ${apiPaths.hotGames}`,
      `GET ${siteContentPaths.homeLanes}`,
      `GET ${apiPaths.announcements}`,
      `GET ${apiPaths.country}`,
      `GET ${apiPaths.domainRoute}`,
      `GET ${apiPaths.helpCenter}`,
      `GET ${apiPaths.publicKey}`,
      `GET ${apiPaths.registerSettings}`,
      `GET ${apiPaths.systemStatus}`,
      `GET ${apiPaths.whitelabel}`,
      `POST ${apiPaths.sliderCheck}`,
      `POST ${apiPaths.passwordEmail}`,
      `POST ${apiPaths.passwordEmailReset}`,
      `POST ${apiPaths.passwordSms}`,
      `POST ${apiPaths.passwordVerification}`,
      `POST ${apiPaths.login}`,
      `POST ${apiPaths.freePlay}`,
      `POST ${apiPaths.loginVerification}`,
      `POST ${apiPaths.loginVerificationCode}`,
      `POST ${apiPaths.smsLogin}`,
      `POST ${apiPaths.smsRegister}`,
      `PUT ${apiPaths.feedback}`,
      `PUT ${apiPaths.register}`,
      `PUT ${apiPaths.registerMobile}`,
      `DELETE ${apiPaths.rememberForget}`,
      // Social login (modules/identity/social): the login button, the provider's callback (a link flow's
      // callback checks the member token itself) and registration from the callback's identity.
      `POST ${socialLoginPaths.start}`,
      `POST ${socialLoginPaths.callback}`,
      `PUT ${socialLoginPaths.register}`,
      // Live chat (modules/chat): open to visitors when the merchant allows them; the conversation,
      // its socket and images take a member's token or a visitor's conversation token (requireChatCaller).
      `GET ${chatPaths.settings}`,
      `POST ${chatPaths.visitorConversation}`,
      `POST ${chatPaths.memberConversation}`,
      `GET ${chatPaths.memberSocket}`,
      `POST ${chatPaths.images}`,
      `GET ${chatPaths.image}`,
      // The promotions a visitor may browse (a member's token adds its state to each card).
      `GET ${promotionPaths.list}`,
      `GET ${promotionPaths.detail}`,
      `GET ${promotionPaths.categories}`,
      `GET ${promotionPaths.merchantAvailable}`,
      // The lottery's lobby, countdowns and results (modules/lottery), shown before login like the menus.
      `GET ${lotteryPaths.games}`,
      `GET ${lotteryPaths.popularGames}`,
      `GET ${lotteryPaths.openedNumeros}`,
      `GET ${lotteryPaths.nearNumeros}`,
      `GET ${lotteryPaths.latestDraws}`,
      `GET ${lotteryPaths.drawHistory}`,
      `GET ${lotteryOrderPaths.gameSetting}`,
      `GET ${lotteryPaths.vnGameMenu}`,
      `GET ${lotteryPaths.vnOpenedNumeros}`,
      `GET ${lotteryYeekeePaths.submissions}`,
      // Test and demo only (CHALLENGE_BYPASS, refused in production); not registered in this app.
      `GET ${apiPaths.devOutbox}`,
    ];
    const unguarded = endpoints
      .filter((endpoint) => /^\/(wps|lgw)\//.test(endpoint.url) && memberGuardOf(endpoint) === null)
      .map((endpoint) => endpoint.label)
      .filter((label) => !visitorCalls.includes(label));
    expect(unguarded, 'member-API calls without requireMember / requireRealMember that are not visitor calls').toEqual(
      [],
    );
  });

  it('check the token before the body or query is parsed (guards are onRequest hooks)', () => {
    const late = endpoints
      .filter((endpoint) => lateGuardPhases(endpoint).length > 0)
      .map((endpoint) => `${endpoint.label}: guard in ${lateGuardPhases(endpoint).join(', ')}`);
    expect(
      late,
      `guards that run after validation (an anonymous bad body would get 400, not 401):\n${late.join('\n')}`,
    ).toEqual([]);
  });

  it.each([
    { name: 'no token', token: async () => undefined },
    { name: 'a garbage token', token: async () => 'garbage token' },
    { name: 'a well-formed token nobody was given', token: async () => randomBytes(32).toString('base64url') },
    {
      name: 'an expired token (absolute expiry)',
      token: async () =>
        sessionOf((await newMember()).id, {
          createdAtMs: clock.nowMs - 25 * 3_600_000,
          lastSeenAtMs: clock.nowMs - 60_000,
          expiresAtMs: clock.nowMs - 1,
        }),
    },
    {
      name: 'an idle token (no call for longer than the merchant allows)',
      token: async () =>
        sessionOf((await newMember()).id, {
          createdAtMs: clock.nowMs - 3 * 3_600_000,
          lastSeenAtMs: clock.nowMs - 31 * 60_000,
        }),
    },
    {
      name: 'a revoked token (logged out)',
      token: async () => {
        const member = await newMember();
        const logout = await send({ method: 'DELETE', url: apiPaths.logout, token: member.token });
        expect(logout.statusCode, logout.body).toBe(200);
        return member.token;
      },
    },
    {
      name: 'the token of a locked member',
      token: async () => {
        const member = await newMember();
        await t.db.updateTable('member').set({ status: 'locked' }).where('id', '=', member.id).execute();
        return member.token;
      },
    },
    { name: 'an operator token', token: async () => (await newOperator('admin')).token },
  ])('refuse $name with 401 user.or.token.invalid, and change nothing', async ({ name, token: makeToken }) => {
    const token = await makeToken();
    await expectAllRefused(
      memberEndpoints().map((endpoint) => ({
        label: `${endpoint.label} with ${name}`,
        call: callOf(endpoint, token),
        expected: tokenInvalid,
      })),
    );
  });

  it('refuse an anonymous caller with an invalid body or query with 401, not 400', async () => {
    const withBody = memberEndpoints().filter((endpoint) => requestSchemaOf(endpoint, 'body'));
    const withQuery = memberEndpoints().filter(
      (endpoint) =>
        requestSchemaOf(endpoint, 'querystring')?.safeParse(Object.fromEntries(new URLSearchParams(invalidQuery)))
          .success === false,
    );
    // The input is really invalid for each of them: without the guard first, each would answer 400.
    for (const endpoint of withBody)
      expect(requestSchemaOf(endpoint, 'body')!.safeParse(JSON.parse(invalidBody)).success, endpoint.label).toBe(false);
    expect(withBody.length).toBeGreaterThan(10);
    expect(withQuery.length).toBeGreaterThan(5);
    await expectAllRefused([
      ...withBody.map((endpoint) => ({
        label: `${endpoint.label} anonymous with an invalid body`,
        call: callOf(endpoint, undefined, { body: invalidBody }),
        expected: tokenInvalid,
      })),
      ...withQuery.map((endpoint) => ({
        label: `${endpoint.label} anonymous with an invalid query`,
        call: callOf(endpoint, undefined, { query: invalidQuery }),
        expected: tokenInvalid,
      })),
    ]);
  });

  it("refuse a trial account's token on every real-money and member-centre call with 403 member.trial.forbidden, balance unchanged", async () => {
    const trial = await newMember({ isAgent: trialMemberType });
    await postTransfers(t.db, {
      merchantId: t.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'authz-test', key: `trial-${trial.id}` },
      transfers: [
        {
          debit: { kind: 'house_trial' },
          credit: { kind: 'member_trial', memberId: trial.id },
          amount: 1_000_000n,
          kind: 'adjustment',
          reference: 'test',
        },
      ],
      nowMs: clock.nowMs,
    });
    const realOnly = memberEndpoints().filter((endpoint) => memberGuardOf(endpoint) === 'realMember');
    await expectAllRefused(
      realOnly.map((endpoint) => ({
        label: `${endpoint.label} with a trial token`,
        call: callOf(endpoint, trial.token),
        expected: { status: 403, errorCode: identityErrorCodes.trialForbidden },
      })),
    );
    expect(await memberBalance(t.db, t.demoMerchantId, 'THB', { kind: 'member_trial', memberId: trial.id })).toBe(
      1_000_000n,
    );
    // The same token is good: the refusal above is about the account, not the session.
    expect((await send({ method: 'GET', url: apiPaths.walletBalance, token: trial.token })).statusCode).toBe(200);
  });

  it('refuse a session that must change its password first, except the calls that lead to the change', async () => {
    const member = await newMember();
    const token = await sessionOf(member.id, { passwordChangeRequired: true });
    const closed = memberEndpoints().filter((endpoint) => endpoint.route.config?.allowPendingPasswordChange !== true);
    expect(closed.length).toBeLessThan(memberEndpoints().length);
    await expectAllRefused(
      closed.map((endpoint) => ({
        label: `${endpoint.label} before the forced password change`,
        call: callOf(endpoint, token),
        expected: { status: 403, errorCode: identityErrorCodes.passwordChangeRequired },
      })),
    );
  });
});

/* ---------------------------------------------------------------------------------------------- *
 * 2. Ownership: member B sending member A's ids.
 * ---------------------------------------------------------------------------------------------- */

describe("ids a member sends reach only the member's own records", () => {
  let a: Member;
  let b: Member;
  let depositOfA: { depositId: number };
  let unusedProofOfA: number;
  let paidWithdrawalOfA: number;
  let favouriteOfA: string;

  beforeAll(async () => {
    a = await newMember({ balance: '5000.00' });
    b = await newMember({ balance: '5000.00' });
    depositOfA = await deposits.bankDeposit(a.token);
    unusedProofOfA = await deposits.uploadOk(a.token);
    const withdrawal = await sendSealed(
      'POST',
      withdrawalPaths.withdraw,
      { amount: '150.00', bankAccountId: a.bankAccountId, paymentPassword },
      a.token,
      { 'Idempotency-Key': idempotencyKey() },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    paidWithdrawalOfA = withdrawal.json().value.withdrawalId;
    const finance = await newOperator('finance');
    const approve = await send({
      method: 'POST',
      url: withdrawalPaths.adminApprove,
      token: finance.token,
      body: {
        withdrawalId: paidWithdrawalOfA,
        payoutReference: 'FT-MATRIX-A',
        payoutSlip: pngBytes().toString('base64'),
      },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    favouriteOfA = await addSomeFavourite(a.token);
  });

  /** Adds the first game of the catalogue that can be a favourite; answers its id. */
  async function addSomeFavourite(token: string): Promise<string> {
    const games = await t.db
      .selectFrom('game')
      .select('game_id')
      .where('merchant_id', '=', t.demoMerchantId)
      .orderBy('id')
      .limit(50)
      .execute();
    for (const { game_id } of games) {
      const response = await send({ method: 'POST', url: gamePaths.addFavoriteGame, token, body: { gameId: game_id } });
      if (response.statusCode === 200) return game_id;
    }
    throw new Error('no game of the demo catalogue can be a favourite');
  }

  it.each([
    {
      name: "A's deposit by its id",
      call: () => ({ method: 'GET', url: `${depositPaths.detail}?depositId=${depositOfA.depositId}`, token: b.token }),
      expected: { status: 404, errorCode: depositErrorCodes.notFound },
    },
    {
      name: "A's deposit slip by its id",
      call: () => ({ method: 'GET', url: `${depositPaths.proof}?proofId=${unusedProofOfA}`, token: b.token }),
      expected: { status: 404, errorCode: depositErrorCodes.notFound },
    },
    {
      name: "a deposit with A's unused slip",
      call: () => ({
        method: 'POST',
        url: depositPaths.create,
        token: b.token,
        body: {
          methodCode: 'BANK',
          amount: '500.00',
          bankAccountId: 'kbank-1',
          transferReference: 'SLIP999',
          proofId: unusedProofOfA,
        },
        headers: { 'Idempotency-Key': idempotencyKey() },
      }),
      expected: { status: 400, errorCode: depositErrorCodes.proofUnknown, journal: requestJournal },
    },
    {
      name: "A's withdrawal payout slip by its id",
      call: () => ({
        method: 'GET',
        url: `${withdrawalPaths.payoutSlip}?withdrawalId=${paidWithdrawalOfA}`,
        token: b.token,
      }),
      expected: { status: 404, errorCode: withdrawalErrorCodes.withdrawalUnknown },
    },
    {
      name: "marking A's deposit paid",
      call: () => ({
        method: 'POST',
        url: depositPaths.confirmPaid,
        token: b.token,
        body: { depositId: depositOfA.depositId },
      }),
      expected: { status: 404, errorCode: depositErrorCodes.notFound },
    },
    {
      name: "attaching a slip to A's deposit",
      call: () => ({
        method: 'POST',
        url: depositPaths.attachProof,
        token: b.token,
        body: { depositId: depositOfA.depositId, proofId: unusedProofOfA },
      }),
      expected: { status: 404, errorCode: depositErrorCodes.notFound },
    },
    {
      name: "asking about A's deposit",
      call: () => ({
        method: 'POST',
        url: depositPaths.askQuestion,
        token: b.token,
        body: { depositId: depositOfA.depositId, message: 'is this mine?' },
      }),
      expected: { status: 404, errorCode: depositErrorCodes.notFound },
    },
    {
      name: "confirming A's withdrawal as received",
      call: () => ({
        method: 'POST',
        url: withdrawalPaths.confirmReceived,
        token: b.token,
        body: { withdrawalId: paidWithdrawalOfA },
      }),
      expected: { status: 400, errorCode: withdrawalErrorCodes.withdrawalUnknown },
    },
    {
      name: "reporting A's withdrawal as not received",
      call: () => ({
        method: 'POST',
        url: withdrawalPaths.reportNotReceived,
        token: b.token,
        body: { withdrawalId: paidWithdrawalOfA, proofImage: pngBytes().toString('base64'), remark: 'never arrived' },
      }),
      expected: { status: 400, errorCode: withdrawalErrorCodes.withdrawalUnknown },
    },
  ])('B reaches nothing through $name, and nothing changes', async ({ name, call, expected }) => {
    await expectAllRefused([{ label: `member B: ${name}`, call: call(), expected }]);
  });

  it.each([
    {
      name: "updating A's bank account",
      url: withdrawalPaths.updateBankAccount,
      body: () => ({
        bankAccountId: a.bankAccountId,
        paymentPassword,
        bankCode: 'KBANK',
        accountNumber: '1234509876',
        accountName: 'Somchai Jaidee',
      }),
    },
    {
      name: "removing A's bank account",
      url: withdrawalPaths.removeBankAccount,
      body: () => ({ bankAccountId: a.bankAccountId, paymentPassword }),
    },
    {
      name: "withdrawing to A's bank account",
      url: withdrawalPaths.withdraw,
      body: () => ({ amount: '100.00', bankAccountId: a.bankAccountId, paymentPassword }),
    },
  ])('B reaches nothing through $name (sealed), and nothing changes', async ({ name, url, body }) => {
    const before = await databaseFingerprint(t.db, requestJournal);
    const response = await sendSealed('POST', url, body(), b.token, { 'Idempotency-Key': idempotencyKey() });
    expect(response.statusCode, `member B: ${name}: ${response.body}`).toBe(400);
    expect(response.json(), `member B: ${name}`).toMatchObject({
      success: false,
      value: null,
      errorCode: withdrawalErrorCodes.bankAccountUnknown,
    });
    // The sealed bodies cannot be replayed through refusalProblem, so the state is compared here.
    expect(await databaseFingerprint(t.db, requestJournal), `member B: ${name} changed the database`).toEqual(before);
  });

  it("B's favourites are B's own: A's favourite is not listed, and removing it leaves A's", async () => {
    const listOf = async (token: string) =>
      (await send({ method: 'GET', url: gamePaths.favoriteGames, token })).json().value.gameIds as string[];
    expect(await listOf(b.token)).not.toContain(favouriteOfA);
    const remove = await send({
      method: 'DELETE',
      url: gamePaths.removeFavoriteGame,
      token: b.token,
      body: { gameId: favouriteOfA },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(await listOf(a.token)).toContain(favouriteOfA);
  });

  it("B's lists never show A's deposits, withdrawals or wallet movements", async () => {
    const asB = async (url: string) => {
      const response = await send({ method: 'GET', url, token: b.token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.body;
    };
    const ofA = [String(depositOfA.depositId), String(paidWithdrawalOfA)];
    const reports = {
      deposits: await asB(depositPaths.report),
      withdrawals: await asB(withdrawalPaths.withdrawReport),
      confirmations: await asB(withdrawalPaths.paymentConfirmationList),
      history: await asB(withdrawalPaths.transactionHistory),
    };
    expect(reports.deposits).not.toMatch(new RegExp(`"depositId":${ofA[0]}\\b`));
    expect(reports.withdrawals).not.toMatch(new RegExp(`"withdrawalId":${ofA[1]}\\b`));
    expect(reports.confirmations).not.toMatch(new RegExp(`"withdrawalId":${ofA[1]}\\b`));
    // A's wallet movements are ledger transfers of A's accounts; none may appear in B's history.
    const accountsOfA = t.db.selectFrom('ledger_account').select('id').where('member_id', '=', a.id);
    const transfersOfA = await t.db
      .selectFrom('ledger_transfer')
      .select('id as transfer_id')
      .where((eb) => eb.or([eb('debit_account_id', 'in', accountsOfA), eb('credit_account_id', 'in', accountsOfA)]))
      .execute();
    expect(transfersOfA.length).toBeGreaterThan(0);
    const history = JSON.parse(reports.history) as { value: { content?: Array<{ transactionId: number }> } };
    const idsInB = JSON.stringify(history.value).match(/"transactionId":(\d+)/g) ?? [];
    for (const { transfer_id } of transfersOfA)
      expect(idsInB, `A's transfer ${transfer_id} in B's history`).not.toContain(`"transactionId":${transfer_id}`);
    // And A sees its own, so the check above can fail.
    const ownHistory = await send({ method: 'GET', url: withdrawalPaths.transactionHistory, token: a.token });
    expect(ownHistory.body).toMatch(/"transactionId":\d+/);
  });
});

/* ---------------------------------------------------------------------------------------------- *
 * 3. Agents.
 * ---------------------------------------------------------------------------------------------- */

describe('agents', () => {
  const downlineBody = () => ({
    username: `dl${randomBytes(4).toString('hex').replace(/[0-9]/g, 'k')}`,
    password: 'Start123',
    payeeName: 'Malee Sukjai',
    countryDialingCode: '66',
    mobileNum: freshMobileNum(),
  });

  it('open accounts only under themselves', async () => {
    const agent = await newMember({ isAgent: 1 });
    const otherAgent = await newMember({ isAgent: 1 });
    const response = await sendSealed('PUT', apiPaths.agentDownline, downlineBody(), agent.token);
    expect(response.statusCode, response.body).toBe(200);
    const created = BigInt(response.json().value.id);
    const uplines = await listUplineChain(t.db, created, { merchantId: t.demoMerchantId });
    expect(uplines.map((upline) => upline.memberId)).toEqual([agent.id]);
    expect(
      (await listDownlines(t.db, agent.id, { merchantId: t.demoMerchantId })).map((downline) => downline.memberId),
    ).toEqual([created]);
    expect(
      (await listDownlines(t.db, otherAgent.id, { merchantId: t.demoMerchantId })).map((downline) => downline.memberId),
    ).not.toContain(created);
  });

  it('a member who is no agent cannot open accounts (403 agent.only), and nothing is created', async () => {
    const member = await newMember();
    const before = await databaseFingerprint(t.db);
    const response = await sendSealed('PUT', apiPaths.agentDownline, downlineBody(), member.token);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: identityErrorCodes.agentOnly });
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('transfers: no agent sends to downlines (403 agent.only), an agent only inside its subtree (404); nothing moves', async () => {
    const member = await newMember({ balance: '100.00' });
    const agent = await newMember({ isAgent: 1, balance: '100.00' });
    const stranger = await newMember();
    const sealedCall = (url: string, payload: Record<string, unknown>, token: string): Call => {
      const sealed = api.seal(payload);
      return {
        method: 'POST',
        url,
        token,
        body: sealed.body,
        headers: { Encryption: sealed.encryptionHeader, 'Idempotency-Key': idempotencyKey() },
      };
    };
    const single = { downlineId: Number(stranger.id), transferAmount: '10.00', password: paymentPassword };
    const bag = {
      recipients: 'SELECTED',
      downlineIds: [Number(stranger.id)],
      type: 'SHARE',
      totalAmount: '10.00',
      password: paymentPassword,
    };
    const agentOnly = { status: 403, errorCode: identityErrorCodes.agentOnly };
    const unknown = { status: 404, errorCode: 'agent.transfer.downline.unknown', journal: requestJournal };
    await expectAllRefused([
      {
        label: 'member to a downline',
        call: sealedCall(agentTransferPaths.toDownline, single, member.token),
        expected: agentOnly,
      },
      {
        label: 'member lucky bag',
        call: sealedCall(agentTransferPaths.luckyBag, bag, member.token),
        expected: agentOnly,
      },
      {
        label: 'agent outside its subtree',
        call: sealedCall(agentTransferPaths.toDownline, single, agent.token),
        expected: unknown,
      },
      {
        label: 'agent bag outside',
        call: sealedCall(agentTransferPaths.luckyBag, bag, agent.token),
        expected: unknown,
      },
    ]);
  });

  it('team pages: no agent reads a team (403 agent.only), an agent names no one outside its subtree (404); nothing changes', async () => {
    const member = await newMember();
    const agent = await newMember({ isAgent: 1 });
    const stranger = await newMember();
    const before = await databaseFingerprint(t.db);
    const range = 'startDate=2026-11-01&endDate=2026-11-02';
    const agentOnly = { status: 403, errorCode: identityErrorCodes.agentOnly };
    const unknown = { status: 404, errorCode: agentTeamErrorCodes.memberUnknown };
    const status = (token: string): Call => ({
      method: 'POST',
      url: agentTeamPaths.memberStatus,
      token,
      body: { downlineId: String(stranger.id), status: 'locked' },
    });
    await expectAllRefused([
      ...[
        `${agentTeamPaths.overview}?${range}`,
        agentTeamPaths.members,
        `${agentTeamPaths.bets}?${range}`,
        `${agentTeamPaths.pnl}?${range}`,
        `${agentTeamPaths.transactions}?${range}&subordinateName=${stranger.username}`,
      ].map((url) => ({
        label: `member ${url}`,
        call: { method: 'GET', url, token: member.token },
        expected: agentOnly,
      })),
      { label: 'member locks', call: status(member.token), expected: agentOnly },
      { label: 'agent locks a stranger', call: status(agent.token), expected: unknown },
      {
        label: 'agent bets of a stranger',
        call: {
          method: 'GET',
          url: `${agentTeamPaths.bets}?${range}&subordinateName=${stranger.username}`,
          token: agent.token,
        },
        expected: unknown,
      },
      {
        label: 'agent P&L of a stranger',
        call: {
          method: 'GET',
          url: `${agentTeamPaths.pnl}?${range}&subordinateName=${stranger.username}`,
          token: agent.token,
        },
        expected: unknown,
      },
      {
        label: 'agent transactions of a stranger',
        call: {
          method: 'GET',
          url: `${agentTeamPaths.transactions}?${range}&subordinateName=${stranger.username}`,
          token: agent.token,
        },
        expected: unknown,
      },
    ]);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });
});

/* ---------------------------------------------------------------------------------------------- *
 * 4. The back-office.
 * ---------------------------------------------------------------------------------------------- */

describe('back-office', () => {
  const operatorEndpoints = () => endpoints.filter((endpoint) => operatorPermissionOf(endpoint) !== undefined);
  /** POSTs that change nothing (a preview): read like GETs, no audit row owed. */
  const readOnlyPosts = [`POST ${announcementPaths.adminAnnouncementPreview}`];
  const isMutating = (endpoint: Endpoint) => endpoint.method !== 'GET' && !readOnlyPosts.includes(endpoint.label);
  const tokenInvalid = { status: 401, errorCode: backofficeErrorCodes.operatorTokenInvalid };

  /** The operator's own session steps: they find the session themselves (no requireOperator) and are tested in modules/backoffice. */
  const sessionSteps = [
    `POST ${adminApiPaths.login}`,
    `POST ${adminApiPaths.totpEnrol}`,
    `PUT ${adminApiPaths.totpEnrol}`,
    `POST ${adminApiPaths.totpVerify}`,
    `POST ${adminApiPaths.logout}`,
  ];

  const announcementCase = () => ({
    type: 'PL',
    titleTh: 'ประกาศ',
    titleEn: 'Notice',
    contentTh: '<p>ข้อความ</p>',
    contentEn: '<p>Text</p>',
    imageUrl: null,
    isPinned: false,
    isPopup: false,
    sort: 0,
    audience: 'all',
    enabled: true,
    activeFrom: null,
    activeUntil: null,
  });
  const bannerCase = () => ({
    groupName: 'home',
    titleTh: 'แบนเนอร์',
    titleEn: 'Banner',
    subtitleTh: null,
    subtitleEn: null,
    buttonLabelTh: null,
    buttonLabelEn: null,
    imageUrl: '/art/banner.png',
    linkUrl: null,
    sort: 0,
    enabled: true,
  });
  /**
   * The site content calls (modules/site/content-admin): per kind a body that saves, and a row of the
   * demo merchant at version 1 straight in its table for the update and the delete. Codes are new per call.
   */
  const siteContent = {
    customerService: {
      list: siteContentPaths.adminCustomerService,
      item: siteContentPaths.adminCustomerServiceItem,
      body: () => ({
        type: 'LINE',
        labelTh: 'ไลน์',
        labelEn: 'LINE',
        url: 'https://line.me/x',
        isVip: false,
        sort: 0,
        enabled: true,
      }),
      row: () => ({
        table: 'customer_service',
        values: {
          code: `matrix-${++sequence}`,
          type: 'LINE',
          label_th: 'ไลน์',
          label_en: 'LINE',
          url: 'https://line.me/x',
          sort: 0,
        },
      }),
    },
    resources: {
      list: siteContentPaths.adminResources,
      item: siteContentPaths.adminResourceItem,
      body: () => ({
        key: `matrix-${++sequence}`,
        resourceType: 'APP_ANDROID',
        labelTh: 'แอป',
        labelEn: 'App',
        url: 'https://example.com/app',
        qrImageUrl: '/art/qr.png',
        sort: 0,
        enabled: true,
      }),
      row: () => ({
        table: 'site_resource',
        values: {
          key: `matrix-${++sequence}`,
          resource_type: 'APP_ANDROID',
          label_name_en: 'App',
          label_th: 'แอป',
          label_en: 'App',
          url: 'https://example.com/app',
          qr_code_url: null,
          sort: 0,
        },
      }),
    },
    partners: {
      list: siteContentPaths.adminPartners,
      item: siteContentPaths.adminPartnerItem,
      body: () => ({ name: 'Studio', logoUrl: '/art/partner.png', sort: 0, enabled: true }),
      row: () => ({
        table: 'partner',
        values: { code: `matrix-${++sequence}`, name: 'Studio', logo_url: '/art/partner.png', sort: 0 },
      }),
    },
    helpCategories: {
      list: siteContentPaths.adminHelpCategories,
      item: siteContentPaths.adminHelpCategoryItem,
      body: () => ({ code: `matrix-${++sequence}`, titleTh: 'หมวด', titleEn: 'Category', sort: 0, enabled: true }),
      row: () => ({
        table: 'help_category',
        values: { code: `matrix-${++sequence}`, title_th: 'หมวด', title_en: 'Category', sort: 0 },
      }),
    },
    helpArticles: {
      list: siteContentPaths.adminHelpArticles,
      item: siteContentPaths.adminHelpArticleItem,
      body: () => ({
        tag: `matrix-${++sequence}`,
        categoryId: null,
        titleTh: 'บทความ',
        titleEn: 'Article',
        contentTh: '<p>ก</p>',
        contentEn: '<p>A</p>',
        sort: 0,
        enabled: true,
      }),
      row: () => ({
        table: 'help_topic',
        values: {
          tag: `matrix-${++sequence}`,
          title_th: 'บทความ',
          title_en: 'Article',
          content_th: '',
          content_en: '',
          sort: 0,
        },
      }),
    },
    homeLanes: {
      list: siteContentPaths.adminHomeLanes,
      item: siteContentPaths.adminHomeLaneItem,
      body: () => ({
        code: `matrix-${++sequence}`,
        titleTh: 'เกมฮิต',
        titleEn: 'Hot',
        category: null,
        source: 'hot',
        gameIds: [],
        maxGames: 6,
        sort: 0,
        enabled: true,
      }),
      row: () => ({
        table: 'home_lane',
        values: { code: `matrix-${++sequence}`, title_th: 'เกมฮิต', title_en: 'Hot', source: 'hot', sort: 0 },
      }),
    },
  } as const;
  const newSiteRow = async (row: { table: string; values: Record<string, unknown> }) => {
    const inserted = await (t.db as unknown as Kysely<Record<string, { id: number; merchant_id: number }>>)
      .insertInto(row.table)
      .values({ ...row.values, merchant_id: t.demoMerchantId } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  };
  const siteContentCases = () =>
    Object.fromEntries(
      Object.values(siteContent).flatMap((kind) => [
        [`POST ${kind.list}`, async () => ({ url: kind.list, body: kind.body() })],
        [
          `PUT ${kind.item}`,
          async () => ({
            url: kind.item.replace(':id', String(await newSiteRow(kind.row()))),
            body: { ...kind.body(), version: 1 },
          }),
        ],
        [
          `DELETE ${kind.item}`,
          async () => ({ url: `${kind.item.replace(':id', String(await newSiteRow(kind.row())))}?version=1` }),
        ],
      ]),
    );

  /** An announcement or banner of the demo merchant at version 1, straight in its table. */
  const newContentRow = async (table: 'announcement' | 'banner') => {
    const code = `matrix-${++sequence}`;
    const row =
      table === 'announcement'
        ? await t.db
            .insertInto('announcement')
            .values({
              merchant_id: t.demoMerchantId,
              code,
              type: 'PL',
              title_th: 'ประกาศ',
              title_en: 'Notice',
              content_th: '',
              content_en: '',
              published_at: new Date(clock.nowMs),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await t.db
            .insertInto('banner')
            .values({
              merchant_id: t.demoMerchantId,
              code,
              group_name: 'home',
              title_th: 'แบนเนอร์',
              title_en: 'Banner',
              image_url: '/art/banner.png',
              link_url: null,
              sort: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
    return row.id;
  };

  /** A request for each changing operator call, made for `actor`, that succeeds when the actor has the permission. */
  const mutations: Record<string, (actor: TestOperator) => Promise<Omit<Call, 'token' | 'method'>>> = {
    // Roles and four-eyes (helper roles): a custom role to create, edit or delete; an operator's allow-list;
    // the threshold (high, so the adjustments below stay direct); another operator's pending adjustment.
    [`POST ${rolesPaths.roles}`]: async () => ({
      url: rolesPaths.roles,
      body: { code: `matrix_${++sequence}`, nameTh: 'ทดสอบ', nameEn: 'Matrix', permissions: ['members.read'] },
    }),
    [`PUT ${rolesPaths.role}`]: async () => {
      const code = await insertTestRole(t.db, { merchantId: t.demoMerchantId, permissions: [] });
      return {
        url: rolesPaths.role.replace(':code', code),
        body: { nameTh: 'ทดสอบ', nameEn: 'Matrix', permissions: ['outbox.read'], version: 1 },
      };
    },
    [`DELETE ${rolesPaths.role}`]: async () => {
      const code = await insertTestRole(t.db, { merchantId: t.demoMerchantId, permissions: [] });
      return { url: rolesPaths.role.replace(':code', code) };
    },
    [`PUT ${rolesPaths.operatorIpAllowList}`]: async () => {
      const target = await newOperator('support');
      return {
        url: rolesPaths.operatorIpAllowList.replace(':operatorId', String(target.id)),
        body: { ipAllowList: ['127.0.0.1'], version: 1 },
      };
    },
    [`PUT ${rolesPaths.approvalThreshold}`]: async () => {
      const row = await t.db
        .selectFrom('approval_threshold')
        .select('version')
        .where('merchant_id', '=', t.demoMerchantId)
        .executeTakeFirst();
      return { url: rolesPaths.approvalThreshold, body: { amount: '99999999.00', version: row?.version ?? 0 } };
    },
    [`POST ${rolesPaths.approvalApprove}`]: async () => ({
      url: rolesPaths.approvalApprove.replace(':approvalId', await pendingApproval()),
    }),
    [`POST ${rolesPaths.approvalReject}`]: async () => ({
      url: rolesPaths.approvalReject.replace(':approvalId', await pendingApproval()),
      body: { reason: 'Not agreed' },
    }),
    // The site's maintenance and access sections saved as they are (the version read just before).
    [`PUT ${siteAccessPaths.maintenance}`]: async () => {
      const current = (await siteAccessSettings()) as { version: number; maintenance: unknown };
      return { url: siteAccessPaths.maintenance, body: { version: current.version, value: current.maintenance } };
    },
    [`PUT ${siteAccessPaths.access}`]: async () => {
      const current = (await siteAccessSettings()) as { version: number; access: unknown };
      return { url: siteAccessPaths.access, body: { version: current.version, value: current.access } };
    },
    // Games (modules/games): the first vendor and its first game saved as they are; a maintenance window
    // far in the future (so no launch in this file meets it), and one created just to be removed.
    [`PUT ${gamesAdminPaths.updateVendor}`]: async () => {
      const { vendor } = await firstVendorDetail();
      const { vendorId, version, isEnabled, sort, isHot, nameTh, nameEn, logoUrl, gameCategory } = vendor;
      return {
        url: gamesAdminPaths.updateVendor,
        body: {
          vendorId,
          version,
          isEnabled,
          sort,
          isHot,
          nameTh,
          nameEn,
          logoUrl,
          gameCategory,
          turnoverExclusionPct: 0,
        },
      };
    },
    [`PUT ${gamesAdminPaths.updateGame}`]: async () => {
      const game = (await firstVendorDetail()).games[0]!;
      const { gameRowId, version, isEnabled, sort, isHot, isNew, nameTh, nameEn, thumbnailUrl, minBet } = game;
      return {
        url: gamesAdminPaths.updateGame,
        body: { gameRowId, version, isEnabled, sort, isHot, isNew, nameTh, nameEn, thumbnailUrl, minBet },
      };
    },
    [`POST ${gamesAdminPaths.createMaintenance}`]: async () => ({
      url: gamesAdminPaths.createMaintenance,
      body: await farMaintenanceWindow(),
    }),
    [`DELETE ${gamesAdminPaths.deleteMaintenance}`]: async () => {
      const created = await send({
        method: 'POST',
        url: gamesAdminPaths.createMaintenance,
        token: (await newOperator('admin')).token,
        body: await farMaintenanceWindow(),
      });
      expect(created.statusCode, created.body).toBe(200);
      return { url: gamesAdminPaths.deleteMaintenance, body: { windowId: created.json().value.windowId } };
    },
    // Vendor credentials: a vendor of an outside integration (switched off, so no lobby shows it)
    // rotated with no overlap; a secret made just to be revoked; the address set.
    [`POST ${gamesCredentialsPaths.rotateCredential}`]: async () => ({
      url: gamesCredentialsPaths.rotateCredential,
      body: { vendorId: await credentialVendorId(), overlapHours: 0 },
    }),
    [`POST ${gamesCredentialsPaths.revokeCredential}`]: async () => {
      const vendorId = await credentialVendorId();
      const rotated = await send({
        method: 'POST',
        url: gamesCredentialsPaths.rotateCredential,
        token: (await newOperator('admin')).token,
        body: { vendorId, overlapHours: 0 },
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      return {
        url: gamesCredentialsPaths.revokeCredential,
        body: { vendorId, credentialId: rotated.json().value.credential.credentialId },
      };
    },
    [`PUT ${socialLoginPaths.adminProvider}`]: async () => ({
      url: socialLoginPaths.adminProvider.replace(':provider', 'google'),
      body: { clientId: `client-${++sequence}`, clientSecret: `secret-${sequence}` },
    }),
    [`DELETE ${socialLoginPaths.adminProvider}`]: async () => {
      const set = await send({
        method: 'PUT',
        url: socialLoginPaths.adminProvider.replace(':provider', 'facebook'),
        token: (await newOperator('admin')).token,
        body: { clientId: 'app-to-remove', clientSecret: 'secret-to-remove' },
      });
      expect(set.statusCode, set.body).toBe(200);
      return { url: socialLoginPaths.adminProvider.replace(':provider', 'facebook') };
    },
    // Web Push (modules/push): the key rotated from the fingerprint the page shows; a test notice to a
    // member with push on and a browser (its push service unreachable here: answered 200, failed 1).
    [`POST ${adminPushPaths.rotateKey}`]: async () => {
      const overview = await send({
        method: 'GET',
        url: adminPushPaths.overview,
        token: (await newOperator('admin')).token,
      });
      expect(overview.statusCode, overview.body).toBe(200);
      return { url: adminPushPaths.rotateKey, body: { fingerprint: overview.json().value.key?.fingerprint ?? null } };
    },
    [`POST ${adminPushPaths.test}`]: async () => {
      const member = await newMember();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscribed = await send({
        method: 'POST',
        url: pushPaths.subscribe,
        token: member.token,
        body: {
          consent: true,
          subscription: {
            endpoint: `https://127.0.0.1:9/push/${++sequence}`,
            keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
          },
        },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      return { url: adminPushPaths.test, body: { memberId: String(member.id) } };
    },
    [`PUT ${gamesCredentialsPaths.updateApiUrl}`]: async () => ({
      url: gamesCredentialsPaths.updateApiUrl,
      body: { vendorId: await credentialVendorId(), apiUrl: `https://vendor.example/${++sequence}` },
    }),
    [`PUT ${feedbackPaths.adminAnswer}`]: async () => ({
      url: feedbackPaths.adminAnswer.replace(':feedbackId', await memberFeedback()),
      body: { answer: 'Thank you, fixed.', version: 1 },
    }),
    [`POST ${feedbackPaths.adminClose}`]: async () => ({
      url: feedbackPaths.adminClose.replace(':feedbackId', await memberFeedback()),
      body: { version: 1 },
    }),
    // Promotions (promotions.manage, promotions.review): an ISSUED promotion to create, edit, grant; an application to decide.
    [`POST ${adminPromotionPaths.promotions}`]: async () => ({
      url: adminPromotionPaths.promotions,
      body: promotionBody(),
    }),
    [`PUT ${adminPromotionPaths.promotion}`]: async (actor) => ({
      url: adminPromotionPaths.promotion.replace(':id', (await matrixPromotion(actor)).promotionId),
      body: { ...promotionBody(), version: 1 },
    }),
    [`POST ${adminPromotionPaths.grant}`]: async (actor) => ({
      url: adminPromotionPaths.grant.replace(':id', (await matrixPromotion(actor)).promotionId),
      body: {
        grantId: `matrix-${++sequence}`,
        audience: 'listed',
        usernames: [(await newMember()).username],
        amount: '1',
      },
    }),
    [`POST ${adminPromotionPaths.review}`]: async (actor) => ({
      url: adminPromotionPaths.review.replace(':id', (await matrixPromotion(actor)).claimId),
      body: { decision: 'approve', amount: '1', remark: null },
    }),
    // Live chat (chat.answer): each call on a new member's waiting conversation.
    [`POST ${chatPaths.adminAssign}`]: async () => ({
      url: chatPaths.adminAssign.replace(':conversationId', await chatConversation()),
    }),
    [`POST ${chatPaths.adminTransfer}`]: async () => ({
      url: chatPaths.adminTransfer.replace(':conversationId', await chatConversation()),
      body: { operatorId: String((await (chatTransferee ??= newOperator('support'))).id) },
    }),
    [`POST ${chatPaths.adminClose}`]: async () => ({
      url: chatPaths.adminClose.replace(':conversationId', await chatConversation()),
    }),
    [`POST ${chatPaths.adminImages}`]: async () => {
      const upload = multipartFile(pngImage(3 + (++sequence % 50), 2));
      return {
        url: chatPaths.adminImages.replace(':conversationId', await chatConversation()),
        body: upload.payload,
        headers: { 'content-type': upload.contentType },
      };
    },
    [`POST ${chatPaths.adminCannedReplies}`]: async () => ({
      url: chatPaths.adminCannedReplies,
      body: { language: 'TH', title: `ทักทาย ${++sequence}`, text: 'สวัสดีค่ะ' },
    }),
    [`PUT ${chatPaths.adminCannedReply}`]: async () => ({
      url: chatPaths.adminCannedReply.replace(':cannedReplyId', await chatCannedReply()),
      body: { language: 'EN', title: 'Hello', text: 'Hello, how can I help?' },
    }),
    [`DELETE ${chatPaths.adminCannedReply}`]: async () => ({
      url: chatPaths.adminCannedReply.replace(':cannedReplyId', await chatCannedReply()),
    }),
    [`PUT ${chatPaths.adminSettings}`]: async () => ({
      url: chatPaths.adminSettings,
      body: { visitorsAllowed: false, alertMinutes: 5 + (++sequence % 10) },
    }),
    // The rebate settings (brands.manage): saved at the version they have now.
    [`PUT ${adminRebatePaths.settings}`]: async () => ({
      url: adminRebatePaths.settings,
      body: {
        mode: 'manual',
        rates: [{ productType: 'LIVE', percent: '0.5' }],
        minPayout: '1.00',
        dailyCap: null,
        turnoverMultiplier: '0',
        version:
          (
            await t.db
              .selectFrom('rebate_setting')
              .select('version')
              .where('merchant_id', '=', t.demoMerchantId)
              .executeTakeFirst()
          )?.version ?? 0,
      },
    }),
    // The lottery's back-office (lottery.manage): FAST3D_5M's setting saved as it is at its version; a
    // blocked number added (a fresh one each time) and one made just to be removed; a draw of an official
    // game past its lock, with no result, cancelled (nothing to refund: still audited).
    [`PUT ${adminLotteryPaths.gameSetting}`]: async () => {
      const gameId = await lotteryGameId('FAST3D_5M');
      await t.db
        .insertInto('lottery_game_setting')
        .values({ merchant_id: t.demoMerchantId, game_id: gameId })
        .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doNothing())
        .execute();
      const setting = await t.db
        .selectFrom('lottery_game_setting')
        .select('version')
        .where('merchant_id', '=', t.demoMerchantId)
        .where('game_id', '=', gameId)
        .executeTakeFirstOrThrow();
      return {
        url: adminLotteryPaths.gameSetting.replace(':gameId', String(gameId)),
        body: {
          enabled: true,
          minStakePerUnit: '1.00',
          maxOrderAmount: '50000.00',
          maxMemberDrawAmount: '200000.00',
          maxMultiple: 1000,
          minSeries: 1800,
          maxSeries: 2000,
          maxNumberPayout: null,
          overLimitMode: 'refuse',
          maxProfit: null,
          allowCancel: true,
          cancelFeeBps: 0,
          version: setting.version,
        },
      };
    },
    [`POST ${adminLotteryPaths.numberRules}`]: async () => ({
      url: adminLotteryPaths.numberRules.replace(':gameId', String(await lotteryGameId('FAST3D_5M'))),
      body: { playCode: 'THAI_3TOP', number: lotteryNumber(), closed: true, maxPayout: null, numero: null },
    }),
    [`DELETE ${adminLotteryPaths.numberRule}`]: async () => {
      const rule = await t.db
        .insertInto('lottery_number_rule')
        .values({
          merchant_id: t.demoMerchantId,
          game_id: await lotteryGameId('FAST3D_5M'),
          draw_id: null,
          play_code: 'THAI_2TOP',
          number: lotteryNumber().slice(1),
          closed: true,
          max_payout_minor: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: adminLotteryPaths.numberRule.replace(':ruleId', String(rule.id)) };
    },
    [`POST ${adminLotteryPaths.cancelDraw}`]: async () => {
      const gameId = await lotteryGameId('LAO');
      const numero = `20200101-M${++sequence}`;
      const past = new Date(clock.nowMs - 3_600_000);
      await t.db
        .insertInto('lottery_draw')
        .values({
          game_id: gameId,
          numero,
          opens_at: past,
          locks_at: past,
          draws_at: past,
          status: 'locked',
          result: null,
        })
        .execute();
      return { url: adminLotteryPaths.cancelDraw, body: { gameId, numero, reason: 'No result came' } };
    },
    // Official results (lottery.results): each on a due HANOI draw of its own.
    [`POST ${adminLotteryResultPaths.enter}`]: async () => ({
      url: adminLotteryResultPaths.enter,
      body: { gameCode: 'HANOI', numero: await dueOfficialNumero(), result: matrixHanoiResult },
    }),
    [`POST ${adminLotteryResultPaths.confirm}`]: async () => ({
      url: adminLotteryResultPaths.confirm.replace(':entryId', await pendingResultEntry()),
      body: { result: matrixHanoiResult },
    }),
    [`POST ${adminLotteryResultPaths.reject}`]: async () => ({
      url: adminLotteryResultPaths.reject.replace(':entryId', await pendingResultEntry()),
      body: { reason: 'matrix' },
    }),
    // Holiday day changes (lottery.results): each skips a THAI_GOV draw day (the 16th) a month further
    // ahead than the last, so no case meets another's change.
    [`POST ${adminLotteryDayChangePaths.add}`]: async () => ({
      url: adminLotteryDayChangePaths.add,
      body: { gameCode: 'THAI_GOV', scheduledDay: nextThaiDrawDay(), drawDay: null },
    }),
    [`DELETE ${adminLotteryDayChangePaths.remove}`]: async () => {
      const scheduledDay = nextThaiDrawDay();
      await t.db
        .insertInto('lottery_official_day_change')
        .values({ game_id: await lotteryGameId('THAI_GOV'), scheduled_day: scheduledDay, draw_day: null, note: null })
        .execute();
      return {
        url: adminLotteryDayChangePaths.remove.replace(':gameCode', 'THAI_GOV').replace(':scheduledDay', scheduledDay),
      };
    },
    [`POST ${adminLotteryResultPaths.import}`]: async () => ({
      url: adminLotteryResultPaths.import,
      body: { csv: `gameCode,numero,top3,bottom2\nHANOI,${await dueOfficialNumero()},123,45\n` },
    }),
    // The bonus rules (promotions.manage): the default rules saved again.
    [`PUT ${adminBonusPaths.settings}`]: async () => ({
      url: adminBonusPaths.settings,
      body: { withdrawalRule: 'block', forfeitBelow: null },
    }),
    // The inbox's composer (messages.send): a broadcast to the brand's agents, one row whatever their number.
    [`POST ${adminInboxPaths.messages}`]: async () => ({
      url: adminInboxPaths.messages,
      body: { audience: 'agents', subjectTh: 'ข่าว', contentTh: 'ข้อความ', subjectEn: 'News', contentEn: 'Message' },
    }),
    [`PUT ${adminApiPaths.ownPassword}`]: async (actor) => ({
      url: adminApiPaths.ownPassword,
      body: { currentPassword: actor.password, newPassword: `new-password-${++sequence}x` },
    }),
    [`POST ${adminApiPaths.memberAdjustments}`]: async () => ({
      url: adminApiPaths.memberAdjustments.replace(':memberId', String((await newMember()).id)),
      body: { direction: 'credit', amount: '10.00', reason: 'goodwill' },
      headers: { 'Idempotency-Key': idempotencyKey() },
    }),
    // The member desk (modules/member-desk): each change on a fresh member of the merchant.
    [`PUT ${memberDeskPaths.status}`]: async () => ({
      url: memberDeskPaths.status.replace(':memberId', String((await newMember()).id)),
      body: { action: 'lock', reason: 'checking a chargeback', version: 1 },
    }),
    [`POST ${memberDeskPaths.passwordReset}`]: async () => ({
      url: memberDeskPaths.passwordReset.replace(':memberId', String((await newMember()).id)),
      body: { reason: 'verified by phone' },
    }),
    [`POST ${memberDeskPaths.twoFactorReset}`]: async () => {
      const { id } = await newMember();
      await t.db
        .insertInto('member_totp')
        .values({
          member_id: id,
          merchant_id: t.demoMerchantId,
          secret: 'JBSWY3DPEHPK3PXP',
          enabled_at: new Date(clock.nowMs),
          pending_secret: null,
          updated_at: new Date(clock.nowMs),
        })
        .execute();
      return { url: memberDeskPaths.twoFactorReset.replace(':memberId', String(id)), body: { reason: 'lost phone' } };
    },
    [`DELETE ${memberDeskPaths.sessions}`]: async () => ({
      url: memberDeskPaths.sessions.replace(':memberId', String((await newMember()).id)),
    }),
    [`DELETE ${memberDeskPaths.session}`]: async () => {
      const { id } = await newMember();
      const token = await insertTestSession(t.db, t.demoMerchantId, id, clock.nowMs);
      const session = await t.db
        .selectFrom('member_session')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      return {
        url: memberDeskPaths.session.replace(':memberId', String(id)).replace(':sessionId', String(session.id)),
      };
    },
    [`PUT ${memberDeskPaths.tags}`]: async () => ({
      url: memberDeskPaths.tags.replace(':memberId', String((await newMember()).id)),
      body: { tags: [], version: 1 },
    }),
    [`POST ${memberDeskPaths.tagOptions}`]: async () => ({
      url: memberDeskPaths.tagOptions,
      body: { name: `tag${++sequence}` },
    }),
    [`POST ${memberDeskPaths.notes}`]: async () => ({
      url: memberDeskPaths.notes.replace(':memberId', String((await newMember()).id)),
      body: { body: 'Called about a late deposit' },
    }),
    // The agent tree (modules/agents): a fresh member moved under a fresh agent.
    [`PUT ${agentMovePaths.move}`]: async () => ({
      url: agentMovePaths.move.replace(':memberId', String((await newMember()).id)),
      body: { uplineId: String((await newMember({ isAgent: 1 })).id), reason: 'merged teams' },
    }),
    // The merchant's own contracts with top agents (modules/agents): a fresh top agent each time.
    [`POST ${agentContractAdminPaths.offer}`]: async () => ({
      url: agentContractAdminPaths.offer,
      body: {
        kind: 'daily_salary',
        downlineId: String((await newMember({ isAgent: 1 })).id),
        productType: 'LIVE',
        tiers: [{ minimumBet: '1000', activeMember: 1, rateType: 'P', rate: 0.01 }],
      },
    }),
    [`POST ${agentContractAdminPaths.end}`]: async () => {
      const holder = await newMember({ isAgent: 1 });
      const contract = await t.db
        .insertInto('agent_contract')
        .values({
          merchant_id: t.demoMerchantId,
          upline_member_id: null,
          member_id: holder.id,
          kind: 'daily_salary',
          product_type: 'LIVE',
          period: '',
          terms: JSON.stringify({
            type: 'salary',
            tiers: [{ minimumBetMinor: '100000', activeMembers: 1, rate: { kind: 'percent', ppm: 10_000 } }],
          }),
          status: 'A',
          replaces_id: null,
          created_at: new Date(clock.nowMs),
          updated_at: new Date(clock.nowMs),
          decided_at: new Date(clock.nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: agentContractAdminPaths.end, body: { contractId: contract.id.toString() } };
    },
    // Agents' links (modules/agents, agents.manage): an active link of a fresh agent each time.
    [`POST ${agentLinkAdminPaths.disable}`]: async () => {
      const agent = await newMember({ isAgent: 1 });
      const link = await t.db
        .insertInto('affiliate_code')
        .values({
          merchant_id: t.demoMerchantId,
          code: `MTX${++sequence}L`,
          code_key: `mtx${sequence}l`,
          agent_id: agent.id,
          domain: null,
          created_at: new Date(clock.nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: agentLinkAdminPaths.disable.replace(':linkId', String(link.id)), body: { reason: 'spam' } };
    },
    // The statements desk (modules/agents, agents.settle): a waiting statement of a fresh top agent each time.
    [`POST ${settlementDeskPaths.approve}`]: async () => ({
      url: settlementDeskPaths.approve.replace(':settlementId', await pendingSettlement()),
    }),
    [`POST ${settlementDeskPaths.reject}`]: async () => ({
      url: settlementDeskPaths.reject.replace(':settlementId', await pendingSettlement()),
      body: { reason: 'self-play found' },
    }),
    [`POST ${settlementDeskPaths.adjust}`]: async () => ({
      url: settlementDeskPaths.adjust.replace(':settlementId', await pendingSettlement()),
      body: { amount: '1.23', reason: 'agreed with the agent' },
    }),
    [`POST ${settlementDeskPaths.rerun}`]: async () => {
      // A summed day before any contract of this file was signed: the re-run computes nothing and is audited.
      await t.db
        .insertInto('report_day_pass')
        .values({ merchant_id: t.demoMerchantId, day: '2020-01-15', pass: 0, computed_at: new Date(clock.nowMs) })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return { url: settlementDeskPaths.rerun, body: { kind: 'daily_salary', periodKey: '2020-01-15' } };
    },
    [`POST ${adminApiPaths.operators}`]: async () => ({
      url: adminApiPaths.operators,
      body: { username: `opnew${++sequence}x`, password: 'operator-password-9', role: 'support' },
    }),
    [`PATCH ${adminApiPaths.operator}`]: async () => ({
      url: adminApiPaths.operator.replace(':operatorId', String((await newOperator('support')).id)),
      body: { status: 'disabled' },
    }),
    [`PUT ${adminApiPaths.operatorRole}`]: async () => ({
      url: adminApiPaths.operatorRole.replace(':operatorId', String((await newOperator('support')).id)),
      body: { role: 'finance' },
    }),
    [`POST ${announcementPaths.adminAnnouncements}`]: async () => ({
      url: announcementPaths.adminAnnouncements,
      body: announcementCase(),
    }),
    [`PUT ${announcementPaths.adminAnnouncementItem}`]: async () => ({
      url: announcementPaths.adminAnnouncementItem.replace(':id', String(await newContentRow('announcement'))),
      body: { ...announcementCase(), version: 1 },
    }),
    [`DELETE ${announcementPaths.adminAnnouncementItem}`]: async () => ({
      url: `${announcementPaths.adminAnnouncementItem.replace(':id', String(await newContentRow('announcement')))}?version=1`,
    }),
    [`POST ${announcementPaths.adminBanners}`]: async () => ({
      url: announcementPaths.adminBanners,
      body: bannerCase(),
    }),
    [`PUT ${announcementPaths.adminBannerItem}`]: async () => ({
      url: announcementPaths.adminBannerItem.replace(':id', String(await newContentRow('banner'))),
      body: { ...bannerCase(), version: 1 },
    }),
    [`DELETE ${announcementPaths.adminBannerItem}`]: async () => ({
      url: `${announcementPaths.adminBannerItem.replace(':id', String(await newContentRow('banner')))}?version=1`,
    }),
    ...siteContentCases(),
    // Brands: creating needs brands.platform (the platform role); settings and domains of the own merchant at its version.
    [`POST ${brandPaths.brands}`]: async () => {
      const code = `matrix${++sequence}`;
      return { url: brandPaths.brands, body: { code, name: 'Matrix', domain: `${code}.example.com`, currency: 'THB' } };
    },
    [`PUT ${brandPaths.brandSettings}`]: async (actor) => {
      const merchant = await t.db
        .selectFrom('merchant')
        .select(['version', 'config'])
        .where('id', '=', actor.merchantId)
        .executeTakeFirstOrThrow();
      const { sessions, verification, loginSecurity } = merchant.config;
      return {
        url: brandPaths.brandSettings.replace(':merchantId', String(actor.merchantId)),
        body: { version: merchant.version, section: 'security', value: { sessions, verification, loginSecurity } },
      };
    },
    [`PUT ${brandPaths.brandDomains}`]: async (actor) => {
      const merchant = await t.db
        .selectFrom('merchant')
        .select('version')
        .where('id', '=', actor.merchantId)
        .executeTakeFirstOrThrow();
      const domains = await t.db
        .selectFrom('merchant_domain')
        .select(['domain', 'is_primary'])
        .where('merchant_id', '=', actor.merchantId)
        .execute();
      return {
        url: brandPaths.brandDomains.replace(':merchantId', String(actor.merchantId)),
        body: {
          version: merchant.version,
          domains: domains.map((row) => ({ domain: row.domain, isPrimary: row.is_primary })),
        },
      };
    },
    [`POST ${mediaPaths.upload}`]: async () => {
      const upload = multipartFile(pngImage(3 + (++sequence % 50), 2));
      return { url: mediaPaths.upload, body: upload.payload, headers: { 'content-type': upload.contentType } };
    },
    [`DELETE ${adminApiPaths.operatorTotp}`]: async () => ({
      url: adminApiPaths.operatorTotp.replace(':operatorId', String((await newOperator('support')).id)),
    }),
    [`POST ${depositPaths.adminApprove}`]: async () => ({
      url: depositPaths.adminApprove,
      body: { depositId: (await deposits.bankDeposit((await newMember()).token)).depositId },
    }),
    [`POST ${depositPaths.adminReject}`]: async () => ({
      url: depositPaths.adminReject,
      body: { depositId: (await deposits.bankDeposit((await newMember()).token)).depositId, reason: 'slip unreadable' },
    }),
    [`POST ${depositPaths.adminAnswerQuestion}`]: async () => {
      const member = await newMember();
      const { depositId } = await deposits.bankDeposit(member.token);
      const asked = await send({
        method: 'POST',
        url: depositPaths.askQuestion,
        token: member.token,
        body: { depositId, message: 'where is my money?' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      return {
        url: depositPaths.adminAnswerQuestion,
        body: { questionId: asked.json().value.questions[0].questionId, answer: 'approved now' },
      };
    },
    [`PUT ${depositPaths.adminUpdateChannels}`]: async () => {
      const current = await send({
        method: 'GET',
        url: depositPaths.adminChannels,
        token: (await newOperator('admin')).token,
      });
      const value = current.json().value as {
        pendingMinutes: number;
        channels: Record<string, Record<string, unknown>>;
      };
      const { hasSecret: _hasSecret, ...demoPay } = value.channels.DEMOPAY!;
      return {
        url: depositPaths.adminUpdateChannels,
        body: {
          pendingMinutes: value.pendingMinutes === 30 ? 31 : 30,
          channels: { ...value.channels, DEMOPAY: demoPay },
        },
      };
    },
    [`POST ${withdrawalPaths.adminApprove}`]: async () => ({
      url: withdrawalPaths.adminApprove,
      body: { withdrawalId: await pendingWithdrawal(), payoutReference: 'FT-MATRIX-1' },
    }),
    [`POST ${withdrawalPaths.adminReject}`]: async () => ({
      url: withdrawalPaths.adminReject,
      body: { withdrawalId: await pendingWithdrawal(), reason: 'account closed' },
    }),
    [`POST ${withdrawalPaths.adminForceReceived}`]: async () => {
      const withdrawalId = await pendingWithdrawal();
      const approve = await send({
        method: 'POST',
        url: withdrawalPaths.adminApprove,
        token: (await newOperator('admin')).token,
        body: { withdrawalId, payoutReference: 'FT-MATRIX-2' },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      return { url: withdrawalPaths.adminForceReceived, body: { withdrawalId, remark: 'bank confirmed' } };
    },
    // Four-eyes for payouts: a pending withdrawal whose payout another operator asked for.
    [`POST ${withdrawalPaths.adminConfirmSecondApproval}`]: async () => ({
      url: withdrawalPaths.adminConfirmSecondApproval,
      body: { withdrawalId: await waitingWithdrawal() },
    }),
    [`POST ${withdrawalPaths.adminReturnSecondApproval}`]: async () => ({
      url: withdrawalPaths.adminReturnSecondApproval,
      body: { withdrawalId: await waitingWithdrawal(), reason: 'reference not on the statement' },
    }),
  };

  /** The merchant's first vendor with its games, as the back-office reads it. */
  async function firstVendorDetail(): Promise<AdminVendorDetail> {
    const token = (await newOperator('admin')).token;
    const list = await send({ method: 'GET', url: gamesAdminPaths.vendors, token });
    expect(list.statusCode, list.body).toBe(200);
    const vendorId = (list.json().value as AdminVendorList).vendors.find((vendor) => vendor.gameCount > 0)!.vendorId;
    const detail = await send({ method: 'GET', url: `${gamesAdminPaths.vendor}?vendorId=${vendorId}`, token });
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json().value as AdminVendorDetail;
  }

  /** A switched-off vendor of the demo merchant served by an outside integration (`MATRIX_CRED`), made once. */
  let credentialVendor: Promise<number> | null = null;
  function credentialVendorId(): Promise<number> {
    credentialVendor ??= t.db
      .insertInto('game_vendor')
      .values({
        merchant_id: t.demoMerchantId,
        vassalage: 'MATRIXCRED',
        game_category: 'RNG',
        game_type: 'SLOT',
        display_name_th: 'ทดสอบ',
        display_name_en: 'Matrix',
        account_type_name: 'Matrix',
        logo_kind: 'SLOT',
        logo_url: '/art/matrix.png',
        wallet_mode: 'transfer',
        integration_code: 'MATRIX_CRED',
        sort: 9999,
        is_enabled: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
    return credentialVendor;
  }

  /** A one-off maintenance window of the first vendor, ten years from now. */
  async function farMaintenanceWindow(): Promise<Record<string, unknown>> {
    const startsAt = Date.now() + 10 * 365 * 86_400_000;
    return {
      vendorId: (await firstVendorDetail()).vendor.vendorId,
      kind: 'once',
      startsAt,
      endsAt: startsAt + 3_600_000,
    };
  }

  async function siteAccessSettings(): Promise<unknown> {
    const response = await send({
      method: 'GET',
      url: siteAccessPaths.settings,
      token: (await newOperator('admin')).token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value;
  }

  /** A new note from a new member (the feedback desk's calls answer and close it). */
  /** A new member's waiting live chat conversation, opened through the site API. */
  async function chatConversation(): Promise<string> {
    const response = await send({
      method: 'POST',
      url: chatPaths.memberConversation,
      token: (await newMember()).token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id;
  }

  /** A due official draw (HANOI, locked, its time a minute ago) of its own: each entry needs a draw with none pending. */
  let matrixResultDay = 0;
  async function dueOfficialNumero(): Promise<string> {
    const game = await t.db
      .selectFrom('lottery_game')
      .select('id')
      .where('code', '=', 'HANOI')
      .executeTakeFirstOrThrow();
    matrixResultDay += 1;
    const month = String(1 + Math.floor((matrixResultDay - 1) / 28)).padStart(2, '0');
    const day = String(1 + ((matrixResultDay - 1) % 28)).padStart(2, '0');
    const numero = `2020${month}${day}`;
    const drawsAt = new Date(clock.nowMs - 60_000);
    await t.db
      .insertInto('lottery_draw')
      .values({
        game_id: game.id,
        numero,
        opens_at: drawsAt,
        locks_at: drawsAt,
        draws_at: drawsAt,
        status: 'locked',
        server_seed: null,
        server_seed_hash: null,
        client_seed: null,
      })
      .execute();
    return numero;
  }
  const matrixHanoiResult = { family: 'THAI_STYLE', top3: '123', bottom2: '45' } as const;
  /** A pending entry made by another finance operator: the actor confirms or rejects it. */
  async function pendingResultEntry(): Promise<string> {
    const entered = await send({
      method: 'POST',
      url: adminLotteryResultPaths.enter,
      token: (await newOperator('platform')).token,
      body: { gameCode: 'HANOI', numero: await dueOfficialNumero(), result: matrixHanoiResult },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    return entered.json().value.entryId;
  }

  /** Who receives transferred conversations: one support operator for all. */
  let chatTransferee: ReturnType<typeof newOperator> | null = null;

  /** A canned reply of the demo merchant, written as an operator does. */
  async function chatCannedReply(): Promise<string> {
    const response = await send({
      method: 'POST',
      url: chatPaths.adminCannedReplies,
      token: (await (chatTransferee ??= newOperator('support'))).token,
      body: { language: 'TH', title: `ตอบ ${++sequence}`, text: 'ขอบคุณค่ะ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id;
  }

  async function memberFeedback(): Promise<string> {
    const response = await send({
      method: 'POST',
      url: feedbackPaths.mine,
      token: (await newMember()).token,
      body: { type: 'problem', content: 'The game froze' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id;
  }

  /** Who asks for the waiting payouts below: one operator for all (an operator is costly to make), never the actor. */
  let payoutRequester: ReturnType<typeof newOperator> | null = null;
  /** A pending withdrawal whose payout (above the threshold) another operator asked for: it waits for a second one. */
  async function waitingWithdrawal(): Promise<number> {
    payoutRequester ??= newOperator('finance');
    const [withdrawalId, requester] = await Promise.all([pendingWithdrawal(), payoutRequester]);
    await t.db
      .insertInto('withdrawal_second_approval')
      .values({
        merchant_id: t.demoMerchantId,
        withdrawal_id: BigInt(withdrawalId),
        threshold_amount: 5_000n,
        payout_reference: `FT-MATRIX-${++sequence}`,
        payout_slip_id: null,
        requested_by: requester.id,
        requested_at: new Date(clock.nowMs),
      })
      .execute();
    return withdrawalId;
  }

  /** A daily salary statement the job stored and did not pay, for a fresh top agent's merchant contract. */
  async function pendingSettlement(): Promise<string> {
    const holder = await newMember({ isAgent: 1 });
    const contract = await t.db
      .insertInto('agent_contract')
      .values({
        merchant_id: t.demoMerchantId,
        upline_member_id: null,
        member_id: holder.id,
        kind: 'daily_salary',
        product_type: 'LIVE',
        period: '',
        terms: JSON.stringify({
          type: 'salary',
          tiers: [{ minimumBetMinor: '100000', activeMembers: 1, rate: { kind: 'percent', ppm: 10_000 } }],
        }),
        status: 'A',
        replaces_id: null,
        created_at: new Date(clock.nowMs),
        updated_at: new Date(clock.nowMs),
        decided_at: new Date(clock.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statement = await t.db
      .insertInto('agent_settlement')
      .values({
        merchant_id: t.demoMerchantId,
        contract_id: contract.id,
        kind: 'daily_salary',
        period_key: '2026-10-01',
        holder_id: holder.id,
        payer_id: null,
        inputs: JSON.stringify({ teamValidBet: '100000' }),
        gross_minor: 1_000n,
        status: 'P',
        note: null,
        computed_at: new Date(clock.nowMs),
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return statement.id.toString();
  }

  async function pendingWithdrawal(): Promise<number> {
    const member = await newMember({ balance: '1000.00' });
    const response = await sendSealed(
      'POST',
      withdrawalPaths.withdraw,
      { amount: '100.00', bankAccountId: member.bankAccountId, paymentPassword },
      member.token,
      { 'Idempotency-Key': idempotencyKey() },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.withdrawalId;
  }

  let dayChangeMonths = 1;
  const nextThaiDrawDay = () => {
    const day = new Date(clock.nowMs);
    day.setUTCDate(16);
    day.setUTCMonth(day.getUTCMonth() + ++dayChangeMonths);
    return day.toISOString().slice(0, 10);
  };
  const lotteryGameId = async (code: string) =>
    (await t.db.selectFrom('lottery_game').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  /** A three-digit number not used before in this file (blocked numbers are unique per play and number). */
  const lotteryNumber = () => String(++sequence % 1000).padStart(3, '0');

  const auditRowsOf = async (operatorId: bigint) =>
    t.db
      .selectFrom('operator_audit')
      .select(['action', 'target_type', 'target_id'])
      .where('operator_id', '=', operatorId)
      .orderBy('id')
      .execute();

  it('operator calls are read from the route table, and every changing one has a case here', () => {
    const labels = operatorEndpoints().map((endpoint) => endpoint.label);
    expect(labels).toContain(`GET ${adminApiPaths.members}`);
    expect(labels).toContain(`POST ${withdrawalPaths.adminApprove}`);
    expect(labels).toContain(`POST ${depositPaths.adminApprove}`);
    const changing = operatorEndpoints()
      .filter(isMutating)
      .map((endpoint) => endpoint.label);
    expect(
      changing.toSorted(),
      'a changing back-office call without a case in `mutations`, or a case of a call that is gone',
    ).toEqual(Object.keys(mutations).toSorted());
    // Every other changing /admin-api/ call is one of the operator's own session steps.
    const unguarded = endpoints
      .filter(
        (endpoint) =>
          endpoint.url.startsWith('/admin-api/') &&
          isMutating(endpoint) &&
          operatorPermissionOf(endpoint) === undefined,
      )
      .map((endpoint) => endpoint.label);
    expect(unguarded.toSorted()).toEqual(sessionSteps.toSorted());
  });

  it.each([
    { name: 'no token', token: async () => undefined },
    { name: 'a garbage token', token: async () => 'garbage token' },
    {
      name: 'an expired token',
      token: async () =>
        (
          await createOperatorSession(t.db, {
            merchantId: t.demoMerchantId,
            operatorId: (await newOperator('admin')).id,
            stage: 'full',
            ip: '127.0.0.1',
            nowMs: clock.nowMs - 7 * 24 * 3_600_000,
          })
        ).token,
    },
    {
      name: 'a revoked token (logged out)',
      token: async () => {
        const operator = await newOperator('admin');
        const logout = await send({ method: 'POST', url: adminApiPaths.logout, token: operator.token });
        expect(logout.statusCode, logout.body).toBe(200);
        return operator.token;
      },
    },
    {
      name: 'the token of a disabled operator',
      token: async () => {
        const operator = await newOperator('admin');
        await t.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', operator.id).execute();
        return operator.token;
      },
    },
    { name: "a member's token", token: async () => (await newMember()).token },
  ])('refuse $name with 401 operator.token.invalid, and change nothing', async ({ name, token: makeToken }) => {
    const token = await makeToken();
    await expectAllRefused(
      operatorEndpoints().map((endpoint) => ({
        label: `${endpoint.label} with ${name}`,
        call: callOf(endpoint, token),
        expected: tokenInvalid,
      })),
    );
  });

  it('refuse an anonymous caller with an invalid body with 401, not 400', async () => {
    const withBody = operatorEndpoints().filter((endpoint) => requestSchemaOf(endpoint, 'body'));
    expect(withBody.length).toBeGreaterThan(5);
    await expectAllRefused(
      withBody.map((endpoint) => ({
        label: `${endpoint.label} anonymous with an invalid body`,
        call: callOf(endpoint, undefined, { body: invalidBody }),
        expected: tokenInvalid,
      })),
    );
  });

  it('the session steps after login refuse an anonymous caller, even with an invalid body, with 401', async () => {
    const steps = endpoints.filter(
      (endpoint) => sessionSteps.includes(endpoint.label) && endpoint.label !== `POST ${adminApiPaths.login}`,
    );
    expect(steps.length).toBe(sessionSteps.length - 1);
    await expectAllRefused(
      steps.flatMap((endpoint) => [
        { label: `${endpoint.label} without a token`, call: callOf(endpoint, undefined), expected: tokenInvalid },
        {
          label: `${endpoint.label} anonymous with an invalid body`,
          call: callOf(endpoint, undefined, { body: invalidBody }),
          expected: tokenInvalid,
        },
      ]),
    );
  });

  it('refuse a session that passed the password but not the authenticator code (403 operator.totp.required)', async () => {
    const operator = await newOperator('admin', { stage: 'password' });
    await expectAllRefused(
      operatorEndpoints().map((endpoint) => ({
        label: `${endpoint.label} before the TOTP step`,
        call: callOf(endpoint, operator.token),
        expected: { status: 403, errorCode: backofficeErrorCodes.totpRequired, value: { stage: 'verify' } },
      })),
    );
  });

  it('refuse every role without the permission of a call (403 operator.permission.denied), whatever it asks', async () => {
    const cases: Array<{ label: string; call: Call; expected: Expected }> = [];
    for (const role of Object.keys(rolePermissions) as OperatorRole[]) {
      const operator = await newOperator(role);
      for (const endpoint of operatorEndpoints()) {
        const permission = operatorPermissionOf(endpoint);
        if (permission === null || permission === undefined || roleHasPermission(role, permission)) continue;
        const prepare = mutations[endpoint.label];
        // A changing call gets a request that would succeed with the permission, so only the permission refuses it.
        const request = prepare
          ? { method: endpoint.method, ...(await prepare(operator)), token: operator.token }
          : callOf(endpoint, operator.token);
        cases.push({
          label: `${endpoint.label} as ${role} (lacks ${permission})`,
          call: request,
          expected: { status: 403, errorCode: backofficeErrorCodes.permissionDenied },
        });
      }
    }
    expect(cases.length).toBeGreaterThan(10);
    await expectAllRefused(cases);
  });

  /** The least powerful role that has the permission: success then proves the permission, not the admin role. */
  const leastRoleWith = (permission: OperatorPermission | null): OperatorRole =>
    (['support', 'finance', 'admin', 'platform'] as const).find(
      (role) => permission === null || roleHasPermission(role, permission),
    )!;

  it.each(Object.keys(mutations))(
    '%s succeeds for a role with its permission and writes an audit row',
    async (label) => {
      const endpoint = operatorEndpoints().find((candidate) => candidate.label === label);
      expect(endpoint, `${label} is not in the route table`).toBeDefined();
      const role = leastRoleWith(operatorPermissionOf(endpoint!)!);
      const operator = await newOperator(role);
      const request = await mutations[label]!(operator);
      const auditBefore = await auditRowsOf(operator.id);
      const response = await send({ method: endpoint!.method, ...request, token: operator.token });
      expect(response.statusCode, `${label} as ${role}: ${response.body}`).toBe(200);
      expect(response.json().success).toBe(true);
      const auditAfter = await auditRowsOf(operator.id);
      expect(auditAfter.length, `${label} as ${role} wrote no audit row`).toBeGreaterThan(auditBefore.length);
    },
  );

  it('let the least role with the permission of each reading call through', async () => {
    const problems: string[] = [];
    for (const endpoint of operatorEndpoints().filter((candidate) => !isMutating(candidate))) {
      const role = leastRoleWith(operatorPermissionOf(endpoint)!);
      const response = await send(callOf(endpoint, (await newOperator(role)).token));
      // Ids are placeholders (1), so a detail may answer 400 or 404; the guard must not refuse.
      if ([401, 403].includes(response.statusCode))
        problems.push(`${endpoint.label} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('logging out writes an audit row too', async () => {
    const operator = await newOperator('support');
    const response = await send({ method: 'POST', url: adminApiPaths.logout, token: operator.token });
    expect(response.statusCode, response.body).toBe(200);
    expect((await auditRowsOf(operator.id)).map((row) => row.action)).toContain('session.logout');
  });
});
