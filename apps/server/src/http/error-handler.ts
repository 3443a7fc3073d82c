import { errorCodes, type ErrorEnvelope } from '@lotus/contract';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translate } from '../i18n/messages.ts';
import { AppError } from './app-error.ts';
import { nulFieldOf } from './nul-guard.ts';
import { headerLanguage } from './request-context.ts';

/**
 * Turns every error into the envelope. Client mistakes get their 4xx with a message in the
 * request's language naming the field; anything else is logged and answered as a bare 500 with
 * no internals (no stack, no driver text).
 */
export function sendError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const language = request.language ?? headerLanguage(request) ?? 'TH';
  const envelope = (
    statusCode: number,
    errorCode: string,
    message: string,
    field?: string,
    value: ErrorEnvelope['value'] = null,
  ) => {
    const body: ErrorEnvelope = { success: false, value, message, errorCode };
    if (field !== undefined) body.field = field;
    return reply.status(statusCode).send(body);
  };

  if (error instanceof AppError) {
    if (error.options.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(error.options.retryAfterSeconds));
    const message = translate(language, error.options.messageKey ?? error.errorCode, error.options.params);
    return envelope(error.statusCode, error.errorCode, message, error.options.field, error.options.value ?? null);
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const context = (error as { validationContext?: string }).validationContext;
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = issue.params as Record<string, unknown>;
    const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
    const field = path || keys[0] || context || 'body';
    return envelope(
      400,
      errorCodes.validation,
      validationMessage(language, issue.keyword, field, params, issue.message ?? ''),
      field,
    );
  }

  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    // A URL that does not percent-decode, or a file path that climbs out of its folder, names nothing served.
    case 'FST_ERR_BAD_URL':
    case 'FST_STATIC_FORBIDDEN_PATH':
      return envelope(404, errorCodes.notFound, translate(language, errorCodes.notFound));
    // A path parameter longer than the router takes (routerOptions.maxParamLength).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return envelope(414, errorCodes.headersTooLarge, translate(language, errorCodes.headersTooLarge));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return envelope(400, errorCodes.malformedBody, translate(language, errorCodes.malformedBody));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return envelope(413, errorCodes.bodyTooLarge, translate(language, errorCodes.bodyTooLarge));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return envelope(415, errorCodes.unsupportedMediaType, translate(language, errorCodes.unsupportedMediaType));
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    // Body parsers (JSON, form) report broken input as a SyntaxError or a 400 of their own.
    return envelope(400, errorCodes.malformedBody, translate(language, errorCodes.malformedBody));
  }
  if (fastifyError.statusCode === 413)
    return envelope(413, errorCodes.bodyTooLarge, translate(language, errorCodes.bodyTooLarge));
  if (fastifyError.statusCode === 415) {
    return envelope(415, errorCodes.unsupportedMediaType, translate(language, errorCodes.unsupportedMediaType));
  }
  if (fastifyError.statusCode === 404)
    return envelope(404, errorCodes.notFound, translate(language, errorCodes.notFound));

  // PostgreSQL text cannot hold NUL (SQLSTATE 22021): such a value that a route's own checks let
  // through (see http/nul-guard.ts) is bad input, not a fault; the statement and its transaction failed.
  if ((error as { code?: unknown }).code === '22021') {
    const field = nulFieldOf(request) ?? 'body';
    return envelope(400, errorCodes.validation, translate(language, 'validation.invalid_value', { field }), field);
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
  } else {
    request.log.error({ err: error }, 'unhandled error');
  }
  return envelope(500, errorCodes.internal, translate(language, errorCodes.internal));
}

/**
 * Errors of Node's HTTP parser, before Fastify has a request (a URL or headers over 16 KiB, a broken
 * request line), answered as an envelope like everything else, in the default language (no header
 * was read), then the connection is closed as Fastify's own handler does.
 */
export function sendClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, errorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', errorCodes.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errorCodes.malformedRequest]
        : [400, 'Bad Request', errorCodes.malformedRequest];
  const body: ErrorEnvelope = { success: false, value: null, message: translate('TH', errorCode), errorCode };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

function validationMessage(
  language: 'TH' | 'EN',
  keyword: string,
  field: string,
  params: Record<string, unknown>,
  zodMessage: string,
): string {
  const origin = params.origin;
  const isNumeric = origin === 'number' || origin === 'bigint';
  const values = { field, minimum: String(params.minimum ?? ''), maximum: String(params.maximum ?? '') };
  // zod reports a missing field as invalid_type "received undefined".
  if (keyword === 'invalid_type' && zodMessage.includes('received undefined'))
    return translate(language, 'validation.required', values);
  switch (keyword) {
    case 'too_small':
      // A text that must have at least one character is simply required: "please enter it".
      if (origin === 'string' && Number(params.minimum) === 1)
        return translate(language, 'validation.required', values);
      return translate(language, isNumeric ? 'validation.too_small.number' : 'validation.too_small', values);
    case 'too_big':
      return translate(language, isNumeric ? 'validation.too_big.number' : 'validation.too_big', values);
    case 'invalid_type':
    case 'invalid_format':
    case 'invalid_value':
    case 'unrecognized_keys':
      return translate(language, `validation.${keyword}`, values);
    default:
      return translate(language, 'validation.failed', values);
  }
}
