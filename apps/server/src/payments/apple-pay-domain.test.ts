/**
 * Apple Pay's domain-association file (issue 41): read from APPLE_PAY_DOMAIN_ASSOCIATION_FILE (an unreadable
 * path stops the start, with the setting to fix), served as given at its well-known address, and 404 when unset.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';
import { createTestServer, type TestServer } from '../test/server';
import { APPLE_PAY_DOMAIN_PATH } from './apple-pay-domain';

const dir = mkdtempSync(join(tmpdir(), 'apple-pay-'));
const file = join(dir, 'apple-developer-merchantid-domain-association');
const CONTENT = '7B2270737049223A2236453339413941453341\n';
writeFileSync(file, CONTENT);

describe('the setting', () => {
  it('is read as the file’s text; unset, there is none', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file }).applePayDomainAssociation,
    ).toBe(CONTENT);
    expect(loadConfig({ NODE_ENV: 'test' }).applePayDomainAssociation).toBeNull();
  });

  it('naming a file that cannot be read stops the start, saying which setting to fix', () => {
    const missing = join(dir, 'missing');
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', APPLE_PAY_DOMAIN_ASSOCIATION_FILE: missing });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.objectContaining({
        variable: 'APPLE_PAY_DOMAIN_ASSOCIATION_FILE',
        message: expect.stringContaining(missing) as string,
      }),
    ]);
  });
});

describe('the well-known address', () => {
  let configured: TestServer;
  let unset: TestServer;
  beforeAll(async () => {
    configured = await createTestServer({ env: { APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file } });
    unset = await createTestServer();
  });
  afterAll(async () => {
    await configured.close();
    await unset.close();
  });

  it('serves the file as given when the setting names it', async () => {
    const answer = await configured.app.inject({ method: 'GET', url: APPLE_PAY_DOMAIN_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe(CONTENT);
  });

  it('answers 404 without the setting (not the web app’s page)', async () => {
    const answer = await unset.app.inject({ method: 'GET', url: APPLE_PAY_DOMAIN_PATH });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe('Not found');
  });
});
