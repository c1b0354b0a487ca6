/** What every handler receives: who is asking, the database to use, and the app's services. */
import type { Role } from '@parking/domain/constants';
import type { SignInMethod } from '@parking/domain/two-factor';
import type { Config } from './config/config';
import type { Database, Executor } from './db/client';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './accounts/rate-limiter';
import type { PaymentProvider } from './payments/provider/provider';
import type { PhotoStorage } from './photos/storage';
import type { ExtrasCache } from './pricing/extras-cache';
import type { PartnerCallCounter } from './partners/partner-call-counter';
import type { PartnerKeyCache } from './partners/partner-key-cache';
import type { QuoteCache } from './pricing/quote-cache';
import type { FlightStatusProvider } from './flights/status-provider/provider';
import type { SmsProvider } from './sms/sms';
import type { AppMetrics } from './observability/metrics';
import type { BringUpHub } from './custody/bring-up-hub';
import type { WalletServices } from './wallet/wallet-provider';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  customerId: number | null;
  sessionId: number;
  /** How this request was authenticated: cookie-only requests need the CSRF header to write. */
  via: 'token' | 'cookie';
  /** How the session was signed in (password, password+totp, passkey...). */
  signInMethod?: SignInMethod;
  /** The session may reach only the two-factor set-up until it is done (accounts/sessions.ts). */
  twoFactorSetupRequired?: boolean;
}

export interface Services {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: () => Date;
  payments: PaymentProvider;
  /** Custody photos: files under DATA_DIR, or an S3-compatible bucket. */
  photos: PhotoStorage;
  /** Quotes' data held in memory, when the app has a change feed to keep it current. */
  quoteCache: QuoteCache | undefined;
  /** The extras calendar and lists held in memory (wizard step 5), kept current as the quotes' data is. */
  extrasCache: ExtrasCache | undefined;
  /** The partner API's keys held in memory (issue 42), when the app has a change feed to keep them current. */
  partnerKeys: PartnerKeyCache | undefined;
  /** The partner API's calls per key, counted in batches into the shared rate limit (issue 42). */
  partnerCalls: PartnerCallCounter;
  /** Texts to travellers: Twilio, the captured outbox, or none configured. */
  sms: SmsProvider | null;
  /** Arriving flights' status (AeroDataBox or the local provider); null when switched off. */
  flightStatus: FlightStatusProvider | null;
  /** Apple and Google Wallet: signing, Apple's push and Google's object updates (real or local adapters). */
  wallet: WalletServices;
  /** The side-effect queue's workers (jobs/job-runner.ts): nudged after a request's commit, drained by tests. */
  jobs: JobWorkers;
  /** The bring-up board's and travellers' event streams on this instance (issue 41); none without a change feed. */
  bringUpHub?: BringUpHub | undefined;
  /** The Prometheus series (observability/metrics.ts): what services count once their change has committed. */
  metrics?: AppMetrics;
}

interface JobWorkers {
  start(pollMs?: number): Promise<void>;
  nudge(): void;
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface RequestContext {
  db: Executor;
  user: AuthUser | null;
  ip: string;
  userAgent: string;
  now: Date;
  services: Services;
  /**
   * A signed-in staff member who must set up two-factor sign-in asked for something else: `user` is null, and a
   * call that needs a login answers 403 two_factor_setup_required instead of 401.
   */
  twoFactorSetupPending?: boolean;
  /** Work to do once the request's data is committed (sending email): never for a rolled-back write. */
  defer(job: () => Promise<void>): void;
  /**
   * Whether the request has committed a write (inTransaction, whatever it answers in the end): one object every
   * copy of the request's context shares (`{ ...ctx, now }`, its transactions' contexts).
   */
  readonly writes: { committed: boolean };
}

export const isAdmin = (user: AuthUser | null): boolean => !!user && user.roles.includes('Admins');
/** Staff screens are for Admins and Sales (spec: sales-or-higher). */
export const isStaff = (user: AuthUser | null): boolean =>
  !!user && (user.roles.includes('Admins') || user.roles.includes('Sales'));

/** Whether this request has committed a write through inTransaction (whatever it answers in the end). */
export function hasCommitted(ctx: RequestContext): boolean {
  return ctx.writes.committed;
}

/**
 * Runs a write in one transaction with the context bound to it, then the after-commit work
 * (emails) once the data is safely stored.
 */
export async function inTransaction<T>(
  ctx: RequestContext,
  work: (tx: RequestContext) => Promise<T>,
): Promise<T> {
  const jobs: Array<() => Promise<void>> = [];
  const defer: RequestContext['defer'] = (job) => jobs.push(job);
  const result = await ctx.services.database.transaction((tx) => work({ ...ctx, db: tx, defer }));
  ctx.writes.committed = true;
  for (const job of jobs) ctx.defer(job);
  return result;
}
