import {
  promotionErrorCodes,
  type AdminPromotion,
  type AdminPromotionInput,
  type AdminPromotionListQuery,
  type AdminPromotionPage,
  type AdminPromotionUpdate,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { columnsOfInput, toAdminPromotion, type PromotionCounts, type PromotionRow } from './promotion-view.ts';
import { notifyRewardChange } from './reward-change.ts';

type Db = Kysely<Database> | Transaction<Database>;
/** Who acts: `auditContext(request)`. */
export type OperatorActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;

/** The waiting rewards (applications, issued unclaimed) of some promotions: one grouped query. */
async function countsOf(db: Db, ids: readonly bigint[]): Promise<Map<bigint, PromotionCounts>> {
  const counts = new Map<bigint, PromotionCounts>(ids.map((id) => [id, { applying: 0, issued: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('promotion_claim')
    .select(['promotion_id', 'status', (eb) => eb.fn.countAll<string>().as('total')])
    .where('promotion_id', 'in', [...ids])
    .where('status', 'in', ['applying', 'issued'])
    .groupBy(['promotion_id', 'status'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.promotion_id)!;
    if (row.status === 'applying') entry.applying = Number(row.total);
    else entry.issued = Number(row.total);
  }
  return counts;
}

/** One of the merchant's promotions; another merchant's id answers 404 like an unknown one. */
export async function findPromotionRow(db: Db, merchantId: number, id: bigint): Promise<PromotionRow> {
  const row = await db
    .selectFrom('promotion')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, promotionErrorCodes.notFound);
  return row;
}

export async function getAdminPromotion(db: Db, merchantId: number, id: bigint): Promise<AdminPromotion> {
  const row = await findPromotionRow(db, merchantId, id);
  return toAdminPromotion(row, (await countsOf(db, [row.id])).get(row.id)!);
}

/** GET /admin-api/promotions: the merchant's promotions by sort, with claims and budget used. */
export async function listAdminPromotions(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminPromotionListQuery,
  nowMs: number,
): Promise<AdminPromotionPage> {
  const now = new Date(nowMs);
  let base = db.selectFrom('promotion').where('merchant_id', '=', merchantId);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.state === 'running')
    base = base
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  if (query.state === 'ended') base = base.where((eb) => eb.or([eb('enabled', '=', false), eb('ends_at', '<=', now)]));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('sort')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => {
      const full = toAdminPromotion(row, counts.get(row.id)!);
      return {
        id: full.id,
        kind: full.kind,
        category: full.category,
        nameTh: full.nameTh,
        nameEn: full.nameEn,
        enabled: full.enabled,
        startsAt: full.startsAt,
        endsAt: full.endsAt,
        budget: full.budget,
        budgetUsed: full.budgetUsed,
        maxClaimsTotal: full.maxClaimsTotal,
        claimedCount: full.claimedCount,
        applyingCount: full.applyingCount,
        issuedCount: full.issuedCount,
        version: full.version,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total.total),
  };
}

/** POST /admin-api/promotions: audited `promotion.create` in its transaction. */
export async function createPromotion(
  db: Kysely<Database>,
  actor: OperatorActor,
  input: AdminPromotionInput,
): Promise<AdminPromotion> {
  return db.transaction().execute(async (trx) => {
    const now = new Date(actor.nowMs);
    const row = await trx
      .insertInto('promotion')
      .values({
        ...columnsOfInput(input),
        merchant_id: actor.merchantId,
        version: 1,
        created_by: actor.operatorId!,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const promotion = toAdminPromotion(row, { applying: 0, issued: 0 });
    await recordAudit(trx, {
      ...actor,
      action: 'promotion.create',
      targetType: 'promotion',
      targetId: row.id,
      before: null,
      after: input,
    });
    return promotion;
  });
}

/**
 * PUT /admin-api/promotions/:id at the version read (stale: 409 `promotion.version.conflict`, nothing
 * written). The counters stay; lowering a limit below what was already claimed is refused by the
 * table's checks as 409 `promotion.budget.exhausted` naming the field. Audited `promotion.update`.
 */
export async function updatePromotion(
  db: Kysely<Database>,
  actor: OperatorActor,
  id: bigint,
  input: AdminPromotionUpdate,
): Promise<AdminPromotion> {
  return db.transaction().execute(async (trx) => {
    const before = await findPromotionRow(trx, actor.merchantId, id);
    if (before.version !== input.version) throw new AppError(409, promotionErrorCodes.versionConflict);
    const { version: _version, ...fields } = input;
    const budget = fields.budget === null ? null : columnsOfInput(fields).budget;
    if (budget !== null && budget < before.budget_used)
      throw new AppError(409, promotionErrorCodes.budgetExhausted, { field: 'budget' });
    if (fields.maxClaimsTotal !== null && fields.maxClaimsTotal < before.claimed_count)
      throw new AppError(409, promotionErrorCodes.budgetExhausted, { field: 'maxClaimsTotal' });
    const row = await trx
      .updateTable('promotion')
      .set({ ...columnsOfInput(fields), version: before.version + 1, updated_at: new Date(actor.nowMs) })
      .where('id', '=', id)
      .where('version', '=', input.version)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError(409, promotionErrorCodes.versionConflict);
    // Enabled, end and claim hours decide which issued rewards are claimable: every open page of the
    // merchant counts again (one indexed count each; an edit is rare).
    await notifyRewardChange(trx, actor.merchantId, '*');
    await recordAudit(trx, {
      ...actor,
      action: 'promotion.update',
      targetType: 'promotion',
      targetId: id,
      before: toAdminPromotion(before, { applying: 0, issued: 0 }),
      after: fields,
    });
    return toAdminPromotion(row, (await countsOf(trx, [row.id])).get(row.id)!);
  });
}
