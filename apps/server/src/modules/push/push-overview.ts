import type { AdminPushOverview, PushDevice } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sumDeliveries } from './delivery-stats.ts';
import { vapidKeyFingerprint } from './vapid-keys.ts';

type Db = Kysely<Database> | Transaction<Database>;

const deviceOrder: readonly PushDevice[] = ['mobile', 'tablet', 'desktop', 'unknown'];

/**
 * The back-office's push page of one merchant: its key (never made here: a merchant without one shows
 * none), members with consent and what reaches them, live and stale subscriptions by device, the
 * opt-ins per kind, and the deliveries of the last 24 hours and 7 days.
 */
export async function readPushOverview(db: Db, merchantId: number, nowMs: number): Promise<AdminPushOverview> {
  const key = await db
    .selectFrom('push_vapid_key')
    .select(['public_key', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  const currentKey = key?.public_key ?? '';
  const [members, devices, queued, lastDay, lastWeek] = await Promise.all([
    db
      .selectFrom('push_preference as p')
      .select([
        sql<string>`count(*)`.as('consented'),
        sql<string>`count(*) FILTER (WHERE p.deposit_approved)`.as('deposit_approved'),
        sql<string>`count(*) FILTER (WHERE p.withdrawal_paid)`.as('withdrawal_paid'),
        sql<string>`count(*) FILTER (WHERE p.promotion_issued)`.as('promotion_issued'),
        sql<string>`count(*) FILTER (WHERE p.contract_offered)`.as('contract_offered'),
        sql<string>`count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM push_subscription s
           WHERE s.member_id = p.member_id AND s.vapid_public_key = ${currentKey}))`.as('reachable'),
        sql<string>`count(*) FILTER (WHERE
          EXISTS (SELECT 1 FROM push_subscription s
                   WHERE s.member_id = p.member_id AND s.vapid_public_key <> ${currentKey})
          AND NOT EXISTS (SELECT 1 FROM push_subscription s
                   WHERE s.member_id = p.member_id AND s.vapid_public_key = ${currentKey}))`.as('to_resubscribe'),
      ])
      .where('p.merchant_id', '=', merchantId)
      .where('p.consented_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('push_subscription')
      .select([
        sql<PushDevice>`coalesce(device, 'unknown')`.as('device'),
        sql<string>`count(*) FILTER (WHERE vapid_public_key = ${currentKey})`.as('live'),
        sql<string>`count(*) FILTER (WHERE vapid_public_key <> ${currentKey})`.as('stale'),
      ])
      .where('merchant_id', '=', merchantId)
      .groupBy(sql`coalesce(device, 'unknown')`)
      .execute(),
    db
      .selectFrom('push_outbox')
      .select(sql<string>`count(*)`.as('queued'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow(),
    sumDeliveries(db, merchantId, nowMs, 24),
    sumDeliveries(db, merchantId, nowMs, 24 * 7),
  ]);
  const liveByDevice = new Map(devices.map((row) => [row.device, Number(row.live)]));
  return {
    key: key
      ? {
          fingerprint: vapidKeyFingerprint(key.public_key),
          publicKey: key.public_key,
          createdAtMs: key.created_at.getTime(),
        }
      : null,
    consentedMembers: Number(members.consented),
    reachableMembers: Number(members.reachable),
    membersToResubscribe: Number(members.to_resubscribe),
    liveSubscriptions: devices.reduce((sum, row) => sum + Number(row.live), 0),
    staleSubscriptions: devices.reduce((sum, row) => sum + Number(row.stale), 0),
    devices: deviceOrder
      .filter((device) => (liveByDevice.get(device) ?? 0) > 0)
      .map((device) => ({ device, subscriptions: liveByDevice.get(device)! })),
    optIns: {
      depositApproved: Number(members.deposit_approved),
      withdrawalPaid: Number(members.withdrawal_paid),
      promotionIssued: Number(members.promotion_issued),
      contractOffered: Number(members.contract_offered),
    },
    queued: Number(queued.queued),
    lastDay,
    lastWeek,
  };
}
