/**
 * The real Google Wallet adapter against a stand-in of Google's endpoints on this machine: it asks for an OAuth
 * token with a JWT signed by the service account's key (the JWT-bearer grant, the Wallet issuer scope), then
 * PATCHes walletobjects/v1/genericObject/{id} with it; Google's 404 (never saved) is no error, a 500 is.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleApiUpdates, developmentServiceAccount } from './google-wallet';

const account = developmentServiceAccount();
const seen: Array<{ method: string; url: string; authorization: string; body: string }> = [];
const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
const google = createServer((request, response) => {
  void body(request).then((text) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      body: text,
    });
    if (request.url === '/token') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ access_token: 'ya29.stand-in', expires_in: 3600 }));
    } else if (request.url?.includes('never-saved')) response.writeHead(404).end('{}');
    else if (request.url?.includes('broken')) response.writeHead(500).end('{"error":"internal"}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => google.close(() => resolve())));

describe('the Google Wallet API adapter', () => {
  it('patches the object with a token the service account asked for', async () => {
    const updates = createGoogleApiUpdates({ apiUrl: base, tokenUrl: `${base}/token` }, account);
    expect(await updates.patch('3388.abc', { id: '3388.abc', state: 'INACTIVE' }, 'abc')).toBe(true);
    const [token, patch] = seen;
    const assertion = new URLSearchParams(token?.body).get('assertion') ?? '';
    expect(new URLSearchParams(token?.body).get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    const { payload } = await jwtVerify(assertion, await importSPKI(account.publicKey ?? '', 'RS256'), {
      issuer: account.clientEmail,
      audience: `${base}/token`,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
    expect(patch).toMatchObject({
      method: 'PATCH',
      url: '/walletobjects/v1/genericObject/3388.abc',
      authorization: 'Bearer ya29.stand-in',
    });
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ id: '3388.abc', state: 'INACTIVE' });
    // The token is kept for its hour: the next patch asks for none.
    expect(await updates.patch('never-saved', {}, 'x')).toBe(false);
    expect(seen.filter((request) => request.url === '/token')).toHaveLength(1);
    await expect(updates.patch('broken', {}, 'y')).rejects.toThrow('Google Wallet answered 500');
  });
});
