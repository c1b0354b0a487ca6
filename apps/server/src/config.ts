/** The environment, parsed and validated once at start-up. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MANAGE_RULES, type ManageRules } from '@parking/domain/manage-booking';
import { formatAbn, isValidAbn } from '@parking/domain/abn';
import { DEFAULT_WAITLIST_HOLD_MINUTES } from '@parking/domain/waitlist';
import type { BusinessDetails } from './documents/business';
import { parseFaultPause, type FaultPause, type FaultPoint } from './faults';
import type { StayLimits } from '@parking/domain/stay-limits';
import {
  flightStatusConfig,
  outsideServicesEnv,
  photosConfig,
  smsConfig,
  type FlightStatusConfig,
  type PhotoStorageConfig,
  type SmsConfig,
} from './config-services';

/** The repository root: the nearest folder up from here whose package.json declares workspaces. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object))
      return dir;
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
  /** A direct (session) connection for LISTEN when DATABASE_URL goes through a transaction pooler. */
  DATABASE_LISTEN_URL: z.string().optional(),
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
  /** Registration attempts for one email address, from anywhere (a distributed attacker). */
  RATE_LIMIT_REGISTRATIONS_PER_EMAIL: intFromEnv(10),
  /** Promo code checks per logged-in account, email checks per address checked, emailed-link uses per account. */
  RATE_LIMIT_ACCOUNT_REQUESTS: intFromEnv(20),
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
  /** Signs the local payment provider's events; it has a development default because that provider never runs in production. */
  LOCAL_WEBHOOK_SECRET: z.string().optional(),
  /** A WordPress answering the content routes (/wp-json/...); unset means our own content tables. */
  CMS_URL: z.string().url().optional(),
  /** Signs short-lived credentials (a guest's access to manage a booking); required in production. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Manage my booking: changes and cancellations close this many hours before drop-off. */
  MANAGE_CUTOFF_HOURS: intFromEnv(DEFAULT_MANAGE_RULES.cutoffHours),
  /** Cancellation: parking refunded in full more than this many hours ahead... */
  REFUND_FULL_PARKING_HOURS: intFromEnv(DEFAULT_MANAGE_RULES.fullRefundHours),
  /** ...otherwise this share of it (0 to 1); extras are always refunded. */
  REFUND_LATE_PARKING_SHARE: z
    .string()
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/)
    .default(DEFAULT_MANAGE_RULES.lateParkingRefundShare),
  /** Who the business is, as the site, the emails and the invoices all say it (one source). */
  BUSINESS_NAME: z.string().trim().min(1).default('SkyPark Airport Parking'),
  /** Printed on tax invoices; required in production (an Australian tax invoice needs the supplier's ABN). */
  BUSINESS_ABN: z
    .string()
    .trim()
    .refine(isValidAbn, 'not a valid ABN (11 digits with the ATO checksum, e.g. 51 824 753 556)')
    .optional(),
  /** One line; commas separate the printed lines. */
  BUSINESS_ADDRESS: z.string().trim().min(1).default('12 Holyman Avenue, Cambridge TAS 7170'),
  BUSINESS_PHONE: z.string().trim().min(1).default('1300 975 707'),
  BUSINESS_EMAIL: z.string().trim().email().default('bookings@skypark.example'),
  /** How long SIGTERM waits for requests in flight before exiting anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: intFromEnv(25),
  /** How often open card payments are reconciled with the provider while running (besides at start-up). */
  PAYMENT_RECONCILE_MINUTES: z.coerce.number().positive().default(5),
  /** How long a place freed for the first on a day's waitlist is held for them (services/waitlist.ts). */
  WAITLIST_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(10_080)
    .default(DEFAULT_WAITLIST_HOLD_MINUTES),
  /** Fault tests only: pause points (faults.ts). Refused in production. */
  FAULT_PAUSE: z.string().optional(),
  ...outsideServicesEnv,
});

