/**
 * Apple Pay on the web (issue 41): Apple checks that the site's domain is the merchant's by fetching the
 * domain-association file Stripe gives when the domain is registered with it (README: "Apple Pay and Google
 * Pay"). Served as it was given when APPLE_PAY_DOMAIN_ASSOCIATION_FILE is set; 404 otherwise (not the web
 * app's page, which would answer 200 to any address).
 */
import type { FastifyInstance } from 'fastify';

export const APPLE_PAY_DOMAIN_PATH = '/.well-known/apple-developer-merchantid-domain-association';

export function registerApplePayDomainFile(app: FastifyInstance, file: string | null): void {
  app.get(APPLE_PAY_DOMAIN_PATH, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    if (file === null) return reply.status(404).header('cache-control', 'no-cache').send('Not found');
    return reply.send(file);
  });
}
