import type { Language, PushKind, PushSettings, PushSubscribeRequest, PushSwitches } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PushDevice, PushKindColumn } from './push.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The preference column of each kind of notice. */
export const kindColumns: Readonly<Record<PushKind, PushKindColumn>> = {
  depositApproved: 'deposit_approved',
  withdrawalPaid: 'withdrawal_paid',
  promotionIssued: 'promotion_issued',
  contractOffered: 'contract_offered',
};

/** Every kind on until the member switches one off. */
export const defaultSwitches: PushSwitches = {
  depositApproved: true,
  withdrawalPaid: true,
  promotionIssued: true,
  contractOffered: true,
};

export interface MemberRef {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
}

const switchColumns = (switches: PushSwitches) => ({
  deposit_approved: switches.depositApproved,
  withdrawal_paid: switches.withdrawalPaid,
  promotion_issued: switches.promotionIssued,
  contract_offered: switches.contractOffered,
});

export async function readSettings(db: Db, member: MemberRef, vapidPublicKey: string): Promise<PushSettings> {
  const [preference, subscriptions] = await Promise.all([
    db
      .selectFrom('push_preference')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .where('merchant_id', '=', member.merchantId)
      .executeTakeFirst(),
    db
      .selectFrom('push_subscription')
      .select(['endpoint', 'vapid_public_key'])
      .where('member_id', '=', member.memberId)
      .where('merchant_id', '=', member.merchantId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    vapidPublicKey,
    consented: Boolean(preference?.consented_at),
    switches: preference
      ? {
          depositApproved: preference.deposit_approved,
          withdrawalPaid: preference.withdrawal_paid,
          promotionIssued: preference.promotion_issued,
          contractOffered: preference.contract_offered,
        }
      : defaultSwitches,
    endpoints: subscriptions.map((row) => row.endpoint),
    staleEndpoints: subscriptions.filter((row) => row.vapid_public_key !== vapidPublicKey).map((row) => row.endpoint),
  };
}

/** Consent and switches; withdrawing consent removes every subscribed browser of the member. */
export async function writeSettings(
  db: Kysely<Database>,
  member: MemberRef,
  request: { consent: boolean; switches: PushSwitches },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consentedAt = request.consent ? new Date(member.nowMs) : null;
    await trx
      .insertInto('push_preference')
      .values({
        member_id: member.memberId,
        merchant_id: member.merchantId,
        consented_at: consentedAt,
        ...switchColumns(request.switches),
        updated_at: new Date(member.nowMs),
      })
      .onConflict((conflict) =>
        conflict.column('member_id').doUpdateSet((eb) => ({
          // Consent keeps its first time while it stands.
          consented_at: request.consent
            ? eb.fn.coalesce('push_preference.consented_at', eb.val(consentedAt))
            : eb.val(null),
          ...switchColumns(request.switches),
          updated_at: new Date(member.nowMs),
        })),
      )
      .execute();
    if (!request.consent) {
      await trx
        .deleteFrom('push_subscription')
        .where('member_id', '=', member.memberId)
        .where('merchant_id', '=', member.merchantId)
        .execute();
      await trx.deleteFrom('push_outbox').where('member_id', '=', member.memberId).execute();
    }
  });
}

/**
 * The kind of device of a User-Agent, for the back-office's counts (null: unknown, not a browser's:
 * every browser's starts with `Mozilla/`). Tablets first: an Android tablet has no "Mobile"; an iPad
 * names itself.
 */
export function deviceOf(userAgent: string | undefined): PushDevice | null {
  if (!userAgent?.startsWith('Mozilla/')) return null;
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * This browser subscribed, with the member's consent. An endpoint is one browser: subscribed again
 * (new keys, another member logged in on it, a rotated VAPID key) it moves to this member with the new
 * keys. It is recorded with the VAPID key it was made with (the request's, else the merchant's current):
 * one made with an older key is stale from the start.
 */
export async function subscribe(
  db: Kysely<Database>,
  member: MemberRef & { language: Language; vapidPublicKey: string; device: PushDevice | null },
  request: PushSubscribeRequest,
): Promise<void> {
  const current = await readSettings(db, member, '');
  await writeSettings(db, member, { consent: true, switches: request.switches ?? current.switches });
  const { endpoint, keys } = request.subscription;
  await db
    .insertInto('push_subscription')
    .values({
      merchant_id: member.merchantId,
      member_id: member.memberId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      language: member.language,
      vapid_public_key: request.vapidPublicKey ?? member.vapidPublicKey,
      device: member.device,
      created_at: new Date(member.nowMs),
    })
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        merchant_id: member.merchantId,
        member_id: member.memberId,
        p256dh: keys.p256dh,
        auth: keys.auth,
        language: member.language,
        vapid_public_key: request.vapidPublicKey ?? member.vapidPublicKey,
        device: member.device,
        created_at: new Date(member.nowMs),
      }),
    )
    .execute();
}

/** This browser unsubscribed: only the member's own row goes (someone else's endpoint is left alone). */
export async function unsubscribe(db: Kysely<Database>, member: MemberRef, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscription')
    .where('endpoint', '=', endpoint)
    .where('member_id', '=', member.memberId)
    .where('merchant_id', '=', member.merchantId)
    .execute();
}
