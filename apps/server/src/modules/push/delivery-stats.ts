import type { AdminPushDeliveries } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const hourMs = 3_600_000;
/** Hours kept: the page shows 7 days; a month leaves room to look back at an incident. */
const keptMs = 35 * 24 * hourMs;

/** Adds a round's counts to the merchant's hour (one upsert), and forgets hours older than 35 days. */
export async function recordDeliveries(
  db: Kysely<Database>,
  merchantId: number,
  nowMs: number,
  counts: AdminPushDeliveries,
): Promise<void> {
  if (counts.sent + counts.failed + counts.removed === 0) return;
  const hour = new Date(Math.floor(nowMs / hourMs) * hourMs);
  await db
    .insertInto('push_delivery_hour')
    .values({ merchant_id: merchantId, hour, sent: counts.sent, failed: counts.failed, removed: counts.removed })
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'hour']).doUpdateSet((eb) => ({
        sent: eb('push_delivery_hour.sent', '+', counts.sent),
        failed: eb('push_delivery_hour.failed', '+', counts.failed),
        removed: eb('push_delivery_hour.removed', '+', counts.removed),
      })),
    )
    .execute();
  await db
    .deleteFrom('push_delivery_hour')
    .where('merchant_id', '=', merchantId)
    .where('hour', '<', new Date(nowMs - keptMs))
    .execute();
}

/**
 * The merchant's counts over the last `hours` hours: the current hour and the hours before it (so
 * "24 h" reads between 23 and 24 hours back, to the hour).
 */
export async function sumDeliveries(
  db: Kysely<Database>,
  merchantId: number,
  nowMs: number,
  hours: number,
): Promise<AdminPushDeliveries> {
  const since = new Date(Math.floor(nowMs / hourMs) * hourMs - (hours - 1) * hourMs);
  const row = await db
    .selectFrom('push_delivery_hour')
    .select([
      sql<string>`coalesce(sum(sent), 0)`.as('sent'),
      sql<string>`coalesce(sum(failed), 0)`.as('failed'),
      sql<string>`coalesce(sum(removed), 0)`.as('removed'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('hour', '>=', since)
    .executeTakeFirstOrThrow();
  return { sent: Number(row.sent), failed: Number(row.failed), removed: Number(row.removed) };
}
