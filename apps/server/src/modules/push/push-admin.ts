import type { Agent } from 'node:https';
import { pushErrorCodes, type AdminPushTestResult, type PushPayload } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { listLiveSubscriptions, merchantVapidOf, sendPush } from './deliver.ts';
import { recordDeliveries } from './delivery-stats.ts';
import { newVapidKeyRow, vapidKeyFingerprint } from './vapid-keys.ts';

/** What the audit records of a key: never the private key, and the public one only by its fingerprint. */
export interface KeySnapshot {
  fingerprint: string | null;
  createdAtMs: number | null;
}

export interface RotationRecord {
  before: KeySnapshot;
  after: KeySnapshot & { staleSubscriptions: number; membersToResubscribe: number };
}

/**
 * A new VAPID key pair for the merchant, only if its key is still the one the operator saw
 * (`fingerprint`, null: none yet): the row is locked, so of two rotations racing from the same page
 * one rotates and the other is refused with 409 `push.key.changed` (field `fingerprint`), nothing
 * changed. Every subscription made under the old key becomes stale (its key is no longer the
 * merchant's); none is deleted and no member's consent changes. `audit` runs in the same transaction:
 * the rotation and its record commit together.
 */
export async function rotateVapidKey(
  db: Kysely<Database>,
  secret: string,
  request: { merchantId: number; fingerprint: string | null; nowMs: number },
  audit: (trx: Transaction<Database>, record: RotationRecord) => Promise<void>,
): Promise<RotationRecord> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('push_vapid_key')
      .select(['public_key', 'created_at'])
      .where('merchant_id', '=', request.merchantId)
      .forUpdate()
      .executeTakeFirst();
    const before: KeySnapshot = current
      ? { fingerprint: vapidKeyFingerprint(current.public_key), createdAtMs: current.created_at.getTime() }
      : { fingerprint: null, createdAtMs: null };
    const changed = () => new AppError(409, pushErrorCodes.keyChanged, { field: 'fingerprint' });
    if (before.fingerprint !== request.fingerprint) throw changed();
    const fresh = newVapidKeyRow(secret, request.merchantId, request.nowMs);
    if (current) {
      await trx
        .updateTable('push_vapid_key')
        .set({
          public_key: fresh.public_key,
          private_key_sealed: fresh.private_key_sealed,
          created_at: fresh.created_at,
        })
        .where('merchant_id', '=', request.merchantId)
        .execute();
    } else {
      // No row to lock: a racing first rotation inserts too, and waits for this one to commit.
      const inserted = await trx
        .insertInto('push_vapid_key')
        .values(fresh)
        .onConflict((conflict) => conflict.column('merchant_id').doNothing())
        .returning('merchant_id')
        .executeTakeFirst();
      if (!inserted) throw changed();
    }
    const stale = await trx
      .selectFrom('push_subscription as s')
      .innerJoin('push_preference as p', 'p.member_id', 's.member_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('subscriptions'),
        eb.fn.count<string>('s.member_id').distinct().as('members'),
      ])
      .where('s.merchant_id', '=', request.merchantId)
      .where('p.consented_at', 'is not', null)
      .execute();
    const record: RotationRecord = {
      before,
      after: {
        fingerprint: vapidKeyFingerprint(fresh.public_key),
        createdAtMs: request.nowMs,
        staleSubscriptions: Number(stale[0]?.subscriptions ?? 0),
        membersToResubscribe: Number(stale[0]?.members ?? 0),
      },
    };
    await audit(trx, record);
    return record;
  });
}

/**
 * An operator's test notice to one member, in each subscription's language, to the member's live
 * subscriptions only. Refused (400, field `memberId`) when the member has not switched push on here
 * (`push.member.off`: no consent, withdrawn, or not a member of this merchant) or has no live
 * subscription (`push.member.no.live`: none left, or every one stale since a key rotation). Nothing
 * else of the member's settings is asked: a test is not one of the four kinds the switches choose.
 */
export async function sendTestPush(
  db: Kysely<Database>,
  options: { secret: string; merchantId: number; memberId: bigint; brandName: string; nowMs: number; agent?: Agent },
): Promise<AdminPushTestResult> {
  const preference = await db
    .selectFrom('push_preference')
    .select('consented_at')
    .where('member_id', '=', options.memberId)
    .where('merchant_id', '=', options.merchantId)
    .executeTakeFirst();
  const params = { memberId: options.memberId.toString() };
  if (!preference?.consented_at)
    throw new AppError(400, pushErrorCodes.memberOff, { field: 'memberId', params: { ...params, field: 'memberId' } });
  const vapid = await merchantVapidOf(db, options.secret, options.merchantId, options.nowMs);
  const subscriptions = await listLiveSubscriptions(db, options.merchantId, options.memberId, vapid.publicKey);
  if (subscriptions.length === 0)
    throw new AppError(400, pushErrorCodes.memberNoLiveSubscription, {
      field: 'memberId',
      params: { ...params, field: 'memberId' },
    });
  const result: AdminPushTestResult = { subscriptions: subscriptions.length, sent: 0, failed: 0, removed: 0 };
  for (const subscription of subscriptions) {
    const words = { brand: options.brandName };
    const payload: PushPayload = {
      kind: 'test',
      title: translate(subscription.language, 'push.test.title', words),
      body: translate(subscription.language, 'push.test.body', words),
      url: '/',
    };
    result[await sendPush(db, subscription, payload, vapid, options.agent)] += 1;
  }
  await recordDeliveries(db, options.merchantId, options.nowMs, result);
  return result;
}
