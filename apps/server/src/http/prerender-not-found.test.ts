/**
 * A content page that is a draft (or was never written) answers 404 to the pre-render, which then sends the
 * plain app: an ordinary answer, logged quietly, without a warning or a stack (issue 37). A pre-render that
 * really breaks is still a warning with its stack.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPrerenderer } from './prerender';

/** A stand-in for the web's entry-server bundle: its PrerenderUnavailable for a page the API does not have. */
const ENTRY = `
export class PrerenderUnavailable extends Error { name = 'PrerenderUnavailable'; }
export function prerenderedUrl(url) { return new URL(url, 'http://localhost').pathname; }
export async function preparePage(path, fetcher) {
  const response = await fetcher('/wp-json/wp/v2/get-page/?path=' + encodeURIComponent(path));
  if (response.status === 404) throw new PrerenderUnavailable('No data for ["content","page","' + path + '"]');
  throw new Error('the bundle broke');
}
`;

/** A log line's fields. */
function parse(line: string): Record<string, unknown> {
  const value: unknown = JSON.parse(line);
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}

describe('pre-rendering a page the content backend does not show', () => {
  it('sends the plain app and logs no warning and no stack; a real failure still warns', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'prerender-entry-'));
    const entryFile = join(folder, 'entry-server.mjs');
    writeFileSync(entryFile, ENTRY);
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    // The pre-render reads the session cookie (a visitor with one gets the plain app).
    await app.register(cookie);
    app.get<{ Querystring: { path?: string } }>('/wp-json/wp/v2/get-page/', async (request, reply) => {
      const { path } = request.query;
      return path === '/broken' ? { title: 'Broken' } : reply.status(404).send({ code: 'not_found' });
    });
    const prerenderer = await createPrerenderer(app, {
      entryFile,
      template: () => '<!doctype html><div id="root"></div>',
      timeZone: 'Australia/Hobart',
      log: app.log,
    });
    if (!prerenderer) throw new Error('the stand-in bundle did not load');
    app.get('/*', async (request) => ((await prerenderer.document(request, request.url)) ? 'pre' : 'plain'));

    const draft = await app.inject({ method: 'GET', url: '/draft-page' });
    expect(draft.body).toBe('plain');
    expect(lines.map(parse).filter((entry) => Number(entry.level) >= 40)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/stack|PrerenderUnavailable/);

    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.body).toBe('plain');
    const warnings = lines.map(parse).filter((entry) => Number(entry.level) >= 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'Pre-rendering failed: sending the plain app',
        err: expect.objectContaining({ stack: expect.stringMatching(/^Error: the bundle broke\n\s+at /) }),
      }),
    ]);
    await app.close();
  });
});
