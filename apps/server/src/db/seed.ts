import { sql, type Kysely, type Transaction } from 'kysely';
import { demoGameCategories, demoMinBetMinorByCategory, syncServedGames } from '../modules/games/index.ts';
import { ensureAffiliateCode } from '../modules/agents/index.ts';
import { hashPassword, insertMember } from '../modules/identity/index.ts';
import { demoAgent, demoMerchant, demoMerchantConfig } from '../modules/merchant/index.ts';
import {
  demoGames,
  demoIntegrations,
  demoVendors,
  demoCustomerService,
  demoHelpTopics,
  demoPartners,
  demoSiteResources,
  seedDemoAnnouncements,
  seedDemoBanners,
} from '../modules/site/index.ts';
import type { Database } from './schema.ts';

/**
 * Seeds the demo merchant: its configuration, domains, site content and games catalogue.
 *
 * Idempotent and additive: every row is inserted only when its key is missing, so running it again
 * adds nothing, and an operator's later edits to a seeded row are never overwritten. `db:reset`
 * is the way back to the pristine demo. The exception is dated content: announcements and banners
 * are dated relative to `nowMs` (the seed's clock; tests pass their own), and a re-run moves the
 * ones nobody has edited to the present again (modules/site/seed-demo-content.ts).
 */
