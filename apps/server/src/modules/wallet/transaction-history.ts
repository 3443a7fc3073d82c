import {
  formatMinorUnits,
  type HistoryDetail,
  type HistoryEntry,
  type Language,
  type HistoryType,
  type PersonalProfit,
  type PersonalProfitQuery,
  type TransactionHistory,
  type TransactionHistoryQuery,
} from '@lotus/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findRoundGameIds, getGameProfit } from '../bet-records/index.ts';
import { findDepositStatuses } from '../deposit/index.ts';
import { listGameNames, listVendorNames } from '../games/index.ts';
import { memberTransferSides } from '../ledger/index.ts';
import { findTransfersOfHistory } from '../transfer-wallet/index.ts';
import { findWithdrawalStatuses } from '../withdrawal/index.ts';
import { AppError } from '../../http/app-error.ts';

/** Whose history, and the clock of the request. */
export interface MemberScope {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
}

/**
 * The member's history (page transactionHistory, `ODSFE2_MemTransDet`): every ledger transfer that
 * touched one of the member's accounts, one entry per side the member owns (a hold is main -X and
 * held +X), from the ledger's `memberTransferSides` (one statement with the count and the page). The type
 * comes from which account was on the other side, not from the kind strings other modules choose,
 * so a new module's movements are typed without touching this file:
 *
 * | other side | type |
 * |---|---|
 * | a deposit clearing account | deposit |
 * | the member's held ← main / main ← held | withdrawal / withdrawal_release |
 * | withdrawals payable or the fee account, from held | withdrawal_payout |
 * | the fee account, for a deposit (the channel's fee) | deposit (out) |
 * | the adjustments account | adjustment |
 * | a vendor sub-wallet and the main wallet, or the transit between them | transfer |
 * | a game's house account | bet (out) / win (in) |
 * | the bonus wallet and the main wallet, or the bonus house account, by kind `bonus_convert` / `bonus_forfeit` (modules/bonus) | bonus_convert / bonus_forfeit |
 * | bonus / trial house accounts | bonus / trial |
 *
 * No raw reference reaches the member: a game row names its game and round (`game`), every other row
 * that has more to say than its type says it as typed data (`detail`: which deposit, withdrawal or
 * adjustment and whether it is the fee; a transfer's vendor, direction and status; a vendor's result),
 * read from the ledger kind of the movement and the record its reference names; a vendor wallet is
 * named by its vendor (`walletVendorName`).
 */

interface Movement {
  id: bigint;
  amount: bigint;
  reference: string;
  created_at: Date;
  is_credit: boolean;
  own_kind: string;
  own_sub_key: string;
  /** The ledger transfer's kind (contract ledgerTransferKinds: `deposit.fee`, `wallet.transfer.returned`, ...). */
  kind: string;
  balance_after: bigint | null;
  type: HistoryType;
}

const typeExpression = sql`
  CASE
    WHEN other_kind = 'house_deposit_clearing' THEN 'deposit'
    WHEN own_kind = 'member_main' AND other_kind = 'member_held' THEN CASE WHEN is_credit THEN 'withdrawal_release' ELSE 'withdrawal' END
    WHEN own_kind = 'member_held' AND other_kind = 'member_main' THEN CASE WHEN is_credit THEN 'withdrawal' ELSE 'withdrawal_release' END
    WHEN own_kind = 'member_held' AND other_kind IN ('house_withdrawal_payable', 'house_fee') THEN 'withdrawal_payout'
    WHEN other_kind = 'house_fee' AND reference LIKE 'deposit:%' THEN 'deposit'
    WHEN other_kind = 'house_adjustment' THEN 'adjustment'
    WHEN kind LIKE 'agent.transfer.%' THEN 'agent_transfer'
    WHEN kind IN ('agent.daily_salary', 'agent.dividend', 'agent.hourly_salary', 'agent.realtime_salary', 'agent.debt_recovery') THEN 'agent_income'
    WHEN own_kind IN ('member_main', 'member_vendor') AND other_kind IN ('member_main', 'member_vendor', 'house_vendor_transit') THEN 'transfer'
    WHEN other_kind = 'house_game' THEN CASE WHEN is_credit THEN 'win' ELSE 'bet' END
    WHEN kind = 'bonus_convert' THEN 'bonus_convert'
    WHEN kind = 'bonus_forfeit' THEN 'bonus_forfeit'
    WHEN other_kind = 'house_bonus' THEN 'bonus'
    WHEN other_kind = 'house_trial' THEN 'trial'
    ELSE 'other'
  END`;

