export {
  listMemberAccounts,
  lockedMemberBalance,
  memberBalance,
  type AccountRef,
  type HouseAccountRef,
  type MemberAccountRef,
} from './accounts.ts';
export { checkLedger, type LedgerReport } from './check-ledger.ts';
// The member's money history's source (modules/wallet), as a subquery it types and pages.
export { memberTransferSides, type MemberTransferSideRow } from './member-transfer-sides.ts';
// The reports' bonuses and rebates (modules/reports), as a subquery they group by day and member.
export { bonusTransferRows, type BonusTransferRow } from './bonus-transfer-rows.ts';
export { LedgerError, type LedgerErrorCode } from './ledger-error.ts';
export type { AccountKind, HouseAccountKind, MemberAccountKind } from './ledger.tables.ts';
export {
  postTransfers,
  type PostedTransfer,
  type PostingRequest,
  type PostingResult,
  type TransferRequest,
} from './post-transfers.ts';
export { maxTransferAmount } from './post-transfers.ts';
// Reads for other modules (the back-office's member ledger and balances, the withdrawal turnover).
export {
  getTransferBalances,
  listAccountTransfers,
  listMembersAccounts,
  sumDepositsToMain,
  type MemberTransferSide,
  type TransferBalances,
} from './read-transfers.ts';
// The back-office's game recall (modules/games): the transfers of a round's postings.
export { findPostingIdByKey, listPostingTransfers, type PostingTransfer } from './posting-transfers.ts';
// Balance notices of hot paths that defer them past their commit (seamless wallet, lottery bets).
export { balanceNoticesFor, type BalanceNotices } from './balance-notices.ts';
