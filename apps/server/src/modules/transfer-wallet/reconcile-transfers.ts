import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findConnectedVendors, type Integration } from '../games/index.ts';
import type { AppConfig } from '../../config.ts';
import { resolveByStatus } from './transfer-service.ts';
import type { TransferVendorClient } from './transfer-vendor-client.ts';

/** A pending transfer younger than this may still be in its request; the job leaves it alone. */
export const reconcileAfterMs = 30_000;
const batchSize = 100;

export type ReconcileReport = {
  checked: number;
  succeeded: number;
  failed: number;
  stillPending: number;
};

/**
 * The `transfers.reconcile` job: asks the vendor the status of every transfer left pending (its
 * answer was lost) and ends it accordingly. A vendor that cannot be asked leaves it pending for the
 * next run: money waits in transit, visible to operators, never guessed.
 */
export async function reconcilePendingTransfers(
  db: Kysely<Database>,
  config: AppConfig,
  clientFor: (integration: Integration) => TransferVendorClient,
  nowMs: number,
): Promise<ReconcileReport> {
  const pending = await db
    .selectFrom('wallet_transfer')
    .select(['id', 'reference', 'merchant_id', 'vassalage'])
    .where('status', '=', 'pending')
    .where('updated_at', '<', new Date(nowMs - reconcileAfterMs))
    .orderBy('updated_at')
    .limit(batchSize)
    .execute();
  const report: ReconcileReport = { checked: pending.length, succeeded: 0, failed: 0, stillPending: 0 };
  // One lookup per merchant and vendor, however many of its transfers wait.
  const integrations = new Map<string, Promise<Integration | null>>();
  const integrationFor = (merchantId: number, vassalage: string) => {
    const key = `${merchantId}:${vassalage}`;
    if (!integrations.has(key))
      integrations.set(
        key,
        findConnectedVendors(db, config, merchantId, [vassalage], nowMs).then(
          ([vendor]) => vendor?.integration ?? null,
        ),
      );
    return integrations.get(key)!;
  };
  for (const transfer of pending) {
    const integration = await integrationFor(transfer.merchant_id, transfer.vassalage);
    const outcome = integration ? await resolveByStatus(db, clientFor(integration), transfer, nowMs) : 'pending';
    if (outcome === 'succeeded') report.succeeded += 1;
    else if (outcome === 'failed') report.failed += 1;
    else report.stillPending += 1;
  }
  return report;
}
