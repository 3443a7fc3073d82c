import type { DevOutboxMessage } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findCodeInText } from './code.ts';
import { parseDestination } from './destination.ts';

/** Enough for any test flow; the outbox of one destination is short. */
const devOutboxLimit = 20;

/** The newest messages to one destination, with the code in clear (test automation only). */
export async function listDevOutbox(db: Kysely<Database>, merchantId: number, to: string): Promise<DevOutboxMessage[]> {
  const destination = parseDestination(to);
  if (destination === null) return [];
  const rows = await db
    .selectFrom('outbox_message')
    .select(['channel', 'destination', 'subject', 'body', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('destination', '=', destination)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(devOutboxLimit)
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    destination: row.destination,
    subject: row.subject,
    body: row.body,
    code: findCodeInText(row.body),
    createdAt: row.created_at.toISOString(),
  }));
}
