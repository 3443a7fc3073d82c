import { createBrandBodySchema, defaultCurrencySymbol, type CreateBrandBody, type CreatedBrand } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createMerchantAdmin, ensureBuiltinRoles, recordAudit } from '../backoffice/index.ts';
import { createMerchant, listMerchantSummaries, newMerchantConfig } from '../merchant/index.ts';
import { recordBrandAudit, type BrandActor } from './brand-actor.ts';
import { toBrandSummary } from './brand-settings.ts';

/**
 * Creates a merchant in one transaction: the row with the default configuration
 * (`newMerchantConfig`), its primary domain, the built-in roles and the first operator (`admin`, or
 * `platform` with `platformAdmin`), whose generated password is in the answer and nowhere else.
 * Refused with nothing written: a taken code (409 `brand.code.taken`), a taken domain (409
 * `brand.domain.taken`). `actor` null: the command line (`npm run merchant:create`).
 */
export async function createBrand(
  db: Kysely<Database>,
  input: CreateBrandBody,
  actor: BrandActor | null,
  nowMs: number,
): Promise<CreatedBrand> {
  const body = createBrandBodySchema.parse(input);
  return db.transaction().execute(async (trx) => {
    const merchant = await createMerchant(
      trx,
      {
        code: body.code,
        name: body.name,
        currency: body.currency,
        currencySymbol: body.currencySymbol ?? defaultCurrencySymbol(body.currency),
        defaultLanguage: body.defaultLanguage,
        domain: body.domain,
        config: newMerchantConfig({ name: body.name, nowMs }),
      },
      nowMs,
    );
    await ensureBuiltinRoles(trx, merchant.id, nowMs);
    const admin = await createMerchantAdmin(trx, {
      merchantId: merchant.id,
      username: body.adminUsername,
      role: body.platformAdmin ? 'platform' : 'admin',
      nowMs,
      createdBy: actor ? { username: actor.username, merchantCode: actor.merchantCode, ip: actor.ip } : null,
    });
    const created = {
      code: merchant.code,
      name: merchant.name,
      currency: merchant.currency,
      defaultLanguage: merchant.defaultLanguage,
      domain: body.domain,
      admin: { username: admin.username, role: admin.role },
    };
    if (actor) {
      await recordBrandAudit(trx, actor, merchant.id, { action: 'brand.create', before: null, after: created });
    } else {
      await recordAudit(trx, {
        merchantId: merchant.id,
        operatorId: null,
        action: 'brand.create',
        targetType: 'merchant',
        targetId: merchant.id,
        before: null,
        after: { ...created, source: 'merchant:create' },
        ip: 'system',
        nowMs,
      });
    }
    const [summary] = await listMerchantSummaries(trx, [merchant.id]);
    return {
      merchant: toBrandSummary(summary!),
      admin: { username: admin.username, role: admin.role, password: admin.password },
    };
  });
}
