/** What every handler receives: who is asking, the database to use, and the app's services. */
import type { Role } from '@parking/domain/constants';
import type { Config } from './config';
import type { Database, Executor } from './db/client';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './auth/rate-limiter';
import type { PaymentProvider } from './payments/provider';
import type { QuoteCache } from './services/quote-cache';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  customerId: number | null;
  sessionId: number;
  /** How this request was authenticated: cookie-only requests need the CSRF header to write. */
  via: 'token' | 'cookie';
}

export interface Services {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: () => Date;
  payments: PaymentProvider;
  /** Quotes' data held in memory, when the app has a change feed to keep it current. */
  quoteCache: QuoteCache | undefined;
}

export interface RequestContext {
  db: Executor;
  user: AuthUser | null;
  ip: string;
  userAgent: string;
  now: Date;
  services: Services;
  /** Work to do once the request's data is committed (sending email): never for a rolled-back write. */
  defer(job: () => Promise<void>): void;
}

export const isAdmin = (user: AuthUser | null): boolean => !!user && user.roles.includes('Admins');
/** Staff screens are for Admins and Sales (spec: sales-or-higher). */
export const isStaff = (user: AuthUser | null): boolean =>
  !!user && (user.roles.includes('Admins') || user.roles.includes('Sales'));