/** Every movement of the member's accounts, typed, newest first, as a subquery to filter and page. */
function movements(
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  startTime: Date | null,
  endTime: Date | null,
): RawBuilder<Movement> {
  return sql<Movement>`(
    SELECT id, amount, reference, kind, created_at, is_credit, own_kind, own_sub_key, balance_after, ${typeExpression} AS type
    FROM ${memberTransferSides(scope, startTime, endTime)} sides
  )`;
}

function walletName(kind: string, subKey: string): string {
  switch (kind) {
    case 'member_main':
      return 'main';
    case 'member_held':
      return 'held';
    case 'member_bonus':
      return 'bonus';
    case 'member_trial':
      return 'trial';
    default:
      return `vendor:${subKey}`;
  }
}

/** The range of a query as dates; an end before its start is the caller's mistake. */
function rangeOf(query: { startTime?: number | undefined; endTime?: number | undefined }): {
  start: Date | null;
  end: Date | null;
} {
  if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
    throw AppError.badRequest('endTime', 'withdraw.history.range.invalid');
  }
  return {
    start: query.startTime === undefined ? null : new Date(query.startTime),
    end: query.endTime === undefined ? null : new Date(query.endTime),
  };
}

/** The record id of a `<prefix>:<digits>` reference; null for any other reference. */
function idOf(reference: string, prefix: string): number | null {
  const match = new RegExp(`^${prefix}:(\\d{1,15})$`).exec(reference);
  return match ? Number(match[1]) : null;
}

function idsOf(references: string[], prefix: string): bigint[] {
  const pattern = new RegExp(`^${prefix}:(\\d{1,18})$`);
  return [
    ...new Set(
      references.flatMap((reference) => {
        const match = pattern.exec(reference);
        return match ? [BigInt(match[1]!)] : [];
      }),
    ),
  ];
}

/** Statuses of the business records the page names: withdrawals and deposits (their modules'). */
async function statusesOf(
  db: Kysely<Database>,
  merchantId: number,
  references: string[],
): Promise<Map<string, string>> {
  const withdrawalIds = idsOf(references, 'withdrawal');
  const depositIds = idsOf(references, 'deposit');
  const [withdrawals, deposits] = await Promise.all([
    findWithdrawalStatuses(db, merchantId, withdrawalIds),
    findDepositStatuses(db, merchantId, depositIds),
  ]);
  return new Map([
    ...[...withdrawals].map(([id, status]) => [`withdrawal:${id}`, status] as const),
    ...[...deposits].map(([id, status]) => [`deposit:${id}`, status] as const),
  ]);
}

/** A seamless round's reference, `{vendorCode}:{roundId}` (the vendor wallet's), split; null for any other reference. */
function roundOf(reference: string): { vendorCode: string; roundId: string } | null {
  const match = /^([A-Z][A-Z0-9_]{0,31}):(.+)$/.exec(reference);
  return match ? { vendorCode: match[1]!, roundId: match[2]! } : null;
}

/** What the page shows of a round id: its first 8 characters (a UUID's first group). */
const shortRoundId = (roundId: string) => (roundId.length > 12 ? roundId.slice(0, 8) : roundId);

