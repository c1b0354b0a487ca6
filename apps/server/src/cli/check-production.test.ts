/**
 * npm run check:production (issue 37): every missing setting at once, a line each, no stack; then each
 * outside service tried for real, against things on this machine: PostgreSQL (127.0.0.1:5432, db test) and a
 * closed port, a fake Stripe, an SMTP server that greets and one that refuses, the S3 stand-in, a folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoStorageConfig } from '../config/config';
import { REVOKED_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { startS3StandIn } from '../test/s3-stand-in';
import { runCheckProduction } from './check-production';
import { checkPayments, checkPhotoStorage } from './outside-checks';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Nothing listens on port 1: a connection is refused at once. */
const CLOSED_PORT = 1;

/** A mail server that greets and says yes (`greeting` 220), refuses at the door (554), or never speaks (null). */
async function startSmtp(greeting: string | null): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (greeting === null) return;
    socket.write(`${greeting}\r\n`);
    if (!greeting.startsWith('220')) return void socket.end();
    socket.on('data', (data: Buffer) => {
      for (const command of data.toString().split('\r\n').filter(Boolean)) {
        if (/^(EHLO|HELO)/i.test(command)) socket.write('250-fake.smtp.test\r\n250 8BITMIME\r\n');
        else if (/^QUIT/i.test(command)) socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function check(env: Record<string, string>, timeoutMs = 3_000) {
  const lines: string[] = [];
  const code = await runCheckProduction({ env, write: (line) => lines.push(line), timeoutMs });
  return { code, lines };
}

const settings = (overrides: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://parking.example',
  BUSINESS_ABN: '51 824 753 556',
  SESSION_SECRET: 'test-only-session-secret-0123456789abcdef',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_check',
  PHOTO_STORAGE: 'filesystem',
  FLIGHT_STATUS_PROVIDER: 'none',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'check-production-')),
  ...overrides,
});

describe('the settings', () => {
  it('an empty environment: every missing setting listed, a line each, exit code 1 and no stack', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/check-production.ts'], {
      cwd: SERVER_DIR,
      // Not even NODE_ENV: check:production checks production unless told otherwise.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('FAIL settings: 7 settings to fix for NODE_ENV=production, one a line:');
    // The variable to set starts each line, then what to set and why.
    expect(lines.slice(1, 8).map((line) => line.split(' ')[0])).toEqual([
      'SESSION_SECRET',
      'BUSINESS_ABN',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'FLIGHT_STATUS_API_KEY',
    ]);
    for (const line of lines.slice(1, 8)) expect(line).toMatch(/^[A-Z_]+ [^:]+: set .+; .+\.$/);
    expect(lines[1]).toBe(
      "SESSION_SECRET is not set: set at least 32 random characters (e.g. the output of openssl rand -base64 48); it signs guests' manage-booking and waitlist links, and no default is safe to publish.",
    );
    expect(lines.slice(8)).toEqual([
      expect.stringMatching(/^WARN DATABASE_URL is not set: /),
      expect.stringMatching(/^WARN PUBLIC_URL is not set: /),
      'The outside services are checked once the settings are valid.',
    ]);
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
    expect(stderr).toBe('');
    expect(code).toBe(1);
  });

  it('the production start itself: the same lines on stderr, no stack, exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('Invalid environment: 7 settings to fix:');
    expect(lines.slice(1).map((line) => line.split(' ')[0])).toEqual([
      'SESSION_SECRET',
      'BUSINESS_ABN',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'FLIGHT_STATUS_API_KEY',
    ]);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(code).toBe(1);
  });

  it('says what is wrong with each invalid value, and what production needs besides, all at once', async () => {
    const { code, lines } = await check({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/parking',
      PUBLIC_URL: 'https://parking.example',
      BUSINESS_ABN: '51 824 753 557',
      SESSION_SECRET: 'short',
      PORT: 'eighty',
      SMTP_URL: 'smtp://mail.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
      SMS_PROVIDER: 'captured',
      DEV_MAILBOX: 'true',
    });
    expect(code).toBe(1);
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(/^PORT: .+; see the Configuration table in README.md\.$/),
      expect.stringMatching(/^SESSION_SECRET: too short: set at least 32 random characters/),
      expect.stringMatching(/^BUSINESS_ABN: not a valid ABN \(11 digits with the ATO checksum/),
      expect.stringMatching(/^DEV_MAILBOX=true cannot be set in production: /),
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY is required in production: /),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required in production: /),
      expect.stringMatching(
        /^S3_BUCKET is not set: with DATABASE_URL in production, set S3_BUCKET and S3_REGION/,
      ),
      expect.stringMatching(/^FLIGHT_STATUS_API_KEY is not set: /),
      expect.stringMatching(/^SMS_PROVIDER=captured cannot run in production: /),
    ]);
  });
});

