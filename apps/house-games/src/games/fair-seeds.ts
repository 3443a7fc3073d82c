import { hashServerSeed, newClientSeed, newServerSeed, type RoundSeeds } from '@lotus/fair';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { HouseDatabase } from '../db/schema.ts';

type Executor = Kysely<HouseDatabase> | Transaction<HouseDatabase>;

/** What a player (or a table's audience) sees of the seeds: never the current server seed. */
export interface PublicSeeds {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  /** The seed used before the last rotation, now revealed, with the hash that was shown for it. */
  previous: { serverSeed: string; serverSeedHash: string } | null;
}

async function ensureSeeds(db: Executor, ownerKey: string): Promise<void> {
  const serverSeed = newServerSeed();
  await db
    .insertInto('fair_seed')
    .values({
      owner_key: ownerKey,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: newClientSeed(),
      previous_server_seed: null,
      previous_server_seed_hash: null,
      rotated_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function publicSeeds(db: Executor, ownerKey: string): Promise<PublicSeeds> {
  await ensureSeeds(db, ownerKey);
  const row = await db.selectFrom('fair_seed').selectAll().where('owner_key', '=', ownerKey).executeTakeFirstOrThrow();
  return {
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nextNonce: row.nonce,
    previous:
      row.previous_server_seed && row.previous_server_seed_hash
        ? { serverSeed: row.previous_server_seed, serverSeedHash: row.previous_server_seed_hash }
        : null,
  };
}

/** Takes the next nonce under the row's lock: each round gets its own (seeds, nonce), never reused. */
export async function takeRoundSeeds(
  trx: Transaction<HouseDatabase>,
  ownerKey: string,
): Promise<RoundSeeds & { serverSeedHash: string }> {
  await ensureSeeds(trx, ownerKey);
  const row = await trx
    .updateTable('fair_seed')
    .set({ nonce: sql<number>`nonce + 1` })
    .where('owner_key', '=', ownerKey)
    .returning(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirstOrThrow();
  return {
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce - 1,
  };
}

/** The player's own client seed from the next round on (between rounds only: a round's seeds are fixed when it starts). */
export async function setClientSeed(
  db: Kysely<HouseDatabase>,
  ownerKey: string,
  clientSeed: string,
): Promise<PublicSeeds> {
  await ensureSeeds(db, ownerKey);
  await db.updateTable('fair_seed').set({ client_seed: clientSeed }).where('owner_key', '=', ownerKey).execute();
  return publicSeeds(db, ownerKey);
}

/** Reveals the current server seed and commits to a new one; the nonce starts again at 0. */
export async function rotateSeeds(db: Kysely<HouseDatabase>, ownerKey: string, nowMs: number): Promise<PublicSeeds> {
  await ensureSeeds(db, ownerKey);
  const serverSeed = newServerSeed();
  await db
    .updateTable('fair_seed')
    .set((eb) => ({
      previous_server_seed: eb.ref('server_seed'),
      previous_server_seed_hash: eb.ref('server_seed_hash'),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      nonce: 0,
      rotated_at: new Date(nowMs),
    }))
    .where('owner_key', '=', ownerKey)
    .execute();
  return publicSeeds(db, ownerKey);
}
