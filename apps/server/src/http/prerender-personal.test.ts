/**
 * A wizard step past the first is drawn from its visitor's answers (the wizard's cookie, issue 39): made for each
 * request, held for no other visitor, sent with the answers it was drawn from, and never made without them or for
 * a signed-in customer.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { WIZARD_COOKIE } from '@parking/domain/wizard-cookie';
import { SESSION_COOKIE } from '../accounts/sessions';
import { createPrerenderer, prerenderedDocument } from './prerender';

function fakeEntry(): string {
  const root = mkdtempSync(join(tmpdir(), 'parking-prerender-'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  const file = join(root, 'entry-server.js');
  writeFileSync(
    file,
    `let made = 0;
export function prerenderedUrl(url) {
  const path = new URL(url, 'http://localhost').pathname;
  return path === '/booking/step-3' || path === '/' ? path : null;
}
export function personalPage(path) {
  return path === '/booking/step-3';
}
export async function preparePage(path, fetch, wizard) {
  made += 1;
  const answers = wizard ? JSON.parse(wizard) : { rego: 'none' };
  return {
    state: '{}',
    key: path,
    render: () => ({ html: '<main>' + answers.rego + ' #' + made + '</main>', styles: '', title: 'Made' }),
  };
}
`,
  );
  return file;
}

const template =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

describe("a wizard step drawn from its visitor's answers", () => {
  it('is made for each request from its own cookie, marked personal, and not made without one', async () => {
    const app = Fastify({ logger: false });
    await app.register(cookie);
    const prerenderer = await createPrerenderer(app, {
      entryFile: fakeEntry(),
      template: () => template,
      timeZone: 'Australia/Hobart',
      log: app.log,
    });
    if (!prerenderer) throw new Error('no prerenderer');
    app.get('/*', async (request, reply) => {
      const document = await prerenderer.document(request, request.url);
      return reply.send({ html: document?.html ?? null, personal: document?.personal ?? false });
    });
    const get = async (url: string, cookies: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url, cookies })).json<{ html: string | null; personal: boolean }>();
    const answers = (rego: string) => ({ [WIZARD_COOKIE]: JSON.stringify({ version: 1, rego }) });

    const first = await get('/booking/step-3', answers('ABC123'));
    expect(first.personal).toBe(true);
    expect(first.html).toContain('<main>ABC123 #1</main>');
    expect(first.html).toContain(
      '<script type="application/json" id="prerendered-wizard">{"version":1,"rego":"ABC123"}',
    );
    // Another visitor at once: their own page, not the first one's.
    const second = await get('/booking/step-3', answers('XYZ789'));
    expect(second.html).toContain('<main>XYZ789 #2</main>');
    // The same visitor again: made again, not held.
    expect((await get('/booking/step-3', answers('ABC123'))).html).toContain('<main>ABC123 #3</main>');
    // Without answers, or signed in: the plain app.
    expect((await get('/booking/step-3')).html).toBeNull();
    expect((await get('/booking/step-3', { ...answers('ABC123'), [SESSION_COOKIE]: 'x' })).html).toBeNull();
    // The pages every visitor shares are held as before, and carry no answers.
    const home = await get('/', answers('ABC123'));
    expect(home.personal).toBe(false);
    expect(home.html).not.toContain('prerendered-wizard');
    prerenderer.close();
    await app.close();
  });

  it('sends the answers in a JSON block that no text in them can close', () => {
    const wizard = JSON.stringify({ lastName: 'Racer </script><script>alert(1)</script>' });
    const document = prerenderedDocument('<head></head><div id="root"></div>', {
      html: '<main></main>',
      styles: '',
      title: 'Car Details',
      state: '{}',
      wizard,
    });
    const block = /<script type="application\/json" id="prerendered-wizard">([\s\S]*?)<\/script>/.exec(
      document,
    );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual(JSON.parse(wizard));
  });
});
