/**
 * JSON:API request bodies: parsed as JSON (an unparsable body is the client's error, answered as JSON:API), and
 * their text kept on the request beside the parsed document. A hot call keeps the answers it wrote by that text
 * (POST booking-quotes/, routes/quotes.ts), and finds one again without writing the parsed document out again.
 */
import type { FastifyInstance } from 'fastify';
import { JSONAPI } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON:API body's text as it came; null for any other request. */
    documentText: string | null;
  }
}

export function registerJsonApiBodies(app: FastifyInstance): void {
  app.decorateRequest('documentText', null);
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser([JSONAPI], { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.documentText = text;
    parseJson(request, text, done);
  });
}
