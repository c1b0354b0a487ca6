/** The environment, checked (config-check.ts: every problem at once) and turned into the Config at start-up. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManageRules } from '@parking/domain/manage-booking';
import { formatAbn } from '@parking/domain/abn';
import type { BusinessDetails } from '../documents/business';
import { parseFaultPause, type FaultPause, type FaultPoint } from '../faults';
import type { StayLimits } from '@parking/domain/stay-limits';
import { checkEnvironment } from './config-check';
import type { Env } from './config-env';
import { ConfigError } from './config-problem';
import { observabilityConfig, type ObservabilityConfig } from './config-observability';
import {
  applePayDomainAssociation,
  flightStatusConfig,
  photosConfig,
  smsConfig,
  type FlightStatusConfig,
  type PhotoStorageConfig,
  type SmsConfig,
} from './config-services';
import { walletConfig, type WalletConfig } from './config-wallet';

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
  /** Partner API calls per key in a minute (429 with Retry-After beyond). */
  partnerRequestsPerMinute: number;
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
  /** SMTP_TIMEOUT_SECONDS in milliseconds. */
  smtpTimeoutMs: number;
  /** The side-effect queue's first retry delay (JOB_RETRY_DELAY_SECONDS; db/job-queue.ts doubles it each time). */
  jobRetryDelaySeconds: number;
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
  /** Key of signed short-lived tokens (manage-booking access); the authenticator secrets' key is derived from it. */
  sessionSecret: string;
  twoFactor: TwoFactorConfig;
  manageBooking: ManageRules;
  /** Name, ABN, address, phone and email: the site's contact options, emails and invoices read them here. */
  business: BusinessDetails;
  shutdownTimeoutMs: number;
  /** The payment reconciliation sweep's interval (payments/payment-sweep.ts). */
  paymentReconcileMs: number;
  /** Waitlist holds' length (WAITLIST_HOLD_MINUTES); lapsed holds are passed on every minute (waitlist/waitlist-sweep.ts). */
  waitlistHoldMinutes: number;
  /** Privacy retention (RETENTION_YEARS, PHOTO_RETENTION_DAYS; privacy/retention-sweep.ts). */
  retention: { years: number; photoDays: number };
  /** Fault-injection pause points (fault tests only; always empty in production). */
  faultPause: ReadonlyMap<FaultPoint, FaultPause>;
  photos: PhotoStorageConfig;
  flightStatus: FlightStatusConfig;
  /** How far a late flight moves the pick-up for free, in hours (FLIGHT_DELAY_FREE_HOURS). */
  flightDelayFreeHours: number;
  /** The flight-status poller's interval (flights/flight-status-poll.ts). */
  flightStatusPollMs: number;
  sms: SmsConfig;
  /** Apple Pay's domain-association file (APPLE_PAY_DOMAIN_ASSOCIATION_FILE's text), or null: answered 404. */
  applePayDomainAssociation: string | null;
  /** The bring-up board's order and event streams (issue 41). */
  bringUp: { walkMinutes: number; shuttleMinutes: number; streamMs: number };
  /** Apple and Google Wallet passes (config-wallet.ts). */
  wallet: WalletConfig;
  /** GET /backend/metrics' scraper token and health's job backlog limit (config-observability.ts). */
  observability: ObservabilityConfig;
}

export interface TwoFactorConfig {
  /** "Staff must use two-factor sign-in" until an Admin sets it (STAFF_TWO_FACTOR_DEFAULT). */
  staffRequiredDefault: boolean;
  /** Passkeys' relying party id and origin; undefined: the request's host (outside production only). */
  rpId: string | undefined;
  origin: string | undefined;
  /** The name authenticator apps and passkey prompts show. */
  issuer: string;
}

function twoFactorConfig(e: Env, publicUrl: string): TwoFactorConfig {
  const production = e.NODE_ENV === 'production';
  return {
    staffRequiredDefault:
      e.STAFF_TWO_FACTOR_DEFAULT === undefined ? production : e.STAFF_TWO_FACTOR_DEFAULT === 'true',
    rpId: e.WEBAUTHN_RP_ID ?? (production ? new URL(publicUrl).hostname : undefined),
    origin: e.WEBAUTHN_ORIGIN?.replace(/\/$/, '') ?? (production ? new URL(publicUrl).origin : undefined),
    issuer: e.BUSINESS_NAME,
  };
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

function paymentsConfig(e: Env): PaymentsConfig {
  // Payments fail closed: production without the Stripe keys was refused by checkEnvironment, so the local
  // provider (test cards, a published webhook secret) takes no real money.
  if (!e.STRIPE_SECRET_KEY)
    return { provider: 'local', webhookSecret: e.LOCAL_WEBHOOK_SECRET ?? 'whsec_local_development_only' };
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

/**
 * The Config of the environment, or a ConfigError listing every setting to fix (its message one a line).
 * Warnings (production on the embedded database, without PUBLIC_URL) are printed and do not stop it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const checked = checkEnvironment(env);
  if (!checked.env) throw new ConfigError(checked.problems);
  for (const warning of checked.warnings) console.warn(warning.message);
  return configFrom(checked.env);
}

/** The Config of an environment checkEnvironment found valid. */
export function configFrom(e: Env): Config {
  const repoRoot = findRepoRoot();
  const dataDir = resolve(repoRoot, e.DATA_DIR ?? 'data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
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
    smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
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
      partnerRequestsPerMinute: e.RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE,
    },
    stayLimits: { maxStayDays: e.MAX_STAY_DAYS, horizonDays: e.BOOKING_HORIZON_DAYS },
    devMailbox: e.NODE_ENV !== 'production' && e.DEV_MAILBOX !== 'false',
    payments: paymentsConfig(e),
    cmsUrl: e.CMS_URL?.replace(/\/+$/, ''),
    // Production without SESSION_SECRET was refused by checkEnvironment.
    sessionSecret: e.SESSION_SECRET ?? 'development-only-session-secret-not-for-production',
    twoFactor: twoFactorConfig(e, publicUrl),
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
    retention: { years: e.RETENTION_YEARS, photoDays: e.PHOTO_RETENTION_DAYS },
    faultPause: e.NODE_ENV === 'production' ? new Map() : parseFaultPause(e.FAULT_PAUSE),
    photos: photosConfig(e, dataDir),
    flightStatus: flightStatusConfig(e),
    flightDelayFreeHours: e.FLIGHT_DELAY_FREE_HOURS,
    flightStatusPollMs: Math.round(e.FLIGHT_STATUS_POLL_MINUTES * 60_000),
    sms: smsConfig(e, dataDir),
    applePayDomainAssociation: applePayDomainAssociation(e),
    bringUp: {
      walkMinutes: e.BRING_UP_WALK_MINUTES,
      shuttleMinutes: e.SHUTTLE_RIDE_MINUTES,
      streamMs: Math.round(e.LIVE_STREAM_SECONDS * 1000),
    },
    wallet: walletConfig(e),
    observability: observabilityConfig(e),
  };
}

export type { PhotoStorageConfig };
export { ConfigError };
