/**
 * An answer written once from held data (pricing/held-snapshot.ts) and sent many times: its text, and its brotli
 * and gzip forms, each made the first time a client asks for it and kept with the text (http/send-written.ts
 * sends it). Compressing the same bytes again for every request was a fifth of a held quote's CPU time.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type AnswerEncoding = 'br' | 'gzip';

/** @fastify/compress's own settings (brotli quality 4, gzip's default level): the bytes it would send. */
const compressors: Record<AnswerEncoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => gzipSync(bytes),
};

export class WrittenAnswer {
  private readonly encoded = new Map<AnswerEncoding, Buffer>();
  /** The text's length in bytes (UTF-8). */
  readonly byteLength: number;

  constructor(readonly text: string) {
    this.byteLength = Buffer.byteLength(text);
  }

  /** The answer in `encoding`, compressed the first time it is asked for. */
  encodedAs(encoding: AnswerEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compressors[encoding](Buffer.from(this.text));
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}
