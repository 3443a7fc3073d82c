/**
 * Why the ledger refused a posting. Nothing was written when one is thrown: the whole posting (and
 * the caller's transaction, if it passed one) rolls back. Callers map these to their own answers
 * (an envelope error for members, `INSUFFICIENT_FUNDS` for vendors).
 */
export type LedgerErrorCode =
  /** A member account would go below zero. `details.available` is its balance when refused. */
  | 'ledger.insufficient.funds'
  /** The idempotency key was used before for a different request. */
  | 'ledger.idempotency.conflict'
  /** The request itself is malformed: amount not a positive integer within limits, same account on both sides, no transfers. */
  | 'ledger.request.invalid'
  /** An account names a member who does not belong to the merchant. */
  | 'ledger.account.invalid';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details: Record<string, string | number | bigint | null> = {},
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}
