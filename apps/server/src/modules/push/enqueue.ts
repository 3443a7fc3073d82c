import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SystemMessage } from '../inbox/index.ts';
import type { PushKindColumn } from './push.tables.ts';

/** The inbox's system templates that are pushed, and the switch of each. */
export const pushedTemplates: Readonly<Record<string, PushKindColumn>> = {
  'deposit.approved': 'deposit_approved',
  'withdrawal.paid': 'withdrawal_paid',
  'promotion.issued': 'promotion_issued',
  'contract.offered': 'contract_offered',
};

/**
 * The inbox's observer (observeSystemMessages): in the transaction that writes the messages, a notice
 * for each one whose member consented, switched its kind on and has a live subscribed browser (made
 * under the merchant's current VAPID key). Nothing is
 * sent here: the notices are sent after the transaction commits (deliver.ts), and a rolled-back cause
 * leaves none. Two statements at most, whatever the number of messages.
 */
export async function enqueuePushes(trx: Transaction<Database>, messages: readonly SystemMessage[]): Promise<void> {
  const pushed = messages.filter((message) => message.template in pushedTemplates);
  if (pushed.length === 0) return;
  const memberIds = [...new Set(pushed.map((message) => message.memberId))];
  const preferences = await trx
    .selectFrom('push_preference')
    .select(['member_id', 'merchant_id', 'deposit_approved', 'withdrawal_paid', 'promotion_issued', 'contract_offered'])
    .where('member_id', 'in', memberIds)
    .where('consented_at', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('push_subscription')
          .innerJoin('push_vapid_key', 'push_vapid_key.merchant_id', 'push_subscription.merchant_id')
          .select('push_subscription.id')
          .whereRef('push_subscription.member_id', '=', 'push_preference.member_id')
          // Live only: a stale subscription (the key was rotated since) cannot receive it.
          .whereRef('push_subscription.vapid_public_key', '=', 'push_vapid_key.public_key'),
      ),
    )
    .execute();
  const byMember = new Map(preferences.map((row) => [`${row.merchant_id}:${row.member_id}`, row]));
  const rows = pushed.flatMap((message) => {
    const kind = pushedTemplates[message.template]!;
    const preference = byMember.get(`${message.merchantId}:${message.memberId}`);
    if (!preference?.[kind]) return [];
    return [
      {
        merchant_id: message.merchantId,
        member_id: message.memberId,
        kind,
        template: message.template,
        params: JSON.stringify(message.params),
        next_attempt_at: new Date(message.nowMs),
        created_at: new Date(message.nowMs),
      },
    ];
  });
  if (rows.length > 0) await trx.insertInto('push_outbox').values(rows).execute();
}
