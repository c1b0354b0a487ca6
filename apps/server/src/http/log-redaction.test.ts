/** Issue 20: the request log never carries the secrets in a URL's query (set-password tokens, payment secrets). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactUrl, serializeError } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the values of secret parameters, whatever their spelling, and keeps the rest as it came', () => {
    expect(redactUrl('/set-password?uid=3&token=abc.def&email=a%40b.com&welcome=true')).toBe(
      '/set-password?uid=3&token=[redacted]&email=a%40b.com&welcome=true',
    );
    expect(
      redactUrl(
        '/x?client_secret=pi_1_secret_2&clientSecret=s&CLIENT-SECRET=s&payment_intent_client_secret=s&payment_intent=pi_1',
      ),
    ).toBe(
      '/x?client_secret=[redacted]&clientSecret=[redacted]&CLIENT-SECRET=[redacted]&payment_intent_client_secret=[redacted]&payment_intent=pi_1',
    );
    expect(redactUrl('/x?access_token=a&api_key=b&password=c&signature=d&key=e&code=f&%74oken=g')).toBe(
      '/x?access_token=[redacted]&api_key=[redacted]&password=[redacted]&signature=[redacted]&key=[redacted]&code=[redacted]&%74oken=[redacted]',
    );
    expect(
      redactUrl(
        '/quotes/?start_date=2026-12-01&end_date=2026-12-03&filter[lot.slug__in]=outdoor&promo_code=WELCOME10',
      ),
    ).toBe(
      '/quotes/?start_date=2026-12-01&end_date=2026-12-03&filter[lot.slug__in]=outdoor&promo_code=WELCOME10',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?token&token=')).toBe('/x?token&token=[redacted]');
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => server.close());

  it('logs the URLs of emailed links, invoices and payment returns without their secrets', async () => {
    const secrets = [
      'Zq7-set-password-token',
      'pi_123_secret_Invoice99',
      'pi_456_secret_Return77',
      'CONFIRM-token-55',
      'ABCD2345',
    ];
    const urls = [
      `/set-password?uid=12&token=${secrets[0]}&email=grace%40example.com&welcome=true`,
      `/backend/api/v1/bookings/1/invoice/?client_secret=${secrets[1]}`,
      `/booking/success?payment_intent=pi_456&payment_intent_client_secret=${secrets[2]}&redirect_status=succeeded`,
      `/confirm-email?uid=12&token=${secrets[3]}`,
      `/manage-booking?code=${secrets[4]}`,
    ];
    for (const url of urls) await server.app.inject({ method: 'GET', url });
    const logged = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(logged).toEqual([
      '/set-password?uid=12&token=[redacted]&email=grace%40example.com&welcome=true',
      '/backend/api/v1/bookings/1/invoice/?client_secret=[redacted]',
      '/booking/success?payment_intent=pi_456&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
      '/confirm-email?uid=12&token=[redacted]',
      '/manage-booking?code=[redacted]',
    ]);
    const all = lines.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});

describe('serializeError (issue 38: no personal data in the error log)', () => {
  it("keeps a failed statement's SQL and constraint, never its values nor PostgreSQL's detail", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        constraint: 'users_email_key',
        table: 'users',
        detail: 'Key (email)=(ann@example.com) already exists.',
      },
    );
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "phone") values ($1, $2)',
      ['ann@example.com', '0412 345 678'],
      cause,
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain('ann@example.com');
    expect(logged).not.toContain('0412 345 678');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('users_email_key');
    expect(serializeError(failed)).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23505', constraint: 'users_email_key', table: 'users' },
    });
  });
});
