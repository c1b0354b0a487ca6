import { expect, test } from '@playwright/test';
import { appAttached } from '../support/app-attached';

// The server as `npm start` runs it: built web app, migrated and seeded embedded database.
test.describe('served product', () => {
  test('the API answers the two demo lots as JSON:API', async ({ request }) => {
    const response = await request.get('/backend/api/v1/lots/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/vnd.api+json');
    const body = (await response.json()) as {
      data: Array<{ type: string; attributes: { slug: string; spaces: number } }>;
    };
    expect(body.data.map((lot) => lot.type)).toEqual(['lots', 'lots']);
    expect(body.data.map((lot) => lot.attributes.slug).sort()).toEqual(['indoor', 'outdoor']);
  });

  test('health reports the database, unknown API paths are JSON:API 404s', async ({ request }) => {
    const health = await request.get('/backend/health/');
    // Besides these, the job backlog and this instance's sweeps (observability/health.ts).
    expect(await health.json()).toMatchObject({ status: 'ok', database: true });
    const missing = await request.get('/backend/api/v1/no-such-type/');
    expect(missing.status()).toBe(404);
    expect(((await missing.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  test('client-side routes get the app, hashed assets are cached for a year', async ({ request, page }) => {
    const deep = await request.get('/booking/step-1');
    expect(deep.status()).toBe(200);
    expect(deep.headers()['content-type']).toContain('text/html');
    await page.goto('/');
    await appAttached(page);
    const script = await page.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src');
    expect(script).toBeTruthy();
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toContain('immutable');
    // Compressed once at build time (brotli, else gzip), the same script as the file itself.
    const plain = await request.get(script ?? '', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const compressed = await request.get(script ?? '', { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers()['content-encoding']).toBe(encoding);
      expect(compressed.headers()['vary']).toMatch(/accept-encoding/i);
      expect(Number(compressed.headers()['content-length'])).toBeLessThan(
        Number(plain.headers()['content-length']) / 2,
      );
      // The client decodes it: the same bytes as the uncompressed file.
      expect((await compressed.body()).equals(await plain.body())).toBe(true);
    }
  });

  test('the demo admin can log in through the API', async ({ request }) => {
    const response = await request.post('/backend/api/v1/sessions/', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: {
        data: { type: 'sessions', attributes: { email: 'admin@example.com', password: 'demo-pass-1' } },
      },
    });
    expect(response.status()).toBe(201);
  });
});
