import { errorCodes, type ErrorCode } from '@lotus/contract';

/**
 * An error a client can cause or should see. The error handler turns it into the envelope with the
 * HTTP status and a message in the request's language (looked up by `messageKey`, default the code).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode | (string & {}),
    readonly options: {
      /** Key in the server message catalogue; defaults to errorCode. */
      messageKey?: string;
      /** Values substituted for {name} in the message. */
      params?: Record<string, string | number>;
      /** For validation errors: the offending field. */
      field?: string;
      /** Seconds, sent as Retry-After. */
      retryAfterSeconds?: number;
      /** Details for the client in the envelope's `value` (null otherwise), e.g. `{ captchaRequired: true }`. */
      value?: Record<string, unknown>;
    } = {},
  ) {
    super(errorCode);
    this.name = 'AppError';
  }

  static badRequest(field: string, messageKey = 'validation.failed', params?: Record<string, string | number>) {
    return new AppError(400, errorCodes.validation, { field, messageKey, params: { field, ...params } });
  }

  static notFound() {
    return new AppError(404, errorCodes.notFound);
  }
}
