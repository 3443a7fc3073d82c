import {
  formatMinorUnits,
  parseAmount,
  type AdminBonusSettings,
  type AdminBonusSettingsRequest,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { bonusSetting } from './bonus-engine.ts';

export type BonusSettingsActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;

/** The merchant's bonus rules as the back-office reads them (no row: block withdrawals, no threshold). */
export async function readBonusSettings(db: Kysely<Database>, merchantId: number): Promise<AdminBonusSettings> {
  const setting = await bonusSetting(db, merchantId);
  return {
    withdrawalRule: setting.withdrawalRule,
    forfeitBelow: setting.forfeitBelowMinor === null ? null : formatMinorUnits(setting.forfeitBelowMinor),
  };
}

/**
 * Saves the merchant's bonus rules (issue 17: what a withdrawal does while a bonus's turnover is unmet,
 * and the balance under which the bonuses are forfeited), audited `bonus.settings.update` with before and
 * after in the same transaction, the row locked so two saves apply one after the other. The engine reads
 * the rules at each withdrawal, bet settlement and job run.
 */
export async function updateBonusSettings(
  db: Kysely<Database>,
  actor: BonusSettingsActor,
  body: AdminBonusSettingsRequest,
): Promise<AdminBonusSettings> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('bonus_setting')
      .select('merchant_id')
      .where('merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    const before = await readBonusSettings(trx, actor.merchantId);
    const values = {
      withdrawal_rule: body.withdrawalRule,
      forfeit_below_minor: body.forfeitBelow === null ? null : parseAmount(body.forfeitBelow)!,
      updated_at: new Date(actor.nowMs),
    };
    await trx
      .insertInto('bonus_setting')
      .values({ merchant_id: actor.merchantId, ...values })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(values))
      .execute();
    const after = await readBonusSettings(trx, actor.merchantId);
    await recordAudit(trx, {
      ...actor,
      action: 'bonus.settings.update',
      targetType: 'bonus_setting',
      targetId: actor.merchantId,
      before: { ...before },
      after: { ...after },
    });
    return after;
  });
}
