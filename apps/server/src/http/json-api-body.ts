/**
 * JSON:API request bodies: parsed as JSON (an unparsable body is the client's error, answered as JSON:API), and
 * their text kept on the request beside the parsed document. A hot call keeps the answers it wrote by that text
 * (POST booking-quotes/, pricing/booking-quotes-routes.ts), and finds one again without writing the parsed
 * document out again.
 *
 * Such a call's route asks for its body to be parsed only when it is read (`deferDocumentParse` in the route's
 * config, set by http/action.ts for an action with held answers): a document answered before is found by its
 * text, and parsing it would be work thrown away. `requestDocument` parses it on first read, with the same
 * parser and the same errors (an empty or unparsable body) as every other route's body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSONAPI } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON:API body's text as it came; null for any other request. */
    documentText: string | null;
  }
  interface FastifyContextConfig {
    /** The JSON:API body is parsed when requestDocument reads it, not before the handler runs. */
    deferDocumentParse?: boolean;
  }
}

type ParseJson = ReturnType<FastifyInstance['getDefaultJsonParser']>;

/** The body of a request whose route defers the parse, until requestDocument reads it. */
class UnparsedDocument {
  constructor(
    readonly text: string,
    readonly parse: ParseJson,
  ) {}
}

export function registerJsonApiBodies(app: FastifyInstance): void {
  app.decorateRequest('documentText', null);
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser([JSONAPI], { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.documentText = text;
    if (request.routeOptions.config.deferDocumentParse) done(null, new UnparsedDocument(text, parseJson));
    else parseJson(request, text, done);
  });
}

/** The request's body: a deferred JSON:API document is parsed now, and throws what the parser would have. */
export function requestDocument(request: FastifyRequest): unknown {
  const body = request.body;
  if (!(body instanceof UnparsedDocument)) return body;
  let failure: Error | null = null;
  let document: unknown;
  body.parse(request, body.text, (error, parsed) => {
    failure = error;
    document = parsed;
  });
  if (failure) throw failure;
  request.body = document;
  return document;
}