describe('the outside services', () => {
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let refusingSmtp: Awaited<ReturnType<typeof startSmtp>>;
  let silent: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    [stripe, smtp, refusingSmtp, silent] = await Promise.all([
      startFakeStripe(),
      startSmtp('220 fake.smtp.test ESMTP ready'),
      startSmtp('554 5.7.1 fake.smtp.test does not take mail from you'),
      startSmtp(null),
    ]);
  });
  afterAll(() => Promise.all([stripe.close(), smtp.close(), refusingSmtp.close(), silent.close()]));

  it('pass when each answers: PostgreSQL, Stripe (read-only), SMTP, a writable folder', async ({ skip }) => {
    const reachable = await new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 })
      .connect()
      .then((client) => client.end().then(() => true))
      .catch(() => false);
    // CI sets TEST_DATABASE_URL and must have its server; elsewhere PostgreSQL may simply not be installed.
    if (!reachable && !process.env.TEST_DATABASE_URL) skip(`no PostgreSQL at ${POSTGRES_URL}`);
    const { code, lines } = await check(
      settings({
        DATABASE_URL: POSTGRES_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        STRIPE_SECRET_KEY: 'sk_test_check',
        STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
      }),
    );
    expect(lines).toEqual([
      'PASS settings: every setting is valid for NODE_ENV=production',
      expect.stringMatching(
        /^PASS database: connected to postgres:\/\/127\.0\.0\.1:5432\/\w+ and ran select 1 \(\d+ ms\)$/,
      ),
      expect.stringMatching(
        /^PASS payments: Stripe accepted STRIPE_SECRET_KEY \(test mode: no real money is taken; \d+ ms\)$/,
      ),
      expect.stringMatching(
        /^PASS email: the mail server smtp:\/\/127\.0\.0\.1:\d+ greeted and accepted the login/,
      ),
      expect.stringMatching(/^PASS photos: the folder \/.+\/photos is writable$/),
      'Every check passed.',
    ]);
    expect(code).toBe(0);
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'GET /v1/balance',
    );
  });

  it('fail, a line each, when nothing listens, the key is refused, the mail server refuses, the folder is a file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'check-production-')), 'not-a-folder');
    writeFileSync(file, '');
    const { code, lines } = await check(
      settings({
        DATABASE_URL: `postgres://postgres:secret-password@127.0.0.1:${CLOSED_PORT}/parking`,
        SMTP_URL: `smtp://mailer:smtp-password@127.0.0.1:${refusingSmtp.port}`,
        STRIPE_SECRET_KEY: REVOKED_STRIPE_KEY,
        STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
        DATA_DIR: file,
      }),
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^FAIL database: could not use postgres:\/\/127\.0\.0\.1:1\/parking: .*ECONNREFUSED.*; check DATABASE_URL/,
      ),
      expect.stringMatching(/^FAIL payments: Stripe refused STRIPE_SECRET_KEY \(Invalid API Key provided/),
      expect.stringMatching(
        /^FAIL email: the mail server smtp:\/\/127\.0\.0\.1:\d+ did not accept us: .*554/,
      ),
      expect.stringMatching(/^FAIL photos: the folder .+not-a-folder\/photos is not writable: .*ENOTDIR/),
      '4 of 4 checks failed.',
    ]);
    // Addresses are shown without the passwords they carry.
    expect(lines.join('\n')).not.toMatch(/secret-password|smtp-password/);
    expect(code).toBe(1);
  });

  it('give up on a server that never answers within the timeout', async () => {
    const started = Date.now();
    const { code, lines } = await check(
      settings({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/parking`,
        SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
        STRIPE_SECRET_KEY: 'sk_test_check',
        STRIPE_API_BASE: `http://127.0.0.1:${silent.port}`,
      }),
      500,
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(lines.filter((line) => line.startsWith('FAIL')).map((line) => line.split(':')[0])).toEqual([
      'FAIL database',
      'FAIL payments',
      'FAIL email',
    ]);
    expect(code).toBe(1);
  });

  it('skip the payment provider, with a line that says so, when payments are local outside production', async () => {
    const { code, lines } = await check({
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'check-production-')),
    });
    expect(lines).toContain(
      'SKIP payments: the local payment provider (test cards, outside production only): set STRIPE_SECRET_KEY to check Stripe',
    );
    expect(lines).toContain(
      'SKIP email: SMTP_URL is not set: emails are captured under DATA_DIR/mail (outside production only)',
    );
    expect(code).toBe(0);
  });

  it('refuse a live secret key beside a test publishable key without asking Stripe', async () => {
    const result = await checkPayments(
      {
        provider: 'stripe',
        secretKey: 'sk_live_check',
        publishableKey: 'pk_test_check',
        webhookSecret: 'whsec_check',
        apiBase: { host: '127.0.0.1', port: CLOSED_PORT, protocol: 'http' },
      },
      1_000,
    );
    expect(result).toMatchObject({ outcome: 'fail' });
    expect(result.detail).toMatch(/^STRIPE_SECRET_KEY is a live key and STRIPE_PUBLISHABLE_KEY a test key/);
  });

  it('write and remove a test object in the S3 bucket, and fail with a wrong secret', async () => {
    const credentials = { accessKeyId: 'AKIDCHECKTEST', secretAccessKey: 'check-test-secret-key' };
    const standIn = await startS3StandIn(credentials);
    try {
      const photos = (secretAccessKey: string): PhotoStorageConfig => ({
        kind: 's3',
        bucket: 'parking-photos',
        region: 'ap-southeast-2',
        endpoint: standIn.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey },
        prefix: 'custody-photos/',
      });
      const good = await checkPhotoStorage(photos(credentials.secretAccessKey), 3_000);
      expect(good.outcome).toBe('pass');
      expect(good.detail).toMatch(
        /^wrote and removed custody-photos\/check-production\/[0-9a-f]+ in bucket parking-photos/,
      );
      expect(standIn.requests.map((request) => request.method)).toEqual(['PUT', 'DELETE']);
      expect(standIn.objects.size).toBe(0);
      const bad = await checkPhotoStorage(photos('not-the-secret'), 3_000);
      expect(bad.outcome).toBe('fail');
      expect(bad.detail).toMatch(
        /^could not write to bucket parking-photos at http:\/\/127\.0\.0\.1:\d+: .+; check S3_BUCKET/,
      );
    } finally {
      await standIn.close();
    }
  });
});
