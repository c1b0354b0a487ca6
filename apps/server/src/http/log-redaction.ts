/**
 * The request log without the secrets some URLs carry: the set-password and confirm-email links' tokens,
 * a booking's payment secret on the invoice and success pages (?client_secret=, Stripe's
 * ?payment_intent_client_secret= after 3-D Secure), the booking code of an emailed manage-booking link (half
 * of what opens the booking). Their values are logged as `[redacted]`; every other part of the URL as it came.
 */
import type { IncomingHttpHeaders } from 'node:http';

const REDACTED = '[redacted]';

/** Parameter names (lower case, without `_` or `-`) whose values are secret, whatever comes before them. */
const SECRET_NAMES = new Set([
  'code',
  'key',
  'sig',
  'otp',
  'pin',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'csrf',
  'pass',
  'passwd',
  'pwd',
  'jwt',
]);
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'signature',
  'apikey',
  'privatekey',
  'credential',
  'credentials',
];

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function isSecretParameter(rawName: string): boolean {
  const name = decodeName(rawName)
    .toLowerCase()
    .replace(/[\s_\-[\].]/g, '');
  return SECRET_NAMES.has(name) || SECRET_ENDINGS.some((ending) => name.endsWith(ending));
}

/** `url` (a request target: path and query) with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      return isSecretParameter(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** What Fastify passes the `req` serializer: its request (ip, host) over Node's message. */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  socket?: { remotePort?: number } | null;
  ip?: string;
  host?: string;
}

/** Fastify's own `req` serializer (lib/logger-pino.js), with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's shape of a logged error. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** What a database error says about the statement and constraint: never the values that were in it. */
const ERROR_FIELDS = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'severity',
  'query',
] as const;

/**
 * An error as the log keeps it (pino's `err`): its type, message, stack and database facts, but not the
 * failed statement's parameters (Drizzle's "params: …" line and `params`) nor PostgreSQL's `detail`
 * ("Failing row contains (…)", "Key (email)=(…) already exists"): those are a customer's email, name and
 * phone. The cause is kept the same way.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = error.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
  const serialized: SerializedError = {
    type: error.constructor.name || error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) if (fields[field] !== undefined) serialized[field] = fields[field];
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}
