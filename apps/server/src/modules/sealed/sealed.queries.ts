import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SealingKeyRow {
  keyId: string;
  privateKeyPem: string;
  publicSpki: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** Keys that may still open a payload at `now`: active ones, and those retired at or after `retiredSince`. Newest first. */
export async function listOpeningKeys(db: Kysely<Database>, retiredSince: Date): Promise<SealingKeyRow[]> {
  return db
    .selectFrom('sealing_key')
    .select([
      'key_id as keyId',
      'private_key_pem as privateKeyPem',
      'public_spki as publicSpki',
      'created_at as createdAt',
      'retired_at as retiredAt',
    ])
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>=', retiredSince)]))
    .orderBy('created_at', 'desc')
    .orderBy('key_id', 'desc')
    .execute();
}

export interface NewSealingKey {
  keyId: string;
  privateKeyPem: string;
  publicSpki: string;
  createdAt: Date;
}

/**
 * Stores `key` as the one active key unless another is active already (`replaceActive` false), in
 * which case nothing changes. With `replaceActive`, every other active key is retired at
 * `key.createdAt` and keys retired before `purgeRetiredBefore` (past their grace) are deleted.
 * Instances creating or rotating at the same moment are serialised by a transaction-level advisory
 * lock, so there is never more than one active key.
 */
export async function storeSealingKey(
  db: Kysely<Database>,
  key: NewSealingKey,
  options: { replaceActive: boolean; purgeRetiredBefore: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sealing_key'))`.execute(trx);
    if (!options.replaceActive) {
      const active = await trx
        .selectFrom('sealing_key')
        .select('key_id')
        .where('retired_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      if (active) return;
    }
    await trx.deleteFrom('sealing_key').where('retired_at', '<', options.purgeRetiredBefore).execute();
    await trx.updateTable('sealing_key').set({ retired_at: key.createdAt }).where('retired_at', 'is', null).execute();
    await trx
      .insertInto('sealing_key')
      .values({
        key_id: key.keyId,
        private_key_pem: key.privateKeyPem,
        public_spki: key.publicSpki,
        created_at: key.createdAt,
      })
      .execute();
  });
}

/**
 * Records the nonce for the merchant until `expiresAt`. True when it was new (or its old row had
 * expired, so a late reuse is not refused for a row the cleanup has not reached yet); false when a
 * live row holds it, i.e. a replay. One statement, safe across instances.
 */
export async function claimSealedNonce(
  db: Kysely<Database>,
  merchantId: number,
  nonce: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const claimed = await db
    .insertInto('sealed_nonce')
    .values({ merchant_id: merchantId, nonce, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'nonce'])
        .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
        .where('sealed_nonce.expires_at', '<=', now),
    )
    .returning('nonce')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Deletes nonces that expired before `now`; returns how many. */
export async function deleteExpiredSealedNonces(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sealed_nonce').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
