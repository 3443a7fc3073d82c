/**
 * What other modules may use of withdrawals: the games add wagered amounts to the turnover
 * requirement; the jobs close paid withdrawals nobody answered.
 */
export { addWageredTurnover } from './turnover.ts';
// The back-office's member desk: the turnover requirement as withdrawal computes it, bank accounts, withdrawals.
export { readTurnover, type BonusTurnoverGate, type TurnoverExclusion, type TurnoverState } from './turnover.ts';
export {
  findMemberIdsByAccountNumber,
  listMemberBankAccountsForDesk,
  listMembersSharingBankAccounts,
  listMemberWithdrawalsForDesk,
} from './member-desk-reads.ts';
// The member's money history (modules/wallet) shows each withdrawal's status.
export { findWithdrawalStatuses } from './withdrawal-statuses.ts';
export { autoReceiveWithdrawals } from './withdrawal-transitions.ts';
export { deleteOldPaymentPasswordFailures } from './payment-password.ts';
// The agents' transfers check the payment password as withdrawals do (counted, throttled, under the member's lock).
export {
  checkSecret,
  lockMember,
  requireText,
  secretCheckError,
  type MemberScope,
  type SecretCheck,
} from './payment-password.ts';
// The reports' sources (modules/reports): paid withdrawals and requests as subqueries they group.
export {
  paidWithdrawalRows,
  withdrawalRequestRows,
  type PaidWithdrawalRow,
  type WithdrawalRequestRow,
} from './report-rows.ts';
// The agents' dividends (modules/agents): each member's withdrawal fees of a period, one grouped query.
export { memberWithdrawalFees } from './member-fees.ts';
export { withdrawalRoutes } from './withdrawal.routes.ts';
