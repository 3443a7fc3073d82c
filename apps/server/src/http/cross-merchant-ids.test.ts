import {
  adminLotteryDayChangePaths,
  adminApiPaths,
  adminLotteryPaths,
  adminLotteryResultPaths,
  announcementPaths,
  brandPaths,
  chatPaths,
  feedbackPaths,
  adminPromotionPaths,
  memberDeskPaths,
  operatorPermissions,
  rolesPaths,
  siteContentPaths,
  socialLoginPaths,
} from '@lotus/contract';
import type { RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../modules/backoffice/backoffice.testing.ts';
import { hashToken } from '../modules/identity/index.ts';
import { promotionRow } from '../modules/promotions/promotions.testing.ts';
import { insertTestMember, insertTestSession } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { endpointsOf, operatorPermissionOf, type Endpoint } from './authorization-matrix.testing.ts';

/**
 * Issue 15, "another merchant's id answers 404 like an unknown one", proved over the route table:
 * EVERY /admin-api call with a path parameter naming a record is made by an operator of merchant A
 * holding every permission but `brands.platform`, naming a record that exists in merchant B. It must
 * answer exactly what an unknown id answers (404 and the same error code), and leave every row of
 * merchant B as it was. The table below says how to make B's record for each call; a call added
 * without an entry fails the first test, so the table cannot fall behind the routes.
 *
 * The platform role (`brands.platform`) sees every merchant's brand settings by design (modules/brands
 * visibleMerchant); it is checked apart: it reads B's brand, and still gets 404 for B's other records.
 */

let t: TestApp;
const routeTable: RouteOptions[] = [];
let idEndpoints: Endpoint[];
let merchantB: { id: number; code: string };
let actor: TestOperator;
let platformActor: TestOperator;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routeTable.push(route) });
  idEndpoints = endpointsOf(routeTable).filter(
    (endpoint) =>
      endpoint.url.startsWith('/admin-api/') &&
      /:[A-Za-z]/.test(endpoint.url) &&
      operatorPermissionOf(endpoint) !== undefined &&
      !sharedIdCalls.includes(endpoint.label),
  );
  const code = 'crossb';
  const row = await t.db
    .insertInto('merchant')
    .values({
      code,
      name: 'Merchant B',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchantB = { id: row.id, code };
  await t.db
    .insertInto('merchant_domain')
    .values({ merchant_id: merchantB.id, domain: 'crossb.example.com', is_primary: true } as never)
    .execute();
  const everythingButPlatform = await insertTestRole(t.db, {
    merchantId: t.demoMerchantId,
    permissions: operatorPermissions.filter((permission) => permission !== 'brands.platform'),
  });
  [actor, platformActor] = await Promise.all([
    insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: everythingButPlatform }),
    insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'platform' }),
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/* ---------------------------------------------------------------------------------------------- *
 * Merchant B's records, straight in the tables (their creation is tested by their modules).
 * ---------------------------------------------------------------------------------------------- */

const now = () => new Date();

async function memberOfB(): Promise<string> {
  const id = await insertTestMember(t.db, merchantB.id, `crossb${++sequence}`);
  return String(id);
}

async function sessionOfB(): Promise<{ memberId: string; sessionId: string }> {
  const memberId = await memberOfB();
  const token = await insertTestSession(t.db, merchantB.id, BigInt(memberId));
  const session = await t.db
    .selectFrom('member_session')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return { memberId, sessionId: String(session.id) };
}

async function operatorOfB(): Promise<string> {
  return String((await insertTestOperator(t.db, { merchantId: merchantB.id, role: 'support' })).id);
}

async function roleOfB(): Promise<string> {
  return insertTestRole(t.db, { merchantId: merchantB.id, permissions: ['members.read'] });
}

