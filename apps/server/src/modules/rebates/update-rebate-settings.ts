import { parseAmount, rebateErrorCodes, type AdminRebateSettingsRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { findRebateRules, multiplierToCenti, percentToPpm, toAdminSetting, type RebateRules } from './rebate-rules.ts';

export type SettingsActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;

/**
 * Saves the merchant's rebate rules at the version read (a second operator's older form is refused
 * with `rebate.settings.stale`), audited `rebate.settings.update` with before and after, in one
 * transaction under the row's lock. A change applies to days the job has not settled yet.
 */
export async function updateRebateSettings(
  db: Kysely<Database>,
  actor: SettingsActor,
  body: AdminRebateSettingsRequest,
): Promise<RebateRules> {
  const rates = Object.fromEntries(body.rates.map((rate) => [rate.productType, percentToPpm(rate.percent)]));
  const values = {
    mode: body.mode,
    rates: JSON.stringify(rates),
    min_payout_minor: parseAmount(body.minPayout)!,
    daily_cap_minor: body.dailyCap === null ? null : parseAmount(body.dailyCap)!,
    turnover_multiplier_centi: multiplierToCenti(body.turnoverMultiplier),
    updated_by: actor.operatorId,
    updated_at: new Date(actor.nowMs),
  };
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('rebate_setting')
      .select('version')
      .where('merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if ((current?.version ?? 0) !== body.version)
      throw new AppError(409, rebateErrorCodes.settingsStale, { field: 'version' });
    const before = await findRebateRules(trx, actor.merchantId);
    if (current)
      await trx
        .updateTable('rebate_setting')
        .set({ ...values, version: current.version + 1 })
        .where('merchant_id', '=', actor.merchantId)
        .execute();
    else
      await trx
        .insertInto('rebate_setting')
        .values({ merchant_id: actor.merchantId, ...values, version: 1 })
        .execute();
    const after = await findRebateRules(trx, actor.merchantId);
    await recordAudit(trx, {
      ...actor,
      action: 'rebate.settings.update',
      targetType: 'rebate_setting',
      targetId: actor.merchantId,
      before: before ? { ...toAdminSetting(before) } : null,
      after: { ...toAdminSetting(after) },
    });
  });
  return (await findRebateRules(db, actor.merchantId))!;
}
