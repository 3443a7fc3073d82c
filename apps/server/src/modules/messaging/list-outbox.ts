import type { AdminOutboxRow } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * For the back-office: the merchant's SMS and e-mails, newest first, as members received them (codes
 * included: support reads them to help a member who says nothing arrived). `destination` matches
 * anywhere in the number or address; a typed leading 0 of a Thai mobile is dropped (stored as +66...).
 * The page and the count are two queries sent together.
 */
export async function listOutbox(
  db: Kysely<Database>,
  merchantId: number,
  query: { page: number; pageSize: number; channel?: 'sms' | 'email' | undefined; destination?: string | undefined },
): Promise<{ items: AdminOutboxRow[]; total: number }> {
  let base = db.selectFrom('outbox_message').where('merchant_id', '=', merchantId);
  if (query.channel) base = base.where('channel', '=', query.channel);
  const destination = query.destination?.trim().toLowerCase();
  if (destination)
    base = base.where(
      'destination',
      'like',
      containsPattern(/^0\d+$/.test(destination) ? destination.slice(1) : destination),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'channel',
        'destination',
        'subject',
        'body',
        'delivery_status',
        'delivered_via',
        'error',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      destination: row.destination,
      subject: row.subject,
      body: row.body,
      status: row.delivery_status,
      deliveredVia: row.delivered_via,
      error: row.error,
      createdAt: row.created_at.getTime(),
    })),
    total: Number(count.total),
  };
}

/** How many messages of the merchant were created since then, optionally of one delivery status. One query. */
export async function countOutbox(
  db: Kysely<Database>,
  merchantId: number,
  filter: { createdSince: Date; deliveryStatus?: 'sent' | 'failed' },
): Promise<number> {
  let query = db
    .selectFrom('outbox_message')
    .where('merchant_id', '=', merchantId)
    .where('created_at', '>=', filter.createdSince);
  if (filter.deliveryStatus) query = query.where('delivery_status', '=', filter.deliveryStatus);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}