/** The games of the page's game rows (bet and win): the bet-records module's, named in the member's language by the catalogue. */
async function gamesOf(
  db: Kysely<Database>,
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  rows: Movement[],
  language: Language,
) {
  const rounds = rows.flatMap((row) => {
    const round = row.type === 'bet' || row.type === 'win' ? roundOf(row.reference) : null;
    return round ? [round] : [];
  });
  const gameIds = await findRoundGameIds(db, scope, rounds);
  const names = await listGameNames(db, scope.merchantId, [...gameIds.values()], language);
  return (row: Movement): HistoryEntry['game'] => {
    const round = row.type === 'bet' || row.type === 'win' ? roundOf(row.reference) : null;
    const gameId = round ? gameIds.get(row.reference) : undefined;
    return round && gameId !== undefined
      ? { gameId, name: names.get(gameId) ?? gameId, roundId: round.roundId, shortRoundId: shortRoundId(round.roundId) }
      : null;
  };
}

/** A transfer's reference as its ledger postings carry it (`transfer:<reference the vendor saw>`), or null. */
const transferReferenceOf = (reference: string) =>
  reference.startsWith('transfer:') ? reference.slice('transfer:'.length) : null;

/** The vendor a vendor's result names (`vendor:<code>`, the transfer-wallet's sync), or null. */
const resultVendorOf = (reference: string) =>
  reference.startsWith('vendor:') ? reference.slice('vendor:'.length) : null;

/**
 * The `detail` of the page's rows: records by id (the reference), transfers as the transfer-wallet
 * module has them, vendors named from the catalogue in the member's language.
 */
async function detailsOf(
  db: Kysely<Database>,
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  rows: Movement[],
  language: Language,
) {
  const transferReferences = rows.flatMap((row) => {
    const reference = row.type === 'transfer' ? transferReferenceOf(row.reference) : null;
    return reference === null ? [] : [reference];
  });
  const vendorCodes = rows.flatMap((row) => {
    const codes = row.own_kind === 'member_vendor' ? [row.own_sub_key] : [];
    const resultVendor = row.kind === 'vendor.result' ? resultVendorOf(row.reference) : null;
    return resultVendor === null ? codes : [...codes, resultVendor];
  });
  const transfers = await findTransfersOfHistory(db, scope, transferReferences);
  // One lookup of the catalogue's names for every vendor the page shows (wallets, results, transfers).
  const vendorNames = await listVendorNames(
    db,
    scope.merchantId,
    [...vendorCodes, ...[...transfers.values()].map((transfer) => transfer.vassalage)],
    language,
  );
  const vendorOf = (vassalage: string) => ({ vassalage, name: vendorNames.get(vassalage) ?? vassalage });

  const detailOf = (row: Movement): HistoryDetail | null => {
    const isFee = row.kind === 'deposit.fee' || row.kind === 'withdrawal.fee';
    if (row.type === 'deposit') {
      const depositId = idOf(row.reference, 'deposit');
      return depositId === null ? null : { kind: 'deposit', depositId, isFee };
    }
    if (row.type === 'withdrawal' || row.type === 'withdrawal_release' || row.type === 'withdrawal_payout') {
      const withdrawalId = idOf(row.reference, 'withdrawal');
      return withdrawalId === null ? null : { kind: 'withdrawal', withdrawalId, isFee };
    }
    if (row.type === 'adjustment') {
      const adjustmentId = idOf(row.reference, 'adjustment');
      return adjustmentId === null ? null : { kind: 'adjustment', adjustmentId };
    }
    if (row.type === 'transfer') {
      const reference = transferReferenceOf(row.reference);
      const transfer = reference === null ? undefined : transfers.get(reference);
      if (reference === null || transfer === undefined) return null;
      return {
        kind: 'transfer',
        vendor: vendorOf(transfer.vassalage),
        direction: transfer.direction,
        status: transfer.status,
        isReturned: row.kind === 'wallet.transfer.returned',
        transferId: reference,
        shortTransferId: reference.slice(0, 8),
      };
    }
    if (row.kind === 'vendor.result') {
      const vassalage = resultVendorOf(row.reference);
      return vassalage === null ? null : { kind: 'vendor_result', vendor: vendorOf(vassalage) };
    }
    if (row.kind === 'vendor.rollback') return { kind: 'bet_refund' };
    return null;
  };
  const walletVendorNameOf = (row: Movement) =>
    row.own_kind === 'member_vendor' ? vendorOf(row.own_sub_key).name : null;
  return { detailOf, walletVendorNameOf };
}