export async function seedDemo(db: Kysely<Database>, { nowMs = Date.now() }: { nowMs?: number } = {}): Promise<void> {
  // Hashed outside the transaction (argon2 takes a few milliseconds); used only if the agent is missing.
  const agentPasswordHash = await hashPassword(demoAgent.password);
  await db.transaction().execute(async (trx) => {
    const merchantId = await ensureDemoMerchant(trx);
    await ensureDemoAgent(trx, merchantId, agentPasswordHash);

    for (const { domain, isPrimary } of demoMerchant.domains) {
      await trx
        .insertInto('merchant_domain')
        .values({ merchant_id: merchantId, domain, is_primary: isPrimary })
        .onConflict((oc) => oc.column('domain').doNothing())
        .execute();
    }

    // Dated content: refreshed on every seed while untouched (modules/site/seed-demo-content.ts).
    await seedDemoAnnouncements(trx, merchantId, nowMs);
    await seedDemoBanners(trx, merchantId);

    await trx
      .insertInto('help_topic')
      .values(
        demoHelpTopics.map((topic) => ({
          merchant_id: merchantId,
          tag: topic.tag,
          title_th: topic.title.TH,
          title_en: topic.title.EN,
          content_th: topic.content.TH,
          content_en: topic.content.EN,
          sort: topic.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'tag']).doNothing())
      .execute();

    await trx
      .insertInto('site_resource')
      .values(
        demoSiteResources.map((resource) => ({
          merchant_id: merchantId,
          key: resource.key,
          resource_type: resource.resourceType,
          label_name_en: resource.labelNameEn,
          label_th: resource.label.TH,
          label_en: resource.label.EN,
          url: resource.url,
          qr_code_url: resource.qrCodeUrl,
          sort: resource.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'key']).doNothing())
      .execute();

    await trx
      .insertInto('customer_service')
      .values(
        demoCustomerService.map((entry) => ({
          merchant_id: merchantId,
          code: entry.code,
          type: entry.type,
          label_th: entry.label.TH,
          label_en: entry.label.EN,
          url: entry.url,
          is_vip: entry.isVip,
          sort: entry.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();

    await trx
      .insertInto('partner')
      .values(
        demoPartners.map((partner) => ({
          merchant_id: merchantId,
          code: partner.code,
          name: partner.name,
          logo_url: partner.logoUrl,
          sort: partner.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();

    await trx
      .insertInto('game_category')
      .values(
        demoGameCategories.map((category) => ({
          merchant_id: merchantId,
          category: category.category,
          game_type: category.gameType,
          name_key: category.nameKey,
          page: category.page,
          en_name: category.enName,
          point_rate: category.pointRate,
          sort: category.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'category']).doNothing())
      .execute();

    await trx
      .insertInto('game_vendor')
      .values(
        demoVendors.map((vendor, index) => ({
          merchant_id: merchantId,
          vassalage: vendor.vassalage,
          game_category: vendor.gameCategory,
          game_type: vendor.gameType,
          display_name_th: vendor.displayName.TH,
          display_name_en: vendor.displayName.EN,
          account_type_name: vendor.accountTypeName,
          is_hot: vendor.isHot === 1,
          logo_kind: vendor.logoKind,
          logo_url: `/art/vendors/${vendor.vassalage}.svg`,
          wallet_mode: demoIntegrations[vendor.vassalage]?.walletMode ?? ('seamless' as const),
          integration_code: demoIntegrations[vendor.vassalage]?.integrationCode ?? null,
          sort: index + 1,
        })),
      )
      // A database seeded before the house vendor existed gets its connections; nothing else is overwritten.
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'vassalage']).doUpdateSet((eb) => ({
          integration_code: eb.fn.coalesce('game_vendor.integration_code', 'excluded.integration_code'),
          wallet_mode: sql<
            'seamless' | 'transfer'
          >`CASE WHEN game_vendor.integration_code IS NULL THEN excluded.wallet_mode ELSE game_vendor.wallet_mode END`,
        })),
      )
      .execute();

    const categoryOfVendor = new Map(demoVendors.map((vendor) => [vendor.vassalage, vendor.gameCategory]));
    await trx
      .insertInto('game')
      .values(
        demoGames.map((game, index) => ({
          merchant_id: merchantId,
          game_id: game.gameId,
          node_id: `${game.vassalage.toLowerCase()}-${game.gameId}`,
          vassalage: game.vassalage,
          game_classify: game.gameClassify,
          name_th: game.name.TH,
          name_en: game.name.EN,
          thumbnail_url: `/art/games/${game.gameId}.svg`,
          is_hot: game.isHot === 1,
          is_new: game.isNew,
          min_bet_minor: demoMinBetMinorByCategory[categoryOfVendor.get(game.vassalage) ?? 'RNG'],
          sort: index + 1,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doNothing())
      .execute();

    // A connected vendor lists only the games its integration serves (a database seeded before too).
    await syncServedGames(trx);
  });
}

async function ensureDemoMerchant(trx: Kysely<Database>): Promise<number> {
  const inserted = await trx
    .insertInto('merchant')
    .values({
      code: demoMerchant.code,
      name: demoMerchant.name,
      status: 'active',
      currency: demoMerchant.currency,
      currency_symbol: demoMerchant.currencySymbol,
      default_language: demoMerchant.defaultLanguage,
      config: JSON.stringify(demoMerchantConfig),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await trx
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', demoMerchant.code)
    .executeTakeFirstOrThrow();
  // A demo merchant seeded before the setting existed gets its copyright start year; a set one stays.
  await sql`UPDATE merchant SET config = jsonb_set(config, '{brand,copyrightStartYear}', to_jsonb(${demoMerchantConfig.brand.copyrightStartYear}::int))
    WHERE id = ${existing.id} AND NOT (config -> 'brand' ? 'copyrightStartYear')`.execute(trx);
  return existing.id;
}

/** The demo agent and its affiliate code, each only when missing (an operator's edits stay). */
async function ensureDemoAgent(trx: Transaction<Database>, merchantId: number, passwordHash: string): Promise<void> {
  const existing = await trx
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', demoAgent.username.toLowerCase())
    .executeTakeFirst();
  let agentId = existing?.id;
  if (agentId === undefined) {
    // Someone may have registered the demo number already; the agent then goes without one.
    const isMobileTaken = await trx
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('mobile_dialing_code', '=', demoAgent.countryDialingCode)
      .where('mobile_number', '=', demoAgent.mobileNumber)
      .executeTakeFirst();
    const now = new Date();
    agentId = await insertMember(
      trx,
      {
        merchant_id: merchantId,
        username: demoAgent.username,
        nickname: demoAgent.nickname,
        payee_name: demoAgent.payeeName,
        mobile_dialing_code: isMobileTaken ? null : demoAgent.countryDialingCode,
        mobile_number: isMobileTaken ? null : demoAgent.mobileNumber,
        language: demoMerchant.defaultLanguage,
        is_agent: demoAgent.isAgent,
        password_hash: passwordHash,
        password_changed_at: now,
        register_method: 'SEED',
        register_ip: '127.0.0.1',
        register_device: 'seed',
        created_at: now,
      },
      null,
    );
  }
  await ensureAffiliateCode(trx, { merchantId, code: demoAgent.affiliateCode, agentId, nowMs: Date.now() });
}
