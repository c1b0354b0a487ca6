/**
 * The environment variables the server reads, with their defaults: parsed by config-check.ts (which
 * reports every problem at once) and turned into the Config by config.ts.
 */
import { z } from 'zod';
import { DEFAULT_MANAGE_RULES } from '@parking/domain/manage-booking';
import { isValidAbn } from '@parking/domain/abn';
import { DEFAULT_WAITLIST_HOLD_MINUTES } from '@parking/domain/waitlist';
import {
  DEFAULT_PHOTO_RETENTION_DAYS,
  DEFAULT_RETENTION_YEARS,
  PHOTO_RETENTION_DAYS_RANGE,
  RETENTION_YEARS_RANGE,
} from '@parking/domain/privacy';
import { outsideServicesEnv } from './config-services';
import { observabilityEnv } from './config-observability';
import { walletEnv } from './config-wallet';

const intFromEnv = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

export const envSchema = z.object({
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
  /** Partner API calls per key per minute (issue 42). */
  RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE: intFromEnv(600),
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
  SESSION_SECRET: z
    .string()
    .min(32, 'too short: set at least 32 random characters (e.g. the output of openssl rand -base64 48)')
    .optional(),
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
  /** How long a place freed for the first on a day's waitlist is held for them (waitlist/waitlist.ts). */
  WAITLIST_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(10_080)
    .default(DEFAULT_WAITLIST_HOLD_MINUTES),
  /** Privacy (issue 38): guests and closed accounts are de-identified this many years after their last stay. */
  RETENTION_YEARS: z.coerce
    .number()
    .int()
    .min(RETENTION_YEARS_RANGE.min)
    .max(RETENTION_YEARS_RANGE.max)
    .default(DEFAULT_RETENTION_YEARS),
  /** Custody photos are deleted this many days after the car was handed back, unless damage was recorded. */
  PHOTO_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(PHOTO_RETENTION_DAYS_RANGE.min)
    .max(PHOTO_RETENTION_DAYS_RANGE.max)
    .default(DEFAULT_PHOTO_RETENTION_DAYS),
  /** The SMTP server's connect, greeting and each exchange (mail/mailer.ts): a silent server fails the job, retried. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(15),
  /** The side-effect queue's first retry delay; each later one doubles it (db/job-queue.ts), five tries in all. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * The Admins' setting "Staff must use two-factor sign-in" until an Admin sets it (issue 38): on in production
   * unless this says false, off elsewhere unless it says true.
   */
  STAFF_TWO_FACTOR_DEFAULT: z.enum(['true', 'false']).optional(),
  /**
   * Passkeys' relying party: the site's host name (WEBAUTHN_RP_ID) and its origin (WEBAUTHN_ORIGIN). Production
   * defaults both to PUBLIC_URL's; elsewhere they follow the request's Host (localhost and 127.0.0.1 alike).
   */
  WEBAUTHN_RP_ID: z.string().trim().min(1).optional(),
  WEBAUTHN_ORIGIN: z.string().url().optional(),
  /** Fault tests only: pause points (faults.ts). Refused in production. */
  FAULT_PAUSE: z.string().optional(),
  ...outsideServicesEnv,
  ...observabilityEnv,
  ...walletEnv,
});

/** The environment once parsed: defaults filled in, numbers read. */
export type Env = z.output<typeof envSchema>;
