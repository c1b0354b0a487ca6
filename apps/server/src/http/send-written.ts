/**
 * Sends a WrittenAnswer (pricing/written-answer.ts) as @fastify/compress sends any other answer: compressed only
 * from COMPRESS_THRESHOLD bytes, in the encoding the client prefers (http/prerender.ts preferredEncoding, the
 * plugin's negotiation), with `Vary: accept-encoding`; but compressed once per answer, not once per request. An
 * answer not compressed here (too small, or asked for in an encoding other than brotli and gzip) goes out as text,
 * and the plugin does with it what it does with every other answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WrittenAnswer } from '../pricing/written-answer';
import { preferredEncoding } from './prerender';

/** @fastify/compress's threshold as app.ts registers it: smaller answers go out as they are. */
export const COMPRESS_THRESHOLD = 1024;

export function sendWritten(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: WrittenAnswer,
  type: string,
): FastifyReply {
  reply.type(type);
  const encoding =
    answer.byteLength >= COMPRESS_THRESHOLD
      ? preferredEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(answer.text);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
  // Fastify names the charset of a text answer itself; of bytes, not.
  if (!/charset=/i.test(type)) reply.type(`${type}; charset=utf-8`);
  return reply.header('content-encoding', encoding).send(answer.encodedAs(encoding));
}
