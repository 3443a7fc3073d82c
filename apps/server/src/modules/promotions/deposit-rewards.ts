import { depositPromotionKinds, nthDepositOfKind } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listApprovedDeposits, type ApprovedDeposit } from '../deposit/index.ts';
import { notifyIssued } from './notify.ts';
import { bonusForDeposit, isRunning, type PromotionRow } from './promotion-view.ts';
import { insertReward, payLockedReward, refusalFor, rewardExpiry } from './rewards.ts';
import { notifyRewardChange } from './reward-change.ts';

export const depositRewardsJobName = 'promotions.deposit-rewards';
/** Deposits approved up to this long after they were requested are still rewarded. */
const lookbackMs = 7 * 86_400_000;
/** Deposits one run handles per merchant; the next run takes the rest. */
const batchSize = 200;

/**
 * The deposit promotions' job (every minute): each approved deposit not seen before is matched with
 * the merchant's running deposit promotions, in one transaction per deposit that also marks it seen,
 * so a rerun (or a second instance) rewards nothing twice; the reward's unique (promotion, deposit)
 * key says the same again. Per promotion, in a savepoint: the kind (the member's Nth approved deposit,
 * every deposit, the deposit that makes the count), the minimum deposit, a joined reward when the
 * promotion asks to be joined, the member's eligibility; then the reward is issued and, when the
 * promotion pays at once, paid through the bonus module. A promotion that refuses (budget spent,
 * blocked, abuse rule) is skipped without touching the others. Answers the rewards issued.
 */
export async function rewardApprovedDeposits(db: Kysely<Database>, nowMs: number): Promise<number> {
  const merchants = await db
    .selectFrom('promotion')
    .select('merchant_id')
    .distinct()
    .where('enabled', '=', true)
    .where('kind', 'in', [...depositPromotionKinds])
    .execute();
  let issued = 0;
  for (const { merchant_id: merchantId } of merchants) {
    const deposits = await listApprovedDeposits(
      db,
      merchantId,
      new Date(nowMs - lookbackMs),
      batchSize,
      sql`SELECT deposit_id FROM promotion_deposit_seen WHERE merchant_id = ${merchantId}`,
    );
    for (const deposit of deposits)
      issued += await db.transaction().execute((trx) => rewardDeposit(trx, deposit, nowMs));
  }
  return issued;
}

async function rewardDeposit(trx: Transaction<Database>, deposit: ApprovedDeposit, nowMs: number): Promise<number> {
  const seen = await trx
    .insertInto('promotion_deposit_seen')
    .values({ deposit_id: deposit.depositId, merchant_id: deposit.merchantId, seen_at: new Date(nowMs) })
    .onConflict((conflict) => conflict.doNothing())
    .returning('deposit_id')
    .executeTakeFirst();
  if (!seen) return 0;
  const promotions = await trx
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', deposit.merchantId)
    .where('kind', 'in', [...depositPromotionKinds])
    .orderBy('blocks_others', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  let issued = 0;
  for (const promotion of promotions) {
    if (!qualifies(promotion, deposit)) continue;
    await sql`SAVEPOINT promotion_reward`.execute(trx);
    try {
      const rewarded = await rewardOne(trx, promotion, deposit, nowMs);
      await sql`RELEASE SAVEPOINT promotion_reward`.execute(trx);
      if (rewarded) {
        issued += 1;
        // A blocking promotion is the deposit's only reward.
        if (promotion.blocks_others) break;
      }
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT promotion_reward`.execute(trx);
      if (!(error instanceof AppError)) throw error;
    }
  }
  return issued;
}

/** The promotion's kind and minimum against the deposit, at the time it was approved. */
function qualifies(promotion: PromotionRow, deposit: ApprovedDeposit): boolean {
  if (!isRunning(promotion, deposit.settledAt.getTime())) return false;
  if (promotion.min_deposit !== null && deposit.amountMinor < promotion.min_deposit) return false;
  const nth = nthDepositOfKind[promotion.kind];
  if (nth !== undefined) return deposit.ordinal === nth;
  if (promotion.kind === 'DEPOSIT_COUNT') return deposit.ordinal === promotion.deposit_count;
  return true;
}

async function rewardOne(
  trx: Transaction<Database>,
  promotion: PromotionRow,
  deposit: ApprovedDeposit,
  nowMs: number,
): Promise<boolean> {
  const member = { merchantId: deposit.merchantId, memberId: deposit.memberId };
  const amount = bonusForDeposit(promotion, deposit.amountMinor);
  if (amount <= 0n) return false;
  let joinedId: bigint | undefined;
  if (promotion.requires_join) {
    const joined = await trx
      .selectFrom('promotion_claim')
      .select('id')
      .where('promotion_id', '=', promotion.id)
      .where('member_id', '=', deposit.memberId)
      .where('status', '=', 'joined')
      .forUpdate()
      .executeTakeFirst();
    if (!joined) return false;
    joinedId = joined.id;
  }
  const refusal = await refusalFor(trx, promotion, member, nowMs, { checkSchedule: false, exceptClaimId: joinedId });
  if (refusal) throw refusal;
  const claim =
    joinedId === undefined
      ? await insertReward(
          trx,
          promotion,
          deposit.memberId,
          { status: 'issued', amountMinor: amount, depositId: deposit.depositId, depositMinor: deposit.amountMinor },
          nowMs,
        )
      : await trx
          .updateTable('promotion_claim')
          .set({
            status: 'issued',
            amount,
            deposit_id: deposit.depositId,
            deposit_amount: deposit.amountMinor,
            issued_at: new Date(nowMs),
            expires_at: rewardExpiry(promotion, nowMs),
          })
          .where('id', '=', joinedId)
          .returningAll()
          .executeTakeFirstOrThrow();
  if (!claim) return false;
  // insertReward tells the member's open pages itself; a joined reward issued here is told here.
  if (joinedId !== undefined) await notifyRewardChange(trx, claim.merchant_id, [claim.member_id]);
  if (promotion.auto_claim) await payLockedReward(trx, claim, promotion, deposit.currency, nowMs);
  else await notifyIssued(trx, promotion, [claim], nowMs);
  return true;
}
