/**
 * npm run check:production's second half: each outside service the configured server would use, tried the way
 * the server uses it, each within a few seconds, so that a wrong password or a closed firewall is found
 * before the first traveller's booking rather than by it. Nothing is changed anywhere: a read-only Stripe
 * call, `select 1`, an SMTP greeting and login, and a test file (or object) written and removed at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import Stripe from 'stripe';
import type { Config, PaymentsConfig, PhotoStorageConfig } from '../config/config';
import { s3PhotoStorage } from '../photos/s3';

export interface CheckResult {
  /** What was checked: database, payments, email, photos. */
  name: string;
  outcome: 'pass' | 'fail' | 'skip';
  /** What was found, and on a failure what to look at. */
  detail: string;
}

export const formatResult = (result: CheckResult) =>
  `${result.outcome.toUpperCase()} ${result.name}: ${result.detail}`;

/** `work`, or a rejection once `ms` have passed (each client's own timeouts close its sockets meanwhile). */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error's own words (and its code, e.g. ECONNREFUSED), never its stack; with what lies beneath a wrapper
 * (Stripe's connection error says only "An error occurred with our connection to Stripe", its `detail` why).
 */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const message = error.message.trim() || error.name;
  const own = code && !message.includes(code) ? `${message} (${code})` : message;
  const beneath = 'detail' in error && error.detail instanceof Error ? error.detail : error.cause;
  return beneath instanceof Error ? `${own} ${reason(beneath)}` : own;
}

/** A server's address without the credentials a URL may carry: they must not reach a terminal or a log. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an address that is not a URL';
  }
}

const elapsed = (started: number) => `${Date.now() - started} ms`;

export async function checkDatabase(
  url: string,
  timeoutMs: number,
  variable = 'DATABASE_URL',
): Promise<CheckResult> {
  const name = variable === 'DATABASE_URL' ? 'database' : 'database (LISTEN)';
  const where = describeUrl(url);
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A connection dropped after the check must not throw where nobody listens.
  client.on('error', () => undefined);
  const started = Date.now();
  try {
    await withTimeout(
      client.connect().then(() => client.query('select 1')),
      timeoutMs,
    );
    return { name, outcome: 'pass', detail: `connected to ${where} and ran select 1 (${elapsed(started)})` };
  } catch (error) {
    return {
      name,
      outcome: 'fail',
      detail: `could not use ${where}: ${reason(error)}; check ${variable} (host, port, user, password, database; ?sslmode=require where the service asks for TLS) and that this machine may reach it`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A folder the server writes into: a test file written and removed. */
async function writable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const probe = join(dir, `.check-production-${randomBytes(6).toString('hex')}`);
  await writeFile(probe, 'check:production\n');
  await rm(probe, { force: true });
}

export async function checkEmbeddedDatabase(dataDir: string): Promise<CheckResult> {
  const name = 'database';
  try {
    await writable(dataDir);
    return {
      name,
      outcome: 'pass',
      detail: `DATABASE_URL is not set: the embedded database's folder ${dataDir} is writable (one server process only)`,
    };
  } catch (error) {
    return {
      name,
      outcome: 'fail',
      detail: `the embedded database's folder ${dataDir} is not writable: ${reason(error)}; set DATA_DIR to a folder the server's user may write, or set DATABASE_URL`,
    };
  }
}

/** "live" or "test" from a Stripe key's prefix (sk_live_, rk_test_, pk_live_...); undefined for another. */
const keyMode = (key: string) => /^(?:sk|rk|pk)_(live|test)_/.exec(key)?.[1];

export async function checkPayments(payments: PaymentsConfig, timeoutMs: number): Promise<CheckResult> {
  const name = 'payments';
  if (payments.provider === 'local')
    return {
      name,
      outcome: 'skip',
      detail:
        'the local payment provider (test cards, outside production only): set STRIPE_SECRET_KEY to check Stripe',
    };
  const secretMode = keyMode(payments.secretKey);
  const publishableMode = keyMode(payments.publishableKey);
  if (secretMode && publishableMode && secretMode !== publishableMode)
    return {
      name,
      outcome: 'fail',
      detail: `STRIPE_SECRET_KEY is a ${secretMode} key and STRIPE_PUBLISHABLE_KEY a ${publishableMode} key: set both from the same mode of the dashboard, or payments the card form opens are not the ones the server reads`,
    };
  const stripe = new Stripe(payments.secretKey, {
    timeout: timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
    ...(payments.apiBase ?? {}),
  });
  const stripeHost = payments.apiBase
    ? `${payments.apiBase.host}:${payments.apiBase.port}`
    : 'api.stripe.com';
  const started = Date.now();
  try {
    // Reading the balance needs the secret key and changes nothing.
    const balance = await withTimeout(stripe.balance.retrieve(), timeoutMs);
    const mode = balance.livemode ? 'live mode' : 'test mode: no real money is taken';
    return {
      name,
      outcome: 'pass',
      detail: `Stripe accepted STRIPE_SECRET_KEY (${mode}; ${elapsed(started)})`,
    };
  } catch (error) {
    const refused =
      error instanceof Stripe.errors.StripeAuthenticationError ||
      error instanceof Stripe.errors.StripePermissionError;
    return {
      name,
      outcome: 'fail',
      detail: refused
        ? `Stripe refused STRIPE_SECRET_KEY (${reason(error)}): copy the secret key again from the dashboard (Developers, API keys)`
        : `could not reach Stripe: ${reason(error)}; check that this machine may reach ${stripeHost} over HTTPS`,
    };
  }
}

