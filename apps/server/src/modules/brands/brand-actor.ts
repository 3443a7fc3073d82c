import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorMay, recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { findMerchant, type MerchantContext } from '../merchant/index.ts';

/** Who changes a brand: a guarded operator call (or, for merchant:create, nobody: the system). */
export interface BrandActor {
  operatorId: bigint;
  /** The operator's own merchant (whose audit log gets the row). */
  merchantId: number;
  merchantCode: string;
  username: string;
  ip: string;
  nowMs: number;
  /** May see and change every merchant (`brands.platform`). */
  isPlatform: boolean;
}

export function brandActor(request: FastifyRequest): BrandActor {
  return {
    operatorId: request.operator.id,
    merchantId: request.operator.merchantId,
    merchantCode: request.merchant.code,
    username: request.operator.username,
    ip: request.ip,
    nowMs: request.server.now(),
    isPlatform: operatorMay(request.operator, 'brands.platform'),
  };
}

/**
 * The merchant `merchantId` if the actor may see it: their own, or any for a platform operator.
 * Anything else answers 404 exactly like an unknown id.
 */
export async function visibleMerchant(
  db: Kysely<Database>,
  actor: BrandActor,
  merchantId: number,
): Promise<MerchantContext> {
  if (merchantId !== actor.merchantId && !actor.isPlatform) throw AppError.notFound();
  const merchant = await findMerchant(db, { id: merchantId });
  if (!merchant) throw AppError.notFound();
  return merchant;
}

/**
 * The audit row of a brand change, in the actor's own log; when a platform operator changed another
 * merchant, that merchant's log gets the same row too (by the system, naming the operator), so its own
 * admins see who changed their brand.
 */
export async function recordBrandAudit(
  db: Kysely<Database>,
  actor: BrandActor,
  targetMerchantId: number,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): Promise<void> {
  const common = { ...entry, targetType: 'merchant', targetId: targetMerchantId, ip: actor.ip, nowMs: actor.nowMs };
  await recordAudit(db, { ...common, merchantId: actor.merchantId, operatorId: actor.operatorId });
  if (targetMerchantId !== actor.merchantId) {
    await recordAudit(db, {
      ...common,
      merchantId: targetMerchantId,
      operatorId: null,
      after: { by: `${actor.username}@${actor.merchantCode}`, value: entry.after },
    });
  }
}
