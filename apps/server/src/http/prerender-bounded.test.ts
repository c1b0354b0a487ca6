/**
 * Pages with a query (the wizard's first step for the dates asked) are made fresh at most
 * PRERENDER_QUERIED_PER_MINUTE times a minute per instance (issue 38, finding 5): clients varying the dates get
 * the plain app past it, while the canonical addresses are still pre-rendered and a page held is still sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPrerenderer, PRERENDER_QUERIED_PER_MINUTE } from './prerender';

function fakeEntry(): string {
  const root = mkdtempSync(join(tmpdir(), 'parking-prerender-'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  const file = join(root, 'entry-server.js');
  writeFileSync(
    file,
    `export function prerenderedUrl(url) {
  const location = new URL(url, 'http://localhost');
  return location.pathname === '/' || location.pathname === '/booking/step-1' ? location.pathname + location.search : null;
}
export async function preparePage(path) {
  return { state: '{}', key: path, render: () => ({ html: '<main>' + path + '</main>', styles: '', title: 'Made' }) };
}
`,
  );
  return file;
}

describe('pre-rendered pages with a query', () => {
  it(`are made fresh at most ${PRERENDER_QUERIED_PER_MINUTE} times a minute; canonical ones always`, async () => {
    const app = Fastify({ logger: false });
    await app.register(cookie);
    const prerenderer = await createPrerenderer(app, {
      entryFile: fakeEntry(),
      template: () =>
        '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
      timeZone: 'Australia/Hobart',
      log: app.log,
    });
    if (!prerenderer) throw new Error('no prerenderer');
    app.get('/*', async (request, reply) => {
      const document = await prerenderer.document(request, request.url);
      return reply.type('text/html').send(document ? document.html : '<div id="root"></div>');
    });
    const rendered = async (url: string) =>
      (await app.inject({ method: 'GET', url })).body.includes('prerendered-state');
    // Pages that begin and end within one minute (the budget is per minute of the clock).
    const seconds = new Date().getSeconds();
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    // A different return day each time: n days after 1 January 2027.
    const stay = (n: number) =>
      `/booking/step-1?start=2027-01-01&end=${new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10)}`;
    for (let n = 1; n <= PRERENDER_QUERIED_PER_MINUTE; n += 1) expect(await rendered(stay(n))).toBe(true);
    expect(await rendered('/booking/step-1?start=2027-03-01&end=2027-03-05')).toBe(false);
    // A page held is still sent; the canonical pages are always made.
    expect(await rendered(stay(2))).toBe(true);
    expect(await rendered('/booking/step-1')).toBe(true);
    expect(await rendered('/')).toBe(true);
    prerenderer.close();
    await app.close();
  });
});