export interface RateLimits {
  loginFailures: number;
  loginWindowMs: number;
  loginFailuresPerIp: number;
  registrationsPerIp: number;
  registrationsPerEmail: number;
  /** Password resets, confirmation emails and contact messages per email address. */
  requestsPerEmail: number;
  /** Promo code checks per logged-in account, email checks per address, emailed-link uses per account. */
  requestsPerAccount: number;
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
  /** Where the change feed LISTENs: DATABASE_LISTEN_URL, else DATABASE_URL. */
  databaseListenUrl: string | undefined;
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
  /** Key of signed short-lived tokens (manage-booking access). */
  sessionSecret: string;
  manageBooking: ManageRules;
  /** Name, ABN, address, phone and email: the site's contact options, emails and invoices read them here. */
  business: BusinessDetails;
  shutdownTimeoutMs: number;
  /** The payment reconciliation sweep's interval (jobs/payment-sweep.ts). */
  paymentReconcileMs: number;
  /** Waitlist holds' length (WAITLIST_HOLD_MINUTES); lapsed holds are passed on every minute (jobs/waitlist-sweep.ts). */
  waitlistHoldMinutes: number;
  /** Fault-injection pause points (fault tests only; always empty in production). */
  faultPause: ReadonlyMap<FaultPoint, FaultPause>;
  photos: PhotoStorageConfig;
  flightStatus: FlightStatusConfig;
  /** How far a late flight moves the pick-up for free, in hours (FLIGHT_DELAY_FREE_HOURS). */
  flightDelayFreeHours: number;
  /** The flight-status poller's interval (jobs/flight-status-poll.ts). */
  flightStatusPollMs: number;
  sms: SmsConfig;
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
  if (!e.STRIPE_SECRET_KEY) {
    // Payments fail closed: the local provider (test cards, a published webhook secret) takes no real money.
    if (e.NODE_ENV === 'production') {
      throw new Error(
        'Invalid environment: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required in production (the local payment provider is for development and tests)',
      );
    }
    return { provider: 'local', webhookSecret: e.LOCAL_WEBHOOK_SECRET ?? 'whsec_local_development_only' };
  }
  if (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment: STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
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

function sessionSecret(e: z.output<typeof envSchema>): string {
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  if (e.NODE_ENV === 'production')
    throw new Error('Invalid environment: SESSION_SECRET (at least 32 characters) is required in production');
  return 'development-only-session-secret-not-for-production';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
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
  if (e.NODE_ENV === 'production' && !e.BUSINESS_ABN) {
    throw new Error('Invalid environment: BUSINESS_ABN is required in production (tax invoices print it)');
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // Without it every email (booking confirmations, password resets) would be captured on disk, unsent.
    throw new Error(
      'Invalid environment: SMTP_URL is required in production (without it emails are captured, not sent)',
    );
  }
  if (e.NODE_ENV === 'production' && e.FAULT_PAUSE) {
    throw new Error(
      'Invalid environment: FAULT_PAUSE is for the fault tests and cannot be set in production',
    );
  }
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
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
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
      registrationsPerEmail: e.RATE_LIMIT_REGISTRATIONS_PER_EMAIL,
      requestsPerEmail: e.RATE_LIMIT_EMAIL_REQUESTS,
      requestsPerAccount: e.RATE_LIMIT_ACCOUNT_REQUESTS,
      requestsPerIp: e.RATE_LIMIT_IP_REQUESTS,
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      unpaidHolds: e.RATE_LIMIT_UNPAID_HOLDS,
    },
    stayLimits: { maxStayDays: e.MAX_STAY_DAYS, horizonDays: e.BOOKING_HORIZON_DAYS },
    devMailbox: e.NODE_ENV !== 'production' && e.DEV_MAILBOX !== 'false',
    payments: paymentsConfig(e),
    cmsUrl: e.CMS_URL?.replace(/\/+$/, ''),
    sessionSecret: sessionSecret(e),
    manageBooking: {
      cutoffHours: e.MANAGE_CUTOFF_HOURS,
      fullRefundHours: e.REFUND_FULL_PARKING_HOURS,
      lateParkingRefundShare: e.REFUND_LATE_PARKING_SHARE,
    },
    business: {
      name: e.BUSINESS_NAME,
      abn: e.BUSINESS_ABN ? formatAbn(e.BUSINESS_ABN) : null,
      address: e.BUSINESS_ADDRESS.split(',')
        .map((line) => line.trim())
        .filter(Boolean),
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    paymentReconcileMs: Math.round(e.PAYMENT_RECONCILE_MINUTES * 60_000),
    waitlistHoldMinutes: e.WAITLIST_HOLD_MINUTES,
    faultPause: e.NODE_ENV === 'production' ? new Map() : parseFaultPause(e.FAULT_PAUSE),
    photos: photosConfig(e, dataDir),
    flightStatus: flightStatusConfig(e),
    flightDelayFreeHours: e.FLIGHT_DELAY_FREE_HOURS,
    flightStatusPollMs: Math.round(e.FLIGHT_STATUS_POLL_MINUTES * 60_000),
    sms: smsConfig(e, dataDir),
  };
}

export type { FlightStatusConfig, PhotoStorageConfig, SmsConfig };
