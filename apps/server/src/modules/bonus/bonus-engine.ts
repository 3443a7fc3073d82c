import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { validBetsOfMemberSince } from '../bet-records/index.ts';
import { turnoverExclusionPercents } from '../games/index.ts';
import { memberBalance, postTransfers } from '../ledger/index.ts';
import { bonusLedgerSource } from './grant-bonus.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type CloseOutcome = 'converted' | 'forfeited' | 'expired';

/** Ledger transfer kinds of a grant's end (shown in the member's money history). */
export const bonusConvertKind = 'bonus_convert';
export const bonusForfeitKind = 'bonus_forfeit';

export interface MemberScope {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
}

/** The merchant's bonus rules; no row = block withdrawals, no threshold. */
export async function bonusSetting(db: Executor, merchantId: number) {
  const row = await db
    .selectFrom('bonus_setting')
    .select(['withdrawal_rule', 'forfeit_below_minor'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return { withdrawalRule: row?.withdrawal_rule ?? 'block', forfeitBelowMinor: row?.forfeit_below_minor ?? null };
}

/**
 * Ends one active grant exactly once: its row locked (`FOR UPDATE`), still active, then what remains
 * of it moves in one posting (key `close:<id>`): to member_main on conversion (`bonus_convert`), back
 * to house_bonus on forfeit or expiry (`bonus_forfeit`), and the row closes. Lock order as the bets'
 * (the grant, then the accounts). False when it was not active any more.
 */
export async function closeGrant(
  db: Executor,
  bonusId: bigint,
  outcome: CloseOutcome,
  reason: string,
  nowMs: number,
): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => closeGrant(trx, bonusId, outcome, reason, nowMs));
  const grant = await db
    .selectFrom('member_bonus')
    .select(['id', 'merchant_id', 'member_id', 'currency', 'remaining', 'status'])
    .where('id', '=', bonusId)
    .forUpdate()
    .executeTakeFirst();
  if (!grant || grant.status !== 'active') return false;
  let postingId: bigint | null = null;
  if (grant.remaining > 0n) {
    const posting = await postTransfers(db, {
      merchantId: grant.merchant_id,
      currency: grant.currency,
      idempotency: { source: bonusLedgerSource, key: `close:${grant.id}` },
      transfers: [
        {
          debit: { kind: 'member_bonus', memberId: grant.member_id },
          credit:
            outcome === 'converted' ? { kind: 'member_main', memberId: grant.member_id } : { kind: 'house_bonus' },
          amount: grant.remaining,
          kind: outcome === 'converted' ? bonusConvertKind : bonusForfeitKind,
          reference: `bonus:${grant.id}:${reason}`,
        },
      ],
      nowMs,
    });
    postingId = posting.postingId;
  }
  await db
    .updateTable('member_bonus')
    .set({
      status: outcome,
      remaining: 0n,
      close_posting_id: postingId,
      // Kept for the cost report: remaining becomes 0, and the split converted / spent would be lost.
      closed_amount: grant.remaining,
      close_reason: reason,
      closed_at: new Date(nowMs),
    })
    .where('id', '=', grant.id)
    .where('status', '=', 'active')
    .execute();
  return true;
}

interface ActiveGrant {
  id: bigint;
  created_at: Date;
  expires_at: Date | null;
  product_types: string[] | null;
  turnover_required: bigint;
  turnover_counted: bigint;
}

/**
 * The valid bets each grant counts: bets settled at or after its grant, of its product types (all when
 * null), less the vendor's turnover exclusion percent (valid bet × (1 − %), rounded down), the
 * rule the withdrawal turnover uses. Every grant counts the same bet ("all at once"), so two grants
 * of the same product types progress together.
 */
async function countTurnover(db: Executor, scope: MemberScope, grants: ActiveGrant[]): Promise<Map<bigint, bigint>> {
  const counted = new Map<bigint, bigint>();
  if (grants.length === 0) return counted;
  const percents = await turnoverExclusionPercents(db, scope.merchantId);
  for (const grant of grants) {
    const bets = await validBetsOfMemberSince(db, { ...scope, since: grant.created_at });
    let sum = 0n;
    for (const bet of bets) {
      if (grant.product_types !== null && !grant.product_types.includes(bet.gameType ?? '')) continue;
      const percent = BigInt(percents.get(bet.vassalage) ?? 0);
      sum += (bet.validBet * (100n - percent)) / 100n;
    }
    counted.set(grant.id, sum);
  }
  return counted;
}

