/** The environment, parsed and validated once at start-up. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { StayLimits } from '@parking/domain/stay-limits';

/** The repository root: the nearest folder up from here whose package.json declares workspaces. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const intFromEnv = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: intFromEnv(8000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SkyPark Airport Parking <bookings@skypark.example>'),
  BUSINESS_TIMEZONE: z.string().default('Australia/Hobart'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  SESSION_DAYS: intFromEnv(30),
  RATE_LIMIT_LOGIN_FAILURES: intFromEnv(10),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: intFromEnv(15),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: intFromEnv(50),
  /** A session unused this long ends, whatever its absolute expiry (SESSION_DAYS). */
  SESSION_IDLE_HOURS: z.coerce.number().int().positive().default(72),
  RATE_LIMIT_REGISTRATIONS: intFromEnv(20),
  RATE_LIMIT_EMAIL_REQUESTS: intFromEnv(5),
  RATE_LIMIT_IP_REQUESTS: intFromEnv(50),
  RATE_LIMIT_WINDOW_MINUTES: intFromEnv(60),
  /** Online bookings left unpaid (holding a space) per IP and per email within the hold. */
  RATE_LIMIT_UNPAID_HOLDS: intFromEnv(5),
  MAX_STAY_DAYS: z.coerce.number().int().positive().default(365),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().positive().default(730),
  /** The captured mailbox at /backend/dev/mail/ (Admins only); never in production. */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** A Stripe-compatible API at another address (tests and stripe-mock); e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: z.string().url().optional(),
  LOCAL_WEBHOOK_SECRET: z.string().default('whsec_local_development_only'),
  /** A WordPress answering the content routes (/wp-json/...); unset means our own content tables. */
  CMS_URL: z.string().url().optional(),
});

export interface RateLimits {
  loginFailures: number;
  loginWindowMs: number;
  loginFailuresPerIp: number;
  registrationsPerIp: number;
  requestsPerEmail: number;
  requestsPerIp: number;
  windowMs: number;
  unpaidHolds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  repoRoot: string;
  dataDir: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The domain of generated placeholder emails (no-email-{uuid}@domain). */
  emailDomain: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  webDist: string;
  timeZone: string;
  seedDemo: 'auto' | 'always' | 'never';
  logLevel: string;
  trustProxy: boolean | string;
  sessionDays: number;
  sessionIdleMs: number;
  secureCookies: boolean;
  rateLimits: RateLimits;
  stayLimits: StayLimits;
  /** Serve the captured mailbox (Admins only). */
  devMailbox: boolean;
  payments: PaymentsConfig;
  /** Base URL of a WordPress serving the content routes, without a trailing slash; undefined: our own tables. */
  cmsUrl: string | undefined;
}

export type PaymentsConfig =
  | { provider: 'local'; webhookSecret: string }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    };

function paymentsConfig(e: z.output<typeof envSchema>): PaymentsConfig {
  if (!e.STRIPE_SECRET_KEY) return { provider: 'local', webhookSecret: e.LOCAL_WEBHOOK_SECRET };
  if (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment: STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === 'true') {
    // The mailbox holds password-reset links: in production it would hand over accounts.
    throw new Error('Invalid environment: DEV_MAILBOX cannot be enabled in production');
  }
  const repoRoot = findRepoRoot();
  const dataDir = resolve(repoRoot, e.DATA_DIR ?? 'data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    console.warn('NODE_ENV=production without DATABASE_URL: using the embedded database in', dataDir);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    repoRoot,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    emailDomain: new URL(publicUrl).hostname,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: join(dataDir, 'mail'),
    webDist: join(repoRoot, 'apps/web/dist'),
    timeZone: e.BUSINESS_TIMEZONE,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    sessionDays: e.SESSION_DAYS,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    // Production is served over HTTPS only: its cookies are Secure whatever PUBLIC_URL says.
    secureCookies: e.NODE_ENV === 'production' || publicUrl.startsWith('https:'),
    rateLimits: {
      loginFailures: e.RATE_LIMIT_LOGIN_FAILURES,
      loginWindowMs: e.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000,
      loginFailuresPerIp: e.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      registrationsPerIp: e.RATE_LIMIT_REGISTRATIONS,
      requestsPerEmail: e.RATE_LIMIT_EMAIL_REQUESTS,
      requestsPerIp: e.RATE_LIMIT_IP_REQUESTS,
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      unpaidHolds: e.RATE_LIMIT_UNPAID_HOLDS,
    },
    stayLimits: { maxStayDays: e.MAX_STAY_DAYS, horizonDays: e.BOOKING_HORIZON_DAYS },
    devMailbox: e.NODE_ENV !== 'production' && e.DEV_MAILBOX !== 'false',
    payments: paymentsConfig(e),
    cmsUrl: e.CMS_URL?.replace(/\/+$/, ''),
  };
}
