import { createPrivateKey, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { PublicKey } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listOpeningKeys, storeSealingKey, type NewSealingKey, type SealingKeyRow } from './sealed.queries.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * 2048 bits is the scheme's floor and what we use: every sealed call costs one RSA private
 * operation before anything else is checked, so a bigger key makes login an easier CPU target,
 * while TLS stays the first line and keys rotate.
 */
const modulusBits = 2048;
/** A retired key still opens payloads this long, so a rotation does not break clients that sealed just before it. */
export const retiredKeyGraceMs = 10 * 60_000;
/** How long this instance trusts its copy of the key table; bounds how late it sees another instance's rotation. */
const refreshMs = 30_000;
/** An unknown key id reloads the table at most this often, so random key ids cannot turn into a query each. */
const unknownKeyReloadMs = 1_000;

interface CachedKey {
  row: SealingKeyRow;
  privateKey: KeyObject | null;
}

/** Generates a fresh RSA key pair in the stored form. */
export async function generateSealingKey(createdAt: Date): Promise<NewSealingKey> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: modulusBits,
    publicExponent: 0x10001,
  });
  return {
    keyId: randomBytes(12).toString('base64url'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicSpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    createdAt,
  };
}

/**
 * The sealing keys as this instance sees them. The table is the truth (every instance shares it);
 * this keeps a copy for `refreshMs` and parses each private key once.
 */
export class SealingKeyring {
  private keys = new Map<string, CachedKey>();
  private loadedAtMs = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private creating: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** The newest active key, which clients seal with. Creates the first one when there is none. */
  async getCurrentKey(): Promise<PublicKey> {
    await this.ensureFresh();
    let current = this.findCurrent();
    if (!current) {
      // One creation at a time per instance; across instances storeSealingKey keeps the first.
      this.creating ??= this.createFirstKey().finally(() => {
        this.creating = null;
      });
      await this.creating;
      current = this.findCurrent();
      if (!current) throw new Error('no sealing key after creating one');
    }
    return { keyId: current.row.keyId, spki: current.row.publicSpki };
  }

  /** The private key for `keyId` if it is active or retired less than the grace period ago; else null. */
  async findOpeningKey(keyId: string): Promise<KeyObject | null> {
    await this.ensureFresh();
    if (!this.keys.has(keyId) && this.now() - this.loadedAtMs >= unknownKeyReloadMs) await this.reload();
    const cached = this.keys.get(keyId);
    if (!cached) return null;
    const { retiredAt } = cached.row;
    if (retiredAt !== null && this.now() - retiredAt.getTime() > retiredKeyGraceMs) return null;
    cached.privateKey ??= createPrivateKey(cached.row.privateKeyPem);
    return cached.privateKey;
  }

  /** Makes a new key the active one; the previous key keeps opening payloads for the grace period. */
  async rotate(): Promise<PublicKey> {
    const key = await generateSealingKey(new Date(this.now()));
    await storeSealingKey(this.db, key, {
      replaceActive: true,
      purgeRetiredBefore: new Date(this.now() - retiredKeyGraceMs),
    });
    await this.reloadAfterWrite();
    return { keyId: key.keyId, spki: key.publicSpki };
  }

  private findCurrent(): CachedKey | undefined {
    // Rows come newest first.
    for (const cached of this.keys.values()) if (cached.row.retiredAt === null) return cached;
    return undefined;
  }

  private async createFirstKey(): Promise<void> {
    const key = await generateSealingKey(new Date(this.now()));
    await storeSealingKey(this.db, key, {
      replaceActive: false,
      purgeRetiredBefore: new Date(this.now() - retiredKeyGraceMs),
    });
    await this.reloadAfterWrite();
  }

  /** A load already under way may have read the table before our write; wait for it, then read again. */
  private async reloadAfterWrite(): Promise<void> {
    await this.loading;
    await this.reload();
  }

  private async ensureFresh(): Promise<void> {
    if (this.now() - this.loadedAtMs >= refreshMs) await this.reload();
  }

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const startedAtMs = this.now();
        const rows = await listOpeningKeys(this.db, new Date(startedAtMs - retiredKeyGraceMs));
        const next = new Map<string, CachedKey>();
        for (const row of rows) next.set(row.keyId, { row, privateKey: this.keys.get(row.keyId)?.privateKey ?? null });
        this.keys = next;
        this.loadedAtMs = startedAtMs;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