function activeGrants(db: Executor, scope: MemberScope) {
  return db
    .selectFrom('member_bonus')
    .select(['id', 'created_at', 'expires_at', 'product_types', 'turnover_required', 'turnover_counted'])
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/**
 * Brings a member's active grants up to date: expired ones expire, all are forfeited when cash +
 * bonus fell below the merchant's threshold, the turnover is counted and a met grant converts.
 * Each step ends a grant through `closeGrant` (exactly once). Called by the member's bonus reads, the
 * withdrawal's gate and the job.
 */
export async function settleMemberBonuses(db: Executor, scope: MemberScope): Promise<void> {
  const grants = await activeGrants(db, scope);
  if (grants.length === 0) return;
  const live: ActiveGrant[] = [];
  for (const grant of grants) {
    if (grant.expires_at !== null && grant.expires_at.getTime() <= scope.nowMs) {
      await closeGrant(db, grant.id, 'expired', 'expired', scope.nowMs);
    } else live.push(grant);
  }
  if (live.length === 0) return;
  const setting = await bonusSetting(db, scope.merchantId);
  if (setting.forfeitBelowMinor !== null) {
    const currency = await grantCurrency(db, live[0]!.id);
    const [cash, bonus] = await Promise.all([
      memberBalance(db as Kysely<Database>, scope.merchantId, currency, {
        kind: 'member_main',
        memberId: scope.memberId,
      }),
      memberBalance(db as Kysely<Database>, scope.merchantId, currency, {
        kind: 'member_bonus',
        memberId: scope.memberId,
      }),
    ]);
    if (cash + bonus < setting.forfeitBelowMinor) {
      for (const grant of live) await closeGrant(db, grant.id, 'forfeited', 'below_threshold', scope.nowMs);
      return;
    }
  }
  const counted = await countTurnover(db, scope, live);
  for (const grant of live) {
    const sum = counted.get(grant.id) ?? 0n;
    const capped = sum > grant.turnover_required ? grant.turnover_required : sum;
    if (capped > grant.turnover_counted) {
      await db
        .updateTable('member_bonus')
        .set({ turnover_counted: capped })
        .where('id', '=', grant.id)
        .where('status', '=', 'active')
        .where('turnover_counted', '<', capped)
        .execute();
    }
    if (sum >= grant.turnover_required) await closeGrant(db, grant.id, 'converted', 'turnover_met', scope.nowMs);
  }
}

async function grantCurrency(db: Executor, bonusId: bigint): Promise<string> {
  const row = await db
    .selectFrom('member_bonus')
    .select('currency')
    .where('id', '=', bonusId)
    .executeTakeFirstOrThrow();
  return row.currency;
}

/** Forfeits every active grant of the member (a withdrawal under the merchant's `forfeit` rule). */
export async function forfeitActiveBonuses(db: Executor, scope: MemberScope, reason: string): Promise<number> {
  let closed = 0;
  for (const grant of await activeGrants(db, scope)) {
    if (await closeGrant(db, grant.id, 'forfeited', reason, scope.nowMs)) closed += 1;
  }
  return closed;
}

/**
 * The expiry job: active grants past their expiry, oldest expiry first, in batches, each ended once
 * (`closeGrant` locks and checks it is still active, the posting key is the grant's). Rerunnable.
 */
export async function expireBonuses(db: Kysely<Database>, nowMs: number, batch = 500): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await db
      .selectFrom('member_bonus')
      .select('id')
      .where('status', '=', 'active')
      .where('expires_at', '<=', new Date(nowMs))
      .orderBy('expires_at')
      .limit(batch)
      .execute();
    for (const row of due) if (await closeGrant(db, row.id, 'expired', 'expired', nowMs)) expired += 1;
    if (due.length < batch) return expired;
  }
}

/** The sweep visits a tenth of the members each minute (member id modulo 10), so each one every 10 minutes. */
export const sweepSlices = 10;

/**
 * The job's sweep: settles the members with an active grant of this minute's slice (member id modulo
 * `sweepSlices`; at most `limit` a run, oldest grant first), so a met turnover converts, and a
 * threshold forfeits, without the member looking. Each end is `closeGrant`'s, once; a member's settle
 * is its own transaction.
 */
export async function settleActiveBonuses(db: Kysely<Database>, nowMs: number, limit = 2000): Promise<number> {
  const slice = Math.floor(nowMs / 60_000) % sweepSlices;
  const members = await db
    .selectFrom('member_bonus')
    .select(['merchant_id', 'member_id'])
    .where('status', '=', 'active')
    .where(sql<boolean>`member_id % ${sweepSlices} = ${slice}`)
    .groupBy(['merchant_id', 'member_id'])
    .orderBy((eb) => eb.fn.min('id'))
    .limit(limit)
    .execute();
  for (const member of members) {
    await db
      .transaction()
      .execute((trx) =>
        settleMemberBonuses(trx, { merchantId: member.merchant_id, memberId: member.member_id, nowMs }),
      );
  }
  return members.length;
}