/**
 * GET or POST /wps/relay/ODSFE2_MemTransDet. A game row (bet, win) names its game in `language` and
 * its round, every other row says what it was in `detail`, rather than leaving the member the raw reference.
 */
export async function listTransactionHistory(
  db: Kysely<Database>,
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  query: TransactionHistoryQuery,
  language: Language,
): Promise<TransactionHistory> {
  const { start, end } = rangeOf(query);
  const typeFilter = query.type === undefined ? sql`` : sql`WHERE type = ${query.type}`;
  const source = movements(scope, start, end);
  const [count, page] = await Promise.all([
    sql<{ count: bigint }>`SELECT count(*)::int8 AS count FROM ${source} m ${typeFilter}`.execute(db),
    sql<Movement>`SELECT * FROM ${source} m ${typeFilter} ORDER BY id DESC, is_credit LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`.execute(
      db,
    ),
  ]);
  const [statuses, gameOf, { detailOf, walletVendorNameOf }] = await Promise.all([
    statusesOf(
      db,
      scope.merchantId,
      page.rows.map((row) => row.reference),
    ),
    gamesOf(db, scope, page.rows, language),
    detailsOf(db, scope, page.rows, language),
  ]);
  const total = Number(count.rows[0]?.count ?? 0n);
  const content: HistoryEntry[] = page.rows.map((row) => ({
    transactionId: Number(row.id),
    type: row.type,
    amount: formatMinorUnits(row.is_credit ? row.amount : -row.amount),
    // Member sides always carry their balance after the transfer (the ledger writes it).
    balanceAfter: formatMinorUnits(row.balance_after ?? 0n),
    wallet: walletName(row.own_kind, row.own_sub_key),
    walletVendorName: walletVendorNameOf(row),
    status: statuses.get(row.reference) ?? null,
    reference: row.reference,
    game: gameOf(row),
    detail: detailOf(row),
    time: row.created_at.getTime(),
  }));
  return {
    content,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * GET /wps/relay/ODSFE2_MemPNLDet (page personalProfit): deposits into the main wallet and
 * withdrawals paid out in the range (by the time of each movement) and their difference, beside
 * the games' profit and loss of the rounds settled in the range (the bet-records module's).
 */
export async function getPersonalProfit(
  db: Kysely<Database>,
  scope: Pick<MemberScope, 'merchantId' | 'memberId'>,
  currency: string,
  query: PersonalProfitQuery,
): Promise<PersonalProfit> {
  const { start, end } = rangeOf(query);
  const [result, games] = await Promise.all([
    sql<{ deposits: bigint | null; payouts: bigint | null }>`
      SELECT
        sum(amount) FILTER (WHERE type = 'deposit' AND is_credit)::int8 AS deposits,
        sum(amount) FILTER (WHERE type = 'withdrawal_payout')::int8 AS payouts
      FROM ${movements(scope, start, end)} m`.execute(db),
    getGameProfit(db, scope, { start, end, utcOffsetMinutes: query.utcOffsetMinutes }),
  ]);
  const deposits = result.rows[0]?.deposits ?? 0n;
  const withdrawals = result.rows[0]?.payouts ?? 0n;
  return {
    currency,
    depositAmount: formatMinorUnits(deposits),
    withdrawalAmount: formatMinorUnits(withdrawals),
    profitAmount: formatMinorUnits(withdrawals - deposits),
    betAmount: games.total.betAmount,
    winAmount: games.total.winAmount,
    validBetAmount: games.total.validBetAmount,
    gameProfitAmount: games.total.profitAmount,
    gameByDay: games.byDay,
    gameByType: games.byType,
  };
}