export async function checkSmtp(smtpUrl: string | undefined, timeoutMs: number): Promise<CheckResult> {
  const name = 'email';
  if (!smtpUrl)
    return {
      name,
      outcome: 'skip',
      detail: 'SMTP_URL is not set: emails are captured under DATA_DIR/mail (outside production only)',
    };
  const where = describeUrl(smtpUrl);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const started = Date.now();
  try {
    // Connects, reads the greeting, says EHLO, upgrades to TLS where offered and logs in: as a send does.
    await withTimeout(transport.verify(), timeoutMs);
    return {
      name,
      outcome: 'pass',
      detail: `the mail server ${where} greeted and accepted the login (${elapsed(started)})`,
    };
  } catch (error) {
    return {
      name,
      outcome: 'fail',
      detail: `the mail server ${where} did not accept us: ${reason(error)}; check SMTP_URL (smtp:// with STARTTLS on 587, smtps:// on 465, the user and password)`,
    };
  } finally {
    transport.close();
  }
}

export async function checkPhotoStorage(photos: PhotoStorageConfig, timeoutMs: number): Promise<CheckResult> {
  const name = 'photos';
  if (photos.kind === 'filesystem') {
    try {
      await writable(photos.dir);
      return { name, outcome: 'pass', detail: `the folder ${photos.dir} is writable` };
    } catch (error) {
      return {
        name,
        outcome: 'fail',
        detail: `the folder ${photos.dir} is not writable: ${reason(error)}; set DATA_DIR to a folder the server's user may write, or S3_BUCKET`,
      };
    }
  }
  // An object written and removed under S3_PREFIX, as the server does: it proves the permissions the server
  // needs (a bucket-level call such as HeadBucket needs one it does not, and may be refused when all is well).
  const storage = s3PhotoStorage(photos);
  const key = `check-production/${randomBytes(8).toString('hex')}`;
  const bucket = `bucket ${photos.bucket}${photos.endpoint ? ` at ${describeUrl(photos.endpoint)}` : ''}`;
  const started = Date.now();
  try {
    await withTimeout(
      storage.put(key, Buffer.from('check:production\n'), 'text/plain').then(() => storage.remove(key)),
      timeoutMs,
    );
    return {
      name,
      outcome: 'pass',
      detail: `wrote and removed ${photos.prefix}${key} in ${bucket} (${elapsed(started)})`,
    };
  } catch (error) {
    return {
      name,
      outcome: 'fail',
      detail: `could not write to ${bucket}: ${reason(error)}; check S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials (the server needs s3:PutObject, s3:GetObject and s3:DeleteObject under S3_PREFIX)`,
    };
  } finally {
    storage.client.destroy();
  }
}

/** Every outside service of `config`, tried together (so the whole takes one timeout at most), in a fixed order. */
export function checkOutsideServices(config: Config, timeoutMs: number): Promise<CheckResult[]> {
  const database = config.databaseUrl
    ? [checkDatabase(config.databaseUrl, timeoutMs)]
    : [checkEmbeddedDatabase(config.dataDir)];
  // A separate LISTEN address (a transaction pooler in front of DATABASE_URL) is a second connection to try.
  if (config.databaseListenUrl && config.databaseListenUrl !== config.databaseUrl)
    database.push(checkDatabase(config.databaseListenUrl, timeoutMs, 'DATABASE_LISTEN_URL'));
  return Promise.all([
    ...database,
    checkPayments(config.payments, timeoutMs),
    checkSmtp(config.smtpUrl, timeoutMs),
    checkPhotoStorage(config.photos, timeoutMs),
  ]);
}
