import {
  formatMinorUnits,
  parseAmount,
  type DepositLimitPeriod,
  type DepositLimits,
  type SetDepositLimitsRequest,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { maxTransferAmount } from '../ledger/index.ts';
import {
  findMemberState,
  limitPeriods,
  limitRaiseDelayMs,
  limitsAt,
  lockMemberState,
  periodMs,
  sumDeposits,
  type MemberState,
} from './member-state.ts';

interface Caller {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
}

async function describeLimits(db: Kysely<Database>, state: MemberState | null, caller: Caller): Promise<DepositLimits> {
  const limits = limitsAt(state, caller.nowMs);
  return {
    limits: await Promise.all(
      limitPeriods.map(async (period) => {
        const used = await sumDeposits(db, caller.memberId, caller.nowMs - periodMs[period]);
        const { limitMinor, pending } = limits[period];
        return {
          period,
          limit: limitMinor === null ? null : formatMinorUnits(limitMinor),
          used: formatMinorUnits(used.amountMinor),
          usedApproved: formatMinorUnits(used.approvedMinor),
          usedPending: formatMinorUnits(used.pendingMinor),
          pending:
            pending === null
              ? null
              : {
                  limit: pending.limitMinor === null ? null : formatMinorUnits(pending.limitMinor),
                  from: pending.fromMs,
                },
        };
      }),
    ),
  };
}

/** GET MCSFE_getDepositLimits. */
export async function getDepositLimits(db: Kysely<Database>, caller: Caller): Promise<DepositLimits> {
  return describeLimits(db, await findMemberState(db, caller.merchantId, caller.memberId), caller);
}

function parseLimit(period: DepositLimitPeriod, text: string | null): bigint | null {
  if (text === null) return null;
  const minor = parseAmount(text.trim());
  if (minor === null || minor <= 0n || minor > maxTransferAmount)
    throw AppError.badRequest(period, 'deposit.limit.invalid');
  return minor;
}

/**
 * POST MCSFE_setDepositLimits. Per period: a lower limit (or a first one) applies at once and drops
 * any waiting raise; the same limit drops a waiting raise; a higher one or none waits 24 hours (a
 * repeat of the raise already waiting keeps its time). Every value is checked before anything is written.
 */
export async function setDepositLimits(
  db: Kysely<Database>,
  caller: Caller,
  request: SetDepositLimitsRequest,
): Promise<DepositLimits> {
  const asked = new Map<DepositLimitPeriod, bigint | null>();
  for (const period of limitPeriods) {
    const value = request[period];
    if (value !== undefined) asked.set(period, parseLimit(period, value));
  }
  const state = await db.transaction().execute(async (trx) => {
    const locked = await lockMemberState(trx, caller.merchantId, caller.memberId, caller.nowMs);
    const now = limitsAt(locked, caller.nowMs);
    const changes: Record<string, bigint | Date | null> = {};
    for (const period of limitPeriods) {
      const wanted = asked.get(period);
      const { limitMinor: current, pending } = now[period];
      // Fold a raise whose time has come into the limit, so the row says what is in force.
      changes[`limit_${period}`] = current;
      changes[`pending_${period}`] = pending?.limitMinor ?? null;
      changes[`pending_${period}_from`] = pending === null ? null : new Date(pending.fromMs);
      if (wanted === undefined) continue;
      const isDecrease = wanted !== null && (current === null || wanted < current);
      if (isDecrease || wanted === current) {
        changes[`limit_${period}`] = wanted;
        changes[`pending_${period}`] = null;
        changes[`pending_${period}_from`] = null;
      } else if (!(pending !== null && pending.limitMinor === wanted)) {
        changes[`pending_${period}`] = wanted;
        changes[`pending_${period}_from`] = new Date(caller.nowMs + limitRaiseDelayMs);
      }
    }
    return trx
      .updateTable('deposit_member_state')
      .set({ ...changes, updated_at: new Date(caller.nowMs) })
      .where('member_id', '=', caller.memberId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return describeLimits(db, state, caller);
}