async function approvalOfB(): Promise<string> {
  const [requester, memberId] = await Promise.all([
    insertTestOperator(t.db, { merchantId: merchantB.id, role: 'finance' }),
    memberOfB(),
  ]);
  const row = await t.db
    .insertInto('money_approval')
    .values({
      merchant_id: merchantB.id,
      kind: 'adjustment',
      member_id: BigInt(memberId),
      direction: 'credit',
      currency: 'THB',
      amount: 150_000n,
      reason: 'VIP goodwill',
      request_key: `cross-approval-${++sequence}`,
      requested_by: requester.id,
      requested_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A promotion of B with a member's application (a picture attached), straight in the tables. */
async function promotionOfB(): Promise<{ promotionId: string; claimId: string; pictureId: string }> {
  const [operatorId, memberId] = await Promise.all([operatorOfB(), memberOfB()]);
  const promotion = await t.db
    .insertInto('promotion')
    .values(
      promotionRow({
        merchant_id: merchantB.id,
        kind: 'MANUAL',
        category: 'special',
        name: 'B',
        created_by: BigInt(operatorId),
        at: now(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const picture = await t.db
    .insertInto('promotion_picture')
    .values({
      merchant_id: merchantB.id,
      member_id: BigInt(memberId),
      content_type: 'image/png',
      size_bytes: 1,
      width: 1,
      height: 1,
      content: Buffer.from([0]),
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const claim = await t.db
    .insertInto('promotion_claim')
    .values({
      merchant_id: merchantB.id,
      promotion_id: promotion.id,
      member_id: BigInt(memberId),
      status: 'applying',
      amount: null,
      deposit_id: null,
      deposit_amount: null,
      turnover_required: null,
      remarks: 'B',
      picture_ids: [picture.id],
      review_remark: null,
      reviewed_by_operator_id: null,
      reviewed_by_username: null,
      grant_id: null,
      period_key: null,
      bonus_id: null,
      created_at: now(),
      issued_at: null,
      claimed_at: null,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { promotionId: String(promotion.id), claimId: String(claim.id), pictureId: String(picture.id) };
}

/** A member of B writes feedback through the site API of B, as members do. */
async function feedbackOfB(): Promise<string> {
  const memberId = await memberOfB();
  const token = await insertTestSession(t.db, merchantB.id, BigInt(memberId));
  const response = await t.app.inject({
    method: 'POST',
    url: feedbackPaths.mine,
    headers: { merchant: merchantB.code, language: 'EN', authorization: token },
    payload: { type: 'problem', content: 'The game froze' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.json().value.id);
}

/** A member of B opens a live chat conversation through the site API of B, as members do. */
async function chatConversationOfB(): Promise<string> {
  const memberId = await memberOfB();
  const token = await insertTestSession(t.db, merchantB.id, BigInt(memberId));
  const response = await t.app.inject({
    method: 'POST',
    url: chatPaths.memberConversation,
    headers: { merchant: merchantB.code, language: 'EN', authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.json().value.id);
}

/** A canned reply of B's live chat (modules/chat). */
async function cannedReplyOfB(): Promise<string> {
  const operator = await insertTestOperator(t.db, { merchantId: merchantB.id, role: 'admin' });
  const row = await t.db
    .insertInto('chat_canned_reply')
    .values({
      merchant_id: merchantB.id,
      language: 'TH',
      title: 'B',
      text: 'B',
      updated_by: operator.id,
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A row of B in one of the site content tables (announcements, banners, the site's lists). */
async function siteRowOfB(table: string, values: Record<string, unknown>): Promise<string> {
  const row = await (t.db as unknown as Kysely<Record<string, { id: number }>>)
    .insertInto(table)
    .values({ ...values, merchant_id: merchantB.id } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const siteRows = {
  announcement: () =>
    siteRowOfB('announcement', {
      code: `cross-${++sequence}`,
      type: 'PL',
      title_th: 'ประกาศ',
      title_en: 'Notice',
      content_th: '',
      content_en: '',
      published_at: now(),
    }),
  banner: () =>
    siteRowOfB('banner', {
      code: `cross-${++sequence}`,
      group_name: 'home',
      title_th: 'แบนเนอร์',
      title_en: 'Banner',
      image_url: '/art/banner.png',
      link_url: null,
      sort: 0,
    }),
  customerService: () =>
    siteRowOfB('customer_service', {
      code: `cross-${++sequence}`,
      type: 'LINE',
      label_th: 'ไลน์',
      label_en: 'LINE',
      url: 'https://line.me/x',
      sort: 0,
    }),
  resource: () =>
    siteRowOfB('site_resource', {
      key: `cross-${++sequence}`,
      resource_type: 'APP_ANDROID',
      label_name_en: 'App',
      label_th: 'แอป',
      label_en: 'App',
      url: 'https://example.com/app',
      qr_code_url: null,
      sort: 0,
    }),
  partner: () =>
    siteRowOfB('partner', { code: `cross-${++sequence}`, name: 'Studio', logo_url: '/art/partner.png', sort: 0 }),
  helpCategory: () =>
    siteRowOfB('help_category', { code: `cross-${++sequence}`, title_th: 'หมวด', title_en: 'Category', sort: 0 }),
  helpArticle: () =>
    siteRowOfB('help_topic', {
      tag: `cross-${++sequence}`,
      title_th: 'บทความ',
      title_en: 'Article',
      content_th: '',
      content_en: '',
      sort: 0,
    }),
  homeLane: () =>
    siteRowOfB('home_lane', {
      code: `cross-${++sequence}`,
      title_th: 'เกมฮิต',
      title_en: 'Hot',
      source: 'hot',
      sort: 0,
    }),
};

/* ---------------------------------------------------------------------------------------------- *
 * The table: per call, B's record (its path parameters) and a body that would succeed on A's own
 * record, so that nothing but the id can make the answer 404.
 * ---------------------------------------------------------------------------------------------- */

interface IdCase {
  /** Makes B's record(s); the path parameters naming them. */
  inB: () => Promise<Record<string, string>>;
  body?: () => unknown | Promise<unknown>;
  query?: string;
  /** The platform role may reach B's record by design (brands): not called as platform here. */
  isPlatformWide?: boolean;
}

/** A waiting daily salary statement of an agent of B (the merchant's own contract with it). */
async function statementOfB(): Promise<string> {
  const holder = await insertTestMember(t.db, merchantB.id, `crossbagent${++sequence}`, now(), { is_agent: 1 });
  const contract = await t.db
    .insertInto('agent_contract')
    .values({
      merchant_id: merchantB.id,
      upline_member_id: null,
      member_id: holder,
      kind: 'daily_salary',
      product_type: 'LIVE',
      period: '',
      terms: JSON.stringify({ type: 'salary', tiers: [] }),
      status: 'A',
      replaces_id: null,
      created_at: now(),
      updated_at: now(),
      decided_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('agent_settlement')
    .values({
      merchant_id: merchantB.id,
      contract_id: contract.id,
      kind: 'daily_salary',
      period_key: '2026-11-20',
      holder_id: holder,
      payer_id: null,
      inputs: JSON.stringify({ teamValidBet: '100000' }),
      gross_minor: 2_750n,
      status: 'P',
      note: null,
      computed_at: now(),
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An affiliate link of an agent of B, active. */
async function linkOfB(): Promise<string> {
  const agent = await insertTestMember(t.db, merchantB.id, `crossblinks${++sequence}`, now(), { is_agent: 1 });
  const row = await t.db
    .insertInto('affiliate_code')
    .values({
      merchant_id: merchantB.id,
      code: `CROSSB${sequence}`,
      code_key: `crossb${sequence}`,
      agent_id: agent,
      domain: null,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

let agentOfA: Promise<bigint> | undefined;
const member = async () => ({ memberId: await memberOfB() });
const statement = async () => ({ settlementId: await statementOfB() });
const operator = async () => ({ operatorId: await operatorOfB() });

const announcementBody = () => ({
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
  version: 1,
});
const bannerBody = () => ({
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
  version: 1,
});
const siteBodies = {
  customerService: () => ({
    type: 'LINE',
    labelTh: 'ไลน์',
    labelEn: 'LINE',
    url: 'https://line.me/x',
    isVip: false,
    sort: 0,
    enabled: true,
    version: 1,
  }),
  resource: () => ({
    key: `cross-${++sequence}`,
    resourceType: 'APP_ANDROID',
    labelTh: 'แอป',
    labelEn: 'App',
    url: 'https://example.com/app',
    qrImageUrl: '/art/qr.png',
    sort: 0,
    enabled: true,
    version: 1,
  }),
  partner: () => ({ name: 'Studio', logoUrl: '/art/partner.png', sort: 0, enabled: true, version: 1 }),
  helpCategory: () => ({
    code: `cross-${++sequence}`,
    titleTh: 'หมวด',
    titleEn: 'Category',
    sort: 0,
    enabled: true,
    version: 1,
  }),
  helpArticle: () => ({
    tag: `cross-${++sequence}`,
    categoryId: null,
    titleTh: 'บทความ',
    titleEn: 'Article',
    contentTh: '<p>ก</p>',
    contentEn: '<p>A</p>',
    sort: 0,
    enabled: true,
    version: 1,
  }),
  homeLane: () => ({
    code: `cross-${++sequence}`,
    titleTh: 'เกมฮิต',
    titleEn: 'Hot',
    category: null,
    source: 'hot',
    gameIds: [],
    maxGames: 6,
    sort: 0,
    enabled: true,
    version: 1,
  }),
};

/** Both calls of one site content item: PUT with a body, DELETE at version 1. */
function siteItem(path: string, make: () => Promise<string>, body: () => unknown): Record<string, IdCase> {
  return {
    [`PUT ${path}`]: { inB: async () => ({ id: await make() }), body },
    [`DELETE ${path}`]: { inB: async () => ({ id: await make() }), query: 'version=1' },
  };
}

async function brandB(): Promise<{ version: number; config: Record<string, unknown> }> {
  const row = await t.db
    .selectFrom('merchant')
    .select(['version', 'config'])
    .where('id', '=', merchantB.id)
    .executeTakeFirstOrThrow();
  return { version: row.version, config: row.config as unknown as Record<string, unknown> };
}
let brandBNow: { version: number; config: Record<string, unknown> } = { version: 1, config: {} };

/**
 * Calls whose path id names a row every brand shares, not a record of one: a lottery game (the catalogue
 * of `lottery_game` is the platform's). They act on the caller's own rows for that game (its setting, its
 * blocked numbers); the last test below proves they never reach B's.
 */
const sharedIdCalls = [
  // Social login's provider (`line`, `google`, `facebook`) is a name, not a record: the calls set and
  // remove the caller's own brand's client of it (modules/identity/social).
  `PUT ${socialLoginPaths.adminProvider}`,
  `DELETE ${socialLoginPaths.adminProvider}`,
  // An official game's calendar is every brand's (its draws are shared), like its results: a day change
  // names a game and a day of it, and only the platform role holds lottery.results.
  `DELETE ${adminLotteryDayChangePaths.remove}`,
  `PUT ${adminLotteryPaths.gameSetting}`,
  `GET ${adminLotteryPaths.numberRules}`,
  `POST ${adminLotteryPaths.numberRules}`,
];

async function lotteryGameId(code: string): Promise<number> {
  return (await t.db.selectFrom('lottery_game').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A blocked number of B's on FAST3D_5M. */
async function numberRuleOfB(): Promise<string> {
  const row = await t.db
    .insertInto('lottery_number_rule')
    .values({
      merchant_id: merchantB.id,
      game_id: await lotteryGameId('FAST3D_5M'),
      draw_id: null,
      play_code: 'THAI_3TOP',
      number: String(100 + (++sequence % 900)),
      closed: true,
      max_payout_minor: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A due HANOI draw of its own (each result entry needs one without a pending entry). */
async function dueHanoiDraw(): Promise<bigint> {
  const day = ++sequence;
  const numero = `2019${String(1 + Math.floor(day / 28)).padStart(2, '0')}${String(1 + (day % 28)).padStart(2, '0')}`;
  const past = new Date(Date.now() - 3_600_000);
  const row = await t.db
    .insertInto('lottery_draw')
    .values({
      game_id: await lotteryGameId('HANOI'),
      numero,
      opens_at: past,
      locks_at: past,
      draws_at: past,
      status: 'locked',
      server_seed: null,
      server_seed_hash: null,
      client_seed: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A lottery order of a member of B on a due HANOI draw. */
async function lotteryOrderOfB(): Promise<string> {
  const drawId = await dueHanoiDraw();
  const row = await t.db
    .insertInto('lottery_order')
    .values({
      merchant_id: merchantB.id,
      member_id: BigInt(await memberOfB()),
      draw_id: drawId,
      game_id: await lotteryGameId('HANOI'),
      master_no: 'CROSSB',
      order_no: `CROSSB-${String(sequence % 1000).padStart(3, '0')}`,
      chase_id: null,
      play_id: 2055,
      play_code: 'THAI_3TOP',
      bet_content: '123',
      bet_num: 1,
      stake_per_unit_minor: 100n,
      multiple: 1,
      series: 2000,
      bet_amount_minor: 100n,
      status: 2,
      win_amount_minor: null,
      session_token_hash: 'cross-merchant',
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A pending result entry made by an operator of B. */
async function resultEntryOfB(): Promise<string> {
  const operator = await insertTestOperator(t.db, { merchantId: merchantB.id, role: 'platform' });
  const row = await t.db
    .insertInto('lottery_result_entry')
    .values({
      draw_id: await dueHanoiDraw(),
      purpose: 'result',
      source: 'manual',
      result: JSON.stringify({ family: 'THAI_STYLE', top3: '123', bottom2: '45' }),
      entered_by: operator.id,
      entered_merchant_id: merchantB.id,
      status: 'pending',
      created_at: now(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const idCases: Record<string, IdCase> = {
  // The lottery (modules/lottery: admin, official).
  [`DELETE ${adminLotteryPaths.numberRule}`]: { inB: async () => ({ ruleId: await numberRuleOfB() }) },
  [`GET ${adminLotteryPaths.order}`]: { inB: async () => ({ orderId: await lotteryOrderOfB() }) },
  [`POST ${adminLotteryResultPaths.confirm}`]: {
    inB: async () => ({ entryId: await resultEntryOfB() }),
    body: () => ({ result: { family: 'THAI_STYLE', top3: '123', bottom2: '45' } }),
  },
  [`POST ${adminLotteryResultPaths.reject}`]: {
    inB: async () => ({ entryId: await resultEntryOfB() }),
    body: () => ({ reason: 'not ours' }),
  },
  // Members and their desk (modules/backoffice, modules/member-desk).
  [`GET ${adminApiPaths.member}`]: { inB: member },
  [`GET ${adminApiPaths.memberLedger}`]: { inB: member },
  [`POST ${adminApiPaths.memberAdjustments}`]: {
    inB: member,
    body: () => ({ direction: 'credit', amount: '10.00', reason: 'goodwill' }),
  },
  [`GET ${memberDeskPaths.profile}`]: { inB: member },
  [`PUT ${memberDeskPaths.status}`]: {
    inB: member,
    body: () => ({ action: 'lock', reason: 'checking a chargeback', version: 1 }),
  },
  [`POST ${memberDeskPaths.passwordReset}`]: { inB: member, body: () => ({ reason: 'verified by phone' }) },
  [`POST ${memberDeskPaths.twoFactorReset}`]: {
    inB: async () => {
      const { memberId } = await member();
      await t.db
        .insertInto('member_totp')
        .values({
          member_id: BigInt(memberId),
          merchant_id: merchantB.id,
          secret: 'JBSWY3DPEHPK3PXP',
          enabled_at: now(),
          pending_secret: null,
          updated_at: now(),
        })
        .execute();
      return { memberId };
    },
    body: () => ({ reason: 'lost phone' }),
  },
  [`GET ${memberDeskPaths.logins}`]: { inB: member },
  [`GET ${memberDeskPaths.sessions}`]: { inB: member },
  [`DELETE ${memberDeskPaths.sessions}`]: { inB: async () => ({ memberId: (await sessionOfB()).memberId }) },
  [`DELETE ${memberDeskPaths.session}`]: { inB: sessionOfB },
  [`GET ${memberDeskPaths.bankAccounts}`]: { inB: member },
  [`GET ${memberDeskPaths.deposits}`]: { inB: member },
  [`GET ${memberDeskPaths.withdrawals}`]: { inB: member },
  [`GET ${memberDeskPaths.bets}`]: { inB: member },
  [`PUT ${memberDeskPaths.tags}`]: { inB: member, body: () => ({ tags: [], version: 1 }) },
  [`GET ${memberDeskPaths.notes}`]: { inB: member },
  [`POST ${memberDeskPaths.notes}`]: { inB: member, body: () => ({ body: 'Called about a late deposit' }) },
  [`GET ${memberDeskPaths.agentTree}`]: { inB: member },
  [`GET ${memberDeskPaths.linked}`]: { inB: member },
  // Moving a member under another agent (modules/agents): the new upline is an agent of A, so only B's member is wrong.
  'PUT /admin-api/members/:memberId/upline': {
    inB: async () => {
      agentOfA ??= insertTestMember(t.db, t.demoMerchantId, `crossagent${++sequence}`, now(), { is_agent: 1 });
      return member();
    },
    body: async () => ({ uplineId: String(await agentOfA), reason: 'moving the team' }),
  },
  'GET /admin-api/members/:memberId/upline-history': { inB: member },
  // The agents' statements desk (modules/agents): a statement of B, waiting, is neither read nor paid.
  'GET /admin-api/agents/settlements/:settlementId': { inB: statement },
  'POST /admin-api/agents/settlements/:settlementId/approve': { inB: statement },
  'POST /admin-api/agents/settlements/:settlementId/reject': { inB: statement, body: () => ({ reason: 'wrong day' }) },
  'POST /admin-api/agents/settlements/:settlementId/adjust': {
    inB: statement,
    body: () => ({ amount: '30.00', reason: 'voided rounds' }),
  },
  // Agents' affiliate links (modules/agents): B's active link is not switched off.
  'POST /admin-api/agents/links/:linkId/disable': {
    inB: async () => ({ linkId: await linkOfB() }),
    body: () => ({ reason: 'spam in a forum' }),
  },
  // Operators, roles and four-eyes approvals (modules/backoffice).
  [`PATCH ${adminApiPaths.operator}`]: { inB: operator, body: () => ({ status: 'disabled' }) },
  [`PUT ${adminApiPaths.operatorRole}`]: { inB: operator, body: () => ({ role: 'finance' }) },
  [`DELETE ${adminApiPaths.operatorTotp}`]: { inB: operator },
  [`PUT ${rolesPaths.operatorIpAllowList}`]: {
    inB: operator,
    body: () => ({ ipAllowList: ['127.0.0.1'], version: 1 }),
  },
  [`PUT ${rolesPaths.role}`]: {
    inB: async () => ({ code: await roleOfB() }),
    body: () => ({ nameTh: 'ทดสอบ', nameEn: 'Matrix', permissions: ['outbox.read'], version: 1 }),
  },
  [`DELETE ${rolesPaths.role}`]: { inB: async () => ({ code: await roleOfB() }) },
  [`POST ${rolesPaths.approvalApprove}`]: { inB: async () => ({ approvalId: await approvalOfB() }) },
  [`POST ${rolesPaths.approvalReject}`]: {
    inB: async () => ({ approvalId: await approvalOfB() }),
    body: () => ({ reason: 'Not agreed' }),
  },
  // Promotions (modules/promotions).
  [`GET ${adminPromotionPaths.promotion}`]: { inB: async () => ({ id: (await promotionOfB()).promotionId }) },
  [`PUT ${adminPromotionPaths.promotion}`]: {
    inB: async () => ({ id: (await promotionOfB()).promotionId }),
    body: () => ({
      kind: 'MANUAL',
      category: 'special',
      nameTh: 'ก',
      nameEn: 'A',
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
      version: 1,
    }),
  },
  [`POST ${adminPromotionPaths.grant}`]: {
    inB: async () => ({ id: (await promotionOfB()).promotionId }),
    body: () => ({ grantId: 'cross-merchant-1', audience: 'listed', usernames: ['nobody'], amount: '1' }),
  },
  [`POST ${adminPromotionPaths.review}`]: {
    inB: async () => ({ id: (await promotionOfB()).claimId }),
    body: () => ({ decision: 'approve', amount: '1', remark: null }),
  },
  [`GET ${adminPromotionPaths.picture}`]: { inB: async () => ({ id: (await promotionOfB()).pictureId }) },
  // Live chat (modules/chat).
  [`GET ${chatPaths.adminConversation}`]: { inB: async () => ({ conversationId: await chatConversationOfB() }) },
  [`POST ${chatPaths.adminAssign}`]: { inB: async () => ({ conversationId: await chatConversationOfB() }) },
  [`POST ${chatPaths.adminTransfer}`]: {
    inB: async () => ({ conversationId: await chatConversationOfB() }),
    body: () => ({ operatorId: String(actor.id) }),
  },
  [`POST ${chatPaths.adminClose}`]: { inB: async () => ({ conversationId: await chatConversationOfB() }) },
  [`POST ${chatPaths.adminImages}`]: { inB: async () => ({ conversationId: await chatConversationOfB() }) },
  [`PUT ${chatPaths.adminCannedReply}`]: {
    inB: async () => ({ cannedReplyId: await cannedReplyOfB() }),
    body: () => ({ language: 'EN', title: 'Hello', text: 'Hello there' }),
  },
  [`DELETE ${chatPaths.adminCannedReply}`]: { inB: async () => ({ cannedReplyId: await cannedReplyOfB() }) },
  // Feedback (modules/feedback).
  [`PUT ${feedbackPaths.adminAnswer}`]: {
    inB: async () => ({ feedbackId: await feedbackOfB() }),
    body: () => ({ answer: 'Thank you, fixed.', version: 1 }),
  },
  [`POST ${feedbackPaths.adminClose}`]: {
    inB: async () => ({ feedbackId: await feedbackOfB() }),
    body: () => ({ version: 1 }),
  },
  // Site content (modules/site).
  [`PUT ${announcementPaths.adminAnnouncementItem}`]: {
    inB: async () => ({ id: await siteRows.announcement() }),
    body: announcementBody,
  },
  [`DELETE ${announcementPaths.adminAnnouncementItem}`]: {
    inB: async () => ({ id: await siteRows.announcement() }),
    query: 'version=1',
  },
  [`PUT ${announcementPaths.adminBannerItem}`]: {
    inB: async () => ({ id: await siteRows.banner() }),
    body: bannerBody,
  },
  [`DELETE ${announcementPaths.adminBannerItem}`]: {
    inB: async () => ({ id: await siteRows.banner() }),
    query: 'version=1',
  },
  ...siteItem(siteContentPaths.adminCustomerServiceItem, siteRows.customerService, siteBodies.customerService),
  ...siteItem(siteContentPaths.adminResourceItem, siteRows.resource, siteBodies.resource),
  ...siteItem(siteContentPaths.adminPartnerItem, siteRows.partner, siteBodies.partner),
  ...siteItem(siteContentPaths.adminHelpCategoryItem, siteRows.helpCategory, siteBodies.helpCategory),
  ...siteItem(siteContentPaths.adminHelpArticleItem, siteRows.helpArticle, siteBodies.helpArticle),
  ...siteItem(siteContentPaths.adminHomeLaneItem, siteRows.homeLane, siteBodies.homeLane),
  // Brands (modules/brands): B itself, at its current version, with its own settings sent back.
  [`GET ${brandPaths.brand}`]: { inB: async () => ({ merchantId: String(merchantB.id) }), isPlatformWide: true },
  [`PUT ${brandPaths.brandSettings}`]: {
    inB: async () => {
      brandBNow = await brandB();
      return { merchantId: String(merchantB.id) };
    },
    body: () => {
      const { sessions, verification, loginSecurity } = brandBNow.config;
      return { version: brandBNow.version, section: 'security', value: { sessions, verification, loginSecurity } };
    },
    isPlatformWide: true,
  },
  [`PUT ${brandPaths.brandDomains}`]: {
    inB: async () => {
      brandBNow = await brandB();
      return { merchantId: String(merchantB.id) };
    },
    body: () => ({
      version: brandBNow.version,
      domains: [{ domain: 'crossb.example.com', isPrimary: true }],
    }),
    isPlatformWide: true,
  },
};

/* ---------------------------------------------------------------------------------------------- *
 * Calling, and what "nothing changed in B" means.
 * ---------------------------------------------------------------------------------------------- */

/** An id no merchant has, per parameter: what a call answers for it is what B's id must get. */
const unknownParams: Record<string, string> = { code: 'no_such_role' };
const unknownId = '2147480000';

function urlOf(endpoint: Endpoint, params: Record<string, string>, query?: string): string {
  const path = endpoint.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? unknownId),
  );
  return query ? `${path}?${query}` : path;
}

function send(endpoint: Endpoint, token: string, url: string, body: unknown) {
  return t.app.inject({
    method: endpoint.method as 'GET',
    url,
    headers: {
      merchant: 'demo',
      language: 'EN',
      authorization: token,
      'idempotency-key': `cross-${++sequence}-${Date.now()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Every row of merchant B: each table with a merchant_id column, and B's merchant row. */
async function merchantFingerprint(db: Kysely<Database>, merchantId: number): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT c.table_name AS name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.column_name = 'merchant_id' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name`.execute(db);
  const { rows } = await sql<{ key: string; value: string }>`${sql.join(
    [
      sql`SELECT 'merchant'::text AS key, md5(coalesce(string_agg(t::text, '|'), '')) AS value FROM merchant t WHERE id = ${merchantId}`,
      ...tables.map(({ name }) =>
        // Session rows may be read by a call (last_seen_at), so they are compared without it.
        name === 'member_session' || name === 'operator_session'
          ? sql`SELECT ${name}::text AS key, md5(coalesce(string_agg(t.id::text || ':' || coalesce(t.revoked_at::text, ''), '|' ORDER BY t.id), '')) AS value FROM ${sql.table(name)} t WHERE t.merchant_id = ${merchantId}`
          : sql`SELECT ${name}::text AS key, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS value FROM ${sql.table(name)} t WHERE t.merchant_id = ${merchantId}`,
      ),
    ],
    sql` UNION ALL `,
  )}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** What is wrong with the call naming B's record (null: answered like an unknown id, changed nothing of B). */
async function crossMerchantProblem(endpoint: Endpoint, token: string, idCase: IdCase): Promise<string | null> {
  const params = await idCase.inB();
  const body = endpoint.method === 'GET' ? undefined : ((await idCase.body?.()) ?? {});
  const unknown = await send(
    endpoint,
    token,
    urlOf(
      endpoint,
      Object.fromEntries(Object.keys(params).map((name) => [name, unknownParams[name] ?? unknownId])),
      idCase.query,
    ),
    body,
  );
  const before = await merchantFingerprint(t.db, merchantB.id);
  const response = await send(endpoint, token, urlOf(endpoint, params, idCase.query), body);
  const after = await merchantFingerprint(t.db, merchantB.id);
  if (unknown.statusCode !== 404)
    return `${endpoint.label}: an unknown id answered ${unknown.statusCode} ${unknown.body.slice(0, 200)}`;
  if (response.statusCode !== 404 || response.json().errorCode !== unknown.json().errorCode)
    return `${endpoint.label}: B's id answered ${response.statusCode} ${response.body.slice(0, 200)}, an unknown one 404 ${unknown.json().errorCode}`;
  const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
  return changed.length > 0 ? `${endpoint.label}: answered 404, but changed B's ${changed.join(', ')}` : null;
}

describe("another merchant's ids on every /admin-api call", () => {
  it('has an entry for every call with an id in its path, and none for a call that is gone', () => {
    const labels = idEndpoints.map((endpoint) => endpoint.label);
    expect(labels.length).toBeGreaterThan(40);
    expect(
      labels.filter((label) => !(label in idCases)),
      'calls with an id in the path but no entry in idCases: say how to make the record in merchant B',
    ).toEqual([]);
    expect(Object.keys(idCases).filter((label) => !labels.includes(label))).toEqual([]);
  });

  it("answers 404 like an unknown id to an operator holding every permission but brands.platform, and changes nothing of B's", async () => {
    const problems: string[] = [];
    for (const endpoint of idEndpoints) {
      const idCase = idCases[endpoint.label];
      if (!idCase) continue;
      const problem = await crossMerchantProblem(endpoint, actor.token, idCase);
      if (problem) problems.push(problem);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it("answers the platform role 404 too for B's records outside brands, which it may not reach from A", async () => {
    const problems: string[] = [];
    for (const endpoint of idEndpoints) {
      const idCase = idCases[endpoint.label];
      if (!idCase || idCase.isPlatformWide) continue;
      const problem = await crossMerchantProblem(endpoint, platformActor.token, idCase);
      if (problem) problems.push(problem);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it("acts on a shared lottery game's own rows of the caller's brand only, never on B's", async () => {
    const gameId = await lotteryGameId('FAST3D_5M');
    const ruleOfB = await numberRuleOfB();
    await t.db
      .insertInto('lottery_game_setting')
      .values({ merchant_id: merchantB.id, game_id: gameId, max_multiple: 77 })
      .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doUpdateSet({ max_multiple: 77 }))
      .execute();
    const headers = { merchant: 'demo', language: 'EN', authorization: actor.token };
    const rules = await t.app.inject({
      method: 'GET',
      url: adminLotteryPaths.numberRules.replace(':gameId', String(gameId)),
      headers,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const ruleIds = (rules.json().value.items as { ruleId: string }[]).map((rule) => rule.ruleId);
    expect(ruleIds).not.toContain(ruleOfB);
    const games = await t.app.inject({ method: 'GET', url: adminLotteryPaths.games, headers });
    const mine = (games.json().value.items as { gameId: number; setting: Record<string, unknown> }[]).find(
      (game) => game.gameId === gameId,
    )!;
    const { updatedAt: _updatedAt, ...setting } = mine.setting;
    const saved = await t.app.inject({
      method: 'PUT',
      url: adminLotteryPaths.gameSetting.replace(':gameId', String(gameId)),
      headers,
      payload: { ...setting, maxMultiple: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ofB = await t.db
      .selectFrom('lottery_game_setting')
      .select('max_multiple')
      .where('merchant_id', '=', merchantB.id)
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(ofB.max_multiple).toBe(77);
  });

  it("lets the platform role read B's brand (by design: brands.platform sees every merchant)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: brandPaths.brand.replace(':merchantId', String(merchantB.id)),
      headers: { merchant: 'demo', language: 'EN', authorization: platformActor.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value.merchant.code).toBe(merchantB.code);
  });
});
