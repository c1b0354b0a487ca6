/**
 * Security headers on every response (helmet's rules: CSP, HSTS where served over HTTPS, frame-ancestors,
 * no-sniff, referrer policy, ...). The headers do not depend on the request, so helmet runs once at start-up
 * against a recording response and each request copies the result: @fastify/helmet rebuilt helmet and
 * re-parsed the CSP on every request, a tenth of the CPU time of a quote.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}

/**
 * Every response gets the headers; HSTS (given as helmet's strictTransportSecurity) only one that goes back over
 * HTTPS (RFC 6797 §7.2: never over plain HTTP). Behind a TLS-terminating load balancer, TRUST_PROXY lets its
 * X-Forwarded-Proto say so.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { 'strict-transport-security': hsts, ...headers } = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (hsts !== undefined && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}
