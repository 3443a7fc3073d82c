import type { Agent } from 'node:https';
import type { Language, PushPayload } from '@lotus/contract';
import type { Kysely } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import type { Database } from '../../db/schema.ts';
import { translate } from '../../i18n/messages.ts';
import type { PushKindColumn } from './push.tables.ts';
import { listMerchantDomains } from '../merchant/index.ts';
import { recordDeliveries } from './delivery-stats.ts';
import { ensureVapidKeys, type VapidKeys } from './vapid-keys.ts';

export interface DeliveryOptions {
  /** The configuration's secret the VAPID private keys are sealed under. */
  secret: string;
  nowMs: number;
  /** An HTTPS agent for the push services (tests: one that trusts their local stand-in's certificate). */
  agent?: Agent;
  /** Notices claimed per round. */
  batchSize?: number;
}

export interface DeliveryResult {
  /** Pushes the push services accepted (one per notice and browser). */
  sent: number;
  /** Subscriptions deleted because their push service answered 404 or 410 (the browser unsubscribed). */
  removed: number;
  /** Pushes that failed otherwise (retried later when no browser of the notice took it). */
  failed: number;
}

/** A notice's claim: another instance skips it for this long while it is being sent. */
const claimMs = 60_000;
/** A notice no browser took is tried again later, at most this many times in all. */
const maxAttempts = 5;

const kinds: Record<PushKindColumn, PushPayload['kind']> = {
  deposit_approved: 'depositApproved',
  withdrawal_paid: 'withdrawalPaid',
  promotion_issued: 'promotionIssued',
  contract_offered: 'contractOffered',
};

/** The page a notice opens when clicked. */
const targetUrls: Record<PushKindColumn, string> = {
  deposit_approved: '/',
  withdrawal_paid: '/',
  promotion_issued: '/promotions',
  contract_offered: '/agentCenter',
};

/** The notice's words in the browser's language: the inbox message's subject and content. */
export function payloadOf(
  kind: PushKindColumn,
  template: string,
  params: Record<string, string>,
  language: Language,
): PushPayload {
  return {
    kind: kinds[kind],
    title: translate(language, `inbox.${template}.subject`, params),
    body: translate(language, `inbox.${template}.content`, params),
    url: targetUrls[kind],
  };
}

/**
 * The VAPID `sub` claim (RFC 8292 §2.1): how a push service reaches the sender, the merchant's site on
 * its first public domain (listed primary first); a merchant with only local addresses gets a mailto.
 */
export function vapidSubjectOf(domains: readonly string[]): string {
  const isPublic = (domain: string) =>
    domain.includes('.') && !/^[\d.]+$/.test(domain) && !domain.endsWith('.localhost');
  const domain = domains.find(isPublic);
  return domain ? `https://${domain}` : 'mailto:push@lotus.example';
}

/**
 * Sends the notices due: claims a batch (SKIP LOCKED, so instances share the work), sends each to every
 * live subscribed browser of its member (stale ones, made under a rotated key, are skipped) with the
 * merchant's VAPID keys through `web-push` (payload encrypted per RFC 8291), deletes a subscription its push service answers 404 or 410, and deletes the
 * notice once a browser took it (or none is left); a notice every browser failed is tried again with
 * a growing delay, at most five times.
 */
export async function deliverDuePushes(db: Kysely<Database>, options: DeliveryOptions): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, removed: 0, failed: 0 };
  const now = new Date(options.nowMs);
  const claimed = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('push_outbox')
      .selectAll()
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(options.batchSize ?? 50)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length > 0)
      await trx
        .updateTable('push_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(options.nowMs + claimMs) }))
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .execute();
    return due;
  });
  const keysByMerchant = new Map<number, Promise<MerchantVapid>>();
  const byMerchant = new Map<number, DeliveryResult>();
  for (const notice of claimed) {
    let keys = keysByMerchant.get(notice.merchant_id);
    if (!keys) {
      keys = merchantVapidOf(db, options.secret, notice.merchant_id, options.nowMs);
      keysByMerchant.set(notice.merchant_id, keys);
    }
    const vapid = await keys;
    // Only live subscriptions: one made under an older key (rotated since) cannot take a push signed
    // by the current one; it waits for the site to subscribe again.
    const subscriptions = await listLiveSubscriptions(db, notice.merchant_id, notice.member_id, vapid.publicKey);
    const counts = byMerchant.get(notice.merchant_id) ?? { sent: 0, removed: 0, failed: 0 };
    byMerchant.set(notice.merchant_id, counts);
    let taken = 0;
    let transient = 0;
    for (const subscription of subscriptions) {
      const payload = payloadOf(notice.kind, notice.template, notice.params, subscription.language);
      const outcome = await sendPush(db, subscription, payload, vapid, options.agent);
      counts[outcome] += 1;
      result[outcome] += 1;
      if (outcome === 'sent') taken += 1;
      if (outcome === 'failed') transient += 1;
    }
    const isDone = taken > 0 || transient === 0 || notice.attempts + 1 >= maxAttempts;
    if (isDone) await db.deleteFrom('push_outbox').where('id', '=', notice.id).execute();
    else
      await db
        .updateTable('push_outbox')
        .set({ next_attempt_at: new Date(options.nowMs + 30_000 * 2 ** notice.attempts) })
        .where('id', '=', notice.id)
        .execute();
  }
  for (const [merchantId, counts] of byMerchant) await recordDeliveries(db, merchantId, options.nowMs, counts);
  return result;
}

export type MerchantVapid = VapidKeys & { subject: string };

/** The merchant's keys and the VAPID subject (its first public domain). */
export async function merchantVapidOf(
  db: Kysely<Database>,
  secret: string,
  merchantId: number,
  nowMs: number,
): Promise<MerchantVapid> {
  const [pair, domains] = await Promise.all([
    ensureVapidKeys(db, secret, merchantId, nowMs),
    listMerchantDomains(db, merchantId),
  ]);
  return { ...pair, subject: vapidSubjectOf(domains.map((row) => row.domain)) };
}

export interface LiveSubscription {
  id: bigint;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
}

/** The member's subscriptions made under the merchant's current key (`publicKey`). */
export function listLiveSubscriptions(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  publicKey: string,
): Promise<LiveSubscription[]> {
  return db
    .selectFrom('push_subscription')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('vapid_public_key', '=', publicKey)
    .orderBy('id')
    .execute();
}

/**
 * One push to one browser through `web-push` (RFC 8291 payload, RFC 8292 VAPID). A push service
 * answering 404 or 410 says the browser unsubscribed or the subscription expired: the row is deleted
 * (`removed`). Anything else that fails is `failed` (the caller decides whether to try again).
 */
export async function sendPush(
  db: Kysely<Database>,
  subscription: LiveSubscription,
  payload: PushPayload,
  vapid: MerchantVapid,
  agent: Agent | undefined,
): Promise<keyof DeliveryResult> {
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        // A notice about money is stale after a day.
        TTL: 86_400,
        urgency: 'normal',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      },
    );
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await db.deleteFrom('push_subscription').where('id', '=', subscription.id).execute();
      return 'removed';
    }
    return 'failed';
  }
}
