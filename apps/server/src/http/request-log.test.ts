/**
 * Development's log (issue 37): one short line per request (method, URL redacted, status, time), none for an
 * asset served well, warnings and errors in full. Production and tests keep pino's JSON.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { developmentLog, isAsset, loggerOptions } from './request-log';

function capture() {
  const lines: string[] = [];
  const stream = developmentLog({ write: (text: string) => lines.push(...text.split('\n').slice(0, -1)) });
  return { lines, stream };
}

const json = (entry: object) => `${JSON.stringify({ time: 1, pid: 7, hostname: 'here', ...entry })}\n`;

describe('the development log line', () => {
  it('makes one line of a request from its start and its end: method, URL, status, time', () => {
    const { lines, stream } = capture();
    stream.write(
      json({
        level: 30,
        reqId: 'req-1',
        req: { method: 'GET', url: '/backend/api/v1/lots/' },
        msg: 'incoming request',
      }),
    );
    stream.write(
      json({
        level: 30,
        reqId: 'req-2',
        req: { method: 'POST', url: '/backend/api/v1/bookings/' },
        msg: 'incoming request',
      }),
    );
    stream.write(
      json({
        level: 30,
        reqId: 'req-2',
        res: { statusCode: 422 },
        responseTime: 131.6,
        msg: 'request completed',
      }),
    );
    stream.write(
      json({
        level: 30,
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 4.25,
        msg: 'request completed',
      }),
    );
    expect(lines).toEqual([
      'POST /backend/api/v1/bookings/ 422 132 ms',
      'GET /backend/api/v1/lots/ 200 4.3 ms',
    ]);
  });

  it('says nothing of an asset served well, and tells one that was not', () => {
    const { lines, stream } = capture();
    for (const [id, url, status] of [
      ['a', '/assets/index-abc.js', 200],
      ['b', '/assets/index-def.css?v=2', 304],
      ['c', '/favicon.ico', 404],
    ] as const) {
      stream.write(json({ level: 30, reqId: id, req: { method: 'GET', url }, msg: 'incoming request' }));
      stream.write(
        json({
          level: 30,
          reqId: id,
          res: { statusCode: status },
          responseTime: 1,
          msg: 'request completed',
        }),
      );
    }
    expect(lines).toEqual(['GET /favicon.ico 404 1.0 ms']);
    expect(isAsset('/booking/step-1?start=2026-12-01')).toBe(false);
    expect(isAsset('/backend/api/v1/lots/')).toBe(false);
    expect(isAsset('/assets/font.woff2')).toBe(true);
  });

  it('writes warnings and errors in full, with the request they belong to and the stack', () => {
    const { lines, stream } = capture();
    stream.write(json({ level: 30, reqId: 'r', req: { method: 'GET', url: '/x' }, msg: 'incoming request' }));
    stream.write(
      json({
        level: 50,
        reqId: 'r',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (x.ts:1:1)' },
        bookingId: 12,
        msg: 'request failed',
      }),
    );
    stream.write(json({ level: 40, msg: 'database unavailable' }));
    stream.write(json({ level: 30, event: 'login', outcome: 'failed', msg: 'login attempt' }));
    stream.write('not json at all\n');
    expect(lines).toEqual([
      'ERROR request failed (GET /x) {"bookingId":12}',
      'Error: boom',
      '    at handler (x.ts:1:1)',
      'WARN database unavailable',
      'login attempt {"event":"login","outcome":"failed"}',
      'not json at all',
    ]);
  });

  it('is used in development only: production and tests log JSON', () => {
    expect(loggerOptions({ env: 'development', logLevel: 'info' })).toHaveProperty('stream');
    expect(loggerOptions({ env: 'production', logLevel: 'info' })).not.toHaveProperty('stream');
    expect(loggerOptions({ env: 'test', logLevel: 'info' })).not.toHaveProperty('stream');
  });

  it("through Fastify's own logger: a line per request, secrets redacted, the asset silent, the error in full", async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: loggerOptions({ env: 'development', logLevel: 'info' }, stream) });
    app.get('/backend/api/v1/lots/', async () => ({ data: [] }));
    app.get('/set-password', async () => 'form');
    app.get('/assets/app-123.js', async (_request, reply) => reply.type('text/javascript').send('1'));
    app.get('/backend/api/v1/broken/', async () => {
      throw new Error('the handler broke');
    });
    for (const url of [
      '/backend/api/v1/lots/',
      '/set-password?uid=3&token=Zq7-secret',
      '/assets/app-123.js',
      '/backend/api/v1/broken/',
    ])
      await app.inject({ method: 'GET', url });
    await app.close();
    const requests = lines.filter((line) => /^GET /.test(line));
    expect(requests).toEqual([
      expect.stringMatching(/^GET \/backend\/api\/v1\/lots\/ 200 [\d.]+ ms$/),
      expect.stringMatching(/^GET \/set-password\?uid=3&token=\[redacted\] 200 [\d.]+ ms$/),
      expect.stringMatching(/^GET \/backend\/api\/v1\/broken\/ 500 [\d.]+ ms$/),
    ]);
    expect(lines.join('\n')).not.toContain('Zq7-secret');
    const error = lines.findIndex((line) => line.startsWith('ERROR '));
    expect(lines[error]).toMatch(/\(GET \/backend\/api\/v1\/broken\/\)/);
    expect(lines[error + 1]).toBe('Error: the handler broke');
    expect(lines[error + 2]).toMatch(/^\s+at /);
    // Nothing else is JSON: development's terminal is for people.
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
  });
});
