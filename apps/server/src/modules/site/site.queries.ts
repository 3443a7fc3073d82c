import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Plain reads and writes of the site's tables. Each takes the database (or a transaction). */

/** The announcements the site may show (enabled ones); their window and audience are applied per call. */
export function listAnnouncementRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('announcement')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listEnabledBannerRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('banner')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('group_name')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The help articles the site shows: enabled, in an enabled category or in none; grouped by their
 * category's order (articles without one first), then their own.
 */
export function listHelpTopicRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('help_topic')
    .leftJoin('help_category', 'help_category.id', 'help_topic.category_id')
    .select([
      'help_topic.tag',
      'help_topic.title_th',
      'help_topic.title_en',
      'help_topic.content_th',
      'help_topic.content_en',
      'help_topic.sort',
      'help_category.title_th as category_th',
      'help_category.title_en as category_en',
    ])
    .where('help_topic.merchant_id', '=', merchantId)
    .where('help_topic.is_enabled', '=', true)
    .where((eb) => eb.or([eb('help_topic.category_id', 'is', null), eb('help_category.is_enabled', '=', true)]))
    .orderBy(sql`help_category.sort nulls first`)
    .orderBy('help_category.id')
    .orderBy('help_topic.sort')
    .orderBy('help_topic.id')
    .execute();
}

export function listSiteResourceRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('site_resource')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listEnabledCustomerServiceRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('customer_service')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listPartnerRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('partner')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
