/**
 * A refusal a caller should see: the HTTP status and the envelope's `errorCode` (and `value` where a
 * call documents details, e.g. the balance after INSUFFICIENT_FUNDS). Routes and game code throw it;
 * the one error handler (error-handler.ts) writes the envelope.
 */
export class HouseError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    readonly value: Record<string, unknown> | null = null,
  ) {
    super(errorCode);
    this.name = 'HouseError';
  }
}
