/**
 * Every failure becomes a JSON:API error document: never a stack trace, never an HTML page. A service's
 * DomainError is mapped by jsonapi/errors.ts fromDomainError (the one table of statuses).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '@parking/domain/errors';
import { ApiError, fromDomainError, type ErrorObject } from '../jsonapi/errors';

export const JSONAPI = 'application/vnd.api+json';

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
}

const isPgError = (error: unknown): error is PgLikeError & Error =>
  error instanceof Error &&
  typeof (error as PgLikeError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgLikeError).code ?? '');

/**
 * The driver's error, directly or as the `cause` Drizzle wraps it in ("Failed query: ..."): without
 * unwrapping, a foreign-key refusal on a plain delete surfaced as a 500 instead of 409.
 */
function databaseError(error: unknown): (PgLikeError & Error) | undefined {
  if (isPgError(error)) return error;
  if (error instanceof Error && isPgError(error.cause)) return error.cause;
  return undefined;
}

function fromDatabase(error: PgLikeError): ApiError | undefined {
  switch (error.code) {
    case '23505':
      return new ApiError(400, [
        {
          status: '400',
          code: 'unique',
          detail: 'A record with these values already exists.',
          source: { pointer: '/data/attributes/non_field_errors' },
        },
      ]);
    // 23001 is what ON DELETE RESTRICT raises (23503 is the NO ACTION / insert-side violation).
    case '23001':
    case '23503':
      return new ApiError(409, [
        {
          status: '409',
          code: 'in_use',
          detail: 'This record is in use by other records and cannot be changed or deleted.',
        },
      ]);
    case '23514':
    case '23502':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new ApiError(400, [
        {
          status: '400',
          code: 'invalid',
          detail: 'One or more values are not valid.',
          source: { pointer: '/data/attributes/non_field_errors' },
        },
      ]);
    default:
      return undefined;
  }
}

/**
 * The database is down, restarting or cut off: PostgreSQL's connection and shutdown classes (08, 57P),
 * too many connections (53300), and the driver's socket errors. The request is answered 503 with a
 * JSON:API error; the pool reconnects by itself once the database is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

const unavailable = () =>
  new ApiError(
    503,
    [
      {
        status: '503',
        code: 'service_unavailable',
        detail: 'The service is temporarily unavailable. Please try again in a moment.',
      },
    ],
    { 'retry-after': '5' },
  );

/** Fastify's own errors (bad JSON, body too large, wrong media type) keep their 4xx status. */
function fromFastify(error: FastifyError): ApiError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  let detail = error.message;
  let code: ErrorCode = 'bad_request';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    detail = 'Request body is too large.';
    code = 'too_large';
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    detail = `Unsupported media type in request.`;
    code = 'unsupported_media_type';
  } else if (
    error instanceof SyntaxError ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    /JSON/.test(error.message)
  ) {
    detail = 'JSON parse error - the request body is not valid JSON.';
    code = 'parse_error';
  }
  return new ApiError(status, [{ status: String(status), code, detail }]);
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  if (isDatabaseUnavailable(error)) return unavailable();
  const database = databaseError(error);
  if (database) {
    const mapped = fromDatabase(database);
    if (mapped) return mapped;
  }
  if (error instanceof Error && 'statusCode' in error) {
    const mapped = fromFastify(error as FastifyError);
    if (mapped) return mapped;
  }
  return new ApiError(500, [
    { status: '500', code: 'server_error', detail: 'Something went wrong on our side. Please try again.' },
  ]);
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: { errors: ErrorObject[] } = { errors: error.errors };
  return reply.status(error.status).headers(error.headers).type(JSONAPI).send(body);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (apiError.status === 503) request.log.warn({ err: error }, 'database unavailable');
  else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, apiError);
}
