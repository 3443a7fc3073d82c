import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Plain reads and writes of the site's tables. Each takes the database (or a transaction). */

export function listAnnouncementRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('announcement')
    .selectAll()
    .where('merchant_id', '=', merchantId)
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

export function listHelpTopicRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('help_topic')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listSiteResourceRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('site_resource')
    .selectAll()
    .where('merchant_id', '=', merchantId)
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
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface NewFeedback {
  merchantId: number;
  content: string;
  contact: string | null;
  ip: string;
}

export async function insertFeedback(db: Kysely<Database>, feedback: NewFeedback): Promise<void> {
  await db
    .insertInto('feedback')
    .values({
      merchant_id: feedback.merchantId,
      content: feedback.content,
      contact: feedback.contact,
      ip: feedback.ip,
      member_id: null,
    })
    .execute();
}
