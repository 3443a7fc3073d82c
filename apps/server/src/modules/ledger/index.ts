export {
  listMemberAccounts,
  memberBalance,
  type AccountRef,
  type HouseAccountRef,
  type MemberAccountRef,
} from './accounts.ts';
export { checkLedger, type LedgerReport } from './check-ledger.ts';
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
