import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../identity/index.ts';
import { listMerchantCodes } from '../merchant/index.ts';
import { recordAudit } from './audit.ts';
import { ensureBuiltinRoles } from './operator-roles.ts';

/** Who is recorded as the author of what the system did itself (audit `ip`). */
export const systemIp = 'system';

export interface FirstAdmin {
  merchantCode: string;
  username: string;
  /** Only when generated: the one and only time it exists in clear. */
  generatedPassword: string | null;
}

/**
 * Makes sure every merchant can be administered, at each start: every merchant has the built-in
 * roles (`ensureBuiltinRoles`), and
 *
 * - with `ADMIN_USERNAME` and `ADMIN_PASSWORD`: a merchant without an operator of that name gets
 *   one, role admin, with that password. An existing operator is left alone (its password is never
 *   overwritten from the environment, so a changed setting cannot silently take over an account);
 * - without them: a merchant without any operator gets `admin` with a random password, printed once
 *   to the log. The next start finds an operator and prints nothing, so the password is never
 *   printed again, and the hash never is.
 *
 * An advisory lock makes several instances starting together create (and print) it once. The new
 * operator has no authenticator yet: the first login enrols one before anything else works.
 */
export async function ensureFirstAdmins(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  nowMs: number,
): Promise<FirstAdmin[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('backoffice.first-admin'))`.execute(trx);
    const username = config.ADMIN_USERNAME ?? 'admin';
    // Merchants are the merchant module's: every merchant, less those that already have the operator
    // (any operator without ADMIN_USERNAME), in id order.
    let covered = trx.selectFrom('operator').select('merchant_id').distinct();
    if (config.ADMIN_USERNAME !== undefined) covered = covered.where('username_key', '=', username.toLowerCase());
    const coveredIds = new Set((await covered.execute()).map((row) => row.merchant_id));
    const allMerchants = await listMerchantCodes(trx);
    // Every merchant has the built-in roles, as the contract says them today (a merchant made by a
    // seed script or an older server gets them here; permissions added to a built-in since apply).
    await ensureBuiltinRoles(
      trx,
      allMerchants.map((merchant) => merchant.id),
      nowMs,
    );
    const merchants = allMerchants.filter((merchant) => !coveredIds.has(merchant.id));
    const created: FirstAdmin[] = [];
    for (const merchant of merchants) {
      const generatedPassword = config.ADMIN_PASSWORD === undefined ? randomBytes(15).toString('base64url') : null;
      const password = config.ADMIN_PASSWORD ?? generatedPassword!;
      const now = new Date(nowMs);
      const row = await trx
        .insertInto('operator')
        .values({
          merchant_id: merchant.id,
          username,
          username_key: username.toLowerCase(),
          password_hash: await hashPassword(password),
          role: 'admin',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        merchantId: merchant.id,
        operatorId: null,
        action: 'operator.create',
        targetType: 'operator',
        targetId: row.id,
        before: null,
        after: {
          username,
          role: 'admin',
          status: 'active',
          source: generatedPassword === null ? 'ADMIN_USERNAME' : 'generated',
        },
        ip: systemIp,
        nowMs,
      });
      created.push({ merchantCode: merchant.code, username, generatedPassword });
    }
    return created;
  });
}

/**
 * Logs what ensureFirstAdmins created. A generated password goes in the message text, once: the
 * logger redacts `password` fields, and this is the only way its owner ever learns it.
 */
export function logFirstAdmins(logger: FastifyBaseLogger, admins: readonly FirstAdmin[]): void {
  for (const admin of admins) {
    if (admin.generatedPassword === null) {
      logger.info(
        { merchant: admin.merchantCode, username: admin.username },
        'back-office: first admin created from ADMIN_USERNAME',
      );
    } else {
      const line = `back-office: first admin of merchant "${admin.merchantCode}" created: username "${admin.username}", password "${admin.generatedPassword}". It is shown this once only: log in at /admin, set up the authenticator, and keep the password safe.`;
      // The one line that must reach a person even when the level hides warnings (not when silenced).
      const hidesWarnings = ['error', 'fatal'].includes(logger.level);
      if (!hidesWarnings) logger.warn(line);
      else process.stderr.write(`${line}\n`);
    }
  }
}
